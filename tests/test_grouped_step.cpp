// SPDX-License-Identifier: Apache-2.0
// The fabric's grouped step (Network::step_with): on big fabrics the elements' flits and credits are
// delivered a group of element ids at a time, just before that group steps, instead of all deliveries and
// then all steps. The results are the same bytes either way, with one thread and with several; the pieces
// (the channel table's lanes per receiving group, the node set's word visits) do what the step relies on.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "systemc/base/node_set.h"
#include "systemc/channel/channel.h"
#include "tests/support.h"

using namespace drb::test;

namespace {

// The run's results with every element stepped after all deliveries, and grouped (from 0 elements on:
// every fabric), as JSON text.
std::string run_with(const std::vector<std::string>& kv, bool grouped, int threads = 1) {
  drb::Scenario s = scenario(kv);
  s.net.group_from = grouped ? 0 : 1 << 30;
  s.net.threads = threads;
  return run_child(s).dump();
}

// One thread's plain step against the grouped one with each thread count: with threads, a thread takes its
// own groups and then the others' (Network::take_group), so which thread steps a group changes from
// cycle to cycle.
void same_grouped_or_not(const std::vector<std::string>& kv, std::initializer_list<int> threads = {1}) {
  const std::string plain = run_with(kv, false);
  ASSERT_GT(plain.size(), 1000u);
  for (int t : threads)
    EXPECT_EQ(run_with(kv, true, t), plain)
        << "grouped deliveries with " << t << " threads changed the results of: " << ::testing::PrintToString(kv);
}

// Past saturation (most heads wait for a credit or an output VC: credits are what a group takes after its
// flits), 256 routers in 4 groups: 2 threads own 2 each, 3 threads 1, 1 and 2.
TEST(GroupedStep, TorusPastSaturationGivesTheSameBytesWithOneTwoAndThreeThreads) {
  same_grouped_or_not({"topology.k=16", "traffic.length=10", "traffic.rate=0.3", "sim.warmup=300", "sim.measure=1000"},
                      {1, 2, 3});
}

// DRB2's early acks are built in the routers' step (other NIs' state; with threads, per group, after the
// groups, and before the destination NIs step); adaptive routing and link power saving (channels switched
// between steps) on a fat-tree; virtual cut-through.
TEST(GroupedStep, EarlyAcksPowerSavingAndCutThroughGiveTheSameBytes) {
  same_grouped_or_not({"topology.k=16", "router.vcs=6", "routing.algorithm=drb2", "drb2.threshold=16", "drb2.queue=1",
                       "drb.ack_mode=in_network", "traffic.rate=0.4", "sim.warmup=300", "sim.measure=1000"},
                      {1, 2, 3});
  same_grouped_or_not({"topology.kind=fattree", "topology.k=4", "topology.n=4", "routing.algorithm=adaptive",
                       "power.mechanism=on", "power.t_check=200", "power.t_on=100", "power.t_off=100",
                       "traffic.rate=0.2", "sim.warmup=300", "sim.measure=1000"},
                      {1, 2});
  same_grouped_or_not({"topology.k=16", "router.switching=vct", "router.alloc.va=islip", "traffic.length=4",
                       "traffic.rate=0.45", "sim.warmup=300", "sim.measure=1000"},
                      {1, 2});
}

// A 64x64 torus, grouped by default: one thread (groups of 64 routers), 2 (64 groups of 64, 32 owned by
// each), 16 threads (256 lanes: 16 groups of 256 routers, four words of the busy set each) and 17 (too
// many lanes: not grouped) give the bytes of the plain step. 17 threads once looked for a group size
// forever.
TEST(GroupedStep, ABigTorusGivesTheSameBytesWithOneTwoSixteenAndSeventeenThreads) {
  const std::vector<std::string> kv{"topology.k=64", "router.vcs=4", "traffic.length=10", "traffic.rate=0.3",
                                    "sim.warmup=60", "sim.measure=90"};
  drb::Scenario s = scenario(kv);
  s.net.group_from = 1 << 30;
  const std::string plain = run_child(s).dump();
  ASSERT_GT(plain.size(), 1000u);
  for (int t : {1, 2, 16, 17}) {
    drb::Scenario g = scenario(kv);
    g.net.threads = t;
    EXPECT_EQ(run_child(g).dump(), plain) << t << " threads";
  }
}

// Groups: element e receives in group element_group[e]; a sender of lane l writes for a receiver of group
// g into lane l * groups + g (terminals receive in group 0). A group's flits and credits come alone, lane
// by lane, each in sending order; clearing a group leaves the others.
TEST(GroupedStep, ChannelGroupsTakeTheirOwnFlitsAndCreditsInSendingOrder) {
  drb::ChannelTable t;
  t.set_lanes({0, 0, 1, 1}, {0, 1, 0, 1}, 2);  // elements 0, 1 send in lane 0; 2, 3 in lane 1
  const int a = t.add(drb::Channel{drb::element_end(0, 0), drb::element_end(1, 0), 2, 1});  // 0 -> 1
  const int b = t.add(drb::Channel{drb::element_end(2, 0), drb::element_end(1, 1), 2, 1});  // 2 -> 1
  const int c = t.add(drb::Channel{drb::element_end(3, 0), drb::element_end(0, 1), 2, 1});  // 3 -> 0
  const int d = t.add(drb::Channel{drb::terminal_end(0, 0), drb::element_end(3, 2), 1, 1});  // NI -> 3
  const int e = t.add(drb::Channel{drb::element_end(2, 3), drb::terminal_end(0, 0), 2, 1});  // 2 -> NI
  t.init(1);
  EXPECT_EQ(t.lanes(), 4);
  EXPECT_EQ(t.groups(), 2);
  EXPECT_EQ(t.lane_index(t.flit_port(a)), 1) << "lane 0, group 1";
  EXPECT_EQ(t.lane_index(t.flit_port(b)), 3) << "lane 1, group 1";
  EXPECT_EQ(t.lane_index(t.flit_port(c)), 2) << "lane 1, group 0";
  EXPECT_EQ(t.lane_index(t.flit_port(d)), 1) << "a terminal sends in lane 0";
  EXPECT_EQ(t.lane_index(t.flit_port(e)), 2) << "a terminal receives in group 0";
  EXPECT_EQ(t.lane_index(t.credit_port(a)), 0) << "element 1 (lane 0) credits element 0 (group 0)";
  EXPECT_EQ(t.lane_index(t.credit_port(b)), 0) << "element 1 (lane 0) credits element 2 (group 0)";
  auto send = [&t](int ch, int64_t depart, uint32_t pkt) { send_pkt(t, ch, depart, pkt); };
  send(b, 10, 1);  // lane 1 first ...
  send(a, 10, 2);
  send(c, 10, 3);
  send(d, 11, 4);  // a terminal's flit a cycle later lands in the same cycle
  send(b, 10, 5);
  send(e, 10, 6);
  t.send_credit(t.credit_port(b), 11, 7);
  t.send_credit(t.credit_port(c), 11, 8);  // element 0 credits element 3 (group 1)
  t.send_credit(t.credit_port(a), 11, 9);
  auto flits = [&](int g) {
    std::vector<uint32_t> got;
    t.scan_group_flits(12, g, [&](const drb::ChannelEnd&, const drb::Flit& x) { got.push_back(x.pkt); });
    return got;
  };
  auto credits = [&](int g) {
    std::vector<int> got;
    t.scan_group_credits(12, g, [&](const drb::ChannelEnd& from, uint8_t vc) { got.push_back(from.id * 100 + vc); });
    return got;
  };
  EXPECT_EQ(flits(0), (std::vector<uint32_t>{3}));
  EXPECT_EQ(flits(1), (std::vector<uint32_t>{2, 4, 1, 5})) << "lane 0 before lane 1, each in sending order";
  EXPECT_EQ(credits(0), (std::vector<int>{207, 9}));
  EXPECT_EQ(credits(1), (std::vector<int>{308}));
  // The look-ahead (where the grouped step prefetches) runs before each item and sees the rest of the
  // item's lane bucket: lane 0's {2, 4}, then lane 1's {1, 5}.
  std::vector<std::string> seen;
  t.scan_group_flits(
      12, 1, [&](const drb::ChannelEnd&, const drb::Flit& x) { seen.push_back("deliver " + std::to_string(x.pkt)); },
      [&](const drb::InFlight* a, size_t i, size_t n) {
        std::string s = "ahead " + std::to_string(i) + "/" + std::to_string(n) + " " + std::to_string(a[i].f.pkt);
        for (size_t j = i + 1; j < n; ++j) s += " " + std::to_string(a[j].f.pkt);
        seen.push_back(s);
      });
  EXPECT_EQ(seen, (std::vector<std::string>{"ahead 0/2 2 4", "deliver 2", "ahead 1/2 4", "deliver 4",
                                            "ahead 0/2 1 5", "deliver 1", "ahead 1/2 5", "deliver 5"}));
  std::vector<int> ahead_credits;
  std::vector<int> got_credits;
  t.scan_group_credits(
      12, 0, [&](const drb::ChannelEnd& from, uint8_t vc) { got_credits.push_back(from.id * 100 + vc); },
      [&](const drb::CreditInFlight* a, size_t i, size_t) { ahead_credits.push_back(a[i].from.id * 100 + a[i].vc); });
  EXPECT_EQ(ahead_credits, got_credits) << "each credit seen ahead of its delivery, once";
  EXPECT_EQ(got_credits, (std::vector<int>{207, 9}));
  std::vector<uint32_t> ejected;
  t.deliver_flits(drb::ChannelEnd::kTerminal, 12, [&](const drb::ChannelEnd&, const drb::Flit& x) { ejected.push_back(x.pkt); });
  EXPECT_EQ(ejected, (std::vector<uint32_t>{6}));
  t.clear_group(12, 1);
  EXPECT_TRUE(flits(1).empty());
  EXPECT_TRUE(credits(1).empty());
  EXPECT_EQ(flits(0), (std::vector<uint32_t>{3})) << "clearing group 1 took group 0's flit";
  EXPECT_EQ(credits(0), (std::vector<int>{207, 9}));
  *t.move_slot(1) = 40;  // lane 1's senders note their moves in lane 1's first lane
  t.moved(30);
  EXPECT_EQ(t.last_move(), 40);
  EXPECT_THROW(t.set_lanes({0}, {2}, 2), std::logic_error) << "after channels were added";
  drb::ChannelTable u;
  EXPECT_THROW(u.set_lanes({0, 1}, {0, 5}, 2), std::logic_error) << "a group out of range";
  EXPECT_THROW(u.set_lanes({0, 1}, {0, 1}, 129), std::logic_error) << "258 lanes";
}

// Senders that choose their lanes as they send (the grouped step with threads): every port is wired in
// sender lane 0 and the sender adds its lane times the groups. A group takes sender lane 0's flits, then
// lane 1's; a lane's moves are noted in its own slot.
TEST(GroupedStep, SendersAddTheirLaneAsTheySend) {
  drb::ChannelTable t;
  t.set_lanes({0, 0, 0}, {0, 1, 1}, 2, 2);  // 3 elements wired in lane 0; 2 sender lanes
  EXPECT_EQ(t.lanes(), 4);
  const int a = t.add(drb::Channel{drb::element_end(0, 0), drb::element_end(1, 0), 2, 1});  // 0 -> 1
  const int b = t.add(drb::Channel{drb::element_end(2, 0), drb::element_end(1, 1), 2, 1});  // 2 -> 1
  t.init(1);
  EXPECT_EQ(t.lane_index(t.flit_port(a)), 1) << "lane 0, group 1";
  EXPECT_EQ(t.lane_index(t.flit_port(b)), 1) << "lane 0, group 1";
  drb::ChannelLane* const lane1 = t.lane_at(1 * 2);  // sender lane 1 of 2 groups
  drb::Flit f;
  f.pkt = 1;
  drb::ChannelTable::send_flit_in(lane1, t.flit_port(b), 10, f);  // into lane 1 * 2 + group 1
  f.pkt = 2;
  drb::ChannelTable::send_flit_in(t.lane_at(0), t.flit_port(a), 10, f);
  f.pkt = 3;
  drb::ChannelTable::send_flit_in(lane1, t.flit_port(b), 10, f);
  drb::ChannelTable::send_credit_in(lane1, t.credit_port(a), 11, 4);  // element 1's credit for element 0 (group 0)
  std::vector<uint32_t> got;
  t.scan_group_flits(12, 1, [&](const drb::ChannelEnd&, const drb::Flit& x) { got.push_back(x.pkt); });
  EXPECT_EQ(got, (std::vector<uint32_t>{2, 1, 3})) << "lane 0's flit, then lane 1's in sending order";
  std::vector<int> credits;
  t.scan_group_credits(12, 0, [&](const drb::ChannelEnd& from, uint8_t vc) { credits.push_back(from.id * 100 + vc); });
  EXPECT_EQ(credits, (std::vector<int>{4}));
  got.clear();
  t.scan_group_flits(12, 0, [&](const drb::ChannelEnd&, const drb::Flit& x) { got.push_back(x.pkt); });
  EXPECT_TRUE(got.empty()) << "group 0 received no flit";
  *t.move_slot(1) = 40;
  EXPECT_EQ(t.last_move(), 40);
}

// visit_words: the members of words w0 .. w1 - 1 in id order, removing those for which f returns false and
// nothing outside.
TEST(GroupedStep, ANodeSetWordVisitSeesItsWordsAndRemovesWhatFallsIdle) {
  drb::NodeSet s;
  s.init(256);
  const std::vector<int> members{0, 5, 63, 64, 100, 127, 128, 200, 255};
  for (int n : members) s.add(n);
  std::vector<int> seen;
  s.visit_words(1, 3, [&](int n) {
    seen.push_back(n);
    return n != 100 && n != 128;
  });
  EXPECT_EQ(seen, (std::vector<int>{64, 100, 127, 128}));
  std::vector<int> all;
  s.visit([&](int n) {
    all.push_back(n);
    return true;
  });
  EXPECT_EQ(all, (std::vector<int>{0, 5, 63, 64, 127, 200, 255}));
}

}  // namespace
