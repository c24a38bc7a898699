// SPDX-License-Identifier: Apache-2.0
// The router core's stage walk (systemc/router/router_core.h) over its units: the route unit for every VC in
// route compute, then the VC allocator and the switch allocator when some VC is in their stage; for routers
// of up to 64 ports or wider (kWide) and a block set B. Included by switch_alloc.cpp and vc_alloc.cpp, which
// instantiate the narrow packed versions without trunks (every k-ary n-cube, the hot path), and by wide_alloc.cpp,
// which instantiates the rest: two places in the code, so that the rarely run versions do not sit between
// the hot ones in the instruction cache (interleaved, they cost drb_bench B1 about 6%). The RTL block set's
// versions are in a third, rtl_alloc.cpp.
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
        if (v.ready <= now) route_.compute<B>(*this, v, now);
      }
    }
  if (staged<kWide>(kVcAlloc)) va_.allocate<kWide, B>(*this, now);
  if (staged<kWide>(kActive)) sa_.allocate<kWide, B>(*this, now);
}

}  // namespace drb
