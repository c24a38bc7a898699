// SPDX-License-Identifier: Apache-2.0
// Switch allocation of the router core (systemc/router/router_core.h): separable input-first (the default,
// whose output stage is the crossbar arbiter block) and iSLIP with one iteration, each with round-robin or
// oldest-first arbitration (docs/router-saturation.md). VC allocation is in vc_alloc.cpp, the datapath in
// router_core.cpp.
#include "systemc/router/alloc.h"

namespace drb {

// The wide and trunk versions live in wide_alloc.cpp (systemc/router/alloc.h says why), the RTL block
// set's in rtl_alloc.cpp.
extern template void RouterCore::step_words<true, ModelBlocks>(int64_t);
extern template void RouterCore::step_words<false, RtlBlocks>(int64_t);
extern template void RouterCore::vc_allocate<false, ModelBlocks>(int64_t);
extern template int RouterCore::pick_output_vc_t<false>(const InputVc&, int&, int) const;
extern template uint64_t RouterCore::free_output_vcs_t<false>(const InputVc&, int&, int) const;
extern template void RouterCore::vc_allocate<true, ModelBlocks>(int64_t);
extern template void RouterCore::switch_allocate<true, ModelBlocks>(int64_t);
extern template int RouterCore::pick_output_vc_t<true>(const InputVc&, int&, int) const;
extern template uint64_t RouterCore::free_output_vcs_t<true>(const InputVc&, int&, int) const;

int64_t RouterCore::age(const InputVc& v) const { return store_.pkt(v.buf.front().pkt).t_gen; }

RrArbiter RouterCore::xbar_rr(int o) const {
  RrArbiter r(out_[o].xbar.inputs());
  r.set_pointer(out_[o].xbar.pointer());
  return r;
}

// The cycle: the stage walk, inlined here with the narrow stages.
void RouterCore::step(int64_t now) {
  // Credits and flits of this cycle were delivered by the channel table before any router steps.
  if (!busy()) return;
  if (rtl_) step_words<false, RtlBlocks>(now);  // the block set, chosen here once (RTL: at most 64 ports)
  else if (words_ == 1) step_words<false, ModelBlocks>(now);
  else step_words<true, ModelBlocks>(now);
}

template void RouterCore::step_words<false, ModelBlocks>(int64_t);
template void RouterCore::switch_allocate<false, ModelBlocks>(int64_t);

}  // namespace drb
