// SPDX-License-Identifier: Apache-2.0
// The router's stages for routers past 64 ports, for trunks and for narrow routers of more than 64 input
// VCs (unpacked kActive masks: ModelBlocks; systemc/router/alloc.h): instantiated here, away from the
// packed narrow versions of vc_alloc.cpp and switch_alloc.cpp.
#include "systemc/router/alloc.h"

namespace drb {

extern template void VcAllocator::allocate<false, PackedBlocks, RouterCore>(RouterCore&, int64_t);
extern template void SwitchAllocator::allocate<false, PackedBlocks, RouterCore>(RouterCore&, int64_t);
extern template int RouteUnit::pick_output_vc_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;

template void RouterCore::step_words<true, ModelBlocks>(int64_t);
template void RouterCore::step_words<false, ModelBlocks>(int64_t);
template void VcAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
template void SwitchAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
template void VcAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
template void SwitchAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
template int RouteUnit::pick_output_vc_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
template uint64_t RouteUnit::free_output_vcs_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;

}  // namespace drb
