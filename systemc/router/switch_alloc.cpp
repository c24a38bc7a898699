// Switch allocation of the router core (systemc/router/router_core.h): separable input-first (the default,
// whose output stage is the crossbar arbiter block) and iSLIP with one iteration, each with round-robin or
// oldest-first arbitration (docs/router-saturation.md). VC allocation is in vc_alloc.cpp, the datapath in
// router_core.cpp.
#include "systemc/fabric/network.h"
#include "systemc/router/router_core.h"

namespace drb {

int64_t RouterCore::age(const InputVc& v) const { return net_.pkt(v.buf.front().pkt).t_gen; }

RrArbiter RouterCore::xbar_rr(int o) const {
  RrArbiter r(out_[o].xbar.inputs());
  r.set_pointer(out_[o].xbar.pointer());
  return r;
}

template <class Key>
int RouterCore::pick_oldest(const RrArbiter& rr, uint64_t req, Key key) {
  int best = -1;
  int64_t best_key = 0;
  // Visit the requesters in round-robin order from the pointer: the first of the oldest wins.
  const uint64_t hi = req & (~uint64_t{0} << rr.pointer()), lo = req & ~hi;
  for (uint64_t part : {hi, lo})
    for (uint64_t m = part; m; m &= m - 1) {
      const int i = __builtin_ctzll(m);
      const int64_t k = key(i);
      if (best < 0 || k < best_key) best = i, best_key = k;
    }
  return best;
}

void RouterCore::switch_allocate(int64_t now) {
  const NetParams& p = net_.params();
  if (p.sa_islip) return switch_allocate_islip(now);
  if (p.age_arbiter) return switch_allocate_separable<true>(now);
  switch_allocate_separable<false>(now);
}

// The arbitration rule is a template parameter: the round-robin default pays nothing for the age option.
template <bool by_age>
void RouterCore::switch_allocate_separable(int64_t now) {
  // Input stage: each input port offers one VC (round robin or oldest first, high-priority acks first).
  uint64_t* out_req = out_req_.data();
  uint64_t* out_prio = out_prio_.data();
  uint64_t any = 0;
  for (uint64_t pm = stage_ports_[kActive]; pm; pm &= pm - 1) {
    const int i = __builtin_ctzll(pm);
    InputPort& ip = in_[i];
    uint64_t req = 0, prio = 0;
    for (uint64_t m = ip.stage[kActive]; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      InputVc& v = ip.vcs[c];
      if (!eligible(v, now)) continue;
      req |= uint64_t{1} << c;
      if (v.prio) prio |= uint64_t{1} << c;
    }
    sa_pick_[i] = -1;
    if (!req) continue;
    const uint64_t cand = prio ? prio : req;
    int c;
    if constexpr (by_age) c = pick_oldest(ip.arb, cand, [&](int x) { return age(ip.vcs[x]); });
    else c = ip.arb.pick(cand);
    sa_pick_[i] = c;
    for (uint64_t l = req & ~(uint64_t{1} << c); l; l &= l - 1) {  // input-stage losers wait too
      InputVc& w = ip.vcs[__builtin_ctzll(l)];
      if (w.buf.front().head()) block(w);
    }
    const int o = ip.vcs[c].out_port;
    out_req[o] |= uint64_t{1} << i;
    if (ip.vcs[c].prio) out_prio[o] |= uint64_t{1} << i;
    any |= uint64_t{1} << o;
  }
  // Output stage: the crossbar arbiter of each requested output port. The Verilated arbiters (RTL mode)
  // grant in a loop of their own, which keeps calls out of the model loop; output ports are independent.
  if (xbar_rtl_) {
    for (uint64_t m = any; m; m &= m - 1) {
      const int o = __builtin_ctzll(m);
      out_grant_[o] = xbar_rtl_->xbar_arbitrate(o, out_req[o], out_prio[o]);
      xbar_rtl_->xbar_update(o, out_grant_[o], true);
    }
  }
  for (uint64_t m = any; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    int g;
    if (xbar_rtl_) {
      g = out_grant_[o];
    } else if constexpr (by_age) {
      const uint64_t hp = out_req[o] & out_prio[o];
      g = pick_oldest(xbar_rr(o), hp ? hp : out_req[o], [&](int x) { return age(in_[x].vcs[sa_pick_[x]]); });
      out_[o].xbar.update(g, true);  // the pointer still moves past the winner: round robin among equals
    } else {
      g = out_[o].xbar.arbitrate(out_req[o], out_prio[o]);
      out_[o].xbar.update(g, true);
    }
    for (uint64_t l = out_req[o] & ~(uint64_t{1} << g); l; l &= l - 1) {
      const int i = __builtin_ctzll(l);
      InputVc& v = in_[i].vcs[sa_pick_[i]];
      ++cnt_.contended;
      if (v.buf.front().head()) block(v);
      sa_pick_[i] = -1;
    }
    in_[g].arb.update(sa_pick_[g], true);
    send(g, sa_pick_[g], now);
    out_req[o] = out_prio[o] = 0;
  }
}

// iSLIP, one iteration: every input port requests every output port one of its VCs wants (the VC standing
// for a request is chosen as in the separable input stage), each output grants one input (its crossbar
// arbiter), each input accepts one grant (round robin over outputs); pointers move only on accepted grants.
void RouterCore::switch_allocate_islip(int64_t now) {
  const bool by_age = net_.params().age_arbiter;
  uint64_t* out_req = out_req_.data();
  uint64_t* out_prio = out_prio_.data();
  uint64_t any = 0, inputs = 0;
  const int O = out_ports_;
  for (uint64_t pm = stage_ports_[kActive]; pm; pm &= pm - 1) {
    const int i = __builtin_ctzll(pm);
    InputPort& ip = in_[i];
    uint64_t req = 0;
    for (uint64_t m = ip.stage[kActive]; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      if (eligible(ip.vcs[c], now)) req |= uint64_t{1} << c;
    }
    if (!req) continue;
    inputs |= uint64_t{1} << i;
    // Per output, the VC standing for it: priority acks first, then round robin (or oldest) from the pointer.
    for (uint64_t m = req; m; m &= m - 1) {
      const int c = __builtin_ctzll(m);
      const InputVc& v = ip.vcs[c];
      int16_t& cur = islip_vc_[static_cast<size_t>(i) * O + v.out_port];
      if (cur < 0) {
        cur = static_cast<int16_t>(c);
        continue;
      }
      const InputVc& w = ip.vcs[cur];
      bool better;
      if (v.prio != w.prio) {
        better = v.prio;
      } else if (by_age && age(v) != age(w)) {
        better = age(v) < age(w);
      } else {
        const int p = ip.arb.pointer();
        better = ((c - p + vcs_) % vcs_) < ((cur - p + vcs_) % vcs_);
      }
      if (better) cur = static_cast<int16_t>(c);
    }
    for (int o = 0; o < O; ++o) {
      const int16_t c = islip_vc_[static_cast<size_t>(i) * O + o];
      if (c < 0) continue;
      out_req[o] |= uint64_t{1} << i;
      if (ip.vcs[c].prio) out_prio[o] |= uint64_t{1} << i;
      any |= uint64_t{1} << o;
    }
  }
  // Grant: each requested output picks one input.
  for (uint64_t m = any; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    const uint64_t hp = out_req[o] & out_prio[o];
    const int g = by_age ? pick_oldest(xbar_rr(o), hp ? hp : out_req[o],
                                       [&](int x) { return age(in_[x].vcs[islip_vc_[static_cast<size_t>(x) * O + o]]); })
                         : out_[o].xbar.arbitrate(out_req[o], out_prio[o]);
    out_grant_[o] = g;
    in_grant_[g] |= uint64_t{1} << o;
  }
  // Accept: each granted input picks one output; the pointers of accepted pairs move past each other.
  for (uint64_t im = inputs; im; im &= im - 1) {
    const int i = __builtin_ctzll(im);
    InputPort& ip = in_[i];
    const uint64_t gr = in_grant_[i];
    int acc = -1;
    if (gr) {
      uint64_t pr = 0;
      for (uint64_t m = gr; m; m &= m - 1) {
        const int o = __builtin_ctzll(m);
        if (ip.vcs[islip_vc_[static_cast<size_t>(i) * O + o]].prio) pr |= uint64_t{1} << o;
      }
      const uint64_t cand = pr ? pr : gr;
      acc = by_age ? pick_oldest(ip.acc, cand, [&](int o) { return age(ip.vcs[islip_vc_[static_cast<size_t>(i) * O + o]]); })
                   : ip.acc.pick(cand);
    }
    for (int o = 0; o < O; ++o) {
      int16_t& c = islip_vc_[static_cast<size_t>(i) * O + o];
      if (c < 0) continue;
      if (o != acc) {
        ++cnt_.contended;
        InputVc& v = ip.vcs[c];
        if (v.buf.front().head()) block(v);
      }
    }
    if (acc >= 0) {
      const int c = islip_vc_[static_cast<size_t>(i) * O + acc];
      ip.acc.update(acc, true);
      out_[acc].xbar.update(i, true);
      ip.arb.update(c, true);
      send(i, c, now);
    }
    for (int o = 0; o < O; ++o) islip_vc_[static_cast<size_t>(i) * O + o] = -1;
    in_grant_[i] = 0;
  }
  for (uint64_t m = any; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    out_req[o] = out_prio[o] = 0;
  }
}

}  // namespace drb
