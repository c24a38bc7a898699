// SPDX-License-Identifier: Apache-2.0
// The fabric for a user's SystemC virtual platform (docs/integration.md; installed as <drb/vp_fabric.h>):
// built from typed parameters (VpParams) or from scenario keys exactly as drbsim takes them, with a
// TLM-2.0 host adapter (NiHost: target socket `in`, initiator socket `out`) on each node that has a host.
// Bind the host sockets you use before sc_start (either may stay unbound: a node that never initiates, or
// never serves); the fabric then runs for as long as the kernel does.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "systemc/fabric/net_resolve.h"
#include "systemc/fabric/net_types.h"
#include "systemc/fabric/source_policies.h"
#include "systemc/ni/ni_host.h"

namespace drb {

class Fabric;

// The typed form of the keys a fabric takes. NetParams' defaults are the model's: where the keys resolve
// an auto, set the field yourself to have the keys' network (routing.vc_classes=auto takes balanced ring
// classes on a torus; NetParams' default is dateline).
struct VpParams {
  // Every field as its key sets it (systemc/fabric/net_ranges.h), except what the fabric derives, as
  // validation does for the keys: net.acks, net.gmr, net.steps, net.atomic_vc and net.max_length stay at
  // their defaults (std::invalid_argument naming the field otherwise); net.gmr_threshold = 0 is derived.
  NetParams net;
  SourceParams sources;                    // drb.*, prdrb.*; mean_length: the messages' mean, in flits
  VcRealloc vc_realloc = VcRealloc::Auto;  // router.vc_realloc
  int longest_message = 10;                // flits (traffic.length's longest): the header's length field, GMR
  double clock_ns = 1.0;                   // sim.clock_ns: the period when no clock is bound
  uint64_t mem_limit = 0;                  // sim.mem_limit in bytes; 0: this machine's memory
  TlmParams tlm;                           // tlm.*: the hosts' address map, flit bytes, longest burst, posted writes
};

// What the keys' front end attaches to a fabric for the outputs they ask for (out.json, trace.vcd,
// trace.packets; tb/vp/vp_report.cpp): made when the fabric is built, observing it from cycle 0.
class VpReport {
 public:
  virtual ~VpReport() = default;
  virtual std::string results_json(int64_t cycle) = 0;  // drbsim's result object of the run so far
  virtual void finish(int64_t cycle) = 0;               // writes and closes the outputs (std::runtime_error)
};

class VpFabric : public sc_core::sc_module {
 public:
  // Bound to a clock signal (your sc_clock), the fabric steps on its rising edges and the clock_ns is not
  // used; unbound, it runs its own clock of clock_ns. Either way an idle fabric (nothing in flight)
  // skips its cycles until a host sends.
  sc_core::sc_port<sc_core::sc_signal_in_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> clk;
  // A bad field or combination throws std::invalid_argument("key: reason") before anything is built, as
  // does a fabric whose estimated memory exceeds mem_limit. host_nodes: distinct nodes, empty = every node
  // (std::invalid_argument "host_nodes: ...").
  VpFabric(sc_core::sc_module_name name, const VpParams& p, const std::vector<int>& host_nodes = {});
  // keys: "topology.k=4", "routing.algorithm=drb", ... (drbsim --help lists them all); a bad key or value
  // (a NUL byte included) throws std::invalid_argument("key: reason") before anything is built, as does a
  // fabric whose estimated memory exceeds sim.mem_limit (default: the machine's). Parsed by the front end
  // (tb/vp/vp_keys.cpp, in drb::fabric's archives).
  VpFabric(sc_core::sc_module_name name, const std::vector<std::string>& keys, const std::vector<int>& host_nodes = {});
  ~VpFabric() override;
  int nodes() const;
  NiHost& host(int node);  // std::out_of_range for a node that does not exist or has no host
  sc_core::sc_time period() const;  // one clock cycle (clock_ns, or the bound sc_clock's period)
  int64_t cycle() const;            // cycles simulated so far
  uint64_t delivered_messages() const;
  // The statistics drbsim reports for a run (stats.* keys; latency with its histogram, per-link utilisation
  // with stats.links, energy with stats.energy, ...) over the cycles so far, as JSON text, with "per_source":
  // each node's messages, their mean and maximum latency in cycles and a histogram. Key constructor only:
  // "" for a fabric built from VpParams.
  std::string results_json();
  // Writes the outputs the keys ask for (out.json: drbsim's document with the result above; trace.vcd and
  // trace.packets closed) and ends them; std::runtime_error("key: reason") if one cannot be written. The
  // destructor does it if you did not (a failure then goes to stderr). Once; later calls do nothing.
  void finish();
  const NetParams& params() const;  // as built: the derived fields filled in
  // A scoreboard failure or stall pauses the kernel (sc_start returns early) with the fabric's report held;
  // call check() after sc_start returns to have it rethrown (std::runtime_error).
  void check();

 private:
  struct Built {  // a checked network and its sources' policies
    NetParams net;
    PolicyFactory policies;
    double clock_ns = 1.0;
    int nodes = 0;  // the network's terminals, for host_nodes
    TlmParams tlm;
    std::function<std::unique_ptr<VpReport>(Fabric&)> report;  // the keys' outputs, if they ask for any
  };
  static Built from_params(const VpParams& p);
  static Built from_keys(const std::vector<std::string>& keys);  // the front end's
  VpFabric(sc_core::sc_module_name name, Built b, const std::vector<int>& host_nodes);
  struct Counter;
  std::unique_ptr<Counter> counter_;  // declared first: destroyed after the fabric that calls it
  std::unique_ptr<Fabric> fabric_;
  std::unique_ptr<VpReport> report_;  // destroyed before the fabric it observes
  bool finished_ = false;
};

// The installed package's version ("major.minor.patch", CMake's project version) and the git commit it was
// built from (12 hex digits, "-dirty" with uncommitted changes, "unknown" outside a checkout): what
// `drbsim --version` reports.
const char* version();
const char* commit();

}  // namespace drb
