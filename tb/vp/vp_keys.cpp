// SPDX-License-Identifier: Apache-2.0
// VpFabric from scenario keys (systemc/fabric/vp_fabric.h): drbsim's loader, validation and memory guard,
// then the same assembly as the typed constructor.
#include <stdexcept>

#include "models/topology/interconnect.h"
#include "systemc/fabric/vp_fabric.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/runner.h"

namespace drb {

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
    return Built{s.net, policy_factory(s), s.sim.clock_ns, make_interconnect(s.net.topo)->terminals(), s.tlm};
  } catch (const ConfigError& e) {
    throw std::invalid_argument(e.key + ": " + e.reason);
  }
}

VpFabric::VpFabric(sc_core::sc_module_name name, const std::vector<std::string>& keys, const std::vector<int>& host_nodes)
    : VpFabric(name, from_keys(keys), host_nodes) {}

}  // namespace drb
