// SPDX-License-Identifier: Apache-2.0
// The fabric for a user's SystemC virtual platform (docs/integration.md; installed as <drb/vp_fabric.h>):
// built from scenario keys exactly as drbsim takes them, with a TLM-2.0 host adapter (NiHost: target
// socket `in`, initiator socket `out`) on each node that has a host. Bind every host's sockets before
// sc_start; the fabric then runs for as long as the kernel does.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "systemc/ni/ni_host.h"

namespace drb {

class Fabric;

class VpFabric : public sc_core::sc_module {
 public:
  // Bound to a clock signal (your sc_clock), the fabric steps on its rising edges and sim.clock_ns is not
  // used; unbound, it runs its own clock of sim.clock_ns. Either way an idle fabric (nothing in flight)
  // skips its cycles until a host sends.
  sc_core::sc_port<sc_core::sc_signal_in_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> clk;
  // keys: "topology.k=4", "routing.algorithm=drb", ... (drbsim --help lists them all); a bad key or value
  // (a NUL byte included) throws std::invalid_argument("key: reason") before anything is built, as does a
  // fabric whose estimated memory exceeds sim.mem_limit (default: the machine's). host_nodes: distinct
  // nodes, empty = every node (std::invalid_argument "host_nodes: ...").
  VpFabric(sc_core::sc_module_name name, const std::vector<std::string>& keys, const std::vector<int>& host_nodes = {});
  ~VpFabric() override;
  int nodes() const;
  NiHost& host(int node);  // std::out_of_range for a node that does not exist or has no host
  sc_core::sc_time period() const;  // one clock cycle (sim.clock_ns, or the bound sc_clock's period)
  int64_t cycle() const;            // cycles simulated so far
  uint64_t delivered_messages() const;
  // A scoreboard failure or stall pauses the kernel (sc_start returns early) with the fabric's report held;
  // call check() after sc_start returns to have it rethrown (std::runtime_error).
  void check();

 private:
  struct Counter;
  std::unique_ptr<Counter> counter_;  // declared first: destroyed after the fabric that calls it
  std::unique_ptr<Fabric> fabric_;
};

// The installed package's version ("major.minor.patch", CMake's project version) and the git commit it was
// built from (12 hex digits, "-dirty" with uncommitted changes, "unknown" outside a checkout): what
// `drbsim --version` reports.
const char* version();
const char* commit();

}  // namespace drb
