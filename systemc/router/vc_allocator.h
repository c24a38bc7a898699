// SPDX-License-Identifier: Apache-2.0
// The router's VC allocator (RTL: drb_vc_alloc): every head waiting for an output VC requests one, each output
// VC grants one head. Separable (each head asks for one free VC of its first candidate with one, the route
// unit's choice; a round-robin arbiter per output VC grants) by default, or iSLIP with one iteration
// (router.alloc.va): each head asks for every free VC of that candidate, each output VC grants one head, each
// head accepts one grant; pointers move only on accepted grants (docs/router-saturation.md). Oldest first
// before round robin with router.arbiter=age.
//
// The allocator owns its arbiters (a pointer per output VC, an accept pointer per input VC) and its scratch;
// it sees its router R only through these calls, so a test drives it with a stub router
// (tests/test_router_units.cpp):
//   int mask_words() const;                     64-bit words of a port mask (kWide only)
//   uint64_t ports_in(InputVc::State s, int w) const;   input ports with a VC in state s, word w
//   InputUnit& input(int i);
//   int pick_output_vc(const InputVc& v, int& port);    separable request: one free output VC (-1: none)
//   uint64_t free_output_vcs(const InputVc& v, int& port);  iSLIP request: the free VCs of one output
//   int64_t age(const InputVc& v) const;        generation time of v's front packet (oldest first)
//   template <class B> void vc_granted(InputVc& v, int port, int ovc, int64_t now);
//                                               the head holds (port, ovc) from now
//   template <class B> void block(InputVc& v);  the head lost (AL starts its wait)
//   template <class B> void no_vc(InputVc& v);  the head found nothing: block, and it may leave the scan until
//                                               a VC it could take frees (RouterCore::wait_for_vc)
//   void contended();                           a request lost to another
//   cosim::RouterRtl* va_rtl() const;           RTL block set only: the Verilated VC allocator, or null
#pragma once
#include <cstdint>
#include <vector>

#include "systemc/cosim/router_rtl.h"
#include "systemc/router/input_unit.h"

namespace drb {

class VcAllocator {
 public:
  // For in_ports x vcs input VCs and out_ports x vcs output VCs.
  void init(int in_ports, int out_ports, int vcs, bool islip, bool by_age) {
    vcs_ = vcs;
    n_in_ = in_ports * vcs;
    islip_ = islip;
    by_age_ = by_age;
    ptr_.assign(static_cast<size_t>(out_ports) * vcs, 0);
    acc_.assign(static_cast<size_t>(in_ports) * vcs, 0);
    best_.assign(static_cast<size_t>(out_ports) * vcs, -1);
    req_.assign(static_cast<size_t>(in_ports) * vcs, Req{});  // at most one request per input VC
    mask_.assign(islip ? static_cast<size_t>(in_ports) * vcs : 0, 0);  // read by iSLIP only
  }
  // One cycle's allocation over the heads in state kVcAlloc (kWide: routers past 64 ports; B: the block set).
  template <bool kWide, class B, class R>
  void allocate(R& r, int64_t now) {
    if (islip_) return allocate_islip<kWide, B>(r, now);
    allocate_separable<kWide, B>(r, now);
  }
  // Output VC (port, ovc)'s round-robin pointer: the input VC (port * vcs + vc) it serves first next time.
  uint32_t pointer(int port, int ovc) const { return ptr_[static_cast<size_t>(port) * vcs_ + ovc]; }

 private:
  struct Req {
    int16_t out;          // output port * vcs + output VC
    int16_t in_idx;       // input port * vcs + input VC
    int16_t port, ovc;    // the output port and VC (no division by vcs later)
    InputVc* v;
  };
  template <bool kWide, class B, class R>
  void allocate_separable(R& r, int64_t now);
  template <bool kWide, class B, class R>
  void allocate_islip(R& r, int64_t now);
  // Output stage of both: does request a lead request b for output VC (port, ovc)? Oldest first with
  // router.arbiter=age, then round robin: the input VC nearest at or after the output VC's pointer.
  template <class R>
  bool leads(const R& r, const Req& a, const Req& b, int port, int ovc) const {
    if (by_age_) {
      const int64_t ta = r.age(*a.v), tb = r.age(*b.v);
      if (ta != tb) return ta < tb;
    }
    const int ptr = static_cast<int>(ptr_[static_cast<size_t>(port) * vcs_ + ovc]);
    int da = a.in_idx - ptr, db = b.in_idx - ptr;
    if (da < 0) da += n_in_;
    if (db < 0) db += n_in_;
    return da < db;
  }
  // iSLIP's accept: of the output VCs that granted head q, the one nearest at or after q's accept pointer.
  template <class B, class R>
  void accept(R& r, Req& q, uint64_t granted, int64_t now) {
    uint8_t& acc = acc_[q.in_idx];
    const uint64_t hi = granted & (~uint64_t{0} << acc);
    const int ovc = __builtin_ctzll(hi ? hi : granted);
    acc = static_cast<uint8_t>(ovc + 1 == vcs_ ? 0 : ovc + 1);
    q.ovc = static_cast<int16_t>(ovc);
    q.out = static_cast<int16_t>(q.port * vcs_ + ovc);
    grant<B>(r, q, now);
  }
  // Inlined by hand: with the packed kActive word GCC stopped inlining it (drb_bench B1 +5 % instructions).
  template <class B, class R>
  [[gnu::always_inline]] void grant(R& r, const Req& q, int64_t now) {
    ptr_[static_cast<size_t>(q.port) * vcs_ + q.ovc] = static_cast<uint32_t>(q.in_idx + 1 == n_in_ ? 0 : q.in_idx + 1);
    r.template vc_granted<B>(*q.v, q.port, q.ovc, now);
  }

  int vcs_ = 1, n_in_ = 1;
  bool islip_ = false, by_age_ = false;
  std::vector<uint32_t> ptr_;   // per output VC: the round-robin pointer over input VCs
  std::vector<uint8_t> acc_;    // iSLIP, per input VC: the accept pointer over the output VCs
  // This cycle's requests are the first nreq of req_ (and of mask_ under iSLIP), sized once for one request
  // per input VC: growing vectors cleared each cycle cost drb_bench B1 0.6 % more instructions, 1.1 % under
  // the BookSim2 preset.
  std::vector<Req> req_;
  std::vector<uint64_t> mask_;  // iSLIP: per request, the output VCs it asks for
  std::vector<int16_t> best_;   // per output VC: this cycle's leading request (-1 = none)
  std::vector<cosim::RouterRtl::VaRequest> rtl_req_;  // RTL mode: the requests and the RTL's grants
  std::vector<char> rtl_gnt_;
};

// The scan of the waiting heads is written out in both allocators on purpose: shared through a visitor
// lambda it measured 1.5% (B1) and 1.2% (B2) more instructions in drb_bench.
template <bool kWide, class B, class R>
void VcAllocator::allocate_separable(R& r, int64_t now) {
  Req* const req = req_.data();
  int nreq = 0;
  const int nw = kWide ? r.mask_words() : 1;
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = r.ports_in(InputVc::kVcAlloc, w); pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputUnit& ip = r.input(i);
      for (uint64_t m = ip.stage[InputVc::kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = ip.vcs[c];
        int port = -1;
        const int ovc = r.pick_output_vc(v, port);
        if (ovc < 0) {
          r.template no_vc<B>(v);
          continue;
        }
        req[nreq++] = Req{static_cast<int16_t>(port * vcs_ + ovc), static_cast<int16_t>(i * vcs_ + c),
                          static_cast<int16_t>(port), static_cast<int16_t>(ovc), &v};
      }
    }
  }
  if constexpr (B::kRtl) {
    // router.blocks.va=rtl: the Verilated drb_vc_alloc decides, request by request in the same order.
    if (auto* x = r.va_rtl(); x && nreq > 0) {
      rtl_req_.clear();
      for (int a = 0; a < nreq; ++a) rtl_req_.push_back({req[a].in_idx, req[a].out});
      x->va_allocate(rtl_req_, rtl_gnt_);
      for (int a = 0; a < nreq; ++a) {
        if (rtl_gnt_[a]) {
          grant<B>(r, req[a], now);
        } else {
          r.contended();
          r.template block<B>(*req[a].v);
        }
      }
      return;
    }
  }
  // Output stage: per output VC a round-robin arbiter over all input VCs. The winner is the request at the
  // smallest distance at or after the pointer; one pass finds it for every output VC, a second grants.
  if (nreq == 1) {  // one request: it wins (the arbiter's pointer then moves past it as usual)
    grant<B>(r, req[0], now);
    return;
  }
  for (int a = 0; a < nreq; ++a) {
    const Req& q = req[a];
    int16_t& best = best_[q.out];
    if (best < 0) {
      best = static_cast<int16_t>(a);
      continue;
    }
    if (leads(r, q, req[best], q.port, q.ovc)) best = static_cast<int16_t>(a);
  }
  for (int a = 0; a < nreq; ++a) {
    const Req& q = req[a];
    if (best_[q.out] == a) {
      grant<B>(r, q, now);
    } else {
      r.contended();
      r.template block<B>(*q.v);
    }
  }
  for (int a = 0; a < nreq; ++a) best_[req[a].out] = -1;
}

template <bool kWide, class B, class R>
void VcAllocator::allocate_islip(R& r, int64_t now) {
  Req* const req = req_.data();
  uint64_t* const mask = mask_.data();
  int nreq = 0;
  const int nw = kWide ? r.mask_words() : 1;
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = r.ports_in(InputVc::kVcAlloc, w); pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputUnit& ip = r.input(i);
      for (uint64_t m = ip.stage[InputVc::kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = ip.vcs[c];
        int port = -1;
        const uint64_t free = r.free_output_vcs(v, port);
        if (!free) {
          r.template no_vc<B>(v);
          continue;
        }
        mask[nreq] = free;
        req[nreq++] = Req{-1, static_cast<int16_t>(i * vcs_ + c), static_cast<int16_t>(port), -1, &v};
      }
    }
  }
  // One request (most cycles below saturation): every output VC it asks for grants it, so it accepts from
  // its whole mask; the same grant as below without the per-output-VC table (drb_bench B1 under
  // router.preset=booksim: 3.6 % fewer instructions).
  if (nreq == 1) {
    Req q = req[0];
    accept<B>(r, q, mask[0], now);
    return;
  }
  // Grant: per output VC, the requesting head nearest at or after its pointer (or the oldest).
  for (int a = 0; a < nreq; ++a) {
    const Req& q = req[a];
    for (uint64_t m = mask[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      int16_t& best = best_[q.port * vcs_ + ovc];
      if (best < 0) {
        best = static_cast<int16_t>(a);
        continue;
      }
      if (leads(r, q, req[best], q.port, ovc)) best = static_cast<int16_t>(a);
    }
  }
  // Accept: each head takes one of its grants, round robin from its own pointer.
  for (int a = 0; a < nreq; ++a) {
    Req q = req[a];
    uint64_t granted = 0;
    for (uint64_t m = mask[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      if (best_[q.port * vcs_ + ovc] == a) granted |= uint64_t{1} << ovc;
    }
    if (!granted) {
      r.contended();
      r.template block<B>(*q.v);
      continue;
    }
    accept<B>(r, q, granted, now);
  }
  for (int a = 0; a < nreq; ++a)
    for (uint64_t m = mask[a]; m; m &= m - 1) best_[req[a].port * vcs_ + __builtin_ctzll(m)] = -1;
}

}  // namespace drb
