// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/fabric.h"

#include <string>
#include <utility>

#include "systemc/fabric/element_trace.h"

namespace drb {

Fabric::Fabric(sc_core::sc_module_name name, const NetParams& p,
               std::function<std::unique_ptr<PathPolicy>(int)> policy, const std::vector<int>& host_nodes,
               double clock_ns, const TlmParams& tlm)
    : sc_module(name), clk("clk"), period_(clock_ns, sc_core::SC_NS) {
  net_ = std::make_unique<Network>(p, std::move(policy));
  map_ = std::make_unique<AddressMap>(tlm, net_->nodes());
  for (int r = 0; r < net_->elements(); ++r)
    routers_.push_back(std::make_unique<Router>(element_name(r).c_str(), net_->router(r)));
  host_index_.assign(net_->nodes(), -1);
  for (int n : host_nodes) {
    host_index_[n] = static_cast<int>(hosts_.size());
    hosts_.push_back(std::make_unique<NiHost>(("ni_" + std::to_string(n)).c_str(), *this, n, *map_, tlm));
    NiHost* h = hosts_.back().get();
    net_->dest(n).on_deliver = [h](const Message& m, const MessageHost& mh, int64_t c) { h->delivered(m, mh, c); };
  }
  SC_METHOD(tick);
}

Fabric::~Fabric() = default;  // an unclosed waveform is closed by its writer

NiHost& Fabric::host(int node) { return *hosts_.at(host_index_.at(node)); }

void Fabric::run_until(int64_t cycle) {
  if (cycle <= cycle_) return;
  stop_at_ = cycle;
  sc_core::sc_start();
  rethrow();
}

void Fabric::start_of_simulation() {
  if (clk.size() == 0) return;
  // A user's sc_clock gives the period (waveform time unit, the TLM adapters' delays, idle skipping); a
  // clock signal of another kind has no period to skip by.
  auto* c = dynamic_cast<sc_core::sc_clock*>(clk.get_interface());
  periodic_ = c != nullptr;
  if (c) period_ = c->period();
}

int64_t Fabric::cycle() const {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (!sleeping_ || now <= sleep_at_) return cycle_;
  // The edges before now have passed (an idle fabric's cycles do nothing).
  const double n = (now - sleep_at_) / period_;
  const int64_t k = static_cast<int64_t>(n);
  return cycle_ + k + (static_cast<double>(k) < n ? 1 : 0);
}

bool Fabric::idle() const {
  if (!hooks_.empty() || stop_at_ <= cycle_) return false;
  for (auto& h : hosts_)
    if (h->has_work()) return false;
  return net_->idle(cycle_);
}

// After a cycle: the next edge, or while idle the wake-up event (a host's work) or the edge run_until
// stops at, whichever comes first. With a clock signal that is not an sc_clock, every edge.
void Fabric::arm_next() {
  const bool own = clk.size() == 0;
  if (periodic_ && idle()) {
    sleeping_ = true;
    sleep_at_ = sc_core::sc_time_stamp() + period_;  // the edge of cycle_ (an sc_clock's edges are periodic)
    if (stop_at_ == INT64_MAX) {
      next_trigger(wake_);
    } else {
      // Half a period early: a user's clock edge at the same instant may come first.
      const sc_core::sc_time stop = sleep_at_ + period_ * (static_cast<double>(stop_at_ - 1 - cycle_) - 0.5);
      next_trigger(stop > sc_core::sc_time_stamp() ? stop - sc_core::sc_time_stamp() : sc_core::SC_ZERO_TIME, wake_);
    }
    return;
  }
  if (own) next_trigger(period_);
  else next_trigger(clk->posedge_event());
}

void Fabric::tick() {
  if (first_) {
    first_ = false;
    if (clk.size()) {  // cycle 0 is the clock's first rising edge
      next_trigger(clk->posedge_event());
      return;
    }
  }
  if (sleeping_) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (!resuming_) {  // woken (a host's work, or run_until's last edge near): on to the next edge
      resuming_ = true;
      if (clk.size()) {
        next_trigger(clk->posedge_event());
        return;
      }
      const double n = now > sleep_at_ ? (now - sleep_at_) / period_ : 0;
      int64_t k = static_cast<int64_t>(n);
      if (static_cast<double>(k) < n) ++k;
      const sc_core::sc_time edge = sleep_at_ + period_ * static_cast<double>(k);
      if (edge > now) {
        next_trigger(edge - now);
        return;
      }
    }
    sleeping_ = resuming_ = false;  // at an edge: the cycles skipped are counted
    cycle_ += static_cast<int64_t>((now - sleep_at_) / period_ + 0.5);
  }
  // A scoreboard failure or stall is carried out of the kernel and rethrown by run_until, so the
  // caller sees the original exception rather than a SystemC report.
  flits_.clear();  // waveforms: last cycle's flits have passed
  try {
    for (auto& h : hosts_) h->absorb(cycle_);
    for (auto& f : hooks_) f(cycle_);
    net_->step(cycle_);
    if (vcd_) sample_trace();
  } catch (...) {
    error_ = std::current_exception();
    sc_core::sc_pause();
    return;
  }
  ++cycle_;
  ++stepped_;
  if (cycle_ >= stop_at_) sc_core::sc_pause();
  arm_next();
  if (sleeping_ && vcd_ && flits_.pending()) {  // going idle: the last flits pass at the next edge
    flits_.clear();
    if (vcd_->started() && cycle_ < sel_.end) vcd_->sample(static_cast<uint64_t>(sleep_at_.to_seconds() * 1e12 + 0.5));
  }
}

// After cycle_ has been stepped: the values of that cycle, at its edge's time, inside the window (the
// file is closed by close_trace, which reports a write error to the caller, not from inside the kernel).
void Fabric::sample_trace() {
  if (cycle_ < sel_.start || cycle_ >= sel_.end) return;
  vcd_->sample(static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e12 + 0.5));
}

void Fabric::trace_packets(const std::string& file, const TraceSelect& sel, const std::vector<uint64_t>& watch) {
  packets_ = std::make_unique<PacketTrace>(file, net_->interconnect(), sel.start, sel.end, watch);
  net_->add_head_tap(packets_.get());
  net_->add_observer(packets_.get());
}

void Fabric::close_trace() {
  if (!vcd_) return;
  std::unique_ptr<VcdWriter> w = std::move(vcd_);
  w->close();
}

std::string Fabric::element_name(int e) const {
  const bool sw = net_->interconnect().graph().elements()[e].kind == ElementKind::Switch;
  return (sw ? "switch_" : "router_") + std::to_string(e);
}

void Fabric::trace(const std::string& file, const TraceSelect& sel) {
  vcd_ = std::make_unique<VcdWriter>(file, "SystemC");
  sel_ = sel;
  const std::string base = name();
  trace_design(*vcd_, flits_, net_->interconnect(), sel,
               DesignTrace{[this](int e) -> const RouterCore& { return net_->router(e); },
                           [this](int e) { return net_->rtl_router(e); },
                           [this](int t) -> const SourceNi& { return net_->source(t); },
                           [this, base](int e) { return base + "." + element_name(e); },
                           [base](int t) { return base + ".ni_" + std::to_string(t); }});
  net_->set_flit_tap([this](const ChannelEnd& to, const Flit& f, int64_t) {
    flits_.seen(to, f, static_cast<uint32_t>(net_->pkt(f.pkt).id));
  });
}

}  // namespace drb
