// SPDX-License-Identifier: Apache-2.0
#include "tb/vp/vp_fabric.h"

#include <stdexcept>

#include "systemc/fabric/fabric.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/runner.h"

namespace drb {

struct VpFabric::Counter : NetObserver {
  uint64_t n = 0;
  void message_delivered(const Message&, int64_t) override { ++n; }
};

VpFabric::VpFabric(sc_core::sc_module_name name, const std::vector<std::string>& keys, const std::vector<int>& host_nodes)
    : sc_module(name), clk("clk") {
  Scenario s;
  try {
    ScenarioSet set = load_scenarios("", "vp", keys);
    if (set.runs.size() != 1) throw std::invalid_argument("sweep: a virtual platform builds one fabric, not a sweep");
    s = set.runs[0];
    // drbsim's memory guard (sim.mem_limit) on the fabric alone: the hosts make the traffic, not the generator.
    TrafficParams none;
    none.rate = 0;
    set.runs[0].traffic = none;
    check_memory(set);
  } catch (const ConfigError& e) {
    throw std::invalid_argument(e.key + ": " + e.reason);
  }
  std::vector<int> hosts = host_nodes;
  const int n = make_interconnect(s.net.topo)->terminals();
  if (hosts.empty())
    for (int i = 0; i < n; ++i) hosts.push_back(i);
  std::vector<bool> seen(static_cast<size_t>(n));
  for (int h : hosts) {
    const std::string node = "host_nodes: node " + std::to_string(h);
    if (h < 0 || h >= n)
      throw std::invalid_argument(node + " does not exist (the fabric has nodes 0.." + std::to_string(n - 1) + ")");
    if (seen[static_cast<size_t>(h)]) throw std::invalid_argument(node + " is given twice");
    seen[static_cast<size_t>(h)] = true;
  }
  fabric_ = std::make_unique<Fabric>("fabric", s.net, policy_factory(s), hosts, s.sim.clock_ns);
  fabric_->clk(clk);
  fabric_->free_running();
  counter_ = std::make_unique<Counter>();
  fabric_->net().add_observer(counter_.get());
}

VpFabric::~VpFabric() = default;
int VpFabric::nodes() const { return fabric_->net().nodes(); }
NiHost& VpFabric::host(int node) {
  if (!fabric_->has_host(node)) {
    const std::string why = node < 0 || node >= nodes()
                                ? " is not a node of the fabric (0.." + std::to_string(nodes() - 1) + ")"
                                : " has no host (not in host_nodes)";
    throw std::out_of_range("VpFabric::host: node " + std::to_string(node) + why);
  }
  return fabric_->host(node);
}
sc_core::sc_time VpFabric::period() const { return fabric_->period(); }
int64_t VpFabric::cycle() const { return fabric_->cycle(); }
uint64_t VpFabric::delivered_messages() const { return counter_->n; }
void VpFabric::check() {
  try {
    fabric_->rethrow();
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("drb fabric: ") + e.what());
  }
}

}  // namespace drb
