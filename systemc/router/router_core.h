// SPDX-License-Identifier: Apache-2.0
// The input-queued VC router's per-cycle work as plain C++ (the SC_MODULE in router.h only wraps it).
// One step(now) is one clock cycle: route compute (with DEC), VC allocation and switch allocation
// (separable, input-first, built from round-robin arbiters; the output stage is the crossbar arbiter
// block), after the channel table has delivered this cycle's flits (arrive) and credits (credit).
// Every link and credit delay is >= 1 cycle, so calling step() on routers in any order is an
// evaluate/commit of the whole fabric.
#pragma once
#include <climits>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "models/blocks/al.h"
#include "models/blocks/gmr.h"
#include "models/blocks/xbar_arbiter.h"
#include "models/packet/flit.h"
#include "models/routing/routing.h"
#include "models/topology/graph.h"
#include "systemc/channel/channel.h"
#include "systemc/channel/queues.h"
#include "systemc/cosim/router_rtl.h"
#include "systemc/base/packet_store.h"
#include "systemc/router/input_unit.h"
#include "systemc/router/output_unit.h"
#include "systemc/router/router_config.h"

namespace drb {

// The block set a router's stages call, chosen once per router: the C++ models, or the Verilated RTL
// where router.blocks.* asks for it (each block's pointer then says which). Model mode is compiled
// without an RTL branch: the block calls test B::kRtl first, a constant.
struct ModelBlocks {
  static constexpr bool kRtl = false;
};
struct RtlBlocks {
  static constexpr bool kRtl = true;
};

class RouterCore {
 public:
  using State = InputVc::State;
  static constexpr State kIdle = InputVc::kIdle, kRouting = InputVc::kRouting, kVcAlloc = InputVc::kVcAlloc,
                         kActive = InputVc::kActive;

  // Router `id` of cfg.ic, sending and receiving through chan (wired by connect_output/connect_input) and
  // reading and editing the packets its flits carry in store.
  RouterCore(const RouterConfig& cfg, int id, ChannelTable& chan, PacketStore& store);
  // Bytes one router allocates when built with these parameters (see systemc/base/footprint.h).
  static double footprint(int ports, int vcs, int depth);
  int id() const { return id_; }
  int in_ports() const { return in_ports_; }
  int out_ports() const { return out_ports_; }

  // The input buffers, allocated apart from the control state (the assembly calls it once every element is
  // built): a cycle touches every busy element's control state, and packed together it stays in cache
  // instead of one element per few pages between the buffers.
  void alloc_buffers();
  // Wiring (done once at assembly): channel ch of the table leaves output p (to another element, or
  // `eject` to a terminal, which always sinks) or enters input p (from another element, or `inject` from a
  // terminal). Flits leave and credits go back only through these channels.
  void connect_output(int p, int ch, bool eject);
  void connect_input(int p, int ch, bool inject);

  // The channel table delivers a flit arriving in input p at the start of cycle now, and a credit for
  // output p's VC vc from the cycle it may be counted.
  void arrive(int p, const Flit& f, int64_t now) {
    ++buffered_;
    InputVc& v = in_[p].vcs[f.vc];
    v.buf.push(f);
    if (v.state == kIdle) {  // a head reaching the front of an idle VC starts route compute
      set_state(v, kRouting);
      v.ready = now + d_rc_;
    }
  }
  void credit(int p, uint8_t vc) { out_[p].credit(vc); }
  void step(int64_t now);
  bool busy() const { return buffered_ > 0; }
  int buffered() const { return buffered_; }

  // Block event counters (for tests and co-simulation evidence).
  struct Counters {
    uint64_t dec_pops = 0, al_waits = 0, gmr_fires = 0, gmr_drops = 0, contended = 0;
  };
  const Counters& counters() const { return cnt_; }
  // The Verilated blocks of this router (router.blocks.* = rtl), or null when every block is a C++ model.
  const cosim::RouterRtl* rtl() const { return rtl_.get(); }
  std::string dump(int64_t now) const;  // blocked VCs and credits, for the stall report
  int credits(int p, int vc) const { return out_[p].vcs[vc].credits; }
  // The output unit follows its channel (systemc/channel/channel.h; power saving and faults set it there):
  // - off: offered to no head. A channel turns off only while the output is idle (output_idle), else
  //   std::logic_error: a busy one would strand flits.
  // - failed: takes no new head; a packet already on it completes, and its VC is not offered again once the
  //   tail has left. On again (repair, power): offered again.
  // - width w (stage 2): a flit holds the link w cycles and its last phit arrives w - 1 later than at full width.
  void channel_changed(int p);
  // No VC allocated and every credit back (so no flit of it is in flight or in the downstream buffer).
  bool output_idle(int p) const;
  // The relation data heads are routed with from now on (links failed or came back: the fault-pruned one).
  void set_routing(const RoutingRelation& r) { routing_ = &r; }
  // Assembly: the head tap replacing the configuration's (a fan-out when several watch the heads).
  void set_head_tap(HeadTap* t) { tap_ = t; }
  // Route again every head waiting for a VC (the relation changed); the caller steps the router this cycle.
  void reroute_waiting(int64_t now);
  // Adds (source, destination) of every head that waits with no candidate at all.
  void held(std::set<std::pair<int, int>>& out) const;
  // Flits sent on output p so far, as its channel counts them (waveforms sample the reference).
  uint32_t sent(int p) const { return chan_.stats(out_[p].link.ch).sent; }
  const uint32_t& trace_sent(int p) const { return chan_.stats(out_[p].link.ch).sent; }
  // Always-on state that waveforms sample: flits buffered; per input VC its state (State), the flits in its
  // buffer and the id of the packet it last routed; per output VC its credits.
  const int& trace_buffered() const { return buffered_; }
  const uint8_t& trace_state(int p, int vc) const { return reinterpret_cast<const uint8_t&>(in_[p].vcs[vc].state); }
  const int& trace_occupancy(int p, int vc) const { return in_[p].vcs[vc].buf.size_ref(); }
  const uint32_t& trace_packet(int p, int vc) const { return in_[p].vcs[vc].pkt_id; }
  const int& trace_credits(int p, int vc) const { return out_[p].vcs[vc].credits; }
  int vcs() const { return vcs_; }
  bool output_connected(int p) const { return out_[p].link.ch >= 0; }
  bool output_to_element(int p) const { return out_[p].network; }  // not an ejection channel (no credits)
  bool input_connected(int p) const { return in_[p].credit.ch >= 0; }

 private:
  // Each stage scans only the VCs in its state: a mask per input port and a mask of ports per state, in as
  // many 64-bit words as the router has ports (one below 65 ports: the narrow path, compiled apart).
  void set_state(InputVc& v, State s) {
    InputUnit& ip = in_[v.port];
    const uint64_t b = uint64_t{1} << v.vc;
    uint64_t* pw = v.port < 64 ? stage_ports_ : stage_word(v.port >> 6);
    const uint64_t pb = uint64_t{1} << (v.port & 63);
    if (v.state != kIdle && !(ip.stage[v.state] &= ~b)) pw[v.state] &= ~pb;
    if (s != kIdle) {
      ip.stage[s] |= b;
      pw[s] |= pb;
    }
    v.state = s;
  }
  template <bool kWide>
  int words() const { return kWide ? words_ : 1; }
  template <bool kWide>
  bool staged(State s) const {
    uint64_t a = 0;
    for (int w = 0; w < words<kWide>(); ++w) a |= stage_word(w)[s];
    return a != 0;
  }
  // The stages, for routers of up to 64 ports or wider (kWide) and for a block set B (ModelBlocks or
  // RtlBlocks, chosen once per router in step()).
  template <bool kWide, class B>
  void step_words(int64_t now);
  template <class B>
  void route_compute(InputVc& v, int64_t now);
  template <bool kWide, class B>
  void vc_allocate(int64_t now);
  template <bool kWide, class B>
  void switch_allocate(int64_t now);
  template <bool kWide, bool by_age, class B>
  void switch_allocate_separable(int64_t now);
  template <bool kWide, class B>
  void switch_allocate_islip(int64_t now);
  // A VC that may bid for the switch this cycle (a head that cannot for lack of credits starts its AL wait).
  template <class B>
  bool eligible(InputVc& v, int64_t now) {
    if (v.ready > now || v.buf.empty()) return false;
    if (narrow_ && out_[v.out_port].free_at > now) return false;  // a narrowed link still sending
    if (out_[v.out_port].vcs[v.out_vc].credits <= 0) {
      if (v.buf.front().head()) block<B>(v);
      return false;
    }
    return true;
  }
  int64_t age(const InputVc& v) const;  // generation time of the front packet (smaller = older)
  RrArbiter xbar_rr(int o) const;        // output o's crossbar arbiter pointer, as a round-robin order
  // Among the set bits of the nw words at req, the one at or after rr's pointer whose key is smallest
  // (oldest first).
  template <class Key>
  static int pick_oldest(const RrArbiter& rr, const uint64_t* req, int nw, Key key);
  template <class B>
  void block(InputVc& v);
  // The head tap (PR-DRB's monitor, docs/prdrb.md): a head leaving after waiting `wait` cycles here, with
  // the packets it contended with.
  void tap_head(const InputVc& v, Packet& pk, uint32_t wait, int64_t now);
  std::vector<uint32_t> contenders_;  // scratch for tap_head
  template <class B>
  void send(int in_port, int vc, int64_t now);
  void release(InputVc& v, int64_t now);
  int pick_output_vc(const InputVc& v, int& port, int len) const {
    return trunk_ > 1 ? pick_output_vc_t<true>(v, port, len) : pick_output_vc_t<false>(v, port, len);
  }
  // kTrunk: each candidate port of the relation is a trunk of trunk_ element ports, tried in member order
  // (first free); compiled apart so that routers without trunks run the code they ran.
  template <bool kTrunk>
  int pick_output_vc_t(const InputVc& v, int& port, int len) const;
  int most_credits(const InputVc& v, int group, int len) const;
  int least_loaded(const InputVc& v, int group, int len) const;
  int select(const InputVc& v, int group, int len) const {
    return sel_ == Selection::MostCredits ? most_credits(v, group, len) : least_loaded(v, group, len);
  }
  // The ejection port a head at DEC's eject takes: its terminal's only one, or of several channels the one
  // with the fewest packets on it that has a free VC (first on ties; -1 if none has). Each channel sinks one
  // flit a cycle, so packets spread over the channels instead of sharing the first one's VCs.
  int eject_channel(const InputVc& v) const {
    if (v.eject_n == 1) return v.eject_port;
    int best = -1, best_used = INT_MAX;
    for (int k = 0; k < v.eject_n; ++k) {
      const int used = used_vcs(v.eject_port + k);
      if (used < vcs_ && used < best_used) best = v.eject_port + k, best_used = used;
    }
    return best;
  }
  // Output VCs of port p allocated to a packet (or not offered: a link off or failed).
  int used_vcs(int p) const { return out_[p].used_vcs(); }
  uint64_t free_output_vcs(const InputVc& v, int& port, int len) const {
    return trunk_ > 1 ? free_output_vcs_t<true>(v, port, len) : free_output_vcs_t<false>(v, port, len);
  }
  template <bool kTrunk>
  uint64_t free_output_vcs_t(const InputVc& v, int& port, int len) const;
  template <bool kWide, class B>
  void vc_allocate_islip(int64_t now);

  const RouterConfig& cfg_;
  ChannelTable& chan_;
  PacketStore& store_;
  const RoutingRelation* routing_;
  int id_;
  int in_ports_, out_ports_, vcs_;
  std::vector<InputUnit> in_;
  std::vector<OutputUnit> out_;
  static constexpr int16_t kNotOffered = OutputUnit::kNotOffered;
  int buffered_ = 0;
  int d_rc_ = 1;
  bool narrow_ = false;      // some output has been below full width (stage 2): switch allocation checks free_at
  int trunk_ = 1;            // element ports per relation port (Interconnect::trunk)
  bool cyclic_ = false;              // router.trunk_select=cyclic (with trunks)
  std::vector<uint8_t> trunk_next_;  //   per trunk, the member to try first
  Selection sel_ = Selection::InOrder;  // how the relation's candidates are chosen among
  bool in_class_ = false;    // the relation reads the input VC's class (RelationNeeds::input_class)
  bool in_port_ = false;     // the relation reads the input port (RelationNeeds::input_port)
  HeadTap* tap_ = nullptr;   // the head tap bound at assembly (PR-DRB's monitor, the packet trace)
  // Port ids are 8 bits wide (InputVc::port, RouteChoice::port): 256 ports in 4 mask words at most.
  static constexpr int kMaxPorts = kMaxRadix;
  static constexpr int kMaxWords = XbarArbiter::kMaxWords;
  static_assert(kMaxPorts <= 64 * kMaxWords, "port masks too narrow for the widest element");
  int words_ = 1;  // 64-bit words of a port mask
  // Per state, the input ports with a VC in that state, so idle stages cost nothing: word 0 here (the only
  // one below 65 ports, where it always was in the object), words 1.. of a wide router in stage_hi_.
  uint64_t stage_ports_[4] = {0, 0, 0, 0};
  std::vector<uint64_t> stage_hi_;  // (word - 1) * 4 + state
  uint64_t* stage_word(int w) { return w == 0 ? stage_ports_ : &stage_hi_[static_cast<size_t>(w - 1) * 4]; }
  const uint64_t* stage_word(int w) const { return w == 0 ? stage_ports_ : &stage_hi_[static_cast<size_t>(w - 1) * 4]; }
  Counters cnt_;
  // RTL mode (RtlBlocks): each block pointer is null while that block runs as the C++ model.
  std::unique_ptr<cosim::RouterRtl> rtl_;
  cosim::RouterRtl *dec_rtl_ = nullptr, *al_rtl_ = nullptr, *gmr_rtl_ = nullptr, *xbar_rtl_ = nullptr;
  // scratch for allocation
  struct VaReq {
    int16_t out;          // output port * vcs + output VC
    int16_t in_idx;       // input port * vcs + input VC
    int16_t port, ovc;    // the output port and VC (no division by vcs later)
    InputVc* v;
  };
  std::vector<VaReq> va_req_;
  std::vector<uint64_t> va_mask_;  // iSLIP: per request, the output VCs it asks for
  void grant_vc(const VaReq& r, int n_in, int64_t now);
  bool va_leads(const VaReq& a, const VaReq& b, int port, int ovc, int n_in) const;
  std::vector<int16_t> va_best_;  // per output VC: this cycle's leading request (-1 = none)
  std::vector<int> sa_pick_;
  std::vector<uint64_t> out_req_, out_prio_;  // per output, words_ words of input bits
  std::vector<int> out_grant_;  // RTL mode: this cycle's crossbar grants
  std::vector<int16_t> islip_vc_;  // iSLIP: per (input, output) the VC that stands for the request
  std::vector<int16_t> islip_out_; // iSLIP: per input, the outputs it requests this cycle (at most vcs)
  std::vector<int> islip_n_;       //   and how many
  std::vector<uint64_t> in_grant_; // iSLIP: per input, words_ words of the outputs that granted it
};

}  // namespace drb
