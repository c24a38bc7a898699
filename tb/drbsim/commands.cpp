#include "tb/drbsim/commands.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "models/drb/metapath_study.h"
#include "models/drb/supernode.h"
#include "tb/drbsim/report.h"
#include "tb/stats/metapath_report.h"

#include "models/packet/header.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/outputs.h"

namespace drb {

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  const Scenario& s = set.runs[0];
  const auto topo = make_topology(s.net.topo);
  const HeaderLayout hl(LayoutParams{topo->nodes(), s.net.al_width, s.net.seq_bits, topo->dims(), s.net.max_length, s.net.routing.tie_random});
  std::cout << fmt::format("head flit of a {} ({} nodes): {} bits\n", topo->describe(), topo->nodes(), hl.total_bits());
  std::cout << fmt::format("{:<14} {:>6} {:>6}\n", "field", "offset", "width");
  for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
    const Field f = static_cast<Field>(i);
    std::cout << fmt::format("{:<14} {:>6} {:>6}\n", HeaderLayout::name(f), hl.offset(f), hl.width(f));
  }
  return 0;
}

int run_metapaths_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                          const std::string& scenario_path) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  for (const Scenario& s : set.runs)
    if (s.drb.supernode == "table")
      throw ConfigError("drb.supernode",
                        "the metapath study compares construction methods; an explicit table (drb.supernode=table) "
                        "has none to study (it is for simulation runs)");
  if (!set.runs[0].out.json.empty()) check_outputs({{"out.json", set.runs[0].out.json}}, scenario_path);
  std::vector<std::unique_ptr<Topology>> topos;
  std::vector<std::unique_ptr<SupernodeConstruction>> cons;
  for (const Scenario& s : set.runs) {  // every row is checked before any is computed
    topos.push_back(make_topology(s.net.topo));
    cons.push_back(make_construction(s, *topos.back()));
  }
  std::vector<MetapathStudyRow> rows;
  nlohmann::json all = nlohmann::json::array();
  for (size_t i = 0; i < set.runs.size(); ++i) {
    const Scenario& s = set.runs[i];
    const auto rf = make_routing("dor", *topos[i], s.net.routing);
    MetapathStudyOptions opt;
    const auto t0 = std::chrono::steady_clock::now();
    auto last = t0;
    opt.progress = [&](double f) {
      const auto now = std::chrono::steady_clock::now();
      if (s.sim.progress == "off" || std::chrono::duration<double>(now - t0).count() < 3 ||
          std::chrono::duration<double>(now - last).count() < 2)
        return;
      last = now;
      std::fprintf(stderr, "[drbsim] metapaths row %zu/%zu (%s): %.0f%%\n", i + 1, set.runs.size(),
                   supernode_name(cons[i]->spec()).c_str(), 100 * f);
    };
    rows.push_back(run_metapath_study(*cons[i], *rf, opt));
    all.push_back(metapath_row_json(rows.back()));
  }
  std::cout << metapath_table(rows);
  for (auto& r : all) std::cout << r.dump() << "\n";
  if (!set.runs[0].out.json.empty()) write_output("out.json", set.runs[0].out.json, all.dump(1) + "\n");
  return 0;
}

}  // namespace drb
