// SPDX-License-Identifier: Apache-2.0
// out.runs: each run kept as it finishes; a sweep started again, after a kill or with loads added, takes the
// runs kept and writes the results an uninterrupted sweep writes, byte for byte. A damaged kept file runs
// again; a folder that cannot be one is refused before anything runs.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>

#include "tests/support.h"

using namespace drb::test;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kNet = {"topology.k=4", "sim.warmup=500", "sim.measure=4000", "sim.progress=off"};

std::vector<std::string> sweep(const std::string& rates, std::vector<std::string> more) {
  std::vector<std::string> v = kNet;
  v.push_back("sweep.traffic.rate=" + rates);
  v.insert(v.end(), more.begin(), more.end());
  return v;
}

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

size_t files_in(const std::string& d) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(d)) n += e.path().extension() == ".json";
  return n;
}

TEST(Resume, ASweepWithLoadsAddedTakesTheRunsKeptAndWritesTheSameBytes) {
  const std::string whole = test_tmp("whole.json"), part = test_tmp("part.json"), resumed = test_tmp("resumed.json");
  const std::string dir = test_tmp("runs");
  fs::remove_all(dir);
  fs::remove(resumed);
  ASSERT_EQ(drbsim_argv(sweep("0.05,0.1,0.2,0.3", {"out.json=" + whole})).code, 0);
  // Two of the four loads first (they are runs 1 and 2 there, runs 2 and 4 below).
  ASSERT_EQ(drbsim_argv(sweep("0.1,0.3", {"out.runs=" + dir, "out.json=" + part})).code, 0);
  EXPECT_EQ(files_in(dir), 2u);
  const Exec e = drbsim_argv(sweep("0.05,0.1,0.2,0.3", {"out.runs=" + dir, "out.json=" + resumed}));
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_NE(e.err.find("[drbsim] out.runs: 2 of 4 runs taken from"), std::string::npos) << e.err;
  EXPECT_EQ(files_in(dir), 4u);
  EXPECT_EQ(slurp(resumed), slurp(whole));
  // A kept file that is damaged is not a result: that run is simulated again, the bytes are the same.
  for (const auto& f : fs::directory_iterator(dir)) {
    std::ofstream(f.path()) << "{\"latency\": ";
    break;
  }
  const Exec again = drbsim_argv(sweep("0.05,0.1,0.2,0.3", {"out.runs=" + dir, "out.json=" + resumed}));
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.err.find("3 of 4 runs taken"), std::string::npos) << again.err;
  EXPECT_EQ(slurp(resumed), slurp(whole));
}

TEST(Resume, AKilledSweepStartedAgainWritesWhatAnUninterruptedOneWrites) {
  const std::string whole = test_tmp("whole.json"), resumed = test_tmp("resumed.json"), dir = test_tmp("runs");
  fs::remove_all(dir);
  fs::remove(resumed);
  // Runs of ~0.3 s each, one at a time: the kill comes well inside the sweep.
  const std::vector<std::string> args = sweep("0.05,0.1,0.15,0.2,0.25,0.3", {"sim.jobs=1", "topology.k=8", "sim.measure=20000"});
  std::vector<std::string> uninterrupted = args;
  uninterrupted.push_back("out.json=" + whole);
  ASSERT_EQ(drbsim_argv(uninterrupted).code, 0);
  std::vector<std::string> cached = args;
  cached.push_back("out.runs=" + dir);
  cached.push_back("out.json=" + resumed);
  // Killed (SIGTERM) once the first run is kept: no results file, the kept run stays.
  const int null = open("/dev/null", O_WRONLY);
  const pid_t pid = start_drbsim(cached, null, null);
  for (int ms = 0; ms < 60000 && (!fs::exists(dir) || files_in(dir) == 0); ms += 5) usleep(5000);
  kill(pid, SIGTERM);
  int st = 0;
  waitpid(pid, &st, 0);
  close(null);
  const size_t kept = files_in(dir);
  ASSERT_GE(kept, 1u);
  if (kept == 6) GTEST_SKIP() << "the sweep finished before the kill";
  EXPECT_FALSE(fs::exists(resumed));
  const Exec e = drbsim_argv(cached);
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_NE(e.err.find("[drbsim] out.runs: " + std::to_string(kept) + " of 6 runs taken"), std::string::npos) << e.err;
  EXPECT_EQ(slurp(resumed), slurp(whole));
}

TEST(Resume, AFolderThatCannotBeOneIsRefusedBeforeAnythingRuns) {
  const std::string file = test_tmp("a_file"), json = test_tmp("never.json");
  std::ofstream(file) << "x";
  fs::remove(json);
  const Exec e = drbsim_argv(sweep("0.1,0.2", {"out.runs=" + file, "out.json=" + json}));
  EXPECT_EQ(e.code, 2);
  EXPECT_NE(e.err.find("drbsim: error: out.runs: "), std::string::npos) << e.err;
  EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  EXPECT_FALSE(fs::exists(json));
  // The same under --slurm, which shares the folder with local sweeps: refused before anything is submitted.
  const Exec s = drbsim_argv(sweep("0.1,0.2", {"out.runs=" + file, "--slurm", "--slurm-dir=" + test_tmp("slurm")}));
  EXPECT_EQ(s.code, 2);
  EXPECT_NE(s.err.find("drbsim: error: out.runs: "), std::string::npos) << s.err;
  EXPECT_FALSE(fs::exists(test_tmp("slurm")));
}

}  // namespace
