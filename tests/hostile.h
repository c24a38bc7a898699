// SPDX-License-Identifier: Apache-2.0
// The hostile-input test table shared by tests/test_hostile_*.cpp: a Case is a command line built when the
// test runs (its files in TempDir), the key its one error line must name and the exit code. Exit 2 means
// refused before anything ran: the error line is all there is on stderr and nothing on stdout.
#pragma once
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "tests/support.h"

namespace drb::test {

// Per process: CTest runs the cases in parallel, and two writing one name raced (one read the other's
// half-written trace).
inline std::string tmp_prefix() { return "hostile_" + std::to_string(getpid()) + "_"; }
inline std::string tmp(const std::string& name) { return ::testing::TempDir() + "/" + tmp_prefix() + name; }

// What a process made in TempDir goes when it exits (a forked child's prefix is its own pid's): a suite
// run left its cases' files and folders behind (2,078 in /tmp after a few runs).
struct TmpSweeper {
  ~TmpSweeper() {
    std::error_code ec;
    const std::string pre = tmp_prefix();
    std::vector<std::filesystem::path> mine;
    for (const auto& e : std::filesystem::directory_iterator(::testing::TempDir(), ec))
      if (e.path().filename().string().rfind(pre, 0) == 0) mine.push_back(e.path());
    for (const auto& p : mine) std::filesystem::remove_all(p, ec);
  }
};
inline TmpSweeper tmp_sweeper;

inline std::string file(const std::string& name, const std::string& text) {
  const std::string p = tmp(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

inline bool exists(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

// A path whose folder is a regular file: no one, root included, can create it.
inline std::string unwritable(const std::string& name) { return file("plain_file", "x") + "/" + name; }

// A FIFO with no writer (and no reader): opening it the ordinary way would wait forever.
inline std::string fifo(const std::string& name) {
  const std::string p = tmp(name);
  std::remove(p.c_str());
  mkfifo(p.c_str(), 0600);
  return p;
}

const std::vector<std::string> kQuick{"topology.k=4", "sim.warmup=0", "sim.measure=200", "stats.links=false"};

struct Case {
  friend void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
  const char* name;
  std::function<std::vector<std::string>()> args;  // built when the test runs (files in TempDir)
  std::string key;                                 // the key the error line must name
  int code = 2;
  std::string says = "";                           // if given, what the error line must hold
};

class Hostile : public ::testing::TestWithParam<Case> {};

TEST_P(Hostile, RefusedWithOneLineNamingTheKey) {
  const Case& c = GetParam();
  const Exec e = drbsim_argv(c.args(), 120);
  ASSERT_NE(e.code, -2) << "drbsim hung";
  EXPECT_EQ(e.code, c.code) << e.err;
  std::string last = e.err;
  while (!last.empty() && last.back() == '\n') last.pop_back();
  last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
  EXPECT_EQ(last.rfind("drbsim: error: " + c.key + ": ", 0), 0u) << e.err;
  EXPECT_NE(last.find(c.says), std::string::npos) << e.err;
  if (c.code == 2) {  // refused before anything ran: the error is all there is
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
    EXPECT_TRUE(e.out.empty()) << e.out;
  }
}

// The case's own arguments come last: on the command line the last of repeated keys wins.
inline std::vector<std::string> with(const std::vector<std::string>& a, std::vector<std::string> base = kQuick) {
  base.insert(base.end(), a.begin(), a.end());
  return base;
}

inline std::string case_name(const ::testing::TestParamInfo<Case>& i) { return i.param.name; }

}  // namespace drb::test
