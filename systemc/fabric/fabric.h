// SPDX-License-Identifier: Apache-2.0
// The fabric as an SC_MODULE: routers and NIs (as named child modules) over the Network cycle core, one
// clocked SC_METHOD for the whole clock domain, TLM host adapters on the NIs that have a host.
#pragma once
#include <exception>
#include <functional>
#include <cstdint>
#include <memory>
#include <systemc>
#include <utility>
#include <vector>

#include "systemc/base/vcd_writer.h"
#include "systemc/channel/flit_probe.h"
#include "systemc/fabric/network.h"
#include "systemc/fabric/packet_trace.h"
#include "systemc/ni/ni_host.h"
#include "systemc/router/router.h"

namespace drb {

class Fabric : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Fabric);
  // The clock: bound to a signal (a user's sc_clock), the fabric steps on its rising edges; left unbound,
  // it keeps its own period of clock_ns.
  sc_core::sc_port<sc_core::sc_signal_in_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> clk;
  // host_nodes: NIs that get TLM sockets (either may stay unbound); tlm: their address map and message format
  // (std::invalid_argument "tlm.<field>: reason" if it does not fit the network).
  Fabric(sc_core::sc_module_name name, const NetParams& p, std::function<std::unique_ptr<PathPolicy>(int)> policy = {},
         const std::vector<int>& host_nodes = {}, double clock_ns = 1.0, const TlmParams& tlm = {});
  ~Fabric() override;

  Network& net() { return *net_; }
  NiHost& host(int node);
  bool has_host(int node) const { return node >= 0 && node < static_cast<int>(host_index_.size()) && host_index_[node] >= 0; }
  Router& router(int r) { return *routers_[r]; }
  // One cycle: clock_ns, or the period of the sc_clock clk is bound to.
  sc_core::sc_time period() const { return period_; }
  int64_t cycle() const;  // the next cycle to be simulated (while idle, as if every cycle had run)

  // Work done at the start of every cycle, before the network steps (traffic generators).
  void add_cycle_hook(std::function<void(int64_t)> f) { hooks_.push_back(std::move(f)); }
  // Simulate until `cycle` cycles have run (pauses the kernel there; may be called repeatedly).
  void run_until(int64_t cycle);
  // Host work arrived (the TLM adapters call it): an idle fabric, which skips its cycles, wakes up.
  void wake(const sc_core::sc_time& after = sc_core::SC_ZERO_TIME) { wake_.notify(after); }
  // Cycles the fabric stepped (an idle one skips its cycles: nothing in flight, no cycle hook, no timer).
  int64_t stepped() const { return stepped_; }
  // Run for as long as the kernel runs (a user's sc_start); a failure pauses the kernel and is held for rethrow().
  void free_running() { stop_at_ = INT64_MAX; }
  void rethrow() {
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }
  // Waveforms (VCD): per element its buffered flits; per input VC its state, occupancy and packet; per output
  // port the flits sent and per output VC its credits; per NI its source queue and control lane; per
  // receiving port (element inputs, NI ejection channels) the flit a channel hands it in each cycle:
  // flit_valid, flit_head, flit_tail, flit_vc, flit_packet. Elements are
  // router_N or switch_N, ports are named as in the JSON report. Values are sampled after each cycle in
  // `sel`'s window (times in ps: cycle x period); throws std::runtime_error if the file cannot be opened.
  void trace(const std::string& file, const TraceSelect& sel = {});
  // Ends the waveform (also done by the destructor): throws std::runtime_error if it could not be written.
  void close_trace();
  // The per-packet event trace (systemc/fabric/packet_trace.h) of the packets in `watch` (empty: all) in
  // `sel`'s window (its elements are not read); close_packet_trace() ends it, throwing if it was not written.
  void trace_packets(const std::string& file, const TraceSelect& sel, const std::vector<uint64_t>& watch);
  void close_packet_trace() {
    if (packets_) packets_->close();
  }
  // router_N or switch_N: the element's module name.
  std::string element_name(int e) const;

 private:
  void tick();
  void sample_trace();
  void start_of_simulation() override;
  void arm_next();  // the next edge, or the wake-up event while idle
  bool idle() const;
  std::unique_ptr<Network> net_;
  std::vector<std::unique_ptr<Router>> routers_;
  std::unique_ptr<AddressMap> map_;  // the hosts' (they keep a reference)
  std::vector<std::unique_ptr<NiHost>> hosts_;
  std::vector<int> host_index_;
  std::vector<std::function<void(int64_t)>> hooks_;
  sc_core::sc_time period_;
  int64_t cycle_ = 0, stop_at_ = 0, stepped_ = 0;
  sc_core::sc_event wake_;
  bool first_ = true;         // the initialization call: no edge yet when clk is bound
  bool periodic_ = true;      // its own clock or an sc_clock: idle cycles can be skipped by time
  bool sleeping_ = false;     // idle: cycle_ is the cycle due at sleep_at_
  bool resuming_ = false;     //   woken, waiting for the next edge
  sc_core::sc_time sleep_at_;
  std::unique_ptr<VcdWriter> vcd_;
  std::unique_ptr<PacketTrace> packets_;
  TraceSelect sel_;
  FlitProbe flits_;  // waveforms of the channels (systemc/channel/flit_probe.h)
  std::exception_ptr error_;
};

}  // namespace drb
