// SPDX-License-Identifier: Apache-2.0
// VpFabric from scenario keys (systemc/fabric/vp_fabric.h): drbsim's loader, validation and memory guard,
// then the same assembly as the typed constructor.
#include <stdexcept>

#include "models/topology/interconnect.h"
#include "systemc/fabric/vp_fabric.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/runner.h"
#include "tb/io/outputs.h"

namespace drb {

// tb/vp/vp_report.cpp: what the keys' outputs attach to the fabric (empty if they ask for none).
std::function<std::unique_ptr<VpReport>(Fabric&)> vp_report(const ScenarioSet& set);

VpFabric::Built VpFabric::from_keys(const std::vector<std::string>& keys) {
  try {
    ScenarioSet set = load_scenarios("", "vp", keys);
    if (set.runs.size() != 1) throw std::invalid_argument("sweep: a virtual platform builds one fabric, not a sweep");
    const Scenario s = set.runs[0];
    // drbsim's memory guard (sim.mem_limit) on the fabric alone: the hosts make the traffic, not the generator.
    TrafficParams none;
    none.rate = 0;
    set.runs[0].traffic = none;
    check_memory(set);
    // The outputs a platform writes, checked before anything is built as drbsim checks them.
    const std::vector<OutputFile> outs = run_outputs(s);
    for (const OutputFile& o : outs)
      if (o.key != "out.json" && o.key != "trace.vcd" && o.key != "trace.packets")
        throw ConfigError(o.key, "a virtual platform writes out.json, trace.vcd and trace.packets (its hosts make "
                                 "the traffic: no table, plot or message record)");
    if (!s.out.runs.empty()) throw ConfigError("out.runs", "a virtual platform's run is not kept (no sweep to resume)");
    check_outputs(outs, run_inputs(set, {}));
    return Built{s.net, policy_factory(s), s.sim.clock_ns, make_interconnect(s.net.topo)->terminals(), s.tlm,
                 vp_report(set)};
  } catch (const ConfigError& e) {
    throw std::invalid_argument(e.key + ": " + e.reason);
  }
}

VpFabric::VpFabric(sc_core::sc_module_name name, const std::vector<std::string>& keys, const std::vector<int>& host_nodes)
    : VpFabric(name, from_keys(keys), host_nodes) {}

}  // namespace drb
