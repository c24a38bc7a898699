// SPDX-License-Identifier: Apache-2.0
// Template bodies of the router core's per-cycle stages (systemc/router/router_core.h): the stage walk,
// VC allocation and switch allocation, for routers of up to 64 ports or wider (kWide) and without or with
// trunks (kTrunk). Included by switch_alloc.cpp and vc_alloc.cpp, which instantiate the narrow versions
// without trunks (every k-ary n-cube, the hot path), and by wide_alloc.cpp, which instantiates the rest:
// two places in the code, so that the rarely run versions do not sit between the hot ones in the
// instruction cache (interleaved, they cost drb_bench B1 about 6%). The RTL block set's versions are in a
// third, rtl_alloc.cpp.
#pragma once
#include "systemc/router/router_core.h"

namespace drb {

template <bool kWide, class B>
void RouterCore::step_words(int64_t now) {
  // Route compute (DEC first).
  for (int w = 0; w < words<kWide>(); ++w)
    for (uint64_t pm = stage_word(w)[kRouting]; pm; pm &= pm - 1) {
      InputUnit& ip = in_[w * 64 + __builtin_ctzll(pm)];
      for (uint64_t m = ip.stage[kRouting]; m; m &= m - 1) {
        InputVc& v = ip.vcs[__builtin_ctzll(m)];
        if (v.ready <= now) route_compute<B>(v, now);
      }
    }
  if (staged<kWide>(kVcAlloc)) vc_allocate<kWide, B>(now);
  if (staged<kWide>(kActive)) switch_allocate<kWide, B>(now);
}

// Input stage of VC allocation: the first candidate (in routing preference order) with a free VC; among a
// class's free VCs the one with the most credits. Virtual cut-through also needs room for the packet. With
// trunks, a candidate's members are tried in order and the first with a free VC is taken (first free).
template <bool kTrunk>
int RouterCore::pick_output_vc_t(const InputVc& v, int& port, int len) const {
  const RouterParams& p = cfg_.p;
  if (v.eject) {
    port = eject_channel(v);
    if (port < 0) return -1;
    for (int c = 0; c < vcs_; ++c)
      if (out_[port].vcs[c].owner < 0) return c;
    return -1;
  }
  const Header& h = store_.pkt(v.buf.front().pkt).hdr;
  const VcLayout& lay = *cfg_.layout;
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (sel_ != Selection::InOrder) {
    if ((i = select(v, group, len)) < 0) return -1;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    const int first = kTrunk && !trunk_next_.empty() ? trunk_next_[v.route.c[i].port] : 0;
    for (int j = 0; j < members; ++j) {
      const int m = kTrunk ? (first + j) % members : 0;
      const int op = kTrunk ? v.route.c[i].port * trunk_ + m : v.route.c[i].port;
      int best = -1, best_cr = -1;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = out_[op].vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;  // previous packet not yet out of the buffer
        if (o.credits > best_cr) {
          best = c;
          best_cr = o.credits;
        }
      }
      if (best >= 0) {
        port = op;
        return best;
      }
    }
  }
  return -1;
}

// The free VCs a head may take: those of its first candidate (in routing preference order, with trunks its
// first member) that has any; port is set to that output. Same walk and conditions as pick_output_vc,
// written out twice on purpose: pick_output_vc is among the hottest functions of drb_bench B1, and sharing
// the walk (a mask, or a visitor) measured 2-3% more instructions there.
template <bool kTrunk>
uint64_t RouterCore::free_output_vcs_t(const InputVc& v, int& port, int len) const {
  const RouterParams& p = cfg_.p;
  uint64_t m = 0;
  if (v.eject) {
    port = eject_channel(v);
    if (port < 0) return 0;
    for (int c = 0; c < vcs_; ++c)
      if (out_[port].vcs[c].owner < 0) m |= uint64_t{1} << c;
    return m;
  }
  const Header& h = store_.pkt(v.buf.front().pkt).hdr;
  const VcLayout& lay = *cfg_.layout;
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (sel_ != Selection::InOrder) {
    if ((i = select(v, group, len)) < 0) return m;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    const int first = kTrunk && !trunk_next_.empty() ? trunk_next_[v.route.c[i].port] : 0;
    for (int j = 0; j < members; ++j) {
      const int mb = kTrunk ? (first + j) % members : 0;
      const int op = kTrunk ? v.route.c[i].port * trunk_ + mb : v.route.c[i].port;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = out_[op].vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;
        m |= uint64_t{1} << c;
      }
      if (m) {
        port = op;
        return m;
      }
    }
  }
  return 0;
}

// Output stage of both VC allocators: does request a lead request b for output VC (port, ovc)? Oldest first
// with router.arbiter=age, then round robin: the input VC nearest at or after the output VC's pointer.
inline bool RouterCore::va_leads(const VaReq& a, const VaReq& b, int port, int ovc, int n_in) const {
  if (cfg_.p.age_arbiter) {
    const int64_t ta = age(*a.v), tb = age(*b.v);
    if (ta != tb) return ta < tb;
  }
  const int ptr = static_cast<int>(out_[port].va_ptr[ovc]);
  int da = a.in_idx - ptr, db = b.in_idx - ptr;
  if (da < 0) da += n_in;
  if (db < 0) db += n_in;
  return da < db;
}

template <bool kWide, class B>
void RouterCore::vc_allocate(int64_t now) {
  if (cfg_.p.va_islip) return vc_allocate_islip<kWide, B>(now);
  va_req_.clear();
  for (int w = 0; w < words<kWide>(); ++w) {
    for (uint64_t pm = stage_word(w)[kVcAlloc]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      for (uint64_t m = in_[i].stage[kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = in_[i].vcs[c];
        int port = -1;
        const int ovc = pick_output_vc(v, port, cfg_.p.vct ? store_.pkt(v.buf.front().pkt).hdr.length : 0);
        if (ovc < 0) {
          block<B>(v);
          continue;
        }
        va_req_.push_back(VaReq{static_cast<int16_t>(port * vcs_ + ovc), static_cast<int16_t>(i * vcs_ + c),
                                static_cast<int16_t>(port), static_cast<int16_t>(ovc), &v});
      }
    }
  }
  // Output stage: per output VC a round-robin arbiter over all input VCs. The winner is the request at the
  // smallest distance at or after the pointer; one pass finds it for every output VC, a second grants.
  const int n_in = in_ports_ * vcs_;
  const int nreq = static_cast<int>(va_req_.size());
  if (nreq == 1) {  // one request: it wins (the arbiter's pointer then moves past it as usual)
    grant_vc(va_req_[0], n_in, now);
    return;
  }
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    int16_t& best = va_best_[r.out];
    if (best < 0) {
      best = static_cast<int16_t>(a);
      continue;
    }
    if (va_leads(r, va_req_[best], r.port, r.ovc, n_in)) best = static_cast<int16_t>(a);
  }
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    InputVc& v = *r.v;
    if (va_best_[r.out] == a) {
      grant_vc(r, n_in, now);
    } else {
      ++cnt_.contended;
      block<B>(v);
    }
  }
  for (const VaReq& r : va_req_) va_best_[r.out] = -1;
}

template <bool kWide, class B>
void RouterCore::vc_allocate_islip(int64_t now) {
  va_req_.clear();
  va_mask_.clear();
  const int len_vct = cfg_.p.vct;
  for (int w = 0; w < words<kWide>(); ++w) {
    for (uint64_t pm = stage_word(w)[kVcAlloc]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      for (uint64_t m = in_[i].stage[kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = in_[i].vcs[c];
        int port = -1;
        const uint64_t free = free_output_vcs(v, port, len_vct ? store_.pkt(v.buf.front().pkt).hdr.length : 0);
        if (!free) {
          block<B>(v);
          continue;
        }
        va_req_.push_back(VaReq{-1, static_cast<int16_t>(i * vcs_ + c), static_cast<int16_t>(port), -1, &v});
        va_mask_.push_back(free);
      }
    }
  }
  // Grant: per output VC, the requesting head nearest at or after its pointer (or the oldest).
  const int n_in = in_ports_ * vcs_;
  const int nreq = static_cast<int>(va_req_.size());
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      int16_t& best = va_best_[r.port * vcs_ + ovc];
      if (best < 0) {
        best = static_cast<int16_t>(a);
        continue;
      }
      if (va_leads(r, va_req_[best], r.port, ovc, n_in)) best = static_cast<int16_t>(a);
    }
  }
  // Accept: each head takes one of its grants, round robin from its own pointer.
  for (int a = 0; a < nreq; ++a) {
    VaReq r = va_req_[a];
    uint64_t granted = 0;
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      if (va_best_[r.port * vcs_ + ovc] == a) granted |= uint64_t{1} << ovc;
    }
    if (!granted) {
      ++cnt_.contended;
      block<B>(*r.v);
      continue;
    }
    const uint64_t hi = granted & (~uint64_t{0} << r.v->va_acc);
    const int ovc = __builtin_ctzll(hi ? hi : granted);
    r.v->va_acc = static_cast<uint8_t>(ovc + 1 == vcs_ ? 0 : ovc + 1);
    r.ovc = static_cast<int16_t>(ovc);
    r.out = static_cast<int16_t>(r.port * vcs_ + ovc);
    grant_vc(r, n_in, now);
  }
  for (int a = 0; a < nreq; ++a)
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) va_best_[va_req_[a].port * vcs_ + __builtin_ctzll(m)] = -1;
}

template <class Key>
int RouterCore::pick_oldest(const RrArbiter& rr, const uint64_t* req, int nw, Key key) {
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

namespace alloc_detail {
// Bit i of a port mask of 64-bit words: its word (always 0 on the narrow path) and its bit.
template <bool kWide>
inline int word_of(int i) { return kWide ? i >> 6 : 0; }
inline uint64_t bit_of(int i) { return uint64_t{1} << (i & 63); }
// The priority requests if there are any, else all: the crossbar arbiter's class rule on nw words.
inline const uint64_t* first_class(const uint64_t* req, const uint64_t* prio, int nw, uint64_t* tmp) {
  uint64_t any = 0;
  for (int w = 0; w < nw; ++w) any |= tmp[w] = req[w] & prio[w];
  return any ? tmp : req;
}
}  // namespace alloc_detail
using namespace alloc_detail;

template <bool kWide, class B>
void RouterCore::switch_allocate(int64_t now) {
  const RouterParams& p = cfg_.p;
  if (p.sa_islip) return switch_allocate_islip<kWide, B>(now);
  if (p.age_arbiter) return switch_allocate_separable<kWide, true, B>(now);
  switch_allocate_separable<kWide, false, B>(now);
}

// The arbitration rule and the mask width are template parameters: the round-robin default pays nothing for
// the age option, and routers of up to 64 ports nothing for wider ones.
template <bool kWide, bool by_age, class B>
void RouterCore::switch_allocate_separable(int64_t now) {
  const int nw = words<kWide>();
  // Input stage: each input port offers one VC (round robin or oldest first, high-priority acks first).
  uint64_t* out_req = out_req_.data();  // nw words per output
  uint64_t* out_prio = out_prio_.data();
  uint64_t any[kMaxWords];
  for (int w = 0; w < nw; ++w) any[w] = 0;
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = stage_word(w)[kActive]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputUnit& ip = in_[i];
      uint64_t req = 0, prio = 0;
      for (uint64_t m = ip.stage[kActive]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = ip.vcs[c];
        if (!eligible<B>(v, now)) continue;
        req |= uint64_t{1} << c;
        if (v.prio) prio |= uint64_t{1} << c;
      }
      sa_pick_[i] = -1;
      if (!req) continue;
      const uint64_t cand = prio ? prio : req;
      int c;
      if constexpr (by_age) c = pick_oldest(ip.arb, &cand, 1, [&](int x) { return age(ip.vcs[x]); });
      else c = ip.arb.pick(cand);
      sa_pick_[i] = c;
      for (uint64_t l = req & ~(uint64_t{1} << c); l; l &= l - 1) {  // input-stage losers wait too
        InputVc& x = ip.vcs[__builtin_ctzll(l)];
        if (x.buf.front().head()) block<B>(x);
      }
      const int o = ip.vcs[c].out_port;
      out_req[o * nw + word_of<kWide>(i)] |= bit_of(i);
      if (ip.vcs[c].prio) out_prio[o * nw + word_of<kWide>(i)] |= bit_of(i);
      any[word_of<kWide>(o)] |= bit_of(o);
    }
  }
  // Output stage: the crossbar arbiter of each requested output port. The Verilated arbiters (RTL mode, at
  // most 64 ports) grant in a loop of their own, which keeps calls out of the model loop; output ports are
  // independent.
  if (B::kRtl && !kWide && xbar_rtl_) {
    for (uint64_t m = any[0]; m; m &= m - 1) {
      const int o = __builtin_ctzll(m);
      out_grant_[o] = xbar_rtl_->xbar_arbitrate(o, out_req[o], out_prio[o]);
      xbar_rtl_->xbar_update(o, out_grant_[o], true);
    }
  }
  for (int w = 0; w < nw; ++w) {
    for (uint64_t m = any[w]; m; m &= m - 1) {
      const int o = w * 64 + __builtin_ctzll(m);
      uint64_t* req = out_req + o * nw;
      uint64_t* pri = out_prio + o * nw;
      int g;
      if (B::kRtl && !kWide && xbar_rtl_) {
        g = out_grant_[o];
      } else if constexpr (by_age) {
        uint64_t tmp[kMaxWords];
        g = pick_oldest(xbar_rr(o), first_class(req, pri, nw, tmp), nw,
                        [&](int x) { return age(in_[x].vcs[sa_pick_[x]]); });
        out_[o].xbar.update(g, true);  // the pointer still moves past the winner: round robin among equals
      } else {
        g = kWide ? out_[o].xbar.arbitrate(req, pri, nw) : out_[o].xbar.arbitrate(req[0], pri[0]);
        out_[o].xbar.update(g, true);
      }
      req[word_of<kWide>(g)] &= ~bit_of(g);
      for (int u = 0; u < nw; ++u) {
        for (uint64_t l = req[u]; l; l &= l - 1) {
          const int i = u * 64 + __builtin_ctzll(l);
          InputVc& v = in_[i].vcs[sa_pick_[i]];
          ++cnt_.contended;
          if (v.buf.front().head()) block<B>(v);
          sa_pick_[i] = -1;
        }
        req[u] = pri[u] = 0;
      }
      in_[g].arb.update(sa_pick_[g], true);
      send<B>(g, sa_pick_[g], now);
    }
  }
}

// iSLIP, one iteration: every input port requests every output port one of its VCs wants (the VC standing
// for a request is chosen as in the separable input stage), each output grants one input (its crossbar
// arbiter), each input accepts one grant (round robin over outputs); pointers move only on accepted grants.
// Each input keeps the list of outputs it requests, so a cycle costs the requests present, not ports^2.
template <bool kWide, class B>
void RouterCore::switch_allocate_islip(int64_t now) {
  const bool by_age = cfg_.p.age_arbiter;
  const int nw = words<kWide>();
  uint64_t* out_req = out_req_.data();
  uint64_t* out_prio = out_prio_.data();
  uint64_t any[kMaxWords], inputs[kMaxWords];
  for (int w = 0; w < nw; ++w) any[w] = inputs[w] = 0;
  const int O = out_ports_;
  for (int w = 0; w < nw; ++w) {
    for (uint64_t pm = stage_word(w)[kActive]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      InputUnit& ip = in_[i];
      uint64_t req = 0;
      for (uint64_t m = ip.stage[kActive]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        if (eligible<B>(ip.vcs[c], now)) req |= uint64_t{1} << c;
      }
      if (!req) continue;
      inputs[w] |= bit_of(i);
      int16_t* outs = &islip_out_[static_cast<size_t>(i) * vcs_];
      int& n_out = islip_n_[i];
      // Per output, the VC standing for it: priority acks first, then round robin (or oldest) from the pointer.
      for (uint64_t m = req; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        const InputVc& v = ip.vcs[c];
        int16_t& cur = islip_vc_[static_cast<size_t>(i) * O + v.out_port];
        if (cur < 0) {
          cur = static_cast<int16_t>(c);
          outs[n_out++] = v.out_port;
          continue;
        }
        const InputVc& x = ip.vcs[cur];
        bool better;
        if (v.prio != x.prio) {
          better = v.prio;
        } else if (by_age && age(v) != age(x)) {
          better = age(v) < age(x);
        } else {
          const int p = ip.arb.pointer();
          better = ((c - p + vcs_) % vcs_) < ((cur - p + vcs_) % vcs_);
        }
        if (better) cur = static_cast<int16_t>(c);
      }
      for (int k = 0; k < n_out; ++k) {
        const int o = outs[k];
        const int16_t c = islip_vc_[static_cast<size_t>(i) * O + o];
        out_req[o * nw + w] |= bit_of(i);
        if (ip.vcs[c].prio) out_prio[o * nw + w] |= bit_of(i);
        any[word_of<kWide>(o)] |= bit_of(o);
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
      const int g = by_age ? pick_oldest(xbar_rr(o), first_class(req, pri, nw, tmp), nw,
                                         [&](int x) { return age(in_[x].vcs[islip_vc_[static_cast<size_t>(x) * O + o]]); })
                  : kWide ? out_[o].xbar.arbitrate(req, pri, nw)
                          : out_[o].xbar.arbitrate(req[0], pri[0]);
      out_grant_[o] = g;
      in_grant_[g * nw + w] |= bit_of(o);
      for (int u = 0; u < nw; ++u) req[u] = pri[u] = 0;
    }
  }
  // Accept: each granted input picks one output; the pointers of accepted pairs move past each other.
  for (int w = 0; w < nw; ++w) {
    for (uint64_t im = inputs[w]; im; im &= im - 1) {
      const int i = w * 64 + __builtin_ctzll(im);
      InputUnit& ip = in_[i];
      uint64_t* gr = &in_grant_[static_cast<size_t>(i) * nw];
      uint64_t pr[kMaxWords], granted = 0;
      for (int u = 0; u < nw; ++u) {
        granted |= gr[u];
        pr[u] = 0;
        for (uint64_t m = gr[u]; m; m &= m - 1) {
          const int o = u * 64 + __builtin_ctzll(m);
          if (ip.vcs[islip_vc_[static_cast<size_t>(i) * O + o]].prio) pr[u] |= bit_of(o);
        }
      }
      int acc = -1;
      if (granted) {
        uint64_t tmp[kMaxWords];
        const uint64_t* cand = first_class(gr, pr, nw, tmp);
        acc = by_age ? pick_oldest(ip.acc, cand, nw, [&](int o) { return age(ip.vcs[islip_vc_[static_cast<size_t>(i) * O + o]]); })
            : kWide  ? ip.acc.pick(cand, nw)
                     : ip.acc.pick(cand[0]);
      }
      const int16_t* outs = &islip_out_[static_cast<size_t>(i) * vcs_];
      for (int k = 0; k < islip_n_[i]; ++k) {
        if (outs[k] == acc) continue;
        ++cnt_.contended;
        InputVc& v = ip.vcs[islip_vc_[static_cast<size_t>(i) * O + outs[k]]];
        if (v.buf.front().head()) block<B>(v);
      }
      if (acc >= 0) {
        const int c = islip_vc_[static_cast<size_t>(i) * O + acc];
        ip.acc.update(acc, true);
        out_[acc].xbar.update(i, true);
        ip.arb.update(c, true);
        send<B>(i, c, now);
      }
      for (int k = 0; k < islip_n_[i]; ++k) islip_vc_[static_cast<size_t>(i) * O + outs[k]] = -1;
      islip_n_[i] = 0;
      for (int u = 0; u < nw; ++u) gr[u] = 0;
    }
  }
}


}  // namespace drb
