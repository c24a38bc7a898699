// SPDX-License-Identifier: Apache-2.0
// The input-queued VC router's per-cycle work as plain C++ (the SC_MODULE in router.h only wraps it): its
// units, each a type named after its RTL module (input units, route unit, VC allocator, switch allocator,
// output units), its channel ports and its configuration. One step(now) is one clock cycle: route compute
// (with DEC), VC allocation and switch allocation, after the channel table has delivered this cycle's
// flits (arrive) and credits (credit).
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
#include "systemc/router/block_set.h"
#include "systemc/router/input_unit.h"
#include "systemc/router/output_unit.h"
#include "systemc/router/route_unit.h"
#include "systemc/router/router_config.h"
#include "systemc/router/switch_allocator.h"
#include "systemc/router/vc_allocator.h"

namespace drb {

class alignas(64) RouterCore {
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
    InputVc& v = ivc_[p * vcs_ + f.vc];
    v.buf.push(f);
    if (v.state == kIdle) {  // a head reaching the front of an idle VC starts route compute
      set_state<kIdle, kRouting>(v);
      v.ready = now + d_rc_;
    }
  }
  // The lines arrive and credit will write, for the grouped step's look-ahead (Network::step_with): the
  // input VC's record, the output VC's, and the buffer slot the record names (read from the record, so
  // prefetched once the record is on its way).
  void prefetch_input_vc(int p, uint8_t vc) const { __builtin_prefetch(&ivc_[p * vcs_ + vc], 1); }
  void prefetch_output_vc(int p, uint8_t vc) const { __builtin_prefetch(&ovc_[p * vcs_ + vc], 1); }
  void prefetch_slot(int p, uint8_t vc) const { __builtin_prefetch(ivc_[p * vcs_ + vc].buf.next_slot(), 1); }
  // The front flit of each active VC, which send reads after the allocators (the grouped step, before the
  // router steps): past saturation it was written a buffer's length of cycles before. Packed routers only:
  // their active VCs are one word of the first line.
  void prefetch_fronts() const {
    if (packed_)
      for (uint64_t m = packed_active(); m; m &= m - 1) __builtin_prefetch(&ivc_[__builtin_ctzll(m)].buf.front());
  }
  // A credit for an output VC whose holder was parked for want of one lets it bid again.
  void credit(int p, uint8_t vc) {
    OutputVc& o = ovc_[p * vcs_ + vc];
    ++o.credits;
    if (o.waiting) {
      o.waiting = false;
      unpark(o.owner, kActive);
    }
  }
  void step(int64_t now);
  bool busy() const { return buffered_ > 0; }
  static constexpr bool kStepsOnCredit = false;  // a credit only counts: no step until a flit arrives
  int buffered() const { return buffered_; }

  // Block event counters (for tests and co-simulation evidence).
  using Counters = RouterCounters;
  const Counters& counters() const { return cnt_; }
  // An early ack queued from another thread (sim.threads, Network) was dropped after all.
  void early_ack_dropped() { ++cnt_.gmr_drops; }
  // sim.threads, once the table has its lanes (ChannelTable::set_lanes): `lane` picks the slot this router
  // notes its moves in for the watchdog; it sends through its ports' lanes from lane_at(0) until a grouped
  // step hands it its stepping thread's (set_sender).
  void set_lane(int lane) {
    moved_ = chan_.move_slot(lane);
    lanes_ = chan_.lane_at(0);
  }
  // Grouped with threads: the thread stepping this router this cycle sends in its own lanes (from
  // ChannelTable::lane_at(t * groups) on) and notes its moves in its own slot.
  void set_sender(ChannelLane* lanes, int64_t* moved) {
    lanes_ = lanes;
    moved_ = moved;
  }
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
  void set_routing(const RoutingRelation& r) { route_.set_routing(r); }
  // Assembly: the head tap replacing the configuration's (a fan-out when several watch the heads).
  void set_head_tap(HeadTap* t) { tap_ = t; }
  // Route again every head waiting for a VC (the relation changed); the caller steps the router this cycle.
  void reroute_waiting(int64_t now);
  // Adds (source, destination) of every head that waits with no candidate at all.
  void held(std::set<std::pair<int, int>>& out) const;
  // Flits sent on output p so far, its channel's count (waveforms sample the reference).
  uint64_t sent(int p) const { return out_[p].sent; }
  const uint64_t& trace_sent(int p) const { return out_[p].sent; }
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
  bool input_connected(int p) const { return credit_[p].ch >= 0; }

 private:
  // Each stage scans only the VCs in its state: a mask per input port and a mask of ports per state, in as
  // many 64-bit words as the router has ports (one below 65 ports: the narrow path, compiled apart). With
  // PackedBlocks the kActive VCs of all ports are one word instead (packed_active).
  // Every move names the state the VC leaves, so its masks sit at constant offsets (drb_bench B1: -0.6 %
  // instructions against reading v.state). A move into or out of kActive depends on the block set's layout
  // (PackedBlocks: one word) and takes it, B (the grant and the release); the others cannot reach kActive:
  // the arrival, route compute (kRouting to kVcAlloc) and re-routing (kVcAlloc to kRouting).
  template <State kFrom, State kTo>
  void set_state(InputVc& v) {
    static_assert(kFrom != kActive && kTo != kActive, "a move into or out of kActive takes the block set");
    move_state<ModelBlocks>(v, kFrom, kTo);
  }
  template <State kFrom, class B>
  void set_state_from(InputVc& v, State s) { move_state<B>(v, kFrom, s); }
  // v leaves state `from` (its current one) for s; inlined so that a constant `from` folds.
  template <class B>
  [[gnu::always_inline]] void move_state(InputVc& v, State from, State s) {
    InputUnit& ip = in_[v.port];
    const uint64_t b = uint64_t{1} << v.vc;
    uint64_t* pw = v.port < 64 ? stage_ports_ : stage_word(v.port >> 6);
    const uint64_t pb = uint64_t{1} << (v.port & 63);
    if (from != kIdle) {
      if (B::kPacked && from == kActive) leave_active(v.port, v.vc);
      else if (!(ip.stage[from] &= ~b)) pw[from] &= ~pb;
    }
    if (s != kIdle) {
      if (B::kPacked && s == kActive) stage_ports_[kIdle] |= uint64_t{1} << (v.port * vcs_ + v.vc);
      else ip.stage[s] |= b;
      pw[s] |= pb;
    }
    v.state = s;
  }
  // PackedBlocks: VC c of port p leaves the kActive masks.
  void leave_active(int p, int c) {
    const int at = p * vcs_;
    if (!((stage_ports_[kIdle] &= ~(uint64_t{1} << (at + c))) >> at & vc_mask(vcs_)))
      stage_ports_[kActive] &= ~(uint64_t{1} << p);
  }
  // Past saturation most active VCs wait for a credit, and a switch-allocation scan of them each cycle streams
  // their records through the cache (a 64x64 torus at 0.3 offered: 80 k VCs). A VC without a credit leaves
  // the kActive masks (its state stays kActive) until the credit for its output VC comes back (credit()).
  // Only a bidding VC leaves kActive (its tail crosses), so a parked one is always unparked first.
  // park(v, s): v, in state s (kActive here, kVcAlloc from wait_for_vc), leaves the masks of s; its state stays.
  template <class B = ModelBlocks>
  void park(InputVc& v, State s) {
    const int k = v.port * vcs_ + v.vc;
    parked_[k >> 6] |= uint64_t{1} << (k & 63);
    ++n_parked_;
    if (B::kPacked && s == kActive) leave_active(v.port, v.vc);
    else if (!(in_[v.port].stage[s] &= ~(uint64_t{1} << v.vc)))
      (v.port < 64 ? stage_ports_ : stage_word(v.port >> 6))[s] &= ~(uint64_t{1} << (v.port & 63));
  }
  bool parked(int k) const { return (parked_[k >> 6] >> (k & 63)) & 1; }
  // Not parked any more (unpark, or re-routed while parked); its masks are the caller's.
  void unmark(int k) {
    parked_[k >> 6] &= ~(uint64_t{1} << (k & 63));
    --n_parked_;
  }
  // Back into the scan of state s, the VC's own: kActive (credit()), or kVcAlloc for a head parked by
  // wait_for_vc (vc_freed). A packed router's kActive VCs are one word (credit() is not a stage and has no
  // block set: it tests packed_, on the router's first line; s is a constant at both calls, so the test
  // folds away for kVcAlloc).
  [[gnu::always_inline]] void unpark(int k, State s) {
    unmark(k);
    const int port = k / vcs_;
    if (s == kActive && packed_) stage_ports_[kIdle] |= uint64_t{1} << k;
    else in_[port].stage[s] |= uint64_t{1} << (k - port * vcs_);
    (port < 64 ? stage_ports_ : stage_word(port >> 6))[s] |= uint64_t{1} << (port & 63);
  }
  // Past saturation most heads waiting for an output VC find none, and the VC allocator's scan asked each of
  // them again every cycle (a 64x64 torus at 0.3 offered: pick_output_vc was 22% of the instructions). A head
  // that found no VC it may take leaves the kVcAlloc masks (its state stays kVcAlloc), registered on every
  // output port it could take one of (RouteUnit::waits_on), until a VC of one of them frees (vc_freed). The
  // set of requests each cycle is the same as without parking: a VC frees only in this router's switch
  // allocation, after its VC allocation, or between cycles (channel_changed). Not with VCT or atomic
  // reallocation (park_heads_ false), where a credit can also make a VC usable.
  void wait_for_vc(InputVc& v) {
    if (!park_heads_) return;
    park(v, kVcAlloc);
    const int k = v.port * vcs_ + v.vc;
    const uint64_t bit = uint64_t{1} << (k & 63);
    const size_t words = park_words();
    uint64_t* w = &parked_[words + static_cast<size_t>(k >> 6)];
    route_.waits_on(v, [&](int p) { w[static_cast<size_t>(p) * words] |= bit; });
  }
  // A VC of output p may be taken again: every head parked on p bids from the next VC allocation. A bit left
  // by a head woken through another port wakes it again at most once (it then scans and parks again).
  void vc_freed(int p) {
    const size_t words = park_words();
    uint64_t* w = &parked_[words + static_cast<size_t>(p) * words];
    for (size_t j = 0; j < words; ++j) {
      for (uint64_t m = w[j] & parked_[j]; m; m &= m - 1) {
        const int k = static_cast<int>(j) * 64 + __builtin_ctzll(m);
        if (ivc_[k].state == kVcAlloc) unpark(k, kVcAlloc);
      }
      w[j] = 0;
    }
  }
  template <bool kWide>
  int words() const { return kWide ? words_ : 1; }
  template <bool kWide>
  bool staged(State s) const {
    uint64_t a = 0;
    for (int w = 0; w < words<kWide>(); ++w) a |= stage_word(w)[s];
    return a != 0;
  }
  // The stages, for routers of up to 64 ports or wider (kWide) and for a block set B (PackedBlocks,
  // ModelBlocks or RtlBlocks, chosen once per router in step()).
  template <bool kWide, class B>
  void step_words(int64_t now);

  // What the units see of their router (route_unit.h, vc_allocator.h and switch_allocator.h list the calls
  // each makes; the unit tests' stub routers offer the same).
  friend class RouteUnit;
  friend class VcAllocator;
  friend class SwitchAllocator;
  int mask_words() const { return words_; }
  uint64_t ports_in(State s, int w) const { return stage_word(w)[s]; }
  InputUnit& input(int i) { return in_[i]; }
  // PackedBlocks: the VCs in state kActive, bit port * vcs + vc, one word on the router's first line
  // (stage_ports_[kIdle], a slot no state used) instead of a mask in each input unit. Switch allocation then
  // reads no input unit line (nor does a flit leaving: credit_). Past saturation that line was 23 % of switch
  // allocation's perf samples on drb_bench B5 and 63 % of the sole-VC path's on F2.
  uint64_t packed_active() const { return stage_ports_[kIdle]; }
  InputVc& vc_at(int k) { return ivc_[k]; }
  InputVc& in_vc(int i, int c) { return ivc_[i * vcs_ + c]; }
  bool injected(int i) const { return inject_[static_cast<size_t>(i)]; }
  const OutputUnit& output(int p) const { return out_[p]; }
  Packet& packet(uint32_t slot) { return store_.pkt(slot); }
  const Packet& packet(uint32_t slot) const { return store_.pkt(slot); }
  void dec_popped() { ++cnt_.dec_pops; }
  void contended() { ++cnt_.contended; }
  cosim::RouterRtl* dec_rtl() const { return dec_rtl_; }
  cosim::RouterRtl* xbar_rtl() const { return xbar_rtl_; }
  cosim::RouterRtl* va_rtl() const { return va_rtl_; }
  cosim::RouterRtl* sa_rtl() const { return sa_rtl_; }
  int pick_output_vc(const InputVc& v, int& port) const {
    return route_.pick_output_vc(*this, v, port, cfg_.p.vct ? store_.pkt(v.buf.front().pkt).hdr.length : 0);
  }
  uint64_t free_output_vcs(const InputVc& v, int& port) const {
    return route_.free_output_vcs(*this, v, port, cfg_.p.vct ? store_.pkt(v.buf.front().pkt).hdr.length : 0);
  }
  template <class B>
  void vc_granted(InputVc& v, int port, int ovc, int64_t now) {
    OutputUnit& op = out_[port];
    op.vcs[ovc].owner = static_cast<int16_t>(v.port * vcs_ + v.vc);
    v.out_port = static_cast<int16_t>(port);
    v.out_vc = static_cast<int16_t>(ovc);
    v.hold = &op.vcs[ovc];
    set_state_from<kVcAlloc, B>(v, kActive);
    v.ready = now + cfg_.p.d_va;
    route_.granted(port, op.network);
  }
  // A VC that may bid for the switch this cycle (a head that cannot for lack of credits starts its AL wait).
  // Inlined by hand: with the packed kActive word GCC stopped inlining it into switch allocation.
  template <class B>
  [[gnu::always_inline]] bool eligible(InputVc& v, int64_t now) {
    if (v.ready > now || v.buf.empty()) return false;
    if (narrow_ && out_[v.out_port].free_at > now) return false;  // a narrowed link still sending
    if (v.hold->credits <= 0) {
      if (v.unblocked_head()) block<B>(v);
      park<B>(v, kActive);
      v.hold->waiting = true;  // credit() wakes it
      return false;
    }
    return true;
  }
  int64_t age(const InputVc& v) const;  // generation time of the front packet (smaller = older)
  // A head that waits (lost an allocation, or found nothing free): AL subtracts T1 once per hop.
  template <class B>
  void block(InputVc& v);
  // A head that found no output VC it may take: it waits (block), and out of the allocator's scan
  // (wait_for_vc) once it has waited before: many waits last a cycle, and parking each of those cost drb_bench
  // B1 (8x8 torus, 1-flit packets, 0.1) +1.0% instructions against +0.6% this way.
  template <class B>
  void no_vc(InputVc& v) {
    const bool again = v.blocked;
    block<B>(v);
    if (again) wait_for_vc(v);
  }
  // The head tap (PR-DRB's monitor, docs/prdrb.md): a head leaving after waiting `wait` cycles here, with
  // the packets it contended with.
  void tap_head(const InputVc& v, Packet& pk, uint32_t wait, int64_t now);
  // The switch allocator's winner: the front flit of input VC v crosses the switch into its output channel.
  // (Given the VC itself, not its port and index: the allocators hold it, and indexing it again here cost
  // 0.1-0.6 % of the perf guard's instructions on B1, B3 and F2, and its BookSim2-preset entries.)
  template <class B>
  void send(InputVc& v, int64_t now);
  template <class B>
  void release(InputVc& v, int64_t now);

  // The fields a busy cycle reads (deliveries, the stages, send) come first, in the first four lines of
  // the aligned object (with the switch allocator's arbiters); spread over its 15 lines they were seven lines
  // a busy router touched each cycle, missed past saturation on the big fabrics.
  // The first line is all a flit's or a credit's delivery reads of the router: the VCs are in one array
  // per direction (port * vcs + vc), each unit's VCs a slice of it.
  // Per state, the input ports with a VC in that state, so idle stages cost nothing: word 0 here (the only
  // one below 65 ports), words 1.. of a wide router in stage_hi_. No state needs the ports with an idle VC:
  // with PackedBlocks, [kIdle] holds the kActive VCs themselves (packed_active).
  uint64_t stage_ports_[4] = {0, 0, 0, 0};
  int buffered_ = 0;
  int16_t n_parked_ = 0;  // VCs parked (parked_, at most 256 x 64): below saturation mostly none
  bool packed_ = false;  // steps with PackedBlocks: its kActive VCs are stage_ports_[kIdle] (packed_active)
  int d_rc_ = 1;
  int16_t vcs_;               // VCs a port (router.vcs: at most 64)
  bool narrow_ = false;       // some output has been below full width (stage 2): switch allocation checks free_at
  bool park_heads_ = true;    // neither VCT nor atomic reallocation: a VC becomes usable only by freeing
  std::unique_ptr<InputVc[]> ivc_;   // every input VC
  std::unique_ptr<OutputVc[]> ovc_;  // every output VC
  const RouterConfig& cfg_;
  ChannelTable& chan_;
  PacketStore& store_;
  ChannelLane* lanes_ = nullptr;  // where its ports' lanes start (set_sender; lane 0 unless grouped with threads)
  HeadTap* tap_ = nullptr;   // the head tap bound at assembly (PR-DRB's monitor, the packet trace)
  int64_t* moved_ = nullptr;  // its lane's last move (ChannelTable::move_slot; lane 0 unless sim.threads)
  int16_t words_ = 1;  // 64-bit words of a port mask
  bool rtl_on_ = false;  // rtl_ is set: step reads this line, not rtl_'s (B5: 2.8 % of last-level misses)
  int id_;
  int in_ports_, out_ports_;
  std::vector<InputUnit> in_;
  std::vector<OutputUnit> out_;
  LineBlock<ChannelPort>::Ptr credit_;  // per input port, its channel's credit lane (each flit leaving uses it)
  SwitchAllocator sa_;
  // Per input VC (port * vcs + vc), its first park_words() words: parked for want of a credit (park()) or of
  // an output VC (wait_for_vc); then as many per output port: the heads parked on it (wait_for_vc, vc_freed).
  // One block: a freed VC reads both (two blocks, past saturation, were a line more per VC freed).
  std::vector<uint64_t> parked_;
  size_t park_words() const { return static_cast<size_t>(in_ports_ * vcs_ + 63) / 64; }
  RouteUnit route_;
  VcAllocator va_;
  std::vector<uint8_t> inject_;  // per input port: it comes from a terminal's NI
  // RTL mode (RtlBlocks): each block pointer is null while that block runs as the C++ model.
  std::unique_ptr<cosim::RouterRtl> rtl_;
  static constexpr int16_t kNotOffered = OutputUnit::kNotOffered;
  // Port ids are 8 bits wide (InputVc::port, RouteChoice::port): 256 ports in 4 mask words at most.
  static constexpr int kMaxPorts = kMaxRadix;
  static constexpr int kMaxWords = XbarArbiter::kMaxWords;
  static_assert(kMaxPorts <= 64 * kMaxWords, "port masks too narrow for the widest element");
  std::vector<uint64_t> stage_hi_;  // (word - 1) * 4 + state
  uint64_t* stage_word(int w) { return w == 0 ? stage_ports_ : &stage_hi_[static_cast<size_t>(w - 1) * 4]; }
  const uint64_t* stage_word(int w) const { return w == 0 ? stage_ports_ : &stage_hi_[static_cast<size_t>(w - 1) * 4]; }
  Counters cnt_;
  cosim::RouterRtl *dec_rtl_ = nullptr, *al_rtl_ = nullptr, *gmr_rtl_ = nullptr, *xbar_rtl_ = nullptr,
                   *va_rtl_ = nullptr, *sa_rtl_ = nullptr;
  std::vector<uint32_t> contenders_;  // scratch for tap_head
  LineBlock<Flit>::Ptr bufs_;  // the input VCs' slots (alloc_buffers)
};

}  // namespace drb
