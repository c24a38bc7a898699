// SPDX-License-Identifier: Apache-2.0
// What a new user meets first: the demo (drbsim without arguments) says in one line what its table shows and
// where the plot is, and no SystemC banner is printed, neither by drbsim nor by a test binary (test discovery
// runs each of them during the build).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>

#include "tests/support.h"

using namespace drb::test;

namespace {

TEST(Demo, SaysWhatItShowsWithoutBanner) {
  const Exec e = drbsim("");
  ASSERT_EQ(e.code, 0) << e.err;
  const std::string first = e.out.substr(0, e.out.find('\n'));
  EXPECT_NE(first.find("Static routing (dor) vs DRB on the DRB thesis' hot spot"), std::string::npos) << first;
  EXPECT_NE(first.find("cycles per message"), std::string::npos) << first;
  EXPECT_NE(first.find("plot: out/demo.png"), std::string::npos) << first;
  EXPECT_EQ((e.out + e.err).find("Copyright"), std::string::npos);
  // A scenario of the user's own gets no such line.
  const Exec f = drbsim("topology.k=4 sim.warmup=100 sim.measure=500 sim.progress=off");
  EXPECT_EQ(f.out.find("Static routing"), std::string::npos);
}

TEST(Demo, TestBinariesPrintNoBanner) {
  char self[4096] = {0};
  ASSERT_GT(readlink("/proc/self/exe", self, sizeof self - 1), 0);
  FILE* p = popen(("\"" + std::string(self) + "\" --gtest_list_tests 2>&1").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  pclose(p);
  EXPECT_NE(out.find("SaysWhatItShowsWithoutBanner"), std::string::npos) << out;
  EXPECT_EQ(out.find("Copyright"), std::string::npos) << out;
}

}  // namespace
