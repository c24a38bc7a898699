// SPDX-License-Identifier: Apache-2.0
// The router's cycle (the stage walk of systemc/router/alloc.h) and its switch allocator
// (systemc/router/switch_allocator.h) for the narrow router without trunks and with packed kActive masks
// (PackedBlocks), instantiated here; the VC allocator is in vc_alloc.cpp, the datapath in router_core.cpp.
#include "systemc/router/alloc.h"

namespace drb {

// The wide, trunk and unpacked versions live in wide_alloc.cpp (systemc/router/alloc.h says why), the RTL
// block set's in rtl_alloc.cpp.
extern template void RouterCore::step_words<true, ModelBlocks>(int64_t);
extern template void RouterCore::step_words<false, ModelBlocks>(int64_t);
extern template void RouterCore::step_words<false, RtlBlocks>(int64_t);
extern template void VcAllocator::allocate<false, PackedBlocks, RouterCore>(RouterCore&, int64_t);
extern template int RouteUnit::pick_output_vc_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template void VcAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void SwitchAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void VcAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void SwitchAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template int RouteUnit::pick_output_vc_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;

int64_t RouterCore::age(const InputVc& v) const { return store_.pkt(v.buf.front().pkt).t_gen; }

// The cycle: the stage walk, inlined here with the narrow packed stages.
void RouterCore::step(int64_t now) {
  // Credits and flits of this cycle were delivered by the channel table before any router steps.
  if (!busy()) return;
  if (rtl_on_) step_words<false, RtlBlocks>(now);  // the block set, chosen here once (RTL: at most 64 ports)
  else if (packed_) step_words<false, PackedBlocks>(now);
  else if (words_ == 1) step_words<false, ModelBlocks>(now);
  else step_words<true, ModelBlocks>(now);
}

template void RouterCore::step_words<false, PackedBlocks>(int64_t);
template void SwitchAllocator::allocate<false, PackedBlocks, RouterCore>(RouterCore&, int64_t);

}  // namespace drb
