// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/fabric.h"

#include <string>
#include <utility>

namespace drb {

Fabric::Fabric(sc_core::sc_module_name name, const NetParams& p,
               std::function<std::unique_ptr<PathPolicy>(int)> policy, const std::vector<int>& host_nodes,
               double clock_ns)
    : sc_module(name), period_(clock_ns, sc_core::SC_NS) {
  net_ = std::make_unique<Network>(p, std::move(policy));
  for (int r = 0; r < net_->elements(); ++r)
    routers_.push_back(std::make_unique<Router>(element_name(r).c_str(), net_->router(r)));
  host_index_.assign(net_->nodes(), -1);
  for (int n : host_nodes) {
    host_index_[n] = static_cast<int>(hosts_.size());
    hosts_.push_back(std::make_unique<NiHost>(("ni_" + std::to_string(n)).c_str(), *this, n));
    NiHost* h = hosts_.back().get();
    net_->dest(n).on_deliver = [h](const Message& m, int64_t c) { h->delivered(m, c); };
  }
  SC_METHOD(tick);
}

Fabric::~Fabric() {
  if (tf_) sc_core::sc_close_vcd_trace_file(tf_);
}

NiHost& Fabric::host(int node) { return *hosts_.at(host_index_.at(node)); }

void Fabric::run_until(int64_t cycle) {
  if (cycle <= cycle_) return;
  stop_at_ = cycle;
  sc_core::sc_start();
  rethrow();
}

void Fabric::tick() {
  // A scoreboard failure or stall is carried out of the kernel and rethrown by run_until, so the
  // caller sees the original exception rather than a SystemC report.
  try {
    for (auto& h : hosts_) h->absorb(cycle_);
    for (auto& f : hooks_) f(cycle_);
    net_->step(cycle_);
  } catch (...) {
    error_ = std::current_exception();
    sc_core::sc_pause();
    return;
  }
  ++cycle_;
  if (cycle_ >= stop_at_) sc_core::sc_pause();
  next_trigger(period_);
}

std::string Fabric::element_name(int e) const {
  const bool sw = net_->interconnect().graph().elements()[e].kind == ElementKind::Switch;
  return (sw ? "switch_" : "router_") + std::to_string(e);
}

void Fabric::trace(const std::string& file) {
  // SystemC appends ".vcd" itself.
  const bool ext = file.size() > 4 && file.compare(file.size() - 4, 4, ".vcd") == 0;
  tf_ = sc_core::sc_create_vcd_trace_file((ext ? file.substr(0, file.size() - 4) : file).c_str());
  tf_->set_time_unit(period_.to_seconds() * 1e9 >= 1 ? 1 : 0.1, sc_core::SC_NS);
  const Interconnect& ic = net_->interconnect();
  for (int r = 0; r < net_->elements(); ++r) {
    const RouterCore& c = net_->router(r);
    const std::string base = std::string(name()) + "." + element_name(r);
    sc_core::sc_trace(tf_, c.trace_buffered(), base + ".buffered");
    // Ports by the names the JSON report gives them (+x, up0, local, t5, ...); a local port with several
    // channels is local#0, local#1, ...
    for (int p = 0; p < c.in_ports(); ++p) {
      if (!c.input_connected(p)) continue;
      const std::string in = base + ".in_" + ic.port_name(r, p);
      for (int v = 0; v < c.vcs(); ++v) {
        const std::string vc = in + ".vc" + std::to_string(v);
        sc_core::sc_trace(tf_, c.trace_state(p, v), vc + ".state", 2);  // 0 idle, 1 routing, 2 VC alloc, 3 active
        sc_core::sc_trace(tf_, c.trace_occupancy(p, v), vc + ".occupancy");
        sc_core::sc_trace(tf_, c.trace_packet(p, v), vc + ".packet");
      }
    }
    for (int p = 0; p < c.out_ports(); ++p) {
      if (!c.output_connected(p)) continue;
      const std::string out = base + ".out_" + ic.port_name(r, p);
      sc_core::sc_trace(tf_, c.trace_sent(p), out + ".sent");
      if (c.output_to_element(p))  // an NI always sinks: an ejection channel has no credits to show
        for (int v = 0; v < c.vcs(); ++v)
          sc_core::sc_trace(tf_, c.trace_credits(p, v), out + ".vc" + std::to_string(v) + ".credits");
    }
  }
  for (int t = 0; t < net_->nodes(); ++t) {
    const std::string ni = std::string(name()) + ".ni_" + std::to_string(t);
    sc_core::sc_trace(tf_, net_->source(t).trace_queue(), ni + ".queue");
    sc_core::sc_trace(tf_, net_->source(t).trace_control(), ni + ".control");
  }
}

}  // namespace drb
