// SPDX-License-Identifier: Apache-2.0
// The block set a router's stages call, chosen once per router: the C++ models, or the Verilated RTL
// where router.blocks.* asks for it (each block's pointer then says which). Model mode is compiled
// without an RTL branch: the block calls test B::kRtl first, a constant.
#pragma once

namespace drb {

struct ModelBlocks {
  static constexpr bool kRtl = false;
};
struct RtlBlocks {
  static constexpr bool kRtl = true;
};

}  // namespace drb
