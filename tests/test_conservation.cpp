// SPDX-License-Identifier: Apache-2.0
// Conservation under overload: 8x8 torus, DOR and adaptive, 10-flit messages at twice the measured DOR
// saturation load, bounded source queues. The test drives the network itself (its own generator with
// random payload bytes and its own delivery observer): after the run and a drain, every accepted message
// was delivered exactly once, to the right node, with the bytes it was sent with; no stall stopped it.
#include <gtest/gtest.h>

#include <unordered_map>

#include "systemc/fabric/fabric.h"
#include "tests/ledger.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

nlohmann::json overload(const std::string& alg, double rate, int64_t cycles) {
  return in_child([=] {
    const Scenario s = scenario({"topology.k=8", "router.vcs=4", "router.buffer=8", "traffic.source_queue=16",
                                 "routing.algorithm=" + alg});
    Fabric fab("fabric", s.net);
    Network& net = fab.net();
    Ledger ledger(net.store());
    net.add_observer(&ledger);
    Rng rng(7);
    const double p_msg = rate / 10;  // 10-flit messages, Bernoulli per node per cycle
    uint64_t accepted = 0, rejected = 0;
    bool generating = true;
    fab.add_cycle_hook([&](int64_t t) {
      if (!generating) return;
      for (int n = 0; n < net.nodes(); ++n) {
        if (!rng.bernoulli(p_msg)) continue;
        int d = static_cast<int>(rng.below(net.nodes() - 1));
        if (d >= n) ++d;
        std::vector<uint8_t> bytes(1 + rng.below(64));
        for (auto& b : bytes) b = static_cast<uint8_t>(rng.next());
        const uint64_t id = net.submit(n, d, 10, t, false, bytes);
        if (id) {
          ledger.outstanding.emplace(id, Sent{n, d, 10, std::move(bytes)});
          ++accepted;
        } else {
          ++rejected;
        }
      }
    });
    fab.run_until(cycles);
    generating = false;
    const int64_t end = fab.cycle();
    while ((net.live_messages() || net.live_packets()) && fab.cycle() < end + 200000) fab.run_until(fab.cycle() + 1000);
    return nlohmann::json{{"accepted", accepted},         {"rejected", rejected},
                          {"delivered", ledger.delivered}, {"duplicates", ledger.duplicates},
                          {"wrong", ledger.wrong},         {"undelivered", ledger.outstanding.size()},
                          {"live_packets", net.live_packets()}, {"drain_cycles", fab.cycle() - end}};
  });
}

double dor_saturation() {
  const std::vector<std::string> kv{"topology.k=8", "routing.algorithm=dor", "traffic.pattern=uniform",
                                    "traffic.length=10", "router.vcs=4", "router.buffer=8"};
  return find_saturation(kv, zero_load_uniform_torus(8, 10)).load;
}

void check(const std::string& alg, int64_t cycles) {
  const double sat = dor_saturation();
  const auto r = overload(alg, 2 * sat, cycles);
  ASSERT_FALSE(r.contains("error")) << r.dump();
  std::printf("%s at 2 x %.3f: %s\n", alg.c_str(), sat, r.dump().c_str());
  EXPECT_GT(r["rejected"].get<uint64_t>(), 0u) << "the load must actually overload the network";
  expect_conserved(r);
}

TEST(Conservation, DorOverload) { check("dor", 200000); }
TEST(Conservation, AdaptiveOverload) { check("adaptive", 200000); }
TEST(ConservationLong, DorOverload) { check("dor", 1000000); }
TEST(ConservationLong, AdaptiveOverload) { check("adaptive", 1000000); }

}  // namespace
