// SPDX-License-Identifier: Apache-2.0
// sim.saturation_stop: a run past saturation ends its window once the source queues hold that many messages
// per node, is marked saturated (table, JSON) and drains a short queue; its accepted load is the saturation
// throughput the whole window measures; runs that never reach the limit give the same results as without it.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support.h"

using namespace drb::test;
using json = nlohmann::json;

namespace {

json runs_of(const std::string& path) {
  std::ifstream in(path);
  return json::parse(in)["runs"];
}

TEST(SaturationStop, APastSaturationRunStopsEarlyAndTheOthersAreUnchanged) {
  const std::string with = test_tmp("with.json"), without = test_tmp("without.json");
  const std::vector<std::string> net = {"topology.k=8", "sweep.traffic.rate=0.1,0.6", "sim.warmup=5000",
                                        "sim.measure=40000", "sim.progress=off"};
  std::vector<std::string> a = net, b = net;
  a.push_back("sim.saturation_stop=50");
  a.push_back("out.json=" + with);
  b.push_back("out.json=" + without);
  const Exec e = drbsim_argv(a);
  ASSERT_EQ(e.code, 0) << e.err;
  ASSERT_EQ(drbsim_argv(b).code, 0);
  const json x = runs_of(with), y = runs_of(without);
  // Below saturation (0.1) the queues stay short: the same run, byte for byte.
  EXPECT_FALSE(x[0]["result"].contains("saturated"));
  EXPECT_EQ(x[0]["result"].dump(), y[0]["result"].dump());
  // At 0.6 offered the 8x8 torus accepts about 0.33: the queues grow by ~0.27 flits per node and cycle, 50
  // messages of 10 flits per node within ~2000 cycles of the window's start.
  const json& s = x[1]["result"];
  ASSERT_TRUE(s.contains("saturated")) << s.dump().substr(0, 300);
  const int64_t end = s["saturated"]["window_end"];
  EXPECT_GT(end, 5000);
  EXPECT_LT(end, 45000);
  EXPECT_GE(s["saturated"]["queued_messages"].get<int64_t>(), 50 * 64);
  EXPECT_EQ(s["cycles"]["measure"], end - 5000);
  EXPECT_NEAR(s["accepted_flits_per_node_cycle"].get<double>(), y[1]["result"]["accepted_flits_per_node_cycle"].get<double>(),
              0.05 * y[1]["result"]["accepted_flits_per_node_cycle"].get<double>());
  EXPECT_NEAR(s["offered_flits_per_node_cycle"].get<double>(), 0.6, 0.03);  // over the shorter window
  EXPECT_LT(s["cycles"]["drain"].get<int64_t>(), y[1]["result"]["cycles"]["drain"].get<int64_t>() / 4);
  EXPECT_NE(e.out.find("saturated: window ended at cycle " + std::to_string(end)), std::string::npos) << e.out;
}

}  // namespace
