// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/vp_fabric.h"

#include <cstdio>
#include <stdexcept>

#include "systemc/fabric/fabric.h"
#include "systemc/fabric/net_ranges.h"

namespace drb {

struct VpFabric::Counter : NetObserver {
  uint64_t n = 0;
  void message_delivered(const Message&, int64_t) override { ++n; }
};

namespace {
// A derived field the caller changed would be overwritten: refused instead, naming it.
void check_underived(const NetParams& n) {
  const NetParams d;
  const struct {
    const char* field;
    bool changed;
    const char* from;
  } derived[] = {{"net.acks", n.acks != d.acks, "net.algorithm's sources"},
                 {"net.gmr", n.gmr != d.gmr, "net.algorithm's sources"},
                 {"net.steps", n.steps != d.steps, "net.algorithm's sources and sources.drb.supernode"},
                 {"net.atomic_vc", n.atomic_vc != d.atomic_vc, "vc_realloc and the relation's needs"},
                 {"net.max_length", n.max_length != d.max_length, "longest_message, net.max_packet_flits and net.ack_flits"}};
  for (const auto& f : derived)
    if (f.changed)
      throw std::invalid_argument(std::string(f.field) + ": derived from " + f.from + "; leave it at its default");
}
}  // namespace

VpFabric::Built VpFabric::from_params(const VpParams& p) {
  check_underived(p.net);
  // The RTL's configurations are checked by the keys' validation (router.impl, router.blocks.*).
  if (p.net.rtl_router || p.net.any_rtl())
    throw std::invalid_argument(std::string(p.net.rtl_router ? "net.rtl_router" : "net.rtl_*") +
                                ": Verilated routers and blocks are configured through the keys (router.impl=rtl, "
                                "router.blocks.*): use the key constructor");
  check_net_ranges(p.net);  // the size guard before the graph is built
  if (p.longest_message < 1 || p.longest_message > 65535)
    throw std::invalid_argument("longest_message: value " + std::to_string(p.longest_message) + " out of range [1, 65535]");
  if (!(p.sources.mean_length >= 1 && p.sources.mean_length <= p.longest_message))
    throw std::invalid_argument("sources.mean_length: must lie in [1, longest_message = " + std::to_string(p.longest_message) + "]");
  if (!(p.clock_ns > 0 && p.clock_ns <= 1e6))
    throw std::invalid_argument("clock_ns: must lie in (0, 1e6] ns");
  Built b;
  b.net = p.net;
  b.clock_ns = p.clock_ns;
  b.tlm = p.tlm;
  NetParams& n = b.net;
  const auto ic = make_interconnect(n.topo);
  b.nodes = ic->terminals();
  static_cast<void>(AddressMap(p.tlm, b.nodes));  // checked against the nodes before anything is sized
  const CheckedRelations rel = checked_relations(n, *ic);
  resolve_sources(n, p.vc_realloc, p.sources.drb, *ic, rel);
  resolve_lengths(n, longest_packet(n, p.longest_message), n.gmr_threshold == 0, *ic);
  // The memory guard, before anything is sized: the fabric and its sources' policies.
  Footprint f = Network::footprint(n, *ic);
  add_policy_footprint(f, n, *ic);
  const uint64_t limit = p.mem_limit ? p.mem_limit : machine_memory();
  if (limit > 0 && f.total() > static_cast<double>(limit)) {
    const Footprint::Part& big = f.largest();
    throw std::invalid_argument("mem_limit: the fabric needs an estimated " + format_bytes(f.total()) + ", most of it " +
                                big.what + ": " + format_bytes(big.bytes) + ", above mem_limit = " +
                                format_bytes(static_cast<double>(limit)) + (p.mem_limit ? "" : " (this machine's memory)") +
                                "; shrink the network, net.vcs or net.depth, or raise mem_limit");
  }
  b.policies = policy_factory(n, p.sources);  // builds the DRB world: a supernode method that does not fit throws
  return b;
}

VpFabric::VpFabric(sc_core::sc_module_name name, const VpParams& p, const std::vector<int>& host_nodes)
    : VpFabric(name, from_params(p), host_nodes) {}

VpFabric::VpFabric(sc_core::sc_module_name name, Built b, const std::vector<int>& host_nodes)
    : sc_module(name), clk("clk") {
  std::vector<int> hosts = host_nodes;
  const int n = b.nodes;
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
  fabric_ = std::make_unique<Fabric>("fabric", b.net, std::move(b.policies), hosts, b.clock_ns, b.tlm);
  fabric_->clk(clk);
  fabric_->free_running();
  counter_ = std::make_unique<Counter>();
  fabric_->net().add_observer(counter_.get());
  if (b.report) report_ = b.report(*fabric_);
}

VpFabric::~VpFabric() {
  try {
    finish();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "drb fabric: %s\n", e.what());
  }
}

std::string VpFabric::results_json() { return report_ ? report_->results_json(fabric_->cycle()) : ""; }

void VpFabric::finish() {
  if (finished_) return;
  finished_ = true;
  if (report_) report_->finish(fabric_->cycle());
}
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
const NetParams& VpFabric::params() const { return fabric_->net().params(); }
void VpFabric::check() {
  try {
    fabric_->rethrow();
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("drb fabric: ") + e.what());
  }
}

}  // namespace drb
