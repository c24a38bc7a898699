// SPDX-License-Identifier: Apache-2.0
// The router's stages with the RTL block set (router.blocks.*; systemc/router/alloc.h): instantiated here,
// apart from the model's, so that model mode's code holds no RTL branch. Routers with RTL blocks have at
// most 64 ports (the Verilated arbiters take one request word), so only the narrow stages exist.
#include "systemc/router/alloc.h"

namespace drb {

extern template int RouteUnit::pick_output_vc_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<false, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template int RouteUnit::pick_output_vc_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;
extern template uint64_t RouteUnit::free_output_vcs_t<true, RouterCore>(const RouterCore&, const InputVc&, int&, int) const;

template void RouterCore::step_words<false, RtlBlocks>(int64_t);
template void VcAllocator::allocate<false, RtlBlocks, RouterCore>(RouterCore&, int64_t);
template void SwitchAllocator::allocate<false, RtlBlocks, RouterCore>(RouterCore&, int64_t);

}  // namespace drb
