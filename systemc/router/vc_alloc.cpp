// SPDX-License-Identifier: Apache-2.0
// VC allocation of the router core (systemc/router/router_core.h): separable (each head picks one free VC of
// its first candidate class with one, a round-robin arbiter per output VC grants) by default, or iSLIP with
// one iteration (router.alloc.va): each head requests every free VC of that class, each output VC grants
// one head, each head accepts one grant; pointers move only on accepted grants (docs/router-saturation.md).
#include "systemc/router/alloc.h"

namespace drb {

// The wide and trunk versions live in wide_alloc.cpp (systemc/router/alloc.h says why).
extern template void RouterCore::step_words<true, ModelBlocks>(int64_t);
extern template void RouterCore::vc_allocate<true, ModelBlocks>(int64_t);
extern template void RouterCore::switch_allocate<true, ModelBlocks>(int64_t);
extern template int RouterCore::pick_output_vc_t<true>(const InputVc&, int&, int) const;
extern template uint64_t RouterCore::free_output_vcs_t<true>(const InputVc&, int&, int) const;

namespace {
// An output VC a head of len flits may take: free, with room for the packet under VCT, and empty when the
// relation reallocates VCs atomically (the conditions of pick_output_vc, which writes them out for speed).
template <class OutVc>
bool usable(const OutVc& o, const RouterParams& p, int len) {
  return o.owner < 0 && !(p.vct && o.credits < len) && !(p.atomic_vc && o.credits < p.depth);
}
}  // namespace

// Selection::MostCredits (the fat-tree's SADP stand-in): the candidate whose free VCs hold the most
// credits, ties to the relation's order; -1 if none has a free VC (the callers then find none either).
int RouterCore::most_credits(const InputVc& v, int group, int len) const {
  const RouterParams& p = cfg_.p;
  const VcLayout& lay = *cfg_.layout;
  int best = -1, best_cr = 0;
  for (int i = 0; i < v.route.n; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    int cr = 0;
    for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
      const OutputVc& o = out_[v.route.c[i].port].vcs[c];
      if (!usable(o, p, len)) continue;
      cr += o.credits + 1;  // a free VC with no credit still counts above none
    }
    if (cr > best_cr) best = i, best_cr = cr;
  }
  return best;
}

// Negative-first's channel choice: among the candidates with a free VC, the one whose output has the fewest
// VCs allocated (ties to the relation's order), first among c[0 .. tier), then among the misroutes.
int RouterCore::least_loaded(const InputVc& v, int group, int len) const {
  const RouterParams& p = cfg_.p;
  const VcLayout& lay = *cfg_.layout;
  for (int lo = 0, hi = v.route.tier; lo < v.route.n; lo = hi, hi = v.route.n) {
    int best = -1, best_used = INT_MAX;
    for (int i = lo; i < hi; ++i) {
      const OutputUnit& op = out_[v.route.c[i].port];
      const int cls = lay.cls(group, v.route.c[i].sub);
      bool free = false;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e && !free; ++c) free = usable(op.vcs[c], p, len);
      if (!free) continue;
      const int used = used_vcs(v.route.c[i].port);
      if (used < best_used) best = i, best_used = used;
    }
    if (best >= 0) return best;
  }
  return -1;
}

void RouterCore::grant_vc(const VaReq& r, int n_in, int64_t now) {
  InputVc& v = *r.v;
  OutputUnit& op = out_[r.port];
  op.vcs[r.ovc].owner = r.in_idx;
  v.out_port = r.port;
  v.out_vc = r.ovc;
  set_state(v, kActive);
  v.ready = now + cfg_.p.d_va;
  op.va_ptr[r.ovc] = static_cast<uint32_t>(r.in_idx + 1 == n_in ? 0 : r.in_idx + 1);
  if (cyclic_ && op.network)  // cyclic trunk selection: the next head starts after this member
    trunk_next_[r.port / trunk_] = static_cast<uint8_t>((r.port % trunk_ + 1) % trunk_);
}


template int RouterCore::pick_output_vc_t<false>(const InputVc&, int&, int) const;
template uint64_t RouterCore::free_output_vcs_t<false>(const InputVc&, int&, int) const;
template void RouterCore::vc_allocate<false, ModelBlocks>(int64_t);

}  // namespace drb
