// SPDX-License-Identifier: Apache-2.0
// router.impl=rtl: a fabric element that is the Verilated drb_router (rtl/drb_router.sv) itself, in place
// of RouterCore, at the same channel ports. Flits and credits the channel table delivers in cycle t are
// the RTL's inputs in its cycle t - 1 (they count from t, as in the model); the RTL's outputs in cycle t
// are what RouterCore's step(t) would send: credits upstream in the grant cycle, flits entering their
// output channel d_sa + d_st cycles after the grant, GMR's early acks in the grant cycle.
//
// The RTL moves the flits and edits the headers; the adapter keeps what the model's statistics read and
// the RTL does not carry: which packet a flit belongs to (a shadow queue per input VC, the body flits'
// data checked against it), the packet's path, hops and waits (from the RTL's observation ports: VC
// states, switch grants and the output port each VC holds), the channels' counters, and the block
// events (DEC pops, AL waits, GMR's acks, contended allocations).
//
// An element is clocked while it holds flits or a VC that is not idle; when it holds none it is quiet (no
// input changes it but a flit or a credit, and those wake it) and its edges are skipped, as the model
// skips an idle RouterCore. Only the AL timer would have moved in those cycles, and AL reads differences
// of it modulo 2^W (lat - T1 + T2), so a timer that lags the fabric's cycle by the skipped cycles gives
// the same headers. With al.tick = T > 1 the timer is floor(cycles / T), whose differences survive a lag
// only if it is a multiple of T: a quiet stretch skips a multiple of T edges and clocks the rest idle.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/packet/flit.h"
#include "systemc/base/packet_store.h"
#include "systemc/channel/channel.h"
#include "systemc/fabric/net_types.h"
#include "systemc/router/router_config.h"

namespace drb::cosim {

// Why routers of cfg cannot be the Verilated drb_router, or "" if they can: a router of a k-ary n-cube
// (torus or mesh, any radices and up to 8 dimensions) with DOR or minimal adaptive routing, or a hypercube
// with DOR routing (any dimension order and tie rule), the switches of a k-ary n-tree (up/down, deterministic up phase), a flattened butterfly,
// a RUFT, and a hybrid's routers and subnet switches with their family's deterministic relation, the
// default pipeline and round-robin separable allocation, in one of the configurations the build verilated (rtl/CMakeLists.txt, DRB_ROUTER_CONFIGS) or one that can be verilated on first use
// (rtl_build.h, with a header package of the network's own layout when the build's does not hold its
// headers). The reason names the key that differs ("key: why").
std::string rtl_router_unsupported(const NetParams& net, const RouterConfig& cfg);

// drb_router's VC-layout parameters (GroupBase, ClassFirst, ClassCount: 4 bits an entry) for a VcLayout;
// fits is false when an entry does not fit its 4 bits.
struct RtlVcTables {
  uint64_t group_base = 0, class_first = 0, class_count = 0;
  bool fits = true;
};
RtlVcTables rtl_vc_tables(const VcLayout& layout);

class RtlRouter {
 public:
  // Every element of cfg.ic, in id order; std::invalid_argument (rtl_router_unsupported's reason) if they
  // cannot be, and std::runtime_error if verilating a configuration failed. The configuration is found
  // (and verilated on first use) once per kind of element (a hybrid has two), not once per element: a
  // midimew's has a ROM of N entries. The RTL is reset here and its GMR registers written at the first
  // clock edge.
  static std::vector<std::unique_ptr<RtlRouter>> build_all(const NetParams& net, const RouterConfig& cfg,
                                                           ChannelTable& chan, PacketStore& store);
  ~RtlRouter();
  RtlRouter(const RtlRouter&) = delete;
  RtlRouter& operator=(const RtlRouter&) = delete;
  int id() const { return id_; }

  // Wiring, as RouterCore's.
  void connect_output(int p, int ch, bool eject);
  void connect_input(int p, int ch, bool inject);
  // What the channel table delivers in cycle now (at most one flit and one credit per port).
  void arrive(int p, const Flit& f, int64_t now);
  void credit(int p, uint8_t vc);
  // The RTL's clock edge into cycle now, then its outputs of cycle now. Cycles since the last step are
  // skipped when the element was quiet, else clocked without input.
  void step(int64_t now);
  bool busy() const { return !quiet_; }  // false: quiet, stepped again when a flit or a credit arrives
  static constexpr bool kStepsOnCredit = true;  // a credit changes the RTL's counters: step to clock it in
  const RouterCounters& counters() const { return cnt_; }
  uint64_t cycles() const { return cycles_; }  // clock edges given to the RTL (quiet cycles skipped)
  std::string dump(int64_t now) const;         // per input VC the RTL's state and the flits buffered

  // Waveform signals (trace.vcd), RouterCore's names and meanings, read from the RTL at the end of each
  // step once trace_on() was called: per input VC k = port * VCs + VC its state and buffered flits, per
  // output VC its credits, each the register's next value (dbg_state_next_o, dbg_count_next_o,
  // dbg_credits_next_o: this cycle's events taken, as the model's values after its step); the packet a
  // VC last routed (the adapter's: the RTL carries no packet ids) and the flits sent (the channel's).
  void trace_on();
  const int& trace_buffered() const { return tr_buffered_; }
  const uint8_t& trace_state(int p, int vc) const { return tr_state_[static_cast<size_t>(p * vcs_ + vc)]; }
  const int& trace_occupancy(int p, int vc) const { return tr_count_[static_cast<size_t>(p * vcs_ + vc)]; }
  const uint32_t& trace_packet(int p, int vc) const { return tr_packet_[static_cast<size_t>(p * vcs_ + vc)]; }
  const int& trace_credits(int p, int vc) const { return tr_credits_[static_cast<size_t>(p * vcs_ + vc)]; }
  const uint64_t& trace_sent(int p) const;

 private:
  struct Kind;
  RtlRouter(const Kind& kind, const RouterConfig& cfg, int id, ChannelTable& chan, PacketStore& store);
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int id_;
  RouterCounters cnt_;
  uint64_t cycles_ = 0;
  bool quiet_ = false;  // the first step (cycle 0, the edge that writes GMR's registers) is never skipped
  int vcs_ = 1;
  bool traced_ = false;
  int tr_buffered_ = 0;
  std::vector<uint8_t> tr_state_;
  std::vector<int> tr_count_, tr_credits_;
  std::vector<uint32_t> tr_packet_;
};

}  // namespace drb::cosim
