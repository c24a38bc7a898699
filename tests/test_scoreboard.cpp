// SPDX-License-Identifier: Apache-2.0
// The destination NI's integrity tag (Flit::check, 6 bits of flit_check): a flit that claims a packet in
// flight with a tag that does not match the packet's id and its own index is refused as corrupted; with the
// matching tag the same flit passes that check (and is caught later for its index). Over many pairs of
// flits the tags of two different (packet, index) collide 1 time in 64, the rate the comment promises.
#include <gtest/gtest.h>

#include "models/util/rng.h"
#include "systemc/fabric/fabric.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

// A 4-flit message 0 -> 5 on a 4x4 torus; after 3 cycles its head is in the network. Then a forged body
// flit of that packet (index idx, tag its own tag xor flip) is put on node 5's ejection channel.
nlohmann::json forge(uint32_t idx, uint8_t flip) {
  return in_child([=] {
           const Scenario s = scenario({"topology.k=4", "traffic.rate=0"});
           Fabric fab("fabric", s.net);
           Network& net = fab.net();
           net.submit(0, 5, 4, 0, false);
           fab.run_until(3);
           const Packet& pk = net.store().pkt(0);
           if (!pk.live || net.store().counts().in_network != 1) return nlohmann::json{{"error", "setup"}};
           ChannelTable& ch = net.channels();
           int eject = -1;
           for (int c = 0; c < ch.size(); ++c)
             if (ch[c].to.kind == ChannelEnd::kTerminal && ch[c].to.id == 5) eject = c;
           Flit f;
           f.pkt = 0;
           f.idx = static_cast<uint16_t>(idx);
           f.check = (flit_check(pk.id, idx) ^ flip) & Flit::kCheckMask;  // a flip within the 6 bits
           ch.send_flit(ch.flit_port(eject), fab.cycle(), f);
           try {
             fab.run_until(40);
           } catch (const SimError& e) {
             return nlohmann::json{{"error", e.what()}, {"scoreboard", e.kind == SimError::Scoreboard}};
           }
           return nlohmann::json{{"error", ""}, {"scoreboard", false}};
         });
}

}  // namespace

TEST(Scoreboard, AFlitWhoseTagDoesNotMatchItsPacketIsRefused) {
  for (uint8_t flip : {1, 32, 63}) {
    const nlohmann::json r = forge(2, flip);
    const std::string e = r.value("error", "no result");
    EXPECT_TRUE(r.value("scoreboard", false)) << "flip " << int(flip) << ": " << e;
    EXPECT_NE(e.find("received a flit (index 2) of no packet in flight: corrupted or duplicated"), std::string::npos)
        << "flip " << int(flip) << ": " << e;
  }
  // The control: the right tag passes the integrity check; the flit is then refused for arriving out of order.
  const nlohmann::json r = forge(2, 0);
  const std::string ok = r.value("error", "no result");
  EXPECT_TRUE(r.value("scoreboard", false)) << ok;
  EXPECT_EQ(ok.find("corrupted"), std::string::npos) << ok;
  EXPECT_NE(ok.find("flit 2"), std::string::npos) << ok;
}

TEST(Scoreboard, TwoDifferentFlitsShareATagOneTimeIn64) {
  Rng rng(11);
  const int n = 1 << 16;
  int same = 0;
  for (int i = 0; i < n; ++i) {
    const uint64_t a = 1 + rng.below(1u << 30), b = 1 + rng.below(1u << 30);
    const uint32_t ia = static_cast<uint32_t>(rng.below(64)), ib = static_cast<uint32_t>(rng.below(64));
    if (a == b && ia == ib) continue;
    same += flit_check(a, ia) == flit_check(b, ib);
  }
  // 1/64 = 0.0156; a binomial over 65,536 pairs has a standard deviation of 0.0005.
  EXPECT_NEAR(static_cast<double>(same) / n, 1.0 / 64, 0.003);
}
