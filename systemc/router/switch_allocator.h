// SPDX-License-Identifier: Apache-2.0
// The router's switch allocator (RTL: drb_switch_alloc, whose output stage per output port is the
// drb_xbar_arbiter block): every input VC holding an output VC and able to send (credit, link free) requests
// the crossbar; at most one flit leaves each input port and each output port a cycle. Separable input-first
// by default (per input port a round-robin arbiter over its VCs, high-priority acks first; per output port
// the crossbar arbiter), or iSLIP with one iteration (router.alloc.sa): each input requests every output one
// of its VCs wants, each output grants one input, each input accepts one grant; pointers move only on
// accepted grants. Oldest first before round robin with router.arbiter=age (docs/router-saturation.md).
//
// The allocator owns its arbiters and scratch and sees its router R only through these calls (the unit
// tests drive it with a stub router, tests/test_router_units.cpp):
//   int mask_words() const;                     64-bit words of a port mask (kWide only)
//   uint64_t ports_in(InputVc::State s, int w) const;   input ports with a VC in state s, word w
//   InputUnit& input(int i);                    input port i (its VCs; unpacked: its kActive mask)
//   InputVc& in_vc(int i, int c);               input port i's VC c
//   PackedBlocks only (RouterCore): uint64_t packed_active() const, the kActive VCs (bit port * vcs + vc),
//   and InputVc& vc_at(int k), input VC k
//   template <class B> bool eligible(InputVc& v, int64_t now);   v may bid this cycle (credit, link free)
//   template <class B> void block(InputVc& v);  a head lost (AL starts its wait)
//   void contended();                           a request lost to another
//   int64_t age(const InputVc& v) const;        generation time of v's front packet (oldest first)
//   template <class B> void send(InputVc& v, int64_t now);  the winner's flit crosses the switch
//   cosim::RouterRtl* xbar_rtl() const;         RTL block set only: the Verilated crossbar arbiters, or null
//   cosim::RouterRtl* sa_rtl() const;           RTL block set only: the Verilated switch allocator, or null
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "models/blocks/xbar_arbiter.h"
#include "models/topology/graph.h"
#include "systemc/router/input_unit.h"

namespace drb {

// The switch allocators' per-cycle scratch: per input port its VC in the running, per output port the
// request and priority words. Each allocation writes an entry before it reads it, so nothing carries from
// one cycle or router to the next, and the routers a thread steps share its one copy, which stays in its
// cache: held per router, they were three more cache lines each router touched in every busy cycle, missed
// past saturation on the big fabrics (a 64x64 torus: 4,096 routers' worth).
struct SaScratch {
  int pick[kMaxRadix];
  uint64_t out_req[kMaxRadix * XbarArbiter::kMaxWords];
  uint64_t out_prio[kMaxRadix * XbarArbiter::kMaxWords];
};
inline thread_local SaScratch sa_scratch;

// The round-robin pointers of a switch allocator's arbiters, a byte each (a pointer is below 256: at most
// 64 VCs, 256 ports): input port i's arbiter over its VCs at [i], output o's crossbar arbiter at
// [in_ports + o]. Up to kInline pointers are held in place, on the allocator's first lines, which every
// allocation reads anyway. Held as two vectors of arbiters, they were two more lines a busy router touched
// each cycle, missed past saturation on the big fabrics (drb_bench B5, cachegrind: 4.8 % fewer last-level
// misses this way).
// A byte of an enum type, not uint8_t: a store through a character type may alias anything, and the
// allocation loops then reload the router's fields after each pointer update (3.7 % more instructions on
// B5).
// Not copied or moved: p_ may point into the object itself.
class ArbiterPointers {
 public:
  static constexpr int kInline = 32;
  ArbiterPointers() = default;
  ArbiterPointers(const ArbiterPointers&) = delete;
  ArbiterPointers& operator=(const ArbiterPointers&) = delete;
  void assign(int n) {
    heap_.reset(n > kInline ? new Slot[static_cast<size_t>(n)]{} : nullptr);
    for (Slot& p : inline_) p = Slot{};
    p_ = heap_ ? heap_.get() : inline_;
  }
  int operator[](int i) const { return static_cast<int>(p_[i]); }
  void set(int i, int p) { p_[i] = static_cast<Slot>(p); }

 private:
  enum class Slot : uint8_t {};
  Slot* p_ = inline_;
  Slot inline_[kInline] = {};
  std::unique_ptr<Slot[]> heap_;
};

class SwitchAllocator {
 public:
  static constexpr int kMaxWords = XbarArbiter::kMaxWords;
  // For in_ports x vcs input VCs, out_ports outputs and port masks of `words` 64-bit words.
  void init(int in_ports, int out_ports, int vcs, int words, bool islip, bool by_age) {
    vcs_ = vcs;
    outs_ = out_ports;
    islip_ = islip;
    by_age_ = by_age;
    ins_ = in_ports;
    ptr_.assign(in_ports + out_ports);
    if (in_ports > kMaxRadix || out_ports > kMaxRadix || words > kMaxWords)
      throw std::logic_error("SwitchAllocator: more ports than its scratch holds");
    rtl_port_.assign(static_cast<size_t>(in_ports) * vcs, 0);
    rtl_win_.assign(out_ports, -1);
    out_grant_.assign(out_ports, -1);
    if (islip) {
      in_acc_.assign(in_ports, RrArbiter(out_ports));
      islip_out_.assign(static_cast<size_t>(in_ports) * vcs, -1);
      islip_vc_.assign(static_cast<size_t>(in_ports) * vcs, -1);
      islip_n_.assign(in_ports, 0);
    }
  }
  // One cycle's allocation over the VCs in state kActive; each winner's flit is sent (R::send).
  template <bool kWide, class B, class R>
  void allocate(R& r, int64_t now) {
    if constexpr (B::kRtl && !kWide) {
      if (auto* x = r.sa_rtl()) return allocate_rtl<B>(r, *x, now);
    }
    if constexpr (!kWide && !B::kRtl) {  // (RTL mode: the Verilated arbiters keep their own state)
      // One VC of one input port in the running (most of a router's busy cycles below saturation): every stage
      // has one request, so it takes its output outright and the pointers move as the stages would move them
      // (round robin or oldest first; iSLIP's accept pointer too), without the masks. perf_guard: F2-256
      // -8.1%, B1 and B3 -3.5 to -3.7%, the BookSim2 preset -4.0 to -4.5% instructions per flit-hop.
      if (InputVc* v = sole_active<B>(r)) {
        if (r.template eligible<B>(*v, now)) {
          if (islip_) in_acc_[v->port].update(v->out_port, true);
          xbar_used(v->out_port, v->port);
          in_used(v->port, v->vc);
          r.template send<B>(*v, now);
        }
        return;
      }
    }
    if (islip_) return allocate_islip<kWide, B>(r, now);
    if (by_age_) return allocate_separable<kWide, true, B>(r, now);
    allocate_separable<kWide, false, B>(r, now);
  }
  // Output o's crossbar arbiter and input i's arbiter over its VCs (tests; the stall report).
  XbarArbiter xbar(int o) const { return XbarArbiter(ins_, ptr_[ins_ + o]); }
  RrArbiter input_arbiter(int i) const {
    RrArbiter a(vcs_);
    a.set_pointer(ptr_[i]);
    return a;
  }

 private:
  template <bool kWide, bool by_age, class B, class R>
  void allocate_separable(R& r, int64_t now);
  template <bool kWide, class B, class R>
  void allocate_islip(R& r, int64_t now);
  template <class B, class R, class X>
  void allocate_rtl(R& r, X& x, int64_t now);
  RrArbiter xbar_rr(int o) const {  // output o's crossbar pointer as a round-robin order
    RrArbiter a(ins_);
    a.set_pointer(ptr_[ins_ + o]);
    return a;
  }
  // A grant used (never none): the arbiter's pointer moves past it.
  void xbar_used(int o, int grant) { ptr_.set(ins_ + o, RrArbiter::past(grant, ins_)); }
  void in_used(int i, int vc) { ptr_.set(i, RrArbiter::past(vc, vcs_)); }
  // Among the set bits of the nw words at req, the one at or after rr's pointer whose key is smallest
  // (oldest first).
  template <class Key>
  static int pick_oldest(const RrArbiter& rr, const uint64_t* req, int nw, Key key) {
    int best = -1;
    int64_t best_key = 0;
    auto visit = [&](uint64_t m, int base) {
      for (; m; m &= m - 1) {
        const int i = base + __builtin_ctzll(m);
        const int64_t k = key(i);
        if (best < 0 || k < best_key) best = i, best_key = k;
      }
    };
    // Visit the requesters in round-robin order from the pointer: the first of the oldest wins.
    const int w0 = rr.pointer() >> 6;
    const uint64_t hi = req[w0] & (~uint64_t{0} << (rr.pointer() & 63));
    visit(hi, w0 * 64);
    for (int w = w0 + 1; w < nw; ++w) visit(req[w], w * 64);
    for (int w = 0; w < w0; ++w) visit(req[w], w * 64);
    visit(req[w0] & ~hi, w0 * 64);
    return best;
  }
  // The input VC in state kActive when it is the only one of the router (narrow masks), else null.
  template <class B, class R>
  static InputVc* sole_active(R& r) {
    if constexpr (B::kPacked) {
      const uint64_t a = r.packed_active();
      return a && !(a & (a - 1)) ? &r.vc_at(__builtin_ctzll(a)) : nullptr;
    } else {
      const uint64_t pm = r.ports_in(InputVc::kActive, 0);
      if (!pm || (pm & (pm - 1))) return nullptr;
      InputUnit& ip = r.input(__builtin_ctzll(pm));
      const uint64_t m = ip.stage[InputVc::kActive];
      return m && !(m & (m - 1)) ? &ip.vcs[__builtin_ctzll(m)] : nullptr;
    }
  }
  // Input port i's VCs in state kActive, and vb its first VC. Packed (B::kPacked): from `act`, the router's
  // kActive word read once per allocation (an input stage changes only its own port's bits: a VC without a
  // credit parks), so that switch allocation reads no input unit; else from the port's input unit.
  template <class B, class R>
  uint64_t port_active(R& r, const uint64_t* act, int i, InputVc*& vb) const {
    if constexpr (B::kPacked) {
      const int at = i * vcs_;
      vb = &r.vc_at(at);
      return act[0] >> at & act[1];
    } else {
      (void)act;
      InputUnit& ip = r.input(i);
      vb = &ip.vcs[0];
      return ip.stage[InputVc::kActive];
    }
  }
  // Packed: the kActive word and the mask of one port's VCs, for port_active.
  template <class B, class R>
  void active_word(R& r, uint64_t* act) const {
    if constexpr (B::kPacked) {
      act[0] = r.packed_active();
      act[1] = vc_mask(vcs_);
    }
  }
  // Bit i of a port mask of 64-bit words: its word (always 0 on the narrow path) and its bit.
  template <bool kWide>
  static int word_of(int i) { return kWide ? i >> 6 : 0; }
  static uint64_t bit_of(int i) { return uint64_t{1} << (i & 63); }
  // The priority requests if there are any, else all: the crossbar arbiter's class rule on nw words.
  static const uint64_t* first_class(const uint64_t* req, const uint64_t* prio, int nw, uint64_t* tmp) {
    uint64_t any = 0;
    for (int w = 0; w < nw; ++w) any |= tmp[w] = req[w] & prio[w];
    return any ? tmp : req;
  }

  // What every allocation reads first, together (RouterCore places them after its own hot fields).
  // Per input port its arbiter over its VCs (iSLIP: which VC stands for a request), per output port the
  // crossbar arbiter (drb_xbar_arbiter): their pointers.
  ArbiterPointers ptr_;
  int vcs_ = 1, outs_ = 1, ins_ = 1;
  bool islip_ = false, by_age_ = false;
  std::vector<RrArbiter> in_acc_;   // iSLIP, per input port: the accept arbiter over output ports
  std::vector<int> out_grant_;      // this cycle's crossbar grants (RTL arbiters, iSLIP)
  std::vector<int16_t> islip_out_;  // iSLIP: per input, the outputs it requests this cycle (at most vcs)
  std::vector<int16_t> islip_vc_;   //   the VC standing for each
  std::vector<int> islip_n_;        //   and how many
  std::vector<int> rtl_port_;       // RTL mode: per input VC, the output port it bids for
  std::vector<int> rtl_win_;        // RTL mode: per output port, the input VC granted (-1 = none)
};

// router.blocks.sa=rtl: the Verilated drb_switch_alloc (input arbiters and crossbar arbiters) decides. The
// bids are formed as in the separable input stage; the model's side effects follow the RTL's grants: every
// bidding head not granted waits (AL), an input that bid and won nothing lost at the output stage (a
// contended allocation), and the winners cross in output-port order, as in allocate_separable.
template <class B, class R, class X>
void SwitchAllocator::allocate_rtl(R& r, X& x, int64_t now) {
  uint64_t req = 0, prio = 0, inputs = 0;
  for (uint64_t pm = r.ports_in(InputVc::kActive, 0); pm; pm &= pm - 1) {
    const int i = __builtin_ctzll(pm);
    InputVc* vb;
    for (uint64_t m = port_active<B>(r, nullptr, i, vb); m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      InputVc& v = vb[c];
      if (!r.template eligible<B>(v, now)) continue;
      const int k = i * vcs_ + c;
      req |= uint64_t{1} << k;
      if (v.prio) prio |= uint64_t{1} << k;
      rtl_port_[k] = v.out_port;
      inputs |= uint64_t{1} << i;
    }
  }
  if (!req) return;
  const uint64_t g = x.sa_allocate(req, prio, rtl_port_);
  for (uint64_t m = req & ~g; m; m &= m - 1) {
    const int k = __builtin_ctzll(m);
    InputVc& v = r.in_vc(k / vcs_, k % vcs_);
    if (v.unblocked_head()) r.template block<B>(v);
  }
  const uint64_t port_vcs = vc_mask(vcs_);
  for (uint64_t m = inputs; m; m &= m - 1) {
    const int i = __builtin_ctzll(m);
    if (!((g >> (i * vcs_)) & port_vcs)) r.contended();
  }
  for (uint64_t m = g; m; m &= m - 1) {
    const int k = __builtin_ctzll(m);
    rtl_win_[rtl_port_[k]] = k;
  }
  for (int o = 0; o < outs_; ++o) {
    const int k = rtl_win_[o];
    if (k < 0) continue;
    rtl_win_[o] = -1;
    r.template send<B>(r.in_vc(k / vcs_, k % vcs_), now);
  }
}

// The arbitration rule and the mask width are template parameters: the round-robin default pays nothing for
// the age option, and routers of up to 64 ports nothing for wider ones.
template <bool kWide, bool by_age, class B, class R>
void SwitchAllocator::allocate_separable(R& r, int64_t now) {
  const int nw = kWide ? r.mask_words() : 1;
  // Input stage: each input port offers one VC (round robin or oldest first, high-priority acks first).
  SaScratch& s = sa_scratch;
  int* const pick = s.pick;  // per input port: this cycle's VC in the running (-1 = none)
  uint64_t* const out_req = s.out_req;  // nw words per output, cleared as an output gets its first request
  uint64_t* const out_prio = s.out_prio;
  uint64_t any[kMaxWords];
  uint64_t act[2];
  active_word<B>(r, act);
  for (int w = 0; w < nw; ++w) any[w] = 0;
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = r.ports_in(InputVc::kActive, w); pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputVc* vb;  // its VCs
      uint64_t req = 0, prio = 0;
      for (uint64_t m = port_active<B>(r, act, i, vb); m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = vb[c];
        if (!r.template eligible<B>(v, now)) continue;
        req |= uint64_t{1} << c;
        if (v.prio) prio |= uint64_t{1} << c;
      }
      pick[i] = -1;
      if (!req) continue;
      const uint64_t cand = prio ? prio : req;
      int c;
      if constexpr (by_age) c = pick_oldest(input_arbiter(i), &cand, 1, [&](int x) { return r.age(vb[x]); });
      else c = input_arbiter(i).pick(cand);
      pick[i] = c;
      for (uint64_t l = req & ~(uint64_t{1} << c); l; l &= l - 1) {  // input-stage losers wait too
        InputVc& x = vb[__builtin_ctzll(l)];
        if (x.unblocked_head()) r.template block<B>(x);
      }
      // An output's first request of the cycle clears its words (the scratch is shared). Written out here
      // and in allocate_islip: a shared helper measured 0.4 % more instructions on drb_bench B5.
      const InputVc& win = vb[c];
      const int o = win.out_port;
      if (!(any[word_of<kWide>(o)] & bit_of(o))) {
        any[word_of<kWide>(o)] |= bit_of(o);
        for (int u = 0; u < nw; ++u) out_req[o * nw + u] = out_prio[o * nw + u] = 0;
      }
      out_req[o * nw + word_of<kWide>(i)] |= bit_of(i);
      if (win.prio) out_prio[o * nw + word_of<kWide>(i)] |= bit_of(i);
    }
  }
  // Output stage: the crossbar arbiter of each requested output port. The Verilated arbiters (RTL mode, at
  // most 64 ports) grant in a loop of their own, which keeps calls out of the model loop; output ports are
  // independent.
  bool rtl_grants = false;  // a constant false for the model block set
  if constexpr (B::kRtl && !kWide) {
    if (auto* rtl = r.xbar_rtl()) {
      rtl_grants = true;
      for (uint64_t m = any[0]; m; m &= m - 1) {
        const int o = __builtin_ctzll(m);
        out_grant_[o] = rtl->xbar_arbitrate(o, out_req[o], out_prio[o]);
        rtl->xbar_update(o, out_grant_[o], true);
      }
    }
  }
  for (int w = 0; w < nw; ++w) {
    for (uint64_t m = any[w]; m; m &= m - 1) {
      const int o = w * 64 + __builtin_ctzll(m);
      uint64_t* req = out_req + o * nw;
      uint64_t* pri = out_prio + o * nw;
      int g;
      if (rtl_grants) {
        g = out_grant_[o];
      } else if constexpr (by_age) {
        uint64_t tmp[kMaxWords];
        g = pick_oldest(xbar_rr(o), first_class(req, pri, nw, tmp), nw,
                        [&](int x) { return r.age(r.in_vc(x, pick[x])); });
        xbar_used(o, g);  // the pointer still moves past the winner: round robin among equals
      } else {
        g = kWide ? xbar(o).arbitrate(req, pri, nw) : xbar(o).arbitrate(req[0], pri[0]);
        xbar_used(o, g);
      }
      req[word_of<kWide>(g)] &= ~bit_of(g);
      for (int u = 0; u < nw; ++u) {
        for (uint64_t l = req[u]; l; l &= l - 1) {
          const int i = u * 64 + __builtin_ctzll(l);
          InputVc& v = r.in_vc(i, pick[i]);
          r.contended();
          if (v.unblocked_head()) r.template block<B>(v);
          pick[i] = -1;
        }
      }
      in_used(g, pick[g]);
      r.template send<B>(r.in_vc(g, pick[g]), now);
    }
  }
}

// iSLIP, one iteration: every input port requests every output port one of its VCs wants (the VC standing
// for a request is chosen as in the separable input stage), each output grants one input (its crossbar
// arbiter), each input accepts one grant (round robin over outputs); pointers move only on accepted grants.
// Each input keeps the short list of outputs it requests with the VC standing for each (at most one entry
// per VC), so a cycle costs the requests present, not ports^2: with that list instead of a table per
// (input, output) pair, B3 under router.preset=booksim measured 3.1% fewer instructions per flit-hop
// (perf_guard.py).
template <bool kWide, class B, class R>
void SwitchAllocator::allocate_islip(R& r, int64_t now) {
  const bool by_age = by_age_;
  const int nw = kWide ? r.mask_words() : 1;
  SaScratch& s = sa_scratch;
  uint64_t* const out_req = s.out_req;  // as in allocate_separable
  uint64_t* const out_prio = s.out_prio;
  uint64_t any[kMaxWords], inputs[kMaxWords];
  for (int w = 0; w < nw; ++w) any[w] = inputs[w] = 0;
  uint64_t act[2];
  active_word<B>(r, act);
  // The VC of input x standing for output o (oldest first only).
  auto standing = [this](int x, int o) {
    const int16_t* outs = &islip_out_[static_cast<size_t>(x) * vcs_];
    int k = 0;
    while (outs[k] != o) ++k;
    return islip_vc_[static_cast<size_t>(x) * vcs_ + k];
  };
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = r.ports_in(InputVc::kActive, w); pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputVc* vb;
      uint64_t req = 0;
      for (uint64_t m = port_active<B>(r, act, i, vb); m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        if (r.template eligible<B>(vb[c], now)) req |= uint64_t{1} << c;
      }
      if (!req) continue;
      inputs[w] |= bit_of(i);
      int16_t* outs = &islip_out_[static_cast<size_t>(i) * vcs_];
      int16_t* svc = &islip_vc_[static_cast<size_t>(i) * vcs_];
      int n = 0;
      // Per output, the VC standing for it: priority acks first, then round robin (or oldest) from the pointer.
      for (uint64_t m = req; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        const InputVc& v = vb[c];
        int k = 0;
        while (k < n && outs[k] != v.out_port) ++k;
        if (k == n) {
          outs[n] = v.out_port;
          svc[n++] = static_cast<int16_t>(c);
          continue;
        }
        const int cur = svc[k];
        const InputVc& x = vb[cur];
        bool better;
        if (v.prio != x.prio) {
          better = v.prio;
        } else if (by_age && r.age(v) != r.age(x)) {
          better = r.age(v) < r.age(x);
        } else {
          const int p = ptr_[i];
          better = ((c - p + vcs_) % vcs_) < ((cur - p + vcs_) % vcs_);
        }
        if (better) svc[k] = static_cast<int16_t>(c);
      }
      islip_n_[i] = n;
      for (int k = 0; k < n; ++k) {
        const int o = outs[k];
        if (!(any[word_of<kWide>(o)] & bit_of(o))) {
          any[word_of<kWide>(o)] |= bit_of(o);
          for (int u = 0; u < nw; ++u) out_req[o * nw + u] = out_prio[o * nw + u] = 0;
        }
        out_req[o * nw + w] |= bit_of(i);
        if (vb[svc[k]].prio) out_prio[o * nw + w] |= bit_of(i);
      }
    }
  }
  // Grant: each requested output picks one input.
  for (int w = 0; w < nw; ++w) {
    for (uint64_t m = any[w]; m; m &= m - 1) {
      const int o = w * 64 + __builtin_ctzll(m);
      uint64_t* req = out_req + o * nw;
      uint64_t* pri = out_prio + o * nw;
      uint64_t tmp[kMaxWords];
      out_grant_[o] = by_age ? pick_oldest(xbar_rr(o), first_class(req, pri, nw, tmp), nw,
                                           [&](int x) { return r.age(r.in_vc(x, standing(x, o))); })
                    : kWide ? xbar(o).arbitrate(req, pri, nw)
                            : xbar(o).arbitrate(req[0], pri[0]);
    }
  }
  // Accept: each granted input picks one output; the pointers of accepted pairs move past each other.
  for (int w = 0; w < nw; ++w) {
    for (uint64_t im = inputs[w]; im; im &= im - 1) {
      const int i = w * 64 + __builtin_ctzll(im);
      InputVc* const vb = &r.in_vc(i, 0);
      const int16_t* outs = &islip_out_[static_cast<size_t>(i) * vcs_];
      const int16_t* svc = &islip_vc_[static_cast<size_t>(i) * vcs_];
      const int n = islip_n_[i];
      auto lose = [&](int c) {  // VC c's request was not accepted: it waits (AL) and counts as contended
        r.contended();
        InputVc& v = vb[c];
        if (v.unblocked_head()) r.template block<B>(v);
      };
      auto accept = [&](int o, int c) {  // (i, o) accepted for VC c: the pointers move past each other
        in_acc_[i].update(o, true);
        xbar_used(o, i);
        in_used(i, c);
        r.template send<B>(vb[c], now);
      };
      if (n == 1) {  // one output asked for (most inputs): accepted if granted, no accept arbitration to run
        if (out_grant_[outs[0]] == i) accept(outs[0], svc[0]);
        else lose(svc[0]);
        continue;
      }
      uint64_t gr[kMaxWords], pr[kMaxWords], granted = 0;
      for (int u = 0; u < nw; ++u) gr[u] = pr[u] = 0;
      for (int k = 0; k < n; ++k) {  // every output on the list was requested, so its grant is this cycle's
        const int o = outs[k];
        if (out_grant_[o] != i) continue;
        gr[word_of<kWide>(o)] |= bit_of(o);
        if (vb[svc[k]].prio) pr[word_of<kWide>(o)] |= bit_of(o);
        granted = 1;
      }
      int acc = -1, acc_vc = -1;
      if (granted) {
        uint64_t tmp[kMaxWords];
        const uint64_t* cand = first_class(gr, pr, nw, tmp);
        acc = by_age ? pick_oldest(in_acc_[i], cand, nw, [&](int o) { return r.age(vb[standing(i, o)]); })
            : kWide  ? in_acc_[i].pick(cand, nw)
                     : in_acc_[i].pick(cand[0]);
      }
      for (int k = 0; k < n; ++k) {
        if (outs[k] == acc) {
          acc_vc = svc[k];
          continue;
        }
        lose(svc[k]);
      }
      if (acc >= 0) accept(acc, acc_vc);
    }
  }
}

}  // namespace drb
