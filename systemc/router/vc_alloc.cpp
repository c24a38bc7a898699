// SPDX-License-Identifier: Apache-2.0
// The VC allocator (systemc/router/vc_allocator.h) and the route unit's requests (route_unit.h) of the narrow
// router without trunks, instantiated here; the stage walk and the switch allocator are in switch_alloc.cpp.
#include "systemc/router/alloc.h"

namespace drb {

// The wide, trunk and unpacked versions live in wide_alloc.cpp (systemc/router/alloc.h says why).
extern template void RouterCore::step_words<true, ModelBlocks>(int64_t);
extern template void RouterCore::step_words<false, ModelBlocks>(int64_t);
extern template void VcAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void SwitchAllocator::allocate<true, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void VcAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template void SwitchAllocator::allocate<false, ModelBlocks, RouterCore>(RouterCore&, int64_t);
extern template int RouteUnit::pick_output_vc_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;

template int RouteUnit::pick_output_vc_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
template uint64_t RouteUnit::free_output_vcs_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
template void VcAllocator::allocate<false, PackedBlocks, RouterCore>(RouterCore&, int64_t);

}  // namespace drb
