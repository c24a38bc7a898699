// SPDX-License-Identifier: Apache-2.0
// The router core's stages for routers past 64 ports and for trunks (systemc/router/alloc.h): instantiated
// here, away from the narrow versions of vc_alloc.cpp and switch_alloc.cpp.
#include "systemc/router/alloc.h"

namespace drb {

extern template void RouterCore::vc_allocate<false, ModelBlocks>(int64_t);
extern template void RouterCore::switch_allocate<false, ModelBlocks>(int64_t);
extern template int RouterCore::pick_output_vc_t<false>(const InputVc&, int&, int) const;
extern template uint64_t RouterCore::free_output_vcs_t<false>(const InputVc&, int&, int) const;

template void RouterCore::step_words<true, ModelBlocks>(int64_t);
template void RouterCore::vc_allocate<true, ModelBlocks>(int64_t);
template void RouterCore::switch_allocate<true, ModelBlocks>(int64_t);
template int RouterCore::pick_output_vc_t<true>(const InputVc&, int&, int) const;
template uint64_t RouterCore::free_output_vcs_t<true>(const InputVc&, int&, int) const;

}  // namespace drb
