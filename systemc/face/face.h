// SPDX-License-Identifier: Apache-2.0
// The SystemC face: a router and an NI as sc_modules with channel ports and a clock input, over the same
// RouterCore, SourceNi and DestNi objects the fast fabric steps, for a user's own sc_main
// (examples/handwired/). A design is its element modules, the Links bound between their ports, and one
// Channels module that holds the links' table and the packet store and moves what is in flight.
//
// One clock period: on the falling edge Channels finishes the cycle before (used acks reach their
// sources) and delivers the flits and credits that arrive in the next cycle, then runs the host's cycle
// hooks (traffic); on the rising edge the elements step, in the fast fabric's order by delta cycles:
// source NIs at the edge, routers one delta later, destination NIs one more (a router's early ack reaches
// its NI after that NI's step, a final ack after the router's). So a design wired by hand from these
// modules runs cycle for cycle as the fast fabric on the same parameters and seed (tests/test_face.cpp).
#pragma once
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "systemc/base/node_set.h"
#include "systemc/base/observer.h"
#include "systemc/base/packet_store.h"
#include "systemc/base/vcd_writer.h"
#include "systemc/channel/channel.h"
#include "systemc/channel/flit_probe.h"
#include "systemc/fabric/link_faults.h"
#include "systemc/fabric/link_host.h"
#include "systemc/fabric/link_power.h"
#include "systemc/fabric/setup.h"
#include "systemc/ni/ack_wire.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/prdrb_monitor.h"
#include "systemc/router/router_core.h"

namespace drb::face {

class Link;
// What an element's channel port binds to.
class LinkIf : public virtual sc_core::sc_interface {
 public:
  virtual Link& link() = 0;
};
// A channel port: a router's in[p] / out[p], an NI's inject[c] / eject[c]. A port left unbound is a port
// with no channel (a mesh's edge).
using ChannelPort = sc_core::sc_port<LinkIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND>;

// One channel: a flit lane with its flight delay (cycles from leaving the sender's switch to arriving) and
// a credit lane back with its delay. Bind it to one sending port (out or inject) and one receiving port
// (in or eject).
class Link : public sc_core::sc_prim_channel, public LinkIf {
 public:
  explicit Link(const char* name, int flight = 1, int credit = 1)
      : sc_prim_channel(name), flight_(flight), credit_(credit) {}
  Link& link() override { return *this; }
  int flight() const { return flight_; }
  int credit() const { return credit_; }

 private:
  friend class Channels;
  int flight_, credit_;
  ChannelEnd from_, to_;
  int ends_ = 0;  // 1: sender bound, 2: receiver bound
  int id_ = -1;   // its channel in the table
};

class Channels;

class Router : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Router);
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<ChannelPort> in, out;  // one per element port, named as the JSON report names them
  // Element `id` of the setup's interconnect.
  Router(sc_core::sc_module_name name, Channels& channels, int id);
  RouterCore& core() { return *core_; }
  int id() const { return id_; }
  const char* kind() const override { return "drb::face::Router"; }

 private:
  void tick();
  Channels& ch_;
  int id_;
  std::unique_ptr<RouterCore> core_;
  bool waiting_ = false;  // the rising edge seen, the step one delta later
};

class Ni : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Ni);
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<ChannelPort> inject, eject;  // the terminal's channels (topology.ni_channels)
  // Terminal `node` of the setup's interconnect; policy null: the static path (no acks used).
  Ni(sc_core::sc_module_name name, Channels& channels, int node, std::unique_ptr<PathPolicy> policy = {});
  // Host side: a message of `flits` flits to dst, generated in cycle t_gen (0: the source queue was full, or
  // under link faults the pair has no fault-free way; the observers see the rejection either way).
  uint64_t submit(int dst, int flits, int64_t t_gen, bool measured = true);
  SourceNi& source() { return *src_; }
  DestNi& dest() { return *dst_; }
  int node() const { return node_; }
  const char* kind() const override { return "drb::face::Ni"; }

 private:
  void tick_source();
  void tick_dest();
  Channels& ch_;
  int node_;
  std::unique_ptr<SourceNi> src_;
  std::unique_ptr<DestNi> dst_;
  int dest_wait_ = 0;  // deltas waited since the rising edge
};

class Channels : public sc_core::sc_module, private LinkHost {
 public:
  SC_HAS_PROCESS(Channels);
  sc_core::sc_in<bool> clk;
  // The elements are configured from setup (it binds its hooks and report targets; keep it alive). Link
  // power saving (power.*) and link faults (faults.*) act on the design's links as in the fast fabric; their
  // controllers are built at the end of elaboration (std::invalid_argument naming power.mechanism for a
  // family that has none).
  Channels(sc_core::sc_module_name name, ElementSetup& setup);
  // The link power-saving mechanism and link faults (from the end of elaboration), or null.
  const LinkPower* power() const { return power_.get(); }
  const LinkFaults* faults() const { return faults_.get(); }
  ChannelTable& table() { return table_; }
  PacketStore& store() { return store_; }
  const ElementSetup& setup() const { return setup_; }
  // The cycle the elements step at the coming rising edge (0 at the first).
  int64_t cycle() const { return cycle_; }
  void add_observer(NetObserver* o) { obs_.push_back(o); }
  // Host work at the start of every cycle, before the elements step (traffic generators).
  void add_cycle_hook(std::function<void(int64_t)> f) { hooks_.push_back(std::move(f)); }
  // Waveforms (VCD) of the design, the fast fabric's signals (docs/cosim.md) under each module's name:
  // per router its VC states, occupancy, packets, credits and flits sent, per receiving port the flit its
  // link hands it, per NI its queues and ejection flits; sampled after every cycle in `sel`'s window.
  // Call before sc_start; throws std::runtime_error if the file cannot be opened.
  void trace(const std::string& file, const TraceSelect& sel = {});
  // Ends the waveform (the destructor does too): throws std::runtime_error if it could not be written.
  void close_trace();
  // The safety nets of the fast fabric: a stall (flits in flight and none moved for setup's watchdog
  // cycles, sim.watchdog) or a scoreboard failure in any element pauses the simulation (sc_pause: the
  // user's sc_start returns) and is held; rethrow() then throws it (a SimError with the blocked VCs and
  // credits of every router for a stall). Nothing steps once a failure is held.
  void rethrow() {
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }
  bool failed() const { return error_ != nullptr; }

 private:
  friend class Router;
  friend class Ni;
  void end_of_elaboration() override;  // each link's ends from the ports it is bound to; the table; wiring
  void start_of_simulation() override;
  void rising() {
    ++edges_;
    rise_ = sc_core::sc_time_stamp();
  }
  void trace_elements();  // end of elaboration: the traced signals
  void fail(std::exception_ptr e);
  std::string dump(int64_t now) const;  // blocked VCs and credits, for the stall report
  void sample(int64_t done);
  void falling();
  void prepare(int64_t c);  // deliver what arrives in cycle c, then the cycle hooks
  bool early_ack(int r, const Header& data, int64_t now);
  // What the link controllers see (systemc/fabric/link_host.h). Router modules step whenever busy: a
  // rerouted head needs no wake-up.
  const NetParams& params() const override { return setup_.p; }
  const Interconnect& interconnect() const override { return *setup_.ic; }
  ChannelTable& channels() override { return table_; }
  SourceNi& source(int t) override { return nis_[t]->source(); }
  RouterCore& router(int e) override { return routers_[e]->core(); }
  void wake_router(int) override {}
  void set_routing(const RoutingRelation* r) override {
    for (Router* x : routers_) x->core().set_routing(r ? *r : *setup_.routing);
  }
  const RoutingRelation& base_routing() const override { return *setup_.routing; }

  ElementSetup& setup_;
  ChannelTable table_;
  PacketStore store_;
  AckWire acks_;
  NodeSet wake_;  // the NIs step while busy; the set is not read
  std::vector<NetObserver*> obs_;
  std::unique_ptr<PrdrbMonitor> monitor_;  // the routers' head tap under PR-DRB
  std::unique_ptr<LinkPower> power_;
  std::unique_ptr<LinkFaults> faults_;
  std::vector<std::function<void(int64_t)>> hooks_;
  std::vector<Router*> routers_;  // by element id
  std::vector<Ni*> nis_;          // by terminal id
  std::vector<Link*> links_;      // in table order
  int64_t cycle_ = 0, edges_ = 0, prepared_ = -1;
  std::exception_ptr error_;
  std::unique_ptr<VcdWriter> vcd_;
  TraceSelect sel_;
  FlitProbe flits_;
  sc_core::sc_time rise_;  // the last rising edge: a cycle's samples are stamped with it
};

}  // namespace drb::face
