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
  const std::string out = test_tmp("determinism.json");
  const std::string a = run("11", out);
  const std::string b = run("11", out);
  const std::string c = run("12", out);
  ASSERT_GT(a.size(), 1000u);
  EXPECT_EQ(a, b) << "same seed, different output";
  EXPECT_NE(a, c) << "another seed gave identical output";
  EXPECT_EQ(a.find("wall"), std::string::npos) << "no wall-clock figure may enter the JSON";
}

// Where the results go is not part of them: the same run written to other file names in other folders gives
// the same JSON and CSV, byte for byte.
TEST(Determinism, OutputPathsDoNotEnterTheResults) {
  const std::string dir = ::testing::TempDir();
  const std::string run = "topology.k=4 sim.warmup=500 sim.measure=2000 sim.progress=off sweep.traffic.rate=0.1,0.2 ";
  const std::string j1 = dir + "/zz_a/zz_one.json", c1 = dir + "/zz_a/zz_one.csv";
  const std::string j2 = dir + "/zz_b/zz_deeper/zz_two.json", c2 = dir + "/zz_b/zz_three.csv";
  const Exec a = drbsim(run + "out.json=" + j1 + " out.csv=" + c1);
  const Exec b = drbsim(run + "out.json=" + j2 + " out.csv=" + c2);
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  const std::string ja = slurp(j1), jb = slurp(j2), ca = slurp(c1), cb = slurp(c2);
  ASSERT_GT(ja.size(), 1000u);
  ASSERT_GT(ca.size(), 100u);
  EXPECT_EQ(ja, jb);
  EXPECT_EQ(ca, cb);
  for (const char* name : {"zz_", ".json", ".csv"}) {
    EXPECT_EQ(ja.find(name), std::string::npos) << name << " in the JSON";
    EXPECT_EQ(ca.find(name), std::string::npos) << name << " in the CSV";
  }
}

// Huge pages (sim.huge_pages, systemc/base/huge_heap.h) change where the fabric lives, not what it does: a
// fabric large enough to be built in them (a 32x32 torus with 4 VCs: about 20 MiB) gives the same JSON and CSV
// with and without, but for the echo of the key.
TEST(Determinism, HugePagesDoNotEnterTheResults) {
  const std::string run = "topology.k=32 router.vcs=4 traffic.length=10 traffic.rate=0.3 sim.warmup=200 "
                          "sim.measure=800 sim.progress=off out.plot= ";
  std::string json[2], csv[2];
  for (int on = 0; on < 2; ++on) {
    const std::string j = test_tmp("huge" + std::to_string(on) + ".json"), c = test_tmp("huge" + std::to_string(on) + ".csv");
    const Exec e = drbsim(run + "sim.huge_pages=" + (on ? "true" : "false") + " out.json=" + j + " out.csv=" + c);
    ASSERT_EQ(e.code, 0) << e.err;
    json[on] = slurp(j);
    csv[on] = slurp(c);
    const std::string echo = std::string("\"sim.huge_pages\": ") + (on ? "true" : "false");
    const size_t at = json[on].find(echo);
    ASSERT_NE(at, std::string::npos) << echo;
    json[on].replace(at, echo.size(), "\"sim.huge_pages\": X");
  }
  ASSERT_GT(csv[0].size(), 100u);
  EXPECT_EQ(json[0], json[1]);
  EXPECT_EQ(csv[0], csv[1]);
}

}  // namespace
