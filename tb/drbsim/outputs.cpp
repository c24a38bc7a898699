// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/outputs.h"

#include "tb/drbsim/loader.h"

namespace drb {

std::vector<OutputFile> run_outputs(const Scenario& s) {
  std::vector<OutputFile> o;
  std::string json = s.out.json;
  if (json.empty() && !s.out.plot.empty()) json = s.out.plot + ".json";  // the plot is drawn from it
  if (!json.empty()) o.push_back({s.out.json.empty() ? "out.plot" : "out.json", json});
  if (!s.out.csv.empty()) o.push_back({"out.csv", s.out.csv});
  if (!s.out.plot.empty()) o.push_back({"out.plot", s.out.plot});
  if (!s.out.trace.empty()) o.push_back({"trace.vcd", s.out.trace});
  if (!s.out.messages.empty()) o.push_back({"out.trace", s.out.messages});
  if (!s.out.packets.empty()) o.push_back({"trace.packets", s.out.packets});
  if (!s.out.dot.empty()) o.push_back({"out.dot", s.out.dot});
  if (!s.out.network.empty()) o.push_back({"out.network", s.out.network});
  if (!s.out.topology_plot.empty()) o.push_back({"out.topology_plot", s.out.topology_plot});
  return o;
}

bool is_output_key(const std::string& key) { return key.rfind("out.", 0) == 0 || key == "trace.vcd" || key == "trace.packets"; }

std::vector<InputFile> run_inputs(const ScenarioSet& set, std::vector<InputFile> given) {
  for (const Scenario& s : set.runs) {
    if (!s.traffic.trace.empty()) given.push_back({"traffic.trace", s.traffic.trace});
    if (!s.net.topo.file.empty()) given.push_back({"topology.file", s.net.topo.file});
    if (!s.stats.energy_table.empty()) given.push_back({"energy.table", s.stats.energy_table});
    if (!s.tlm_map.empty()) given.push_back({"tlm.map", s.tlm_map});
  }
  return given;
}

}  // namespace drb
