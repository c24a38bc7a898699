// SPDX-License-Identifier: Apache-2.0
// Determinism: the same scenario and seed give byte-identical JSON, also when the runs of a sweep are
// simulated in parallel child processes; another seed gives different results.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/support.h"

using namespace drb::test;

namespace {

std::string run(const std::string& seed, const std::string& out) {
  const Exec e = drbsim("topology.k=4 traffic.pattern=uniform routing.algorithm=adaptive router.vcs=4 sim.warmup=1000 "
                        "sim.measure=5000 sim.jobs=2 sweep.traffic.rate=0.1,0.3,0.5 sim.seed=" + seed + " out.json=" + out);
  EXPECT_EQ(e.code, 0) << e.err;
  return slurp(out);
}

TEST(Determinism, SameSeedSameBytesOtherSeedDiffers) {
  const std::string dir = ::testing::TempDir();
  // The same output path each time: the configuration (including out.json) is echoed into the file.
  const std::string out = dir + "/determinism.json";
  const std::string a = run("11", out);
  const std::string b = run("11", out);
  const std::string c = run("12", out);
  ASSERT_GT(a.size(), 1000u);
  EXPECT_EQ(a, b) << "same seed, different output";
  EXPECT_NE(a, c) << "another seed gave identical output";
  EXPECT_EQ(a.find("wall"), std::string::npos) << "no wall-clock figure may enter the JSON";
}

}  // namespace
