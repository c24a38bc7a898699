// SPDX-License-Identifier: Apache-2.0
// drb_bench: simulator speed. Each configuration runs in its own child process (SystemC elaborates
// once per process) and prints one JSON line: simulated cycles, wall seconds, cycles/s, flit-hops/s
// (a flit crossing one router-to-router link, counted after warm-up) and peak RSS. Traffic enters
// through Network::submit, the same NI path a TLM host uses; statistics are collected as in drbsim.
//   drb_bench [NAME ...] [--warmup N] [KEY=VALUE ...]   (default: B1 B2 B3 B4; keys override, e.g.
//   router.preset=booksim)
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <set>
#include <systemc>

#include "systemc/fabric/fabric.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/runner.h"
#include "tb/stats/collector.h"
#include "tb/traffic/generator.h"

using namespace drb;

namespace {

struct Config {
  const char* name;
  std::vector<std::string> keys;
  int64_t cycles;
};

const std::vector<Config> kConfigs = {
    {"B1", {"topology.k=8", "traffic.length=1", "traffic.rate=0.10"}, 60000},
    {"B2", {"topology.k=8", "traffic.length=10", "traffic.rate=0.30"}, 100000},
    {"B3", {"topology.k=16", "traffic.length=10", "traffic.rate=0.15"}, 100000},
    {"B4", {"topology.k=64", "traffic.length=10", "traffic.rate=0.03"}, 20000},
};

nlohmann::json bench(const Config& c, int64_t warmup, const std::vector<std::string>& extra) {
  std::vector<std::string> keys{"routing.algorithm=dor", "router.vcs=2", "router.buffer=8", "traffic.pattern=uniform"};
  keys.insert(keys.end(), c.keys.begin(), c.keys.end());
  keys.insert(keys.end(), extra.begin(), extra.end());
  const Scenario s = load_scenarios("", c.name, keys).runs[0];
  Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
  Network& net = fab.net();
  Collector col(net, s.stats, warmup, warmup + c.cycles);
  net.add_observer(&col);
  TrafficGenerator gen(net, s.traffic, s.net.seed);
  gen.set_window(warmup, warmup + c.cycles);
  fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
  fab.run_until(warmup);
  net.set_measuring(true);
  const auto t0 = std::chrono::steady_clock::now();
  fab.run_until(warmup + c.cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  net.set_measuring(false);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return {{"name", c.name},
          {"simulated_cycles", c.cycles},
          {"wall_s", wall},
          {"cycles_per_s", c.cycles / wall},
          {"flit_hops_per_s", net.flit_hops() / wall},
          {"flit_hops", net.flit_hops()},
          {"peak_rss_mb", ru.ru_maxrss / 1024.0}};
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  std::set<std::string> want;
  std::vector<std::string> extra;
  int64_t warmup = 5000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--warmup" && i + 1 < argc) warmup = std::atoll(argv[++i]);
    else if (a == "--help") {
      std::cout << "usage: drb_bench [B1 B2 B3 B4] [--warmup CYCLES] [KEY=VALUE ...]\n";
      return 0;
    } else if (a.find('=') != std::string::npos) {
      extra.push_back(a);
    } else {
      want.insert(a);
    }
  }
  int rc = 0;
  for (const Config& c : kConfigs) {
    if (!want.empty() && !want.count(c.name)) continue;
    const nlohmann::json r = in_child([&] { return bench(c, warmup, extra); });
    std::cout << r.dump() << std::endl;
    if (r.contains("error")) rc = 3;
  }
  return rc;
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
