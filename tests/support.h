// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the system-level tests: scenarios from key=value lists, runs in child processes
// (each simulation elaborates its own fabric), and the drbsim binary for end-to-end checks.
#pragma once
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "systemc/fabric/network.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/runner.h"

namespace drb::test {

// A flit of packet slot pkt on channel ch of table t, leaving its sender in cycle depart (channel tests).
inline void send_pkt(ChannelTable& t, int ch, int64_t depart, uint32_t pkt) {
  Flit f;
  f.pkt = pkt;
  t.send_flit(t.flit_port(ch), depart, f);
}

// The whole of a (small) file, "" if it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A path in the temporary folder that only the running test uses: CTest runs the tests of one file in
// parallel processes, and two of them writing one name read each other's output (two Threads cases on a
// 2-core machine compared the other case's JSON).
inline std::string test_tmp(const std::string& name) {
  const ::testing::TestInfo* t = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string who = t ? std::string(t->test_suite_name()) + "." + t->name() : "no_test";
  for (char& c : who)
    if (c == '/') c = '_';  // parameterized names hold '/'
  return ::testing::TempDir() + "/" + who + "_" + name;
}

inline Scenario scenario(const std::vector<std::string>& kv) { return load_scenarios("", "test", kv).runs[0]; }

inline nlohmann::json run_child(const Scenario& s) {
  return in_child([&s] { return run_one(s); });
}

// One run per value of `key`, sim.jobs at a time, results in value order.
inline std::vector<nlohmann::json> sweep(std::vector<std::string> kv, const std::string& key,
                                         const std::vector<std::string>& values) {
  std::string v;
  for (auto& x : values) v += (v.empty() ? "" : ";") + x;
  kv.push_back("sweep." + key + "=" + v);
  return run_all(load_scenarios("", "test", kv), true);
}

struct Exec {
  int code;  // -1: did not exit normally; -2: hung (killed after the timeout)
  std::string out, err;
  long peak_kib = 0;  // the run's peak resident set
};

// Run the drbsim binary with these arguments, exactly as given (no shell: arguments may hold quotes,
// spaces or newlines). stdout and stderr are collected through temporary files.
// Start the drbsim binary with these arguments (an argument vector, no shell), its stdout and stderr on
// the given descriptors; the caller waits for the returned pid.
inline pid_t start_drbsim(const std::vector<std::string>& args, int out_fd, int err_fd) {
  std::vector<char*> argv{const_cast<char*>(DRBSIM_BIN)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    execv(DRBSIM_BIN, argv.data());
    _exit(127);
  }
  return pid;
}

// With timeout_s > 0 a process still running after that long is killed and reported as exit -2 ("hung"),
// so that a case that would block (a FIFO nobody opens) fails by itself instead of stalling the suite.
inline Exec drbsim_argv(const std::vector<std::string>& args, int timeout_s = 0) {
  char out_t[] = "/tmp/drbsim-out-XXXXXX", err_t[] = "/tmp/drbsim-err-XXXXXX";
  const int fo = mkstemp(out_t), fe = mkstemp(err_t);
  const pid_t pid = start_drbsim(args, fo, fe);
  int st = 0;
  bool hung = false;
  struct rusage ru {};
  if (timeout_s > 0) {
    for (int waited_ms = 0; wait4(pid, &st, WNOHANG, &ru) == 0; waited_ms += 10) {
      if (waited_ms >= timeout_s * 1000) {
        kill(pid, SIGKILL);
        wait4(pid, &st, 0, &ru);
        hung = true;
        break;
      }
      usleep(10000);
    }
  } else {
    wait4(pid, &st, 0, &ru);
  }
  Exec e{hung ? -2 : WIFEXITED(st) ? WEXITSTATUS(st) : -1, "", "", ru.ru_maxrss};
  auto slurp = [](int fd, std::string& to) {
    lseek(fd, 0, SEEK_SET);
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) to.append(buf, static_cast<size_t>(n));
    close(fd);
  };
  slurp(fo, e.out);
  slurp(fe, e.err);
  std::remove(out_t);
  std::remove(err_t);
  return e;
}

// The same with the arguments of a space-separated string (none of them holds a space).
inline Exec drbsim(const std::string& args) {
  std::vector<std::string> v;
  size_t from = 0;
  while (from < args.size()) {
    const size_t sp = args.find(' ', from);
    const std::string a = args.substr(from, sp == std::string::npos ? std::string::npos : sp - from);
    if (!a.empty()) v.push_back(a);
    if (sp == std::string::npos) break;
    from = sp + 1;
  }
  return drbsim_argv(v);
}

// Index of the first differing element of two JSON arrays (their common length if one is a prefix).
inline size_t first_difference(const nlohmann::json& a, const nlohmann::json& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

// Two runs' traces (model and RTL): each named list equal, else its first differing entry reported.
inline void expect_same_lists(const nlohmann::json& model, const nlohmann::json& rtl,
                              std::initializer_list<const char*> lists) {
  for (const char* list : lists) {
    const nlohmann::json& a = model[list];
    const nlohmann::json& b = rtl[list];
    EXPECT_EQ(a.size(), b.size()) << list;
    const size_t i = first_difference(a, b);
    if (i < a.size() || i < b.size())
      ADD_FAILURE() << list << " differ at entry " << i << ":\n  model " << (i < a.size() ? a[i].dump() : "(none)")
                    << "\n  rtl   " << (i < b.size() ? b[i].dump() : "(none)");
  }
}

// Each argument string is refused before simulating: exit 2 and a message that starts by naming its key.
inline void expect_refused(const std::vector<std::pair<std::string, std::string>>& cases) {
  for (const auto& [args, key] : cases) {
    const Exec e = drbsim(args);
    EXPECT_EQ(e.code, 2) << args;
    EXPECT_EQ(e.err.rfind("drbsim: error: " + key + ":", 0), 0u) << args << ": " << e.err;
  }
}

// Mean zero-load latency of uniform traffic with the default pipeline (all stage delays 1):
// per packet 5 cycles per hop + 5 + L, averaged over all ordered pairs (independent of the simulator).
inline double zero_load_uniform_torus(int k, int L) {
  double hsum = 0;
  const int N = k * k;
  for (int a = 0; a < N; ++a)
    for (int b = 0; b < N; ++b) {
      if (a == b) continue;
      auto ring = [k](int x, int y) { const int d = x > y ? x - y : y - x; return d < k - d ? d : k - d; };
      hsum += ring(a % k, b % k) + ring(a / k, b / k);
    }
  return 5.0 * hsum / (N * (N - 1.0)) + 5 + L;
}

}  // namespace drb::test

namespace drb::test {

struct Saturation {
  double load = 0;                 // offered flits/node/cycle where mean latency first exceeds 3x zero load
  std::vector<double> loads;       // the coarse grid
  std::vector<nlohmann::json> at;  // its results, up to the first load past the threshold (and its batch)
};

// Saturation (mean latency > 3x zero-load latency), coarse grid then bisection. kv fixes everything but
// traffic.rate; runs are short and use a bounded source queue so overloaded points stay short too. The
// grid runs two loads at a time (one per core) and stops at the first pair with a load past the
// threshold: the loads above it cannot change the answer (the Fabrics conservation test, same
// saturation loads: 175 s -> 126 s).
inline Saturation find_saturation(std::vector<std::string> kv, double t0, double step = 0.05, double top = 1.0) {
  kv.push_back("sim.warmup=3000");
  kv.push_back("sim.measure=15000");
  kv.push_back("traffic.source_queue=16");
  kv.push_back("stats.links=false");
  Saturation s;
  for (double x = step; x <= top + 1e-9; x += step) s.loads.push_back(x);
  auto lat = [](const nlohmann::json& r) { return r.contains("error") ? 1e18 : r["latency"]["mean"].get<double>(); };
  size_t i = 0;
  while (i < s.loads.size() && i == s.at.size()) {
    std::vector<std::string> vals;
    for (size_t j = s.at.size(); j < s.loads.size() && vals.size() < 2; ++j) vals.push_back(std::to_string(s.loads[j]));
    for (nlohmann::json& r : sweep(kv, "traffic.rate", vals)) s.at.push_back(std::move(r));
    while (i < s.at.size() && lat(s.at[i]) <= 3 * t0) ++i;
  }
  double lo = i ? s.loads[i - 1] : 0.0, hi = i < s.loads.size() ? s.loads[i] : top;
  for (int it = 0; it < 4; ++it) {
    const double mid = (lo + hi) / 2;
    std::vector<std::string> k2 = kv;
    k2.push_back("traffic.rate=" + std::to_string(mid));
    (lat(run_child(scenario(k2))) > 3 * t0 ? hi : lo) = mid;
  }
  s.load = hi;
  return s;
}

// Zero load: one packet at a time, every ordered pair (from the given sources only, if any), each length; its
// arrival must be expected(a, b, P) cycles after creation. The network drains between packets so each is
// alone.
template <class Fab, class Expected>
void each_pair_alone(Fab& fab, const std::vector<int>& lengths, Expected expected, std::vector<int> sources = {}) {
  auto& net = fab.net();
  struct Obs : NetObserver {
    int64_t arrived = -1;
    void packet_arrived(const Packet&, const Message&, int64_t now) override { arrived = now; }
  } obs;
  net.add_observer(&obs);
  if (sources.empty())
    for (int a = 0; a < net.nodes(); ++a) sources.push_back(a);
  for (int P : lengths)
    for (int a : sources)
      for (int b = 0; b < net.nodes(); ++b) {
        if (a == b) continue;
        obs.arrived = -1;
        const int64_t t0 = fab.cycle();
        net.submit(a, b, P, t0, true);
        while (obs.arrived < 0 && fab.cycle() < t0 + 1000) fab.run_until(fab.cycle() + 1);
        ASSERT_GE(obs.arrived, 0) << a << "->" << b << " never arrived";
        ASSERT_EQ(obs.arrived - t0, expected(a, b, P)) << a << "->" << b << " P=" << P;
        fab.run_until(fab.cycle() + 30);
      }
}

}  // namespace drb::test
