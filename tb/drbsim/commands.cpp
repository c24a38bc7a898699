// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/commands.h"

#include <fmt/format.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "models/drb/drb_world.h"
#include "models/drb/graph_metapaths.h"
#include "models/drb/metapath_study.h"
#include "models/drb/supernode.h"
#include "models/routing/source_needs.h"
#include "tb/drbsim/report.h"
#include "tb/stats/metapath_report.h"

#include "models/drb/prdrb.h"
#include "models/packet/header.h"
#include "models/routing/file_routing.h"
#include "models/routing/registry.h"
#include "models/topology/graph_dot.h"
#include "models/topology/interconnect.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/scopes.h"
#include "tb/drbsim/version.h"

namespace drb {

namespace {
// out.json of a study keeps its shape (one row object, or an array of them) so that readers of the rows go
// on working; each row gains the provenance fields. The rows printed on stdout stay bare.
nlohmann::json stamped(nlohmann::json rows) {
  if (rows.is_object()) rows.update(provenance());
  else
    for (auto& r : rows) r.update(provenance());
  return rows;
}
}  // namespace

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  check_command_keys(set, "header", {}, false);
  print_warnings(set);
  const Scenario& s = set.runs[0];
  const auto ic = make_interconnect(s.net.topo);
  const HeaderLayout hl(header_layout(s, *ic));
  std::cout << fmt::format("head flit of a {} ({} nodes): {} bits\n", ic->describe(), ic->terminals(), hl.total_bits());
  std::cout << fmt::format("{:<14} {:>6} {:>6}\n", "field", "offset", "width");
  for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
    const Field f = static_cast<Field>(i);
    std::cout << fmt::format("{:<14} {:>6} {:>6}\n", HeaderLayout::name(f), hl.offset(f), hl.width(f));
  }
  if (source_needs(s.net.algorithm).flow_capture) {
    const CaptureLayout c = capture_layout(ic->terminals(), ic->elements(), s.prdrb.f_max);
    std::cout << fmt::format("PR-DRB capture record (a side record the packet, then its ack, carries; prdrb.f_max={}): "
                             "{} bits\n", s.prdrb.f_max, c.total());
    std::cout << fmt::format("{:<14} {:>6}\n{:<14} {:>6}\n{:<14} {:>6}\n{:<14} {:>6}\n", "predictive", c.predictive,
                             "count", c.count, "router", c.router, "flows", fmt::format("{}x2x{}", c.flows, c.flow));
  }
  return 0;
}

// drbsim topology: structural figures counted on the built graph (models/topology/graph.h).
int run_topology_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                         const std::vector<InputFile>& inputs, bool json_only) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  check_command_keys(set, "topology", {"out.json", "out.dot", "out.topology_plot", "out.network"}, true);
  const Scenario& s0 = set.runs[0];
  const bool drawn = !s0.out.dot.empty() || !s0.out.topology_plot.empty() || !s0.out.network.empty();
  if (drawn && set.runs.size() > 1)
    throw ConfigError(!s0.out.network.empty() ? "out.network" : s0.out.dot.empty() ? "out.topology_plot" : "out.dot",
                      "a sweep of " + std::to_string(set.runs.size()) + " networks would write one file " +
                          std::to_string(set.runs.size()) + " times; draw one network");
  std::string plot_format;
  if (!s0.out.topology_plot.empty()) {
    const std::string& f = s0.out.topology_plot;
    const size_t dot = f.rfind('.');
    plot_format = dot == std::string::npos ? "" : f.substr(dot + 1);
    if (plot_format != "png" && plot_format != "svg" && plot_format != "pdf")
      throw ConfigError("out.topology_plot", "'" + printable(f) + "' must end in .png, .svg or .pdf");
  }
  // Every row's cost is checked before any is computed: the figures search the whole graph. The plans keep
  // the flows the estimate already settled, for the report (the graphs are built again, the same).
  std::vector<ReportPlan> plans;
  size_t name_width = 24;  // the names' column fits the longest ("4-ary 2-direct 2-indirect (FT)")
  for (const Scenario& s : set.runs) {
    const auto ic = make_interconnect(s.net.topo);
    if (!plot_format.empty() && ic->elements() > 1024)  // one network (a drawn sweep is refused above)
      throw ConfigError("out.topology_plot", std::to_string(ic->elements()) + " elements are more than a drawing "
                                             "shows (at most 1024); out.dot writes the graph for your own tools");
    name_width = std::max(name_width, ic->describe().size());
    plans.push_back(plan_report(ic->graph(), command_step_budget(s)));
    check_command_cost(s, "drbsim topology (distances, fault tolerance and bisection counted on the graph)",
                       plans.back().work, 0);
  }
  // check_command_keys has refused every other output, so run_outputs holds only the three written here.
  const std::vector<OutputFile> outs = run_outputs(s0);
  if (!outs.empty()) check_outputs(outs, run_inputs(set, inputs));
  print_warnings(set);
  if (drawn) {
    const auto ic = make_interconnect(s0.net.topo);
    if (!s0.out.network.empty()) {
      std::string note;
      const auto rel = make_static_relation(*ic, RelationParams{s0.net.routing, s0.net.up_selection});
      write_output("out.network", s0.out.network, network_file_of(*ic, *rel, note));
      std::cerr << "[drbsim] wrote " << printable(s0.out.network)
                << (note.empty() ? " (graph and " + rel->name() + " route table)\n"
                                 : " (graph only: " + note + "; routing.algorithm=updown routes it)\n");
    }
    const std::string text =
        graph_dot(ic->graph(), ic->describe(), ic->file() ? ic->file()->element_names : std::vector<std::string>{});
    if (!s0.out.dot.empty()) {
      write_output("out.dot", s0.out.dot, text);
      std::cerr << "[drbsim] wrote " << printable(s0.out.dot) << "\n";
    }
    if (!s0.out.topology_plot.empty()) {
      // Graphviz from an argument vector on a temporary DOT file: hierarchical layout (dot) for networks
      // with switches (trees), spring layout (neato) for direct networks.
      const std::string& png = s0.out.topology_plot;
      char tmpl[] = "/tmp/drbsim-graph-XXXXXX";
      const int fd = mkstemp(tmpl);
      if (fd < 0) throw OutputError("out.topology_plot", "cannot make a temporary file for Graphviz");
      close(fd);
      const std::string src = tmpl;
      write_output("out.topology_plot", src, text);
      bool tree = false;
      for (const GraphElement& e : ic->graph().elements()) tree |= e.kind == ElementKind::Switch;
      const int rc = run_program({tree ? "dot" : "neato", "-T" + plot_format, src, "-o", png});
      std::remove(src.c_str());
      if (rc != 0)
        throw OutputError("out.topology_plot", "drawing '" + printable(png) + "' failed (" +
                                                   (rc < 0 ? std::string("Graphviz did not run") : "exit " + std::to_string(rc)) +
                                                   "; it needs the graphviz package)");
      std::cerr << "[drbsim] wrote " << printable(png) << "\n";
    }
  }
  nlohmann::json all = nlohmann::json::array();
  // The table on stdout, or with --json the JSON alone (one line) for programs.
  if (!json_only)
    std::cout << fmt::format("{:<{}} {:>9} {:>8} {:>7} {:>7} {:>8} {:>10} {:>7} {:>5} {:>8} {:>7} {:>7}\n", "topology",
                             name_width, "terminals", "switches", "routers", "subnet", "channels", "sw.elems", "ports",
                             "diam", "avg.dist", "faults", "bisect");
  // faults: counted on the graph / the family's formula (Interconnect::fault_tolerance_formula)
  for (size_t run = 0; run < set.runs.size(); ++run) {
    const Scenario& s = set.runs[run];
    const auto ic = make_interconnect(s.net.topo);
    const GraphReport r = report(ic->graph(), &plans[run]);
    const int formula = ic->fault_tolerance_formula();  // -1: no family formula (a network file)
    const std::string ports =
        r.min_ports == r.max_ports ? std::to_string(r.max_ports) : fmt::format("{}-{}", r.min_ports, r.max_ports);
    if (!json_only)
      std::cout << fmt::format("{:<{}} {:>9} {:>8} {:>7} {:>7} {:>8} {:>10} {:>7} {:>5} {:>8.4f} {:>7} {:>7}\n",
                             ic->describe(), name_width, r.terminals, r.switches, r.routers, r.subnet_switches, r.channels,
                             r.switching_elements, ports, r.diameter, r.average_distance,
                             formula < 0 ? std::to_string(r.fault_tolerance) : fmt::format("{}/{}", r.fault_tolerance, formula),
                             r.bisection < 0 ? std::string("-") : std::to_string(r.bisection));
    all.push_back({{"topology", ic->describe()},
                   {"terminals", r.terminals},
                   {"switches", r.switches},
                   {"routers", r.routers},
                   {"subnet_switches", r.subnet_switches},
                   {"channels", r.channels},
                   {"switching_elements", r.switching_elements},
                   {"ports", {{"min", r.min_ports}, {"max", r.max_ports}}},
                   {"diameter", r.diameter},
                   {"average_distance", r.average_distance},
                   {"fault_tolerance", r.fault_tolerance},
                   {"fault_tolerance_formula", formula < 0 ? nlohmann::json(nullptr) : nlohmann::json(formula)},
                   {"bisection_channels", r.bisection < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.bisection)}});
  }
  const nlohmann::json out = all.size() == 1 ? all[0] : all;
  if (json_only) std::cout << out.dump() << "\n";
  if (!set.runs[0].out.json.empty()) {
    write_output("out.json", set.runs[0].out.json, stamped(out).dump(1) + "\n");
    std::cerr << "[drbsim] wrote " << set.runs[0].out.json << "\n";
  }
  return 0;
}

int run_metapaths_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                          const std::vector<InputFile>& inputs) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  for (const Scenario& s : set.runs)
    if (s.drb.supernode == "table")
      throw ConfigError("drb.supernode",
                        "the metapath study compares construction methods; an explicit table (drb.supernode=table) "
                        "has none to study (it is for simulation runs)");
  check_command_keys(set, "metapaths", {"out.json"}, true);
  if (!set.runs[0].out.json.empty()) check_outputs({{"out.json", set.runs[0].out.json}}, run_inputs(set, inputs));
  // The scenario's DRB world on each network (models/drb/drb_world.h) and the family's static relation.
  struct Row {
    std::unique_ptr<Interconnect> ic;
    std::unique_ptr<RoutingRelation> rel;
    std::unique_ptr<DrbWorld> world;
  };
  std::vector<Row> prep;
  for (const Scenario& s : set.runs) {  // every row is checked before any is computed
    Row r;
    r.ic = make_interconnect(s.net.topo);
    if (r.ic->ruft())
      throw ConfigError("topology.kind", "a RUFT reaches an intermediate terminal only by ejecting it (as for "
                                         "routing.algorithm=drb, re-injection is not modelled): no multistep paths to study");
    if (!r.ic->direct()) {
      // The graph's supernodes hold terminal x terminal distances, one search per terminal to fill them.
      try {
        check_graph_construction(s.drb, *r.ic);
      } catch (const std::invalid_argument& e) {
        throw keyed_error(e);
      }
      const double terminals = r.ic->terminals();
      check_command_cost(s, "the metapath study on the graph",
                         terminals * static_cast<double>(r.ic->graph().elements().size() + r.ic->graph().channels().size()),
                         GraphSupernodes::table_bytes(r.ic->terminals()));
    }
    r.rel = make_static_relation(*r.ic, RelationParams{s.net.routing, s.net.up_selection});
    try {
      r.world = make_drb_world(s.drb, *r.ic, *r.rel);
    } catch (const std::invalid_argument& e) {
      throw keyed_error(e);
    }
    prep.push_back(std::move(r));
  }
  print_warnings(set);  // once every row is accepted
  std::vector<MetapathStudyRow> rows;
  nlohmann::json all = nlohmann::json::array();
  for (size_t i = 0; i < set.runs.size(); ++i) {
    const Scenario& s = set.runs[i];
    Row& r = prep[i];
    MetapathStudyOptions opt;
    const auto t0 = std::chrono::steady_clock::now();
    auto last = t0;
    const SupernodeSpec& spec = r.world->spec();
    opt.progress = [&](double f) {
      const auto now = std::chrono::steady_clock::now();
      if (s.sim.progress == "off" || std::chrono::duration<double>(now - t0).count() < 3 ||
          std::chrono::duration<double>(now - last).count() < 2)
        return;
      last = now;
      std::fprintf(stderr, "[drbsim] metapaths row %zu/%zu (%s): %.0f%%\n", i + 1, set.runs.size(),
                   supernode_name(spec).c_str(), 100 * f);
    };
    rows.push_back(run_metapath_study(*r.world, opt));
    all.push_back(metapath_row_json(rows.back()));
  }
  std::cout << metapath_table(rows);
  for (auto& r : all) std::cout << r.dump() << "\n";
  if (!set.runs[0].out.json.empty()) write_output("out.json", set.runs[0].out.json, stamped(all).dump(1) + "\n");
  return 0;
}

}  // namespace drb
