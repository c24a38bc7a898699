// SPDX-License-Identifier: Apache-2.0
// The block set a router's stages call, chosen once per router: the C++ models, or the Verilated RTL
// where router.blocks.* asks for it (each block's pointer then says which). Model mode is compiled
// without an RTL branch: the block calls test B::kRtl first, a constant.
// With the models, a router of at most 64 input VCs (ports x VCs; every k-ary n-cube and the 2-ary trees)
// also keeps its active VCs packed (PackedBlocks, B::kPacked): the switch allocator then reads them from
// the router's first line instead of one input unit's line per busy port (RouterCore::packed_active).
#pragma once

namespace drb {

struct ModelBlocks {
  static constexpr bool kRtl = false;
  static constexpr bool kPacked = false;
};
struct PackedBlocks {
  static constexpr bool kRtl = false;
  static constexpr bool kPacked = true;
};
struct RtlBlocks {
  static constexpr bool kRtl = true;
  static constexpr bool kPacked = false;
};

}  // namespace drb
