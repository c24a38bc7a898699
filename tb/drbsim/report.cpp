// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/report.h"

#include <fmt/format.h>

#include "models/packet/header.h"
#include "models/topology/interconnect.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/version.h"

namespace drb {

using json = nlohmann::json;

json model_choices(const Scenario& s, const Interconnect& ic) {
  const HeaderLayout hl(header_layout(s, ic));
  return {
      {"node_numbering", "row-major, dimension 0 fastest (id = x0 + k0*(x1 + k1*...)); hypercube: address bits"},
      {"ports", "torus/mesh: 2d = +dim d, 2d+1 = -dim d; hypercube: d flips bit d; midimew: 0/1 = +-(b-1), 2/3 = +-b"},
      {"k2_torus_ring", "a radix-2 torus dimension keeps both links between the two routers (+ link and wrap link)"},
      {"vc_reallocation", s.net.atomic_vc ? "atomic: an output VC takes a new packet only once the downstream "
                                            "buffer is empty"
                                          : "eager: an output VC is free again once the tail has left; flits of the "
                                            "next packet may follow in the same buffer"},
      {"dateline", "a packet uses the dateline class 1 on the wrap link of a ring and after it, per dimension and "
                   "per step"},
      {"adaptive_selection", "adaptive VC on the DOR port, then adaptive VCs on the other minimal ports, then the "
                             "escape VC; within a class the free VC with most credits"},
      {"allocators", "separable input-first VC and switch allocation from round-robin arbiters; crossbar arbiter "
                     "with priority class per output; pointers move only on used grants"},
      {"al_t1", "T1 = cycle the head would have won the switch at zero load (first VC request + VA delay); "
                "T2 = cycle it wins; only heads that wait touch the field"},
      {"injection_vc", "the NI injects a packet on any free VC of its class group, most credits first; one data "
                       "packet and one ack at a time"},
      {"ejection", "the destination NI always sinks; reassembly by packet, reorder per source by sequence number"},
      {"bernoulli", "per-cycle Bernoulli sampled through geometric gaps (one draw per message)"},
      {"percentiles", "nearest rank"},
      {"latency", "from generation (source queueing included) to the tail at the destination NI; "
                  "network latency from the head leaving the NI"},
      {"accepted_load", "flits of packets whose tail reached the destination NI in the measurement window, per "
                        "node per cycle"},
      {"rng", "xoshiro256** seeded by splitmix64, one stream per traffic source and per NI"},
      {"vc_layout", "classes split the VCs evenly (remainder to the lowest classes); adaptive pools take the "
                    "remainder"},
      {"header_bits", hl.total_bits()},
  };
}

json report_json(const ScenarioSet& set, const std::vector<json>& results) {
  json j = provenance();
  j["tool"] = "drbsim";
  j["scenario"] = set.source;
  // The output paths say where the results went, not what produced them: the same run written elsewhere
  // gives the same bytes.
  json config = echo_scenario(set.runs[0]);
  for (auto it = config.begin(); it != config.end();) it = is_output_key(it.key()) ? config.erase(it) : std::next(it);
  j["config"] = config;
  for (auto& k : set.swept) j["config"][k] = "(swept)";
  j["swept"] = set.swept;
  const auto ic = make_interconnect(set.runs[0].net.topo);
  j["choices"] = model_choices(set.runs[0], *ic);
  // The network as `drbsim topology` names it ("torus 8x8", "4-ary 3-tree"), for titles; with a topology key
  // swept the runs differ and each is named by its swept values.
  bool topology_swept = false;
  for (const std::string& k : set.swept) topology_swept |= k.rfind("topology.", 0) == 0;
  if (!topology_swept) j["network"] = ic->describe();
  json runs = json::array();
  for (size_t i = 0; i < results.size(); ++i) {
    json r;
    r["swept"] = set.runs[i].swept;
    r["seed"] = set.runs[i].net.seed;
    r["result"] = results[i];
    runs.push_back(r);
  }
  j["runs"] = runs;
  return j;
}

namespace {
std::string num(const json& r, const char* a, const char* b = nullptr, int prec = 1) {
  const json* v = r.contains(a) ? &r[a] : nullptr;
  if (v && b) v = v->contains(b) ? &(*v)[b] : nullptr;
  if (!v || !v->is_number()) return "-";
  return fmt::format("{:.{}f}", v->get<double>(), prec);
}
}  // namespace

// The table's nine result columns, for the names, the units and every row.
constexpr char kColumns[] = "{:>9} {:>9} {:>8} {:>9} {:>7} {:>9} {:>9} {:>6} {:>8}";

std::string report_table(const ScenarioSet& set, const std::vector<json>& results) {
  std::string out;
  std::vector<std::string> cols;
  for (auto& k : set.swept) cols.push_back(k.substr(k.rfind('.') + 1));
  std::string head;
  for (auto& c : cols) head += fmt::format("{:>12} ", c);
  head += fmt::format(kColumns, "offered", "accepted", "rejected", "lat.mean", "lat.sd", "lat.p99", "net.mean", "hops",
                      "reorder");
  // The units under the names: loads in flits per node per cycle, the rejected share of the messages,
  // latencies in cycles (docs/results.md defines each column).
  std::string units(cols.size() * 13, ' ');
  units += fmt::format(kColumns, "flit/n/c", "flit/n/c", "share", "cycles", "cycles", "cycles", "cycles", "links",
                       "cycles");
  out += head + "\n" + units + "\n" + std::string(head.size(), '-') + "\n";
  for (size_t i = 0; i < results.size(); ++i) {
    std::string row;
    for (auto& k : set.swept) row += fmt::format("{:>12} ", set.runs[i].swept.at(k));
    const json& r = results[i];
    if (r.contains("error")) {
      row += "FAILED (" + r["kind"].get<std::string>() + "): " + r["error"].get<std::string>().substr(0, 200);
    } else {
      row += fmt::format(kColumns,
                         num(r, "offered_flits_per_node_cycle", nullptr, 4),
                         num(r, "accepted_flits_per_node_cycle", nullptr, 4), num(r, "rejection_rate", nullptr, 3),
                         num(r, "latency", "mean"), num(r, "latency", "stddev"), num(r, "latency", "p99", 0),
                         num(r, "network_latency", "mean"), num(r, "hops", "mean", 2),
                         num(r, "latency_after_reorder", "mean"));
      if (r.contains("saturated"))  // sim.saturation_stop ended its window early
        row += fmt::format("  saturated: window ended at cycle {}", r["saturated"]["window_end"].get<int64_t>());
    }
    out += row + "\n";
  }
  return out;
}

// Provenance as trailing columns of every row, not a comment line: csv readers (Python's csv module, a
// spreadsheet) see one header and plain rows, and a reader that picks columns by name is not disturbed.
std::string report_csv(const ScenarioSet& set, const std::vector<json>& results) {
  const std::string stamp = fmt::format(",{},{},{}\n", version(), kResultsSchema, commit());
  std::string out;
  for (auto& k : set.swept) out += k + ",";
  out += "offered,accepted,rejection_rate,lat_mean,lat_stddev,lat_max,lat_p50,lat_p95,lat_p99,net_mean,"
         "reorder_mean,hops_mean,max_link_util,error,version,results_schema,commit\n";
  for (size_t i = 0; i < results.size(); ++i) {
    for (auto& k : set.swept) out += set.runs[i].swept.at(k) + ",";
    const json& r = results[i];
    if (r.contains("error")) {
      out += ",,,,,,,,,,,,," + r["kind"].get<std::string>() + stamp;
      continue;
    }
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}", num(r, "offered_flits_per_node_cycle", nullptr, 6),
                       num(r, "accepted_flits_per_node_cycle", nullptr, 6), num(r, "rejection_rate", nullptr, 6),
                       num(r, "latency", "mean", 3), num(r, "latency", "stddev", 3), num(r, "latency", "max", 0),
                       num(r, "latency", "p50", 0), num(r, "latency", "p95", 0), num(r, "latency", "p99", 0),
                       num(r, "network_latency", "mean", 3), num(r, "latency_after_reorder", "mean", 3),
                       num(r, "hops", "mean", 3), num(r, "max_link_utilization", nullptr, 6), stamp);
  }
  return out;
}

std::string dump_json(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace drb
