// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/loader.h"

#include <algorithm>
#include <map>

#include "models/drb/drb_world.h"
#include "models/drb/graph_metapaths.h"
#include "models/drb/supernode.h"
#include "tb/drbsim/guards.h"
#include "tb/io/inputs.h"
#include "tb/drbsim/scopes.h"
#include "tb/drbsim/yaml_reader.h"
#include "tb/traffic/trace.h"
#include "models/power/energy.h"
#include "models/routing/cdg.h"
#include "models/routing/registry.h"
#include "models/routing/source_needs.h"
#include "models/routing/routing.h"
#include "models/topology/topology.h"
#include "systemc/cosim/rtl_config.h"
#include "systemc/cosim/rtl_router.h"
#include "systemc/fabric/net_resolve.h"
#include "systemc/fabric/setup.h"

namespace drb {

void check_known(const std::string& key) {
  if (find_key(key)) return;
  const std::string hint = suggest_key(key);
  throw ConfigError(key, "unknown key" + (hint.empty() ? std::string() : " (did you mean " + hint + "?)"));
}

ScenarioSet load_scenarios(const std::string& yaml_text, const std::string& origin,
                           const std::vector<std::string>& overrides) {
  ScenarioKeys keys = read_scenario_keys(yaml_text, origin);
  auto& kv = keys.values;
  auto& sweeps = keys.sweeps;
  for (const std::string& o : overrides) {
    const auto eq = o.find('=');
    // A NUL byte (from a file of arguments, or a library caller) would cut the value where C strings end.
    if (o.find('\0') != std::string::npos)
      throw ConfigError(printable(o.substr(0, eq)),
                        eq < o.find('\0') ? "the value holds a NUL byte" : "the key holds a NUL byte");
    if (eq == std::string::npos || eq == 0) throw ConfigError(o, "expected key=value");
    const std::string key = o.substr(0, eq), val = o.substr(eq + 1);
    if (key.rfind("sweep.", 0) == 0) {
      const std::string sk = key.substr(6);
      if (sk.empty()) throw ConfigError("sweep.", "names no key (expected sweep.KEY=v1,v2,...)");
      sweeps[sk] = split_sweep(sk, val);
      kv.erase(sk);
    } else {
      kv[key] = val;  // the command line overrides the file; the last of repeated arguments wins
      sweeps.erase(key);  // a plain override of a swept key replaces the sweep
    }
  }
  for (auto& [k, v] : kv) check_known(k);
  for (auto& [k, v] : sweeps) check_known(k);

  Scenario base = default_scenario();
  for (auto& [k, v] : kv) {
    find_key(k)->set(base, v);
    base.explicit_keys.push_back(k);
  }
  ScenarioSet set;
  set.source = origin;
  InterconnectCache interconnects;  // a sweep's points share their networks
  std::vector<std::pair<std::string, std::vector<std::string>>> sw(sweeps.begin(), sweeps.end());
  for (auto& s : sw) set.swept.push_back(s.first);
  check_run_count(base, sw);  // before any run is built: a cross-product can be astronomically large
  // Cartesian product, the last swept key varying fastest.
  std::vector<size_t> idx(sw.size(), 0);
  for (;;) {
    Scenario s = base;
    for (size_t i = 0; i < sw.size(); ++i) {
      const std::string& v = sw[i].second[idx[i]];
      find_key(sw[i].first)->set(s, v);
      s.swept[sw[i].first] = v;
      s.explicit_keys.push_back(sw[i].first);
    }
    validate(s, interconnects);
    set.runs.push_back(std::move(s));
    size_t i = sw.size();
    while (i > 0 && ++idx[i - 1] == sw[i - 1].second.size()) idx[--i] = 0;
    if (i == 0) break;
  }
  check_set(set);
  check_inert(set);
  return set;
}

namespace {
bool pow2(int n) { return n > 0 && (n & (n - 1)) == 0; }
int log2i(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}
void check_pattern(const Scenario& s, const std::string& key, const std::string& pat, const Interconnect& t) {
  const int N = t.terminals();
  const bool kary = t.kind() == "torus" || t.kind() == "mesh";
  if ((pat == "bitrev" || pat == "butterfly" || pat == "shuffle" || pat == "transpose") && !pow2(N))
    throw ConfigError(key, pat + " needs a power-of-two node count, the network has " + std::to_string(N));
  if (pat == "transpose" && log2i(N) % 2)
    throw ConfigError(key, "transpose needs an even number of address bits, the network has " + std::to_string(log2i(N)));
  if ((pat == "tornado" || pat == "neighbour") && !kary)
    throw ConfigError(key, pat + " is defined on torus and mesh topologies only");
  if (pat == "hotspot_nodes") {
    if (s.traffic.hotspot_nodes.empty()) throw ConfigError("traffic.hotspot.nodes", "hotspot_nodes needs at least one node");
    for (int n : s.traffic.hotspot_nodes)
      if (n >= N) throw ConfigError("traffic.hotspot.nodes", "node " + std::to_string(n) + " does not exist (the network has " + std::to_string(N) + ")");
  }
  if (pat == "channels") {
    if (s.traffic.channels.empty()) throw ConfigError("traffic.channels", "the channels pattern needs at least one channel");
    for (auto& c : s.traffic.channels) {
      if (c.src >= N || c.dst >= N)
        throw ConfigError("traffic.channels", "channel " + std::to_string(c.src) + ">" + std::to_string(c.dst) +
                                                  " names a node that does not exist (the network has " + std::to_string(N) + ")");
      if (c.src == c.dst) throw ConfigError("traffic.channels", "channel " + std::to_string(c.src) + ">" + std::to_string(c.dst) + " sends to itself");
      if (c.interval <= 0 && s.traffic.interval <= 0)
        throw ConfigError("traffic.channels", "channel " + std::to_string(c.src) + ">" + std::to_string(c.dst) +
                                                  " has no @interval and traffic.interval is not set");
    }
  }
}

// traffic.pattern=trace: the whole file is read and checked before anything runs (streaming: a trace larger
// than memory is fine); without sim.measure the window ends with the trace. Returns its longest message.
int check_trace(Scenario& s, int nodes) {
  if (s.traffic.trace.empty()) throw ConfigError("traffic.trace", "the trace pattern needs a trace file");
  for (const char* k : {"traffic.rate", "traffic.interval", "traffic.schedule", "traffic.change_pattern",
                        "traffic.background", "traffic.injection", "traffic.length", "traffic.length_weights",
                        "traffic.channels"})
    if (s.is_set(k)) throw ConfigError(k, "does not apply to traffic.pattern=trace (the trace gives every message)");
  const bool window = s.is_set("sim.measure");
  const TraceSummary t =
      scan_trace_file(s.traffic.trace, nodes, window ? s.sim.warmup + s.sim.measure : INT64_MAX);
  s.traffic.trace_checked = t;
  if (!window) {
    // The window then ends with the trace: one too long for sim.max_cycles is the trace's doing, not that of a
    // window key never set.
    if (t.last_cycle + 1 > s.sim.max_cycles)
      throw ConfigError("traffic.trace", "its last message is at cycle " + std::to_string(t.last_cycle) +
                                             ": the measurement window, which ends with the trace when sim.measure is "
                                             "not set, would last " + std::to_string(t.last_cycle + 1) +
                                             " cycles, more than sim.max_cycles = " + std::to_string(s.sim.max_cycles) +
                                             "; set sim.measure to replay its start, or raise sim.max_cycles "
                                             "to confirm");
    s.sim.measure = std::max<int64_t>(1, t.last_cycle + 1 - s.sim.warmup);
  }
  return t.max_length;
}

}  // namespace

ConfigError keyed_error(const std::invalid_argument& e) {
  const std::string m = e.what();
  const auto c = m.find(": ");
  return ConfigError(m.substr(0, c), m.substr(c + 2));
}

SourceParams source_params(const Scenario& s) { return SourceParams{s.drb, s.prdrb, s.traffic.mean_length()}; }

namespace {
// The RTL blocks exist for direct networks only. (Keys other families do not read are declared in
// tb/drbsim/scopes.cpp.)
// A network file's routes are the user's: before any run, the channel dependency graph of the relation
// that routes each step (its table, or up*/down*, which is acyclic by construction and checked all the
// same) over every route from where a terminal injects (multistep: or ejects, where a step starts) to every
// terminal. A cycle is refused with its channels.
void check_file_deadlock(const Interconnect& ic, const RoutingRelation& rel, bool multistep) {
  const VcLayout layout(rel.subclasses().count, 1, rel.subclasses(), SubClassSpec{0, -1, {}});
  ChannelDependencyGraph g(ic, rel, layout);
  std::vector<char> start(ic.elements(), 0);
  for (int t = 0; t < ic.terminals(); ++t) {
    start[ic.graph().terminals()[t].inject.element] = 1;
    if (multistep) start[ic.eject_element(t)] = 1;
  }
  for (int t = 0; t < ic.terminals(); ++t)
    for (int e = 0; e < ic.elements(); ++e)
      if (start[e] && e != ic.eject_element(t))
        g.add_routes(e, make_data_header(0, static_cast<uint32_t>(t), std::vector<uint32_t>{}, 0, 1));
  std::vector<int> cycle;
  if (g.acyclic(&cycle)) return;
  std::string text;
  for (size_t i = 0; i < cycle.size() && i < 8; ++i) text += (i ? " -> " : "") + g.channel_name(cycle[i]);
  if (cycle.size() > 8) text += " -> ...";
  throw ConfigError("topology.file", "the " + rel.name() + " routes can deadlock: their channel dependencies close a cycle (" +
                                         text + "); declare dateline classes or route around it (docs/custom-topology.md)");
}

void check_indirect(const Scenario& s, const Interconnect& ic) {
  const std::pair<const char*, bool> rtl[] = {
      {"dec", s.net.rtl_dec}, {"al", s.net.rtl_al}, {"gmr", s.net.rtl_gmr}, {"xbar", s.net.rtl_xbar},
      {"va", s.net.rtl_va}, {"sa", s.net.rtl_sa}};
  for (const auto& [block, on_rtl] : rtl) {
    if (!on_rtl) continue;
    const std::string key = std::string("router.blocks.") + block;
    throw ConfigError(s.is_set(key) ? key : "router.blocks.all",
                      "the RTL blocks are generated for direct networks (one terminal per router, 3 or 5 ports); a " +
                          ic.kind() + " runs the C++ models only");
  }
}
}  // namespace

// router.preset=booksim: BookSim2's defaults (dim_order_torus, iq_router), each unless given explicitly.
// Channels: BookSim2 sets its k-ary n-cube channels' latency from the layout (use_noc_latency, on by
// default): 2 cycles on a torus (its folded rings), 1 on a mesh; its own packet traces show a torus hop of
// 6 cycles (route, VC and switch allocation, traversal, 2 in the channel) and zero-load latency 6H + 7,
// 5H + 7 on a mesh. Its credit channels have the same latency, and a credit is sent in the cycle that frees
// the slot and usable one cycle after it arrives: our credit delay = channel latency + 1. Its source sends a
// new packet's head on the 1-cycle injection channel and the router receives it two cycles after creation
// (docs/router-saturation.md). Its traffic patterns send to the source itself too (uniform over all N
// nodes; a permutation's fixed points, 8 of 64 under transpose on an 8x8 torus, at the full rate), except
// under DRB's metapaths, which have no path from a node to itself.
// Per-traversal (partition) ring classes where there are rings; a mesh keeps auto (it has none).
static std::vector<std::pair<std::string, std::string>> booksim_preset(const std::string& kind, bool metapaths) {
  const int link = kind == "torus" ? 2 : 1;
  std::vector<std::pair<std::string, std::string>> keys{
      {"routing.tie", "random"},        {"routing.vc_classes", kind == "torus" ? "partition" : "auto"},
      {"router.delay.rc", "1"},         {"router.delay.va", "1"},
      {"router.delay.sa", "1"},         {"router.delay.st", "1"},
      {"router.delay.link", std::to_string(link)}, {"router.delay.credit", std::to_string(link + 1)},
      {"router.vc_realloc", "eager"},   {"router.switching", "wormhole"},
      {"router.alloc.sa", "islip"},     {"router.alloc.va", "islip"},
      {"router.arbiter", "rr"},         {"ni.inject_delay", "2"}};
  if (!metapaths) keys.emplace_back("traffic.self", "true");  // a metapath has no path to its own source
  return keys;
}

// sim.threads > 1: what would be shared between the threads stepping the elements is refused, not serialized.
static void check_threads(const Scenario& s, bool flow_capture) {
  const NetParams& n = s.net;
  const char* why = n.rtl_router || n.any_rtl() ? "the Verilated routers and blocks step in one thread"
                    : flow_capture              ? "PR-DRB's monitor watches every router's heads from one thread"
                    : !s.out.packets.empty()    ? "the packet trace (trace.packets) watches every router's heads from one thread"
                    : n.faults.on()             ? "link faults route through one shared memo of live paths"
                                                : nullptr;
  if (why) throw ConfigError("sim.threads", std::string("more than one thread is not supported here: ") + why +
                                                " (run with sim.threads=1)");
}

// router.impl=rtl: the Verilated drb_router of this build whose parameters are the run's, checked on the
// elements' configuration as the fabric will build it (every derivation above done).
static void check_rtl_router(const Scenario& s) {
  const NetParams& n = s.net;
  if (n.power.on) throw ConfigError("power.mechanism", "link power saving acts on the C++ router's outputs; router.impl=rtl has none yet");
  if (n.faults.on()) throw ConfigError("faults.links", "link faults act on the C++ router's outputs; router.impl=rtl has none yet");
  if (!s.out.packets.empty())
    throw ConfigError("trace.packets", "the packet trace reads the C++ router's stage cycles; router.impl=rtl offers no head tap yet");
  if (n.any_rtl()) {
    const std::pair<const char*, bool> blocks[] = {{"dec", n.rtl_dec}, {"al", n.rtl_al}, {"gmr", n.rtl_gmr},
                                                   {"xbar", n.rtl_xbar}, {"va", n.rtl_va}, {"sa", n.rtl_sa}};
    std::string key = "router.blocks.all";
    for (const auto& [b, on] : blocks)
      if (on && s.is_set(std::string("router.blocks.") + b)) key = std::string("router.blocks.") + b;
    throw ConfigError(key, "router.impl=rtl replaces the whole router; the block keys select blocks of the C++ router "
                           "(leave them at model)");
  }
  const ElementSetup es(n);
  const std::string why = cosim::rtl_router_unsupported(n, es.router);
  if (why.empty()) return;
  const size_t colon = why.find(": ");
  throw ConfigError(colon == std::string::npos ? "router.impl" : why.substr(0, colon),
                    colon == std::string::npos ? why : why.substr(colon + 2));
}

void validate(Scenario& s) {
  InterconnectCache interconnects;
  validate(s, interconnects);
}

void validate(Scenario& s, InterconnectCache& interconnects) {
  if (s.preset == "booksim")
    for (const auto& [k, v] : booksim_preset(s.net.topo.kind, source_needs(s.net.algorithm).metapaths()))
      if (!s.is_set(k)) find_key(k)->set(s, v);
  NetParams& n = s.net;
  TopologyParams& tp = n.topo;
  if (tp.kind == "torus" || tp.kind == "mesh") {
    if (tp.k.size() == 1) tp.k.assign(tp.n, tp.k[0]);
    if (static_cast<int>(tp.k.size()) != tp.n)
      throw ConfigError("topology.k", "gives " + std::to_string(tp.k.size()) + " radices but topology.n is " + std::to_string(tp.n));
    for (int k : tp.k)
      if (k < 2) throw ConfigError("topology.k", "radix must be at least 2, got " + std::to_string(k));
  }
  if (tp.kind == "file") {
    if (tp.file.empty()) throw ConfigError("topology.file", "topology.kind=file needs the network file (docs/custom-topology.md)");
    tp.graph_text = interconnects.file_text("topology.file", tp.file);
  }
  // The size by the family's formulas before anything is built: a graph of millions of elements would take
  // its memory before a check on the built network could refuse it.
  const NetworkSize size = network_size(tp);
  if (size.terminals > 65535 || size.elements > 65535) {
    char count[32];
    std::snprintf(count, sizeof count, std::max(size.terminals, size.elements) < 1e15 ? "%.0f" : "%.3g",
                  std::max(size.terminals, size.elements));
    throw ConfigError(tp.kind == "midimew"     ? "topology.nodes"
                      : tp.kind == "hypercube" ? "topology.n"
                                               : blame(s, {"topology.k", "topology.n", "topology.concentration"}),
                      std::string("the network has ") + count +
                          " nodes or elements, at most 65535 are supported (router ids are 16-bit in traces)");
  }
  const Interconnect* ic = nullptr;
  try {
    ic = &interconnects.get(tp);
  } catch (const std::invalid_argument& e) {
    throw keyed_error(e);
  }
  const Topology* topo = ic->direct();
  if (!topo) check_indirect(s, *ic);
  check_power(s, *ic);
  check_closed_loop(s);
  if (s.out.trace_end > 0 && s.out.trace_end <= s.out.trace_start)
    throw ConfigError("trace.end", "must exceed trace.start (" + std::to_string(s.out.trace_start) +
                                       "): the window [trace.start, trace.end) would be empty");
  for (int e : s.out.trace_elements)
    if (e >= ic->elements())
      throw ConfigError("trace.elements", "element " + std::to_string(e) + " does not exist: the " + ic->kind() +
                                              " has elements 0.." + std::to_string(ic->elements() - 1));
  check_faults(s, *ic);
  try {  // the hosts' address map, read once and checked against the nodes (a virtual platform's)
    if (!s.tlm_map.empty())
      s.tlm.map = parse_tlm_map(read_input("tlm.map", s.tlm_map, size_t{4} << 20, "map of addresses"));
    static_cast<void>(AddressMap(s.tlm, ic->terminals()));
  } catch (const std::invalid_argument& e) {
    throw keyed_error(e);
  }
  if (s.stats.energy) {
    s.stats.head_bits = HeaderLayout(header_layout(s, *ic)).total_bits();
    s.stats.clock_ns = s.sim.clock_ns;
  }
  if (s.stats.energy && !s.stats.energy_table.empty()) {  // read and checked once, before the run
    s.stats.energy_text = std::make_shared<const std::string>(
        read_input("energy.table", s.stats.energy_table, size_t{1} << 20, "table of energies"));
    try {
      parse_energy_table(*s.stats.energy_text, EnergyTable{});
    } catch (const std::invalid_argument& e) {
      throw keyed_error(e);
    }
  }
  if (n.trunk_cyclic && n.topo.trunk == 1)
    throw ConfigError("router.trunk_select", "selects among trunk members: set topology.trunk > 1");
  if (topo && n.topo.trunk > 1 && n.any_rtl())
    throw ConfigError("topology.trunk", "the RTL blocks are generated for routers of 3 or 5 ports, one link a direction");
  if (topo && n.topo.ni_channels > 1 && n.any_rtl())
    throw ConfigError("topology.ni_channels", "the RTL blocks are generated for routers of 3 or 5 ports, one node channel");
  if (n.routing.dim_order == std::vector<int>{-1}) {
    n.routing.dim_order.clear();
    for (int d = topo ? topo->dims() - 1 : -1; d >= 0; --d) n.routing.dim_order.push_back(d);  // no dimensions elsewhere
  }
  // Ring VC classes: auto is the best scheme of docs/router-saturation.md where the topology allows it.
  if (s.vc_classes == "auto")
    n.routing.ring_classes = ic->kind() == "torus" ? RingClasses::Balanced : RingClasses::Dateline;
  else
    n.routing.ring_classes = s.vc_classes == "dateline"    ? RingClasses::Dateline
                             : s.vc_classes == "partition" ? RingClasses::Partition
                                                           : RingClasses::Balanced;
  if (n.vcs < 1) throw ConfigError("router.vcs", "at least one virtual channel is needed");
  if (n.depth < 1) throw ConfigError("router.buffer", "buffers need at least one flit");
  const TrafficParams& tr = s.traffic;
  if (!tr.weights.empty() && tr.weights.size() != tr.lengths.size())
    throw ConfigError("traffic.length_weights", "gives " + std::to_string(tr.weights.size()) + " weights for " + std::to_string(tr.lengths.size()) + " lengths");
  if (!tr.weights.empty()) {
    double w = 0;
    for (double x : tr.weights) w += x;
    if (w <= 0) throw ConfigError("traffic.length_weights", "weights must not all be zero");
  }
  int max_len = *std::max_element(tr.lengths.begin(), tr.lengths.end());
  if (tr.pattern == "trace") max_len = check_trace(s, ic->terminals());
  else if (s.is_set("traffic.trace")) throw ConfigError("traffic.trace", "configures traffic.pattern=trace");
  const int max_pkt = longest_packet(n, max_len);
  if (n.max_packet_flits == 1 && max_len > 1)
    throw ConfigError("ni.max_packet_flits", "packets of 1 flit cannot carry a multi-flit message (each packet needs its head)");
  if (n.vct && n.depth < max_pkt)
    throw ConfigError("router.buffer", "virtual cut-through needs buffers of at least the longest packet (" + std::to_string(max_pkt) + " flits), got " + std::to_string(n.depth));
  if (s.is_set("traffic.rate") && s.is_set("traffic.interval") && tr.interval > 0)
    throw ConfigError("traffic.interval", "set either traffic.rate or traffic.interval, not both");
  if (tr.injection == "onoff") {
    const double peak = tr.onoff.peak;
    auto check = [&](double flits_per_cycle, const std::string& key) {
      if (flits_per_cycle >= peak)
        throw ConfigError(key, "an ON/OFF source's mean load " + std::to_string(flits_per_cycle) +
                                   " flits per cycle must be below its peak, traffic.onoff.peak = " + std::to_string(peak));
    };
    if (tr.pattern == "channels") {
      for (const auto& c : tr.channels) check(tr.mean_length() / (c.interval > 0 ? c.interval : tr.interval), "traffic.channels");
    } else {
      check(tr.message_rate() * tr.mean_length() * tr.schedule_max(),
            !tr.schedule.empty() ? "traffic.schedule" : s.is_set("traffic.interval") ? "traffic.interval" : "traffic.rate");
    }
    if (tr.background != "none") check(tr.background_rate, "traffic.background_rate");
  }
  if (!tr.schedule.empty() && tr.injection == "bernoulli" && tr.message_rate() * tr.schedule_max() > 1)
    throw ConfigError("traffic.schedule", "its highest factor times the rate exceeds one message per node per cycle, "
                                          "the most Bernoulli injection allows");
  if (!tr.schedule.empty() && tr.pattern == "channels" && tr.injection == "bernoulli")
    for (const ChannelSpec& c : tr.channels)
      if ((c.interval > 0 ? c.interval : tr.interval) < tr.schedule_max())
        throw ConfigError("traffic.schedule", "its highest factor over channel " + std::to_string(c.src) + ">" +
                                                  std::to_string(c.dst) + "'s interval exceeds one message per cycle, "
                                                  "the most Bernoulli injection allows");
  if (tr.injection == "bernoulli" && tr.message_rate() > 1)
    throw ConfigError(s.is_set("traffic.interval") ? "traffic.interval" : "traffic.rate",
                      "Bernoulli injection allows at most one message per node per cycle (rate / mean length <= 1)");
  check_pattern(s, "traffic.pattern", tr.pattern, *ic);
  if (tr.change_pattern != "none") {
    if (tr.change_at <= 0) throw ConfigError("traffic.change_at", "a pattern change needs a change cycle > 0");
    check_pattern(s, "traffic.change_pattern", tr.change_pattern, *ic);
  }
  if (tr.background != "none" && tr.pattern != "channels" && tr.change_pattern != "channels")
    throw ConfigError("traffic.background", "background traffic goes under the channels pattern only");
  // Routing-derived parameters: the relation says what it needs (VC classes, atomic reallocation).
  // The key's default is the family's deterministic routing (dor; updown on a fat-tree); an algorithm given
  // explicitly is never replaced: a pair the family does not offer is refused below.
  if (!topo && !s.is_set("routing.algorithm")) n.algorithm = static_algorithm(*ic);
  const std::string& alg = n.algorithm;
  // The relations are built to check the pair and read their needs, never routed on: no tables.
  CheckedRelations rel;
  try {
    rel = checked_relations(n, *ic);
  } catch (const std::invalid_argument& e) {
    throw keyed_error(e);
  }
  if (ic->file()) {
    const bool multistep = source_needs(n.algorithm).multistep();
    const std::string what = rel.data->name() + (multistep ? " steps" : "");
    if (!interconnects.deadlock_checked(tp.graph_text, what)) {
      check_file_deadlock(*ic, *rel.data, multistep);
      interconnects.set_deadlock_checked(tp.graph_text, what);
    }
  }
  const RelationNeeds needs = rel.data->needs();
  if (needs.input_port && n.any_rtl())
    throw ConfigError("routing.algorithm", alg + " routes on the port a head arrived on, which the RTL blocks' route "
                                           "compute (DOR's, header only) does not read");
  check_power_routing(s, *ic, needs);
  // What the relation and the algorithm's sources declare (systemc/fabric/net_resolve.h).
  const VcRealloc realloc = s.vc_realloc == "atomic" ? VcRealloc::Atomic : s.vc_realloc == "eager" ? VcRealloc::Eager : VcRealloc::Auto;
  SourceNeeds sn;
  try {
    sn = resolve_sources(n, realloc, s.drb, *ic, rel);
  } catch (const std::invalid_argument& e) {
    throw keyed_error(e);
  }
  const uint64_t span = uint64_t{1} << n.al_width;
  if (static_cast<uint64_t>(n.watchdog / n.al_tick) >= span)
    throw ConfigError(blame(s, {"sim.watchdog", "al.width", "al.tick"}),
                      "the stall watchdog lets one wait last sim.watchdog / al.tick = " +
                          std::to_string(n.watchdog / n.al_tick) + " AL ticks, but the latency field holds 2^al.width = " +
                          std::to_string(span) + ": widen al.width, raise al.tick or lower sim.watchdog");
  // Between two flit moves a lone packet may legitimately wait one stage of every kind; a watchdog at or
  // below that sum would report a stall in a healthy network.
  // A long link (a hybrid's RUFT subnet back to its routers) adds its extra cycles to a flit's flight.
  const int64_t quiet = int64_t{n.d_inj} + n.d_ej + n.d_link + n.d_credit + n.d_rc + n.d_va + n.d_sa + n.d_st + n.d_dec +
                        tp.long_link;
  if (n.watchdog <= quiet)
    throw ConfigError(blame(s, {"sim.watchdog", "topology.long_link", "router.delay.link", "router.delay.credit",
                                "ni.inject_delay", "ni.eject_delay", "router.delay.rc", "router.delay.va",
                                "router.delay.sa", "router.delay.st", "router.delay.dec"}),
                      "sim.watchdog = " + std::to_string(n.watchdog) + " cycles is not longer than the configured "
                      "delays of one hop (" + std::to_string(quiet) + " cycles: NI, link, long link, credit and "
                      "pipeline stages); a healthy network would be reported as stalled");
  resolve_lengths(n, max_pkt, s.gmr_threshold_auto, *ic);
  if (!s.out.plot.empty()) {
    const std::string& p = s.out.plot;
    if (p.size() < 5 || (p.substr(p.size() - 4) != ".png" && p.substr(p.size() - 4) != ".svg"))
      throw ConfigError("out.plot", "the plot file must end in .png or .svg");
  }
  if (!s.out.trace.empty()) {
    const std::string& p = s.out.trace;
    if (p.size() < 5 || p.substr(p.size() - 4) != ".vcd") throw ConfigError("trace.vcd", "the waveform file must end in .vcd");
  }
  check_traffic_rates(s);
  check_windows(s, ic->terminals());
  if (sn.flow_capture) check_prdrb(s, max_pkt);
  if (n.threads > 1) check_threads(s, sn.flow_capture);
  if (sn.metapaths()) {
    // The supernode method is checked against the network without building the runs' tables (a graph
    // network's distances take terminals^2 entries; the run builds them after the memory guard).
    try {
      if (s.drb.supernode == "table") parse_msp_table(s.drb.table, ic->terminals());
      else if (topo) make_construction(s.drb, *topo);
      else check_graph_construction(s.drb, *ic);
    } catch (const std::invalid_argument& e) {
      throw keyed_error(e);
    }
  }

  // Verilated blocks exist for the one configuration the RTL header package was generated for.
  const struct {
    const char* name;
    bool on;
    cosim::Block block;
  } rtl[] = {{"dec", n.rtl_dec, cosim::Block::Dec}, {"al", n.rtl_al, cosim::Block::Al},
             {"gmr", n.rtl_gmr, cosim::Block::Gmr}, {"xbar", n.rtl_xbar, cosim::Block::Xbar},
             {"va", n.rtl_va, cosim::Block::Va}, {"sa", n.rtl_sa, cosim::Block::Sa}};
  if (n.rtl_sa && !n.rtl_xbar)  // the model's crossbar arbiters would not run: say so rather than ignore the key
    throw ConfigError("router.blocks.xbar", "the RTL switch allocator contains the crossbar arbiters, so with "
                                            "router.blocks.sa=rtl they run as RTL (set router.blocks.xbar=rtl too)");
  for (const auto& r : rtl) {
    if (!r.on) continue;
    const std::string why = cosim::rtl_unsupported(r.block, n, topo->nodes(), topo->dims(), topo->ports() + 1);
    const std::string key = std::string("router.blocks.") + r.name;
    if (!why.empty()) throw ConfigError(s.is_set(key) ? key : "router.blocks.all", why);
  }
  if (n.rtl_router) check_rtl_router(s);
  // The routing keys act where a relation of the run reads them: the packets' and, in the network, the acks'.
  note_inert_keys(s, *ic, needs.reads | (n.acks && n.ack_mode != AckMode::Ideal ? rel.ack->needs().reads : 0));
}

LayoutParams header_layout(const Scenario& s, const Interconnect& ic) {
  // Dateline and tie bits exist per dimension of a direct network and per ring of a network file.
  const int dims = ic.dateline_bits();
  return LayoutParams{ic.terminals(), s.net.al_width, s.net.seq_bits, dims, s.net.max_length, s.net.routing.tie_random};
}

}  // namespace drb
