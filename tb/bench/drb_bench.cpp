// SPDX-License-Identifier: Apache-2.0
// drb_bench: simulator speed. Each configuration runs in its own child process (SystemC elaborates
// once per process) and prints one JSON line: simulated cycles, wall seconds, cycles/s, flit-hops/s
// (a flit crossing one router-to-router link, counted after warm-up) and peak RSS. Traffic enters
// through Network::submit, the same NI path a TLM host uses; statistics are collected as in drbsim.
//   drb_bench [NAME ...] [--warmup N] [--cycles N] [KEY=VALUE ...]   (default: B1 B2 B3 B4 F1; keys override,
//   e.g. router.preset=booksim)
// B1-B3 are the configurations measured against BookSim2 (tb/bench/booksim_pairs.py runs the pairs),
// F1 its fat-tree pair; B5 and F2 are the big fabrics: a 64x64 torus past saturation and the hybrid
// thesis' 4096-terminal 2-ary 12-tree past saturation (docs/results/hybrid), minutes each, run by name.
// tb/bench/perf_guard.py counts the instructions per flit-hop of scaled-down runs (ctest -L perf).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
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
  int64_t warmup = 5000;
  bool by_default = true;  // in the run without names
};

// The hybrid thesis' timing (tb/experiments/hybrid.py): 256-flit virtual cut-through packets in queues of
// two, 18-cycle route compute, 9-cycle links and NI delays.
const std::vector<std::string> kThesisTiming = {
    "router.switching=vct", "router.delay.rc=18", "router.delay.va=1", "router.delay.sa=1", "router.delay.st=1",
    "router.delay.link=9", "router.delay.credit=1", "ni.inject_delay=9", "ni.eject_delay=9",
    "traffic.source_queue=4", "router.vcs=1", "router.buffer=512", "traffic.length=256"};

std::vector<std::string> cat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::vector<Config> kConfigs = {
    {"B1", {"topology.k=8", "traffic.length=1", "traffic.rate=0.10"}, 60000},
    {"B2", {"topology.k=8", "traffic.length=10", "traffic.rate=0.30"}, 100000},
    {"B3", {"topology.k=16", "traffic.length=10", "traffic.rate=0.15"}, 100000},
    {"B4", {"topology.k=64", "traffic.length=10", "traffic.rate=0.03"}, 20000},
    {"F1", {"topology.kind=fattree", "topology.k=4", "topology.n=3", "routing.algorithm=updown", "traffic.length=10",
            "traffic.rate=0.30"}, 100000},
    {"B5", {"topology.k=64", "router.vcs=4", "traffic.length=10", "traffic.rate=0.30"}, 10000, 5000, false},
    {"F2", cat({"topology.kind=fattree", "topology.k=2", "topology.n=12", "routing.algorithm=updown",
                "traffic.rate=0.5"}, kThesisTiming), 1000, 2000, false},
};

nlohmann::json bench(const Config& c, int64_t warmup, int64_t cycles, const std::vector<std::string>& extra) {
  std::vector<std::string> keys{"routing.algorithm=dor", "router.vcs=2", "router.buffer=8", "traffic.pattern=uniform"};
  keys.insert(keys.end(), c.keys.begin(), c.keys.end());
  keys.insert(keys.end(), extra.begin(), extra.end());
  const Scenario s = load_scenarios("", c.name, keys).runs[0];
  Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
  Network& net = fab.net();
  Collector col(net, s.stats, warmup, warmup + cycles);
  net.add_observer(&col);
  TrafficGenerator gen(net, s.traffic, s.net.seed);
  gen.set_window(warmup, warmup + cycles);
  fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
  fab.run_until(warmup);
  net.set_measuring(true);
  const auto t0 = std::chrono::steady_clock::now();
  fab.run_until(warmup + cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  net.set_measuring(false);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return {{"name", c.name},
          {"simulated_cycles", cycles},
          {"wall_s", wall},
          {"cycles_per_s", cycles / wall},
          {"flit_hops_per_s", net.flit_hops() / wall},
          {"flit_hops", net.flit_hops()},
          {"peak_rss_mb", ru.ru_maxrss / 1024.0}};
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  std::set<std::string> want;
  std::vector<std::string> extra;
  int64_t warmup = -1, cycles = -1;  // -1: each configuration's own
  auto count = [&](int& i, const std::string& opt) {
    char* end = nullptr;
    const long long v = i + 1 < argc ? std::strtoll(argv[i + 1], &end, 10) : -1;
    if (i + 1 >= argc || *end != '\0' || v < 0 || v > 100000000) {
      std::cerr << "drb_bench: " << opt << ": a cycle count from 0 to 100000000 expected\n";
      std::exit(2);
    }
    ++i;
    return static_cast<int64_t>(v);
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--warmup") warmup = count(i, a);
    else if (a == "--cycles") cycles = count(i, a);
    else if (a == "--help") {
      std::cout << "usage: drb_bench [NAME ...] [--warmup CYCLES] [--cycles CYCLES] [KEY=VALUE ...]\n"
                   "  NAME: B1 B2 B3 B4 F1 (the default set), and the big fabrics B5 and F2\n"
                   "  --warmup, --cycles: warm-up and measured cycles instead of the configuration's own\n"
                   "  KEY=VALUE: drbsim keys applied after the configuration's\n";
      for (const Config& c : kConfigs) {
        std::cout << "  " << c.name << " (" << c.warmup << " + " << c.cycles << " cycles):";
        for (const std::string& k : c.keys) std::cout << " " << k;
        std::cout << "\n";
      }
      return 0;
    } else if (a.find('=') != std::string::npos) {
      extra.push_back(a);
    } else {
      want.insert(a);
    }
  }
  for (const std::string& w : want)
    if (std::none_of(kConfigs.begin(), kConfigs.end(), [&](const Config& c) { return w == c.name; })) {
      std::cerr << "drb_bench: " << w << ": no such configuration (--help lists them)\n";
      return 2;
    }
  int rc = 0;
  for (const Config& c : kConfigs) {
    if (want.empty() ? !c.by_default : !want.count(c.name)) continue;
    const int64_t w = warmup >= 0 ? warmup : c.warmup, n = cycles >= 0 ? cycles : c.cycles;
    const nlohmann::json r = in_child([&] { return bench(c, w, n, extra); });
    std::cout << r.dump() << std::endl;
    if (r.contains("error")) rc = 3;
  }
  return rc;
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
