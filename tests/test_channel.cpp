// SPDX-License-Identifier: Apache-2.0
// The channel table on its own (systemc/channel/channel.h): flits reach the channel's receiver after the
// channel's flight delay, credits reach its sender after the credit delay, nothing arrives early or late
// however long a channel is, and link state, width and idleness go through the hooks the fabric binds.
// Expected cycles are worked by hand from the delays.
#include <gtest/gtest.h>

#include <vector>

#include "systemc/channel/channel.h"

namespace drb {
namespace {

struct Got {
  int64_t t;
  ChannelEnd end;
  uint32_t pkt;
};

// Every flit delivered in cycles [from, to], with its cycle and receiver.
std::vector<Got> run_flits(ChannelTable& t, int64_t from, int64_t to) {
  std::vector<Got> got;
  for (int64_t now = from; now <= to; ++now)
    for (ChannelEnd::Kind k : {ChannelEnd::kElement, ChannelEnd::kTerminal})
      t.deliver_flits(k, now, [&](const ChannelEnd& e, const Flit& f) { got.push_back({now, e, f.pkt}); });
  return got;
}

Flit flit(uint32_t pkt) {
  Flit f;
  f.pkt = pkt;
  return f;
}

TEST(ChannelTable, FlitsReachTheReceiverAfterTheFlight) {
  ChannelTable t;
  const int a = t.add(Channel{element_end(0, 1), element_end(1, 3), 3, 2});   // router 0 port 1 -> router 1 port 3
  const int b = t.add(Channel{terminal_end(5, 0), element_end(0, 4), 1, 1});  // NI 5's injection channel
  t.init(2);
  const ChannelPort pa = t.flit_port(a), pb = t.flit_port(b);  // as the senders bind them at assembly
  t.send_flit(pa, 10, flit(7));  // leaves the sender's switch in cycle 10: arrives 10 + 3
  t.send_flit(pb, 10, flit(8));  // 10 + 1
  t.send_flit(pa, 10, flit(9));  // same channel, same cycle: after 7
  const std::vector<Got> got = run_flits(t, 10, 20);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].t, 11);
  EXPECT_EQ(got[0].pkt, 8u);
  EXPECT_EQ(got[0].end.kind, ChannelEnd::kElement);
  EXPECT_EQ(got[0].end.id, 0);
  EXPECT_EQ(got[0].end.port, 4);
  EXPECT_EQ(got[1].t, 13);
  EXPECT_EQ(got[1].pkt, 7u);
  EXPECT_EQ(got[1].end.id, 1);
  EXPECT_EQ(got[1].end.port, 3);
  EXPECT_EQ(got[2].t, 13);
  EXPECT_EQ(got[2].pkt, 9u);
}

TEST(ChannelTable, CreditsReachTheSenderAfterTheCreditDelay) {
  ChannelTable t;
  t.add(Channel{element_end(0, 1), element_end(1, 3), 3, 2});
  const int inj = t.add(Channel{terminal_end(5, 2), element_end(0, 4), 1, 4});
  t.init(1);
  t.send_credit(t.credit_port(0), 20, 1);    // router 1 freed a slot of VC 1 in cycle 20: router 0 counts it from 22
  t.send_credit(t.credit_port(inj), 20, 0);  // router 0 freed a slot of the NI's VC 0: NI 5, its channel 2, from 24
  std::vector<Got> got;
  for (int64_t now = 20; now <= 30; ++now)
    for (ChannelEnd::Kind k : {ChannelEnd::kElement, ChannelEnd::kTerminal})
      t.deliver_credits(k, now, [&](const ChannelEnd& e, uint8_t vc) { got.push_back({now, e, vc}); });
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].t, 22);
  EXPECT_EQ(got[0].end.kind, ChannelEnd::kElement);
  EXPECT_EQ(got[0].end.id, 0);
  EXPECT_EQ(got[0].end.port, 1);
  EXPECT_EQ(got[0].pkt, 1u);
  EXPECT_EQ(got[1].t, 24);
  EXPECT_EQ(got[1].end.kind, ChannelEnd::kTerminal);
  EXPECT_EQ(got[1].end.id, 5);
  EXPECT_EQ(got[1].end.port, 2);
  EXPECT_EQ(got[1].pkt, 0u);
}

// The wheels are sized from the slowest channel: a link (37 cycles of flight, a sender 5 cycles deep)
// must neither come round early in a bucket of a shorter delay nor be lost.
TEST(ChannelTable, A37CycleChannelArrivesExactlyOnTime) {
  ChannelTable t;
  const int shortc = t.add(Channel{element_end(0, 0), element_end(1, 0), 1, 1});
  const int longc = t.add(Channel{element_end(0, 1), element_end(2, 0), 37, 1});
  t.init(5);
  for (int64_t s = 0; s < 8; ++s) {  // one flit a cycle on each, the long one leaving 5 cycles after the step
    t.send_flit(t.flit_port(shortc), s, flit(static_cast<uint32_t>(100 + s)));
    t.send_flit(t.flit_port(longc), s + 5, flit(static_cast<uint32_t>(200 + s)));
  }
  const std::vector<Got> got = run_flits(t, 0, 60);
  ASSERT_EQ(got.size(), 16u);
  for (const Got& g : got) {
    if (g.pkt >= 200) EXPECT_EQ(g.t, static_cast<int64_t>(g.pkt - 200) + 5 + 37) << g.pkt;
    else EXPECT_EQ(g.t, static_cast<int64_t>(g.pkt - 100) + 1) << g.pkt;
  }
}

TEST(ChannelTable, StateWidthAndIdlenessGoThroughTheSendersHooks) {
  ChannelTable t;
  t.add(Channel{element_end(0, 1), element_end(1, 3), 1, 1});
  t.add(Channel{element_end(1, 3), element_end(0, 1), 1, 1});
  t.init(1);
  std::vector<int> changed;
  bool idle = false;
  t.bind([&](int c) { changed.push_back(c); }, [&](int c) { return c == 1 && idle; });
  EXPECT_EQ(t.state(0), ChannelState::kOn);
  EXPECT_EQ(t.width(0), 1);
  t.set_state(1, ChannelState::kFailed);
  t.set_width(0, 4);
  t.set_state(0, ChannelState::kOff);
  EXPECT_EQ(changed, (std::vector<int>{1, 0, 0}));
  EXPECT_EQ(t.state(1), ChannelState::kFailed);
  EXPECT_EQ(t.state(0), ChannelState::kOff);
  EXPECT_EQ(t.width(0), 4);
  EXPECT_FALSE(t.idle(1));
  idle = true;
  EXPECT_TRUE(t.idle(1));
  EXPECT_FALSE(t.idle(0));
}

// A channel's flits are counted at its sending end and read through the binding; the window's flits are
// those sent while it was open, and opening it again starts them and the head counters afresh. The count
// that waveforms and power saving read (sent) never restarts. A channel no sender counts has carried 0.
TEST(ChannelTable, CountsAtTheSenderAndWindowsThem) {
  ChannelTable t;
  t.add(Channel{element_end(0, 1), element_end(1, 3), 1, 1});
  t.add(Channel{terminal_end(0, 0), element_end(0, 0), 1, 1});
  uint64_t sent = 0;
  t.count_at(0, &sent);
  sent = 12;  // before the window
  EXPECT_EQ(t.sent(0), 12u);
  EXPECT_EQ(t.flits(0), 0u);
  t.set_measuring(true);
  sent += 10;
  t.stats(0).heads = 3;
  t.stats(0).wait_sum = 40;
  EXPECT_EQ(t.flits(0), 10u);
  t.set_measuring(false);
  sent += 5;  // after it: not in the window's count
  EXPECT_EQ(t.sent(0), 27u);
  EXPECT_EQ(t.flits(0), 10u);
  EXPECT_EQ(t.stats(0).heads, 3u);
  t.set_measuring(false);  // closing a closed window changes nothing
  EXPECT_EQ(t.flits(0), 10u);
  t.set_measuring(true);
  sent += 2;
  EXPECT_EQ(t.flits(0), 2u);
  EXPECT_EQ(t.stats(0).heads, 0u);
  EXPECT_EQ(t.stats(0).wait_sum, 0u);
  EXPECT_EQ(t.sent(1), 0u);
  EXPECT_EQ(t.flits(1), 0u);
}

}  // namespace
}  // namespace drb
