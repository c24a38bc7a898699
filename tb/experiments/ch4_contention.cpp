// SPDX-License-Identifier: Apache-2.0
// The chapter-4 example's collisions: the thesis' analytical primitive (models/analytic/min_mutka.h) against
// the simulator, with Monte Carlo runs between them that take one assumption away at a time.
//
// usage: ch4_contention [--seeds N] [--messages M] [--vcs V]     (a markdown table on stdout)
// Defaults: 3 seeds, 4000 messages per channel and seed, the scenario's 8 VCs.
//
// C1-C4 of tb/scenarios/ch4_hotspot_8x8.yaml meet on the link D3->E3 under static routing (10-flit
// messages, so each holds that link 10 cycles), C5 and C6 meet nobody. The simulator's collision delay of a
// channel is its mean latency with every channel sending less its mean latency with the others silent
// (the same messages: the silent channels keep their places in the list, so its random stream is the
// same). The columns, from the formula to the network:
// - formula: Appendix A's E[C] (corrected reading, then as printed) of the channel against each of the
//   other three, summed: the thesis' way of adding collisions, each pair taken as independent;
// - pairs MC: the same sum with each pair's E[C] from a two-source Monte Carlo (the formula's own error);
// - 4 closed MC: the four sources on one link at once (what the sum of pairs misses);
// - 4 open MC: the same with the simulator's sources (messages generated MI apart whatever the link does,
//   queued at the source), less one such source alone (its queue behind itself), which the simulator's
//   difference removes as well; the rest of the gap to the simulator is the network's.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "models/analytic/min_mutka.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/runner.h"

using namespace drb;

namespace {

const char* const kChannels[] = {"25>58", "19>50", "8>42", "4>34", "16>33", "20>35"};
constexpr int kColliding = 4;  // C1-C4
constexpr double kTd = 10;     // cycles a 10-flit message holds the shared link
int g_vcs = 8;                 // router.vcs of the simulated runs

// Mean latency of channels C1..C4 in one simulated run; `alone` >= 0 silences every other channel.
std::vector<double> simulate(double mi, int alone, int seed, int messages) {
  std::string channels;
  for (int c = 0; c < 6; ++c) {
    const bool silent = alone >= 0 && c != alone;
    channels += (c ? "," : "") + std::string(kChannels[c]) + "@" + (silent ? "1e12" : std::to_string(static_cast<int>(mi)));
  }
  const int64_t warm = static_cast<int64_t>(50 * mi), measure = static_cast<int64_t>(messages * mi);
  const std::vector<std::string> kv{"topology.k=8", "routing.tie=positive", "routing.vc_classes=dateline", "router.vcs=" + std::to_string(g_vcs),
                                    "router.buffer=4", "routing.algorithm=dor", "traffic.pattern=channels",
                                    "traffic.injection=exponential", "traffic.length=10", "traffic.source_queue=64",
                                    "traffic.channels=" + channels, "stats.per_pair=true", "stats.links=false",
                                    "sim.progress=off", "sim.warmup=" + std::to_string(warm),
                                    "sim.measure=" + std::to_string(measure), "sim.seed=" + std::to_string(seed)};
  const Scenario s = load_scenarios("", "ch4_contention", kv).runs[0];
  const nlohmann::json r = in_child([&s] { return run_one(s); });
  if (r.contains("error")) throw std::runtime_error(r.dump());
  std::vector<double> lat(kColliding, 0);
  for (const auto& p : r["per_pair"])
    for (int c = 0; c < kColliding; ++c) {
      const std::string name = std::to_string(p["src"].get<int>()) + ">" + std::to_string(p["dst"].get<int>());
      if (name == kChannels[c]) lat[static_cast<size_t>(c)] = p["mean"].get<double>();
    }
  return lat;
}

}  // namespace

// SystemC owns main(); each simulated run elaborates in a child process (in_child).
extern "C" int sc_main(int argc, char* argv[]) {
  int seeds = 3, messages = 4000;
  for (int i = 1; i < argc; i += 2) {
    if (i + 1 == argc) {
      std::fprintf(stderr, "ch4_contention: %s needs a value\n", argv[i]);
      return 2;
    }
    // A whole number in [lo, hi] or a one-line error naming the option, exit 2 (atoi took "abc" as 0).
    auto number = [&](int lo, int hi, int& out) {
      char* end = nullptr;
      errno = 0;
      const long v = std::strtol(argv[i + 1], &end, 10);
      if (errno || end == argv[i + 1] || *end || v < lo || v > hi) {
        std::fprintf(stderr, "ch4_contention: %s: '%s' is not a whole number in [%d, %d]\n", argv[i], argv[i + 1], lo, hi);
        return false;
      }
      out = static_cast<int>(v);
      return true;
    };
    bool ok = true;
    if (!std::strcmp(argv[i], "--seeds")) ok = number(1, 1000, seeds);
    else if (!std::strcmp(argv[i], "--messages")) ok = number(100, 10000000, messages);
    else if (!std::strcmp(argv[i], "--vcs")) ok = number(2, 64, g_vcs);
    else {
      std::fprintf(stderr, "ch4_contention: unknown option %s (--seeds N, --messages M, --vcs V)\n", argv[i]);
      return 2;
    }
    if (!ok) return 2;
  }
  std::printf("| interval | simulator | formula, corrected | formula, as printed | pairs MC | 4 closed MC | 4 open MC |\n"
              "|---:|---:|---:|---:|---:|---:|---:|\n");
  for (double mi : {25.0, 50.0, 100.0, 150.0, 200.0, 250.0, 500.0, 1000.0}) {
    double sim = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const std::vector<double> all = simulate(mi, -1, seed, messages);
      for (int c = 0; c < kColliding; ++c) sim += all[static_cast<size_t>(c)] - simulate(mi, c, seed, messages)[static_cast<size_t>(c)];
    }
    sim /= seeds * kColliding;
    const Contention fc = min_mutka(mi, kTd, mi, kTd, MinMutkaReading::Corrected);
    const Contention fp = min_mutka(mi, kTd, mi, kTd, MinMutkaReading::AsPrinted);
    const double pairs = 3 * two_source_contention(mi, kTd, mi, kTd, 400000, 11).c1;
    const std::vector<double> mis(kColliding, mi), tds(kColliding, kTd);
    double closed = 0, open = 0;
    for (double w : shared_link_contention(mis, tds, SourceKind::Closed, 400000, 12)) closed += w / kColliding;
    for (double w : shared_link_contention(mis, tds, SourceKind::Open, 400000, 13)) open += w / kColliding;
    open -= shared_link_contention({mi}, {kTd}, SourceKind::Open, 400000, 14)[0];
    // Open sources offering the link more than it carries have no steady state: their queues grow.
    const double rho = kColliding * kTd / mi;
    const std::string open_cell = rho >= 1 ? fmt::format("unbounded (load {:.2f})", rho) : fmt::format("{:.2f}", open);
    std::printf("| %.0f | %.2f | %.2f | %.2f (%.2f) | %.2f | %.2f | %s |\n", mi, sim, 3 * fc.c1, 3 * fp.c1, 3 * fp.c2,
                pairs, closed, open_cell.c_str());
    std::fflush(stdout);
  }
  return 0;
}
