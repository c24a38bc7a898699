// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/keys.h"
#include "tb/drbsim/key_table.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "systemc/fabric/net_ranges.h"

namespace drb {

bool Scenario::is_set(const std::string& key) const {
  return std::find(explicit_keys.begin(), explicit_keys.end(), key) != explicit_keys.end();
}

using json = nlohmann::json;

std::vector<std::string> split_items(const std::string& s, char sep) {
  std::vector<std::string> out;
  if (s.find_first_not_of(" \t") == std::string::npos) return out;
  size_t from = 0;
  for (;;) {
    const size_t at = s.find(sep, from);
    std::string cur = s.substr(from, at == std::string::npos ? std::string::npos : at - from);
    cur.erase(0, cur.find_first_not_of(" \t"));
    cur.erase(cur.find_last_not_of(" \t") + 1);
    out.push_back(cur);
    if (at == std::string::npos) break;
    from = at + 1;
  }
  return out;
}

std::vector<int> to_int_list(const std::string& key, const std::string& v, int64_t lo, int64_t hi, bool allow_empty) {
  if (!allow_empty && v.find_first_not_of(" \t") == std::string::npos)
    throw ConfigError(key, "expected at least one value, got an empty list");
  std::vector<int> out;
  for (auto& t : split_items(v, ',')) out.push_back(static_cast<int>(to_int(key, t, lo, hi)));
  return out;
}

void KeyTable::net_key(std::string name, std::string def, std::string help) {
  const NetRange& r = net_range(name);
  i32_key(name, def, help, r.lo, r.hi, [ref = r.ref](Scenario& s) -> int& { return ref(s.net); });
}

namespace {

std::string join(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

std::vector<KeyDef> build() {
  std::vector<KeyDef> k;
  KeyTable t{k};
  // --- topology -------------------------------------------------------------------------------------
  t.enum_key("topology.kind", "torus",
             "network topology (fattree: k-ary n-tree; flatfly: flattened butterfly k-ary n-cube with "
             "topology.concentration terminals per switch; ruft: k-ary n-stage reduced unidirectional fat-tree; "
             "hybrid: k-ary n-direct m-indirect, topology.subnet per dimension line; file: your own graph, "
             "topology.file; docs/topologies.md)",
             {"torus", "mesh", "hypercube", "midimew", "fattree", "flatfly", "ruft", "hybrid", "file"},
             [](Scenario& s) -> std::string& { return s.net.topo.kind; });
  t.add("topology.k", "8", "radix per dimension for torus/mesh (one value is used for every dimension); switch arity k of a fattree "
        "(2k-port switches, 2..32) or a ruft (k x k switches); switches per dimension of a flatfly; routers per "
        "dimension of a hybrid",
        [](Scenario& s, const std::string& v) { s.net.topo.k = to_int_list("topology.k", v, 1, 1 << 20); },
        [](const Scenario& s) { return json(s.net.topo.k); }, true);
  t.i32_key("topology.n", "2", "dimensions of a torus/mesh/flatfly/hybrid; dimension of a hypercube; stages of a fattree or ruft", 1, 20,
            [](Scenario& s) -> int& { return s.net.topo.n; });
  t.i32_key("topology.concentration", "1", "terminals per switch of a flatfly or per router of a hybrid", 1, 64,
            [](Scenario& s) -> int& { return s.net.topo.concentration; });
  t.enum_key("topology.subnet", "crossbar",
             "hybrid: the subnet joining each dimension line's k routers (crossbar: one k-port switch; fattree or "
             "ruft: topology.stages stages of k_i-ary switches, k = k_i^stages)",
             {"crossbar", "fattree", "ruft"}, [](Scenario& s) -> std::string& { return s.net.topo.subnet; });
  t.i32_key("topology.stages", "2", "hybrid fattree/ruft subnets: stages m (k routers per dimension = k_i^m)", 1, 20,
            [](Scenario& s) -> int& { return s.net.topo.stages; });
  t.i32_key("topology.trunk", "1",
            "tori and meshes: parallel links (trunk members) per neighbour pair and direction, each with its own VCs "
            "and credits; a head takes the first member with a free VC (link aggregation, docs/power.md)",
            1, 16, [](Scenario& s) -> int& { return s.net.topo.trunk; });
  t.str_key("topology.file", "",
            "topology.kind=file: the network file (elements with port counts, unidirectional channels, terminals, "
            "optionally a route table; docs/custom-topology.md); drbsim topology ... out.network=F writes any "
            "family as one",
            [](Scenario& s) -> std::string& { return s.net.topo.file; });
  t.i32_key("topology.ni_channels", "1",
            "direct networks: injection and ejection channels between each node and its router, each with its own "
            "VCs and credits; the NI sends one flit a cycle on each, a packet per channel at once (the power "
            "thesis' node has 4)",
            1, 16, [](Scenario& s) -> int& { return s.net.topo.ni_channels; });
  t.i32_key("topology.long_link", "0",
            "hybrid ruft subnets: cycles the long links from the last stage back to the routers take beyond "
            "router.delay.link (the hybrid thesis' timing: 8 per stage of flight in all, so 8(m-1) extra)",
            0, 1 << 20, [](Scenario& s) -> int& { return s.net.topo.long_link; });
  t.i32_key("topology.nodes", "64", "midimew size N (circulant C_N(b-1,b), b = ceil(sqrt(N/2)))", 1, 1 << 20,
            [](Scenario& s) -> int& { return s.net.topo.nodes; });
  // --- router ---------------------------------------------------------------------------------------
  t.net_key("router.vcs", "2", "virtual channels per port (split among the routing function's VC classes)");
  t.add("router.vc_split", "auto",
        "VCs per VC class, in the order of the results' vc_layout (step groups, then sub-classes, then acks), "
        "e.g. 2,2,4; auto = escape classes one VC each and the rest to the adaptive pool, or an even share",
        [](Scenario& s, const std::string& v) {
          s.net.vc_split = v == "auto" ? std::vector<int>{} : to_int_list("router.vc_split", v, 1, 64);
        },
        [](const Scenario& s) { return s.net.vc_split.empty() ? json("auto") : json(join(s.net.vc_split)); });
  t.net_key("router.buffer", "8", "flits per VC buffer");
  t.choice_key("router.switching", "wormhole", "vct", "flow control (wormhole | vct)",
               [](Scenario& s) -> bool& { return s.net.vct; });
  t.add("router.preset", "none",
        "set every router and routing key not given explicitly to a reference router's defaults: booksim = "
        "BookSim2's iq_router on its k-ary n-cube (routing.tie=random, routing.vc_classes=partition, "
        "router.delay.link=2 on a torus and 1 on a mesh as its channel layout, router.delay.credit=link+1, the "
        "other router.delay.* = 1, ni.inject_delay=2, router.vc_realloc=eager, wormhole, router.alloc.sa=islip, "
        "router.alloc.va=islip, router.arbiter=rr) | none",
        [](Scenario& s, const std::string& v) { s.preset = to_enum("router.preset", v, {"none", "booksim"}); },
        [](const Scenario& s) { return json(s.preset); });
  t.choice_key("router.alloc.sa", "separable", "islip",
               "switch allocation: separable (input-first, round-robin input then crossbar arbiter) | islip (one "
               "iteration of request-grant-accept; model blocks only)",
               [](Scenario& s) -> bool& { return s.net.sa_islip; });
  t.choice_key("router.alloc.va", "separable", "islip",
               "VC allocation: separable (a head picks one free VC, the one with most credits; round robin per "
               "output VC) | islip (a head requests every free VC of its class; one iteration of request-grant-accept)",
               [](Scenario& s) -> bool& { return s.net.va_islip; });
  t.choice_key("router.trunk_select", "first_free", "cyclic",
               "trunk member a head takes (topology.trunk > 1): first_free (the first member with a free VC) | cyclic "
               "(the first with one from the member after the last taken at that trunk)",
               [](Scenario& s) -> bool& { return s.net.trunk_cyclic; });
  t.choice_key("router.arbiter", "rr", "age",
               "arbitration in VC and switch allocation: rr (round robin) | age (oldest message first, round robin "
               "among equals; model blocks only)",
               [](Scenario& s) -> bool& { return s.net.age_arbiter; });
  t.add("router.vc_realloc", "auto",
        "when an output VC may take a new packet: eager (tail gone) | atomic (downstream buffer empty) | auto "
        "(atomic for adaptive routing, whose escape VCs need it; eager otherwise)",
        [](Scenario& s, const std::string& v) { s.vc_realloc = to_enum("router.vc_realloc", v, {"auto", "eager", "atomic"}); },
        [](const Scenario& s) { return json(s.vc_realloc); });
  t.net_key("router.delay.rc", "1", "route-compute cycles");
  t.net_key("router.delay.va", "1", "VC-allocation cycles");
  t.net_key("router.delay.sa", "1", "switch-allocation cycles");
  t.net_key("router.delay.st", "1", "switch-traversal cycles");
  t.net_key("router.delay.link", "1", "link-traversal cycles (router to router)");
  t.net_key("router.delay.credit", "1", "credit-return cycles");
  t.net_key("router.delay.dec", "1", "extra route-compute cycles when DEC pops an intermediate destination");
  // Each block as its C++ model or as the Verilated RTL (systemc/cosim); RTL only at the generated layout.
  const std::vector<std::pair<std::string, std::string>> blocks{
      {"dec", "DEC"}, {"al", "AL"}, {"gmr", "GMR"}, {"xbar", "crossbar arbiters"}, {"va", "VC allocator"},
      {"sa", "switch allocator (its crossbar arbiters included)"}};
  auto block_ref = [](Scenario& s, const std::string& b) -> bool& {
    return b == "dec"   ? s.net.rtl_dec
           : b == "al"  ? s.net.rtl_al
           : b == "gmr" ? s.net.rtl_gmr
           : b == "va"  ? s.net.rtl_va
           : b == "sa"  ? s.net.rtl_sa
                        : s.net.rtl_xbar;
  };
  for (const auto& bl : blocks) {
    const std::string b = bl.first, label = bl.second;  // copies: lambdas capture them (clang 14: no bindings)
    const std::string n = "router.blocks." + b;
    t.add(n, "model", "run the " + label + " as the C++ model or the Verilated RTL (model | rtl)",
        [=](Scenario& s, const std::string& v) { block_ref(s, b) = to_enum(n, v, {"model", "rtl"}) == "rtl"; },
        [=](const Scenario& s) { return json(block_ref(const_cast<Scenario&>(s), b) ? "rtl" : "model"); });
  }
  t.choice_key("router.impl", "model", "rtl",
               "every router as the C++ model or as the Verilated whole router, rtl/drb_router.sv (model | rtl): "
               "tori and meshes of any dimension with dimension-order or minimal adaptive routing (dor, adaptive, drb, "
               "drb2, valiant; any routing.dim_order and routing.tie), meshes also with negative_first, hypercubes (the same), midimews (dor, drb, drb2, "
               "valiant), k-ary n-trees with up/down routing (updown, drb, valiant; adaptive with any routing.selection), "
               "flattened butterflies with dimension order or escape-adaptive routing (dor, adaptive, drb, drb2, valiant), "
               "RUFTs (updown) and hybrids of any subnet (dor, adaptive, drb, valiant; routers and switches two "
               "configurations), any router.delay.* (va, dec and sa + st of 1 cycle or more), results equal the model's; a "
               "configuration the build did not verilate (rtl/CMakeLists.txt, DRB_ROUTER_CONFIGS) is verilated on "
               "first use and cached in the build folder (about a minute; docs/cosim.md)",
               [](Scenario& s) -> bool& { return s.net.rtl_router; });
  t.add("router.blocks.all", "model", "every router.blocks key not given explicitly (model | rtl)",
        [=](Scenario& s, const std::string& v) {
          const bool rtl = to_enum("router.blocks.all", v, {"model", "rtl"}) == "rtl";
          for (const auto& bl : blocks)
            if (!s.is_set("router.blocks." + bl.first)) block_ref(s, bl.first) = rtl;
        },
        [](const Scenario& s) {
          const int n = s.net.rtl_dec + s.net.rtl_al + s.net.rtl_gmr + s.net.rtl_xbar + s.net.rtl_va + s.net.rtl_sa;
          return json(n == 6 ? "rtl" : n == 0 ? "model" : "mixed");
        });
  t.net_key("al.width", "16", "AL latency field width W in bits (modular arithmetic)");
  t.net_key("al.tick", "1", "AL timer unit in cycles");
  t.bool_key("al.count_source_queue", "false", "also accumulate the wait in the source queue into the latency field",
             [](Scenario& s) -> bool& { return s.net.al_count_source_queue; });
  // --- NI -------------------------------------------------------------------------------------------
  t.net_key("ni.inject_delay", "1", "NI to router channel cycles");
  t.net_key("ni.eject_delay", "1", "router to NI channel cycles");
  t.net_key("ni.max_packet_flits", "0", "split messages into packets of at most this many flits (0 = one packet)");
  t.net_key("ni.seq_bits", "16", "sequence-number field width");
  // --- routing --------------------------------------------------------------------------------------
  t.enum_key("routing.algorithm", "dor",
             "routing: static DOR, minimal adaptive (Duato escape on direct networks, adaptive up phase on a "
             "fattree), Valiant, DRB, DRB2, PR-DRB (prdrb: DRB with captured congestion patterns and stored solutions, "
             "docs/prdrb.md), updown (fattree: deterministic load-balanced up/down; ruft: its single "
             "path; a network file: shortest up*/down* routes), negative_first (meshes: the turn model with least-loaded "
             "channels and misrouting, docs/negative-first.md), table (a network file's declared route table); unset, "
             "a fattree or ruft takes updown, a network file its table or else updown; a pair the topology does not "
             "offer is refused",
             {"dor", "adaptive", "negative_first", "valiant", "drb", "drb2", "prdrb", "updown", "table"},
             [](Scenario& s) -> std::string& { return s.net.algorithm; });
  t.bool_key("routing.misroute", "true",
             "negative_first: when every minimal channel of the phase has all its VCs taken, a head that has taken no "
             "positive channel may leave on a negative channel away from its destination",
             [](Scenario& s) -> bool& { return s.net.routing.nf_misroute; });
  t.bool_key("routing.misroute_at_source", "true",
             "negative_first: a head entering from its NI counts as arrived on a negative channel (may misroute at once)",
             [](Scenario& s) -> bool& { return s.net.routing.nf_misroute_at_source; });
  t.enum_key("routing.selection", "sadp",
             "fattree adaptive up phase: which up port a head takes (sadp: the one whose free VCs have the most "
             "credits, this model's stand-in for the thesis' SADP | first_free: the first with a free VC from the "
             "deterministic one on | lowest: the first with a free VC from up port k on, the power thesis' FirstFree, "
             "which concentrates traffic on the minimal tree | random: from a port drawn per packet and switch)",
             {"first_free", "lowest", "random", "sadp"}, [](Scenario& s) -> std::string& { return s.net.up_selection; });
  t.add("routing.dim_order", "increasing", "DOR dimension order: increasing | decreasing | a list such as 1,0",
        [](Scenario& s, const std::string& v) {
          s.net.routing.dim_order.clear();
          if (v == "increasing") return;
          if (v == "decreasing") {
            s.net.routing.dim_order = {-1};  // resolved against the topology's dimension count
            return;
          }
          s.net.routing.dim_order = to_int_list("routing.dim_order", v, 0, 63);
        },
        [](const Scenario& s) {
          if (s.net.routing.dim_order.empty()) return json("increasing");
          if (s.net.routing.dim_order == std::vector<int>{-1}) return json("decreasing");
          return json(join(s.net.routing.dim_order));
        });
  t.add("routing.tie", "positive",
        "ring tie-break when both directions are minimal (positive | negative | random: drawn per packet and "
        "dimension from the seeded stream, carried in the header's tie bits)",
        [](Scenario& s, const std::string& v) {
          const std::string t = to_enum("routing.tie", v, {"positive", "negative", "random"});
          s.net.routing.tie_positive = t != "negative";
          s.net.routing.tie_random = t == "random";
        },
        [](const Scenario& s) {
          return json(s.net.routing.tie_random ? "random" : s.net.routing.tie_positive ? "positive" : "negative");
        });
  t.add("routing.vc_classes", "auto",
        "how a ring's two VC classes are assigned: dateline (switch at the wrap link) | partition (class 1 for a "
        "whole traversal that wraps) | balanced (two datelines per ring; k-ary n-cube tori only) | auto (balanced "
        "on tori, dateline on the midimew; meshes and hypercubes have no rings)",
        [](Scenario& s, const std::string& v) {
          s.vc_classes = to_enum("routing.vc_classes", v, {"auto", "dateline", "partition", "balanced"});
        },
        [](const Scenario& s) { return json(s.vc_classes); });
  add_traffic_keys(t);
  // --- simulation -----------------------------------------------------------------------------------
  t.add("sim.seed", "1", "random seed (same seed, same results, byte for byte)",
        [](Scenario& s, const std::string& v) { s.net.seed = static_cast<uint64_t>(to_int("sim.seed", v, 0, INT64_MAX)); },
        [](const Scenario& s) { return json(s.net.seed); });
  t.int_key("sim.warmup", "10000", "warm-up cycles (not measured)", 0, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.sim.warmup; });
  t.int_key("sim.measure", "50000", "measurement cycles: messages generated here are tagged and measured", 1,
            INT64_MAX / 4, [](Scenario& s) -> int64_t& { return s.sim.measure; });
  t.int_key("sim.drain_max", "1000000", "most cycles the drain may take before the run fails", 1, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.sim.drain_max; });
  t.int_key("sim.watchdog", "10000", "stall watchdog: cycles with flits in flight and none moving", 1, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.net.watchdog; });
  t.i32_key("sim.threads", "1", "threads stepping the routing elements of one run, each an equal range of element ids "
            "(from 2,048 elements, groups of 64 ids or more, a thread taking the others' once its own are done) "
            "(at most one per element; results byte-identical for every value; not with RTL routers, PR-DRB, the "
            "packet trace or link faults). "
            "Worth it from a few hundred elements; sweeps run faster with sim.jobs", 1, 64,
            [](Scenario& s) -> int& { return s.net.threads; });
  t.bool_key("sim.huge_pages", "true", "build the fabric in memory advised for transparent huge pages (Linux; fabrics "
             "of 4 MiB or more): fewer TLB misses on big fabrics; results the same either way",
             [](Scenario& s) -> bool& { return s.net.huge_pages; });
  t.dbl_key("sim.clock_ns", "1", "clock period in ns (SystemC time base, TLM timing)", 1e-3, 1e6,
            [](Scenario& s) -> double& { return s.sim.clock_ns; });
  t.i32_key("sim.jobs", "2", "runs of a sweep simulated in parallel (one process each)", 1, 256,
            [](Scenario& s) -> int& { return s.sim.jobs; });
  t.int_key("sim.max_runs", "1000", "most runs a sweep may expand to; a larger sweep is refused unless this is raised "
            "to confirm it (at most 100000: split larger sweeps)", 1, 100000,
            [](Scenario& s) -> int64_t& { return s.sim.max_runs; });
  t.int_key("sim.max_cycles", "100000000", "most warm-up + measure cycles of one run; a longer window is refused "
            "unless this is raised to confirm it", 1, INT64_MAX / 4, [](Scenario& s) -> int64_t& { return s.sim.max_cycles; });
  t.int_key("sim.saturation_stop", "0", "end the measurement window once the source queues hold this many messages "
            "per node on average (checked every 2000 cycles; 0: never): past saturation the queues only grow, and the "
            "run's drain would empty them. The run is marked saturated in the table, the JSON and the plot; its "
            "figures cover the shorter window", 0, 1 << 30, [](Scenario& s) -> int64_t& { return s.sim.saturation_stop; });
  t.bool_key("sim.strict", "false", "a run that measured no packet (its traffic ended before the window, or offered "
             "nothing in it) fails the command with exit 3 once the results are written; otherwise a warning on stderr "
             "and measured_nothing in its JSON",
             [](Scenario& s) -> bool& { return s.sim.strict; });
  t.int_key("sim.max_seconds", "60", "most seconds drbsim topology and metapaths may take by their estimate (graph "
            "searches over the network); a longer command is refused unless this is raised to confirm it", 1, 100000000,
            [](Scenario& s) -> int64_t& { return s.sim.max_seconds; });
  t.add("sim.mem_limit", "auto", "memory the runs simulated at once may need, estimated before elaboration (auto: the "
        "lower of the machine's RAM and its cgroup limit; or a size such as 512M, 8G)",
        [](Scenario& s, const std::string& v) { s.sim.mem_limit = v == "auto" ? 0 : to_bytes("sim.mem_limit", v); },
        [](const Scenario& s) { return s.sim.mem_limit ? json(s.sim.mem_limit) : json("auto"); });
  t.enum_key("sim.progress", "auto", "progress on stderr: each run's cycles, and in a sweep the runs done with the time left "
             "(auto: once a run or the sweep has taken 3 s)",
             {"auto", "on", "off"}, [](Scenario& s) -> std::string& { return s.sim.progress; });
  // --- statistics and output ------------------------------------------------------------------------
  t.bool_key("stats.per_pair", "false", "per source-destination pair statistics in the JSON",
             [](Scenario& s) -> bool& { return s.stats.per_pair; });
  t.bool_key("stats.links", "true", "per-link utilization and mean waiting time in the JSON",
             [](Scenario& s) -> bool& { return s.stats.links; });
  t.i32_key("stats.histogram_bin", "10", "latency histogram bin width in cycles", 1, 1 << 20,
            [](Scenario& s) -> int& { return s.stats.hist_bin; });
  t.int_key("stats.time_bin", "0", "latency time series bin in cycles from cycle 0 (0 = off)", 0, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.stats.time_bin; });
  t.bool_key("stats.energy", "false",
             "per-event energy over the measured window in the JSON: buffers, allocators, crossbars, links, leakage; "
             "per flit, per packet, per router, and power over time with stats.time_bin (docs/energy.md)",
             [](Scenario& s) -> bool& { return s.stats.energy; });
  t.str_key("energy.table", "",
            "stats.energy: your energy table (lines 'name value': buffer_write, buffer_read, sw_alloc, crossbar pJ per "
            "flit; route, vc_alloc pJ per head; link pJ per flit per mm; leak_router mW, leak_link mW per mm); names "
            "not given keep the default, derived from the OSU 0.18 um cells (docs/energy.md)",
            [](Scenario& s) -> std::string& { return s.stats.energy_table; });
  t.dbl_key("energy.link_mm", "1", "stats.energy: mm of wire of a link of router.delay.link cycles (a link with extra "
            "cycles of flight is longer in proportion)", 0, 1e4, [](Scenario& s) -> double& { return s.stats.link_mm; });
  t.i32_key("energy.flit_bits", "0", "stats.energy: bits of a flit (0: the head flit's width, drbsim header)", 0, 4096,
            [](Scenario& s) -> int& { return s.stats.flit_bits; });
  t.str_key("out.json", "", "write results as JSON to this file", [](Scenario& s) -> std::string& { return s.out.json; });
  t.str_key("out.dot", "", "drbsim topology: write the network graph to this file in Graphviz's DOT language (elements, "
            "channels with their ports, terminals; docs/topologies.md)", [](Scenario& s) -> std::string& { return s.out.dot; });
  t.str_key("out.network", "", "drbsim topology: write the network as a network file for topology.kind=file (its graph, "
            "and the family's deterministic routes as a route table where a table can state them; "
            "docs/custom-topology.md)", [](Scenario& s) -> std::string& { return s.out.network; });
  t.str_key("out.topology_plot", "", "drbsim topology: draw the network graph into this file (.png, .svg or .pdf; needs "
            "Graphviz, at most 1024 elements)", [](Scenario& s) -> std::string& { return s.out.topology_plot; });
  t.str_key("out.csv", "", "write one CSV row per run to this file", [](Scenario& s) -> std::string& { return s.out.csv; });
  t.str_key("out.runs", "", "keep each run's result in this folder the moment it finishes, named after what determines "
            "it; the same command run again (after a kill, or with loads or seeds added) takes the runs already there "
            "instead of simulating them", [](Scenario& s) -> std::string& { return s.out.runs; });
  t.str_key("out.trace", "", "write every generated message to this file as a trace (replayable with traffic.pattern=trace)",
            [](Scenario& s) -> std::string& { return s.out.messages; });
  t.str_key("out.plot", "", "write a plot (PNG or SVG) to this file: latency against accepted load, accepted against "
            "offered load, saturated points marked",
            [](Scenario& s) -> std::string& { return s.out.plot; });
  t.str_key("trace.vcd", "",
            "write a VCD waveform to this file: per input VC state, occupancy and packet, per output VC credits, "
            "flits sent per port, per receiving port the flit its channel hands it (valid, head, tail, VC, "
            "packet), NI queues; under router.impl=rtl the routers' values are the RTL's (docs/cosim.md)",
            [](Scenario& s) -> std::string& { return s.out.trace; });
  t.str_key("trace.packets", "",
            "write the per-packet event trace to this file: per data packet its injection, every hop with the "
            "cycles of its VC request, VC grant, switch grant and output channel, and its ejection (docs/cosim.md)",
            [](Scenario& s) -> std::string& { return s.out.packets; });
  t.int_key("trace.start", "0", "first cycle trace.vcd and trace.packets record", 0, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.out.trace_start; });
  t.int_key("trace.end", "0", "first cycle trace.vcd and trace.packets no longer record (0: the run's end)", 0,
            INT64_MAX / 4, [](Scenario& s) -> int64_t& { return s.out.trace_end; });
  t.add("trace.elements", "all",
        "elements (router or switch ids, as router_N/switch_N in the waveform) trace.vcd records, with the NIs "
        "attached to them: all, or a list such as 0,5",
        [](Scenario& s, const std::string& v) {
          s.out.trace_elements = v == "all" ? std::vector<int>{} : to_int_list("trace.elements", v, 0, 1 << 24);
        },
        [](const Scenario& s) { return s.out.trace_elements.empty() ? json("all") : json(s.out.trace_elements); }, true);
  t.add("trace.watch", "all", "packet ids trace.packets follows: all, or a list such as 12,40",
        [](Scenario& s, const std::string& v) {
          s.out.watch = v == "all" ? std::vector<int>{} : to_int_list("trace.watch", v, 0, INT32_MAX);
        },
        [](const Scenario& s) { return s.out.watch.empty() ? json("all") : json(s.out.watch); }, true);
  return k;
}

}  // namespace

const std::vector<KeyDef>& scenario_keys() {
  static const std::vector<KeyDef> k = [] {
    auto v = build();
    add_drb_keys(v);
    add_prdrb_keys(v);
    add_power_keys(v);
    add_fault_keys(v);
    add_tlm_keys(v);
    return v;
  }();
  return k;
}

const KeyDef* find_key(const std::string& name) {
  for (auto& k : scenario_keys())
    if (k.name == name) return &k;
  return nullptr;
}

std::string suggest_key(const std::string& name) {
  // Smallest edit distance among known keys, if it is close enough to be a typo.
  size_t best = SIZE_MAX;
  std::string out;
  for (auto& k : scenario_keys()) {
    const std::string& a = name;
    const std::string& b = k.name;
    // The distance is at least the length difference: only keys of about the same length can be close.
    if (a.size() > b.size() + 3 || b.size() > a.size() + 3) continue;
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      cur[0] = i;
      for (size_t j = 1; j <= b.size(); ++j)
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
      prev.swap(cur);
    }
    if (prev[b.size()] < best) {
      best = prev[b.size()];
      out = b;
    }
  }
  return best <= 3 ? out : "";
}

Scenario default_scenario() {
  Scenario s;
  for (auto& k : scenario_keys()) k.set(s, k.def);
  return s;
}

nlohmann::json echo_scenario(const Scenario& s) {
  json j = json::object();
  for (auto& k : scenario_keys()) j[k.name] = k.get(s);
  return j;
}

std::string keys_help() {
  std::ostringstream o;
  std::string group;
  for (auto& k : scenario_keys()) {
    const std::string g = k.name.substr(0, k.name.find('.'));
    if (g != group) {
      o << "\n";
      group = g;
    }
    std::string d = k.def.empty() ? "\"\"" : k.def;
    o << "  " << k.name << std::string(k.name.size() < 26 ? 26 - k.name.size() : 1, ' ') << "[" << d << "]  " << k.help
      << "\n";
  }
  return o.str();
}

std::string keys_markdown() {
  std::ostringstream o;
  o << "| key | default | meaning |\n|---|---|---|\n";
  for (auto& k : scenario_keys()) {
    std::string h = k.help;
    for (size_t p = h.find('|'); p != std::string::npos; p = h.find('|', p + 2)) h.replace(p, 1, "\\|");
    o << "| `" << k.name << "` | `" << (k.def.empty() ? "\"\"" : k.def) << "` | " << h << " |\n";
  }
  return o.str();
}

}  // namespace drb
