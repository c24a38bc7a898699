// SPDX-License-Identifier: Apache-2.0
// Bit fields of Verilated ports: Verilator gives a port of up to 64 bits as an integer and a wider one as
// VlWide<N> (32-bit words); these read and write a field of either kind, and a header (HeaderBits) across
// as many 64-bit pieces as it spans. Used by the whole-router adapter and the router bench.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <verilated.h>

#include "models/packet/header.h"

namespace drb::cosim::vl {

template <class P>
void put(P& p, int off, int w, uint64_t v) {
  const uint64_t m = (w >= 64 ? ~uint64_t{0} : ((uint64_t{1} << w) - 1)) << off;
  p = static_cast<P>((static_cast<uint64_t>(p) & ~m) | ((v << off) & m));
}
// Wide ports: a field spans up to three 32-bit words, moved a word's share at a time (bit by bit, the
// header packing took a tenth of a whole-router run).
template <std::size_t N>
void put(VlWide<N>& p, int off, int w, uint64_t v) {
  for (int i = 0; i < w;) {
    const int b = off + i, sh = b % 32, take = std::min(32 - sh, w - i);
    const uint32_t m = (take == 32 ? ~uint32_t{0} : ((uint32_t{1} << take) - 1)) << sh;
    p[b / 32] = (p[b / 32] & ~m) | (static_cast<uint32_t>((v >> i) << sh) & m);
    i += take;
  }
}
template <class P>
uint64_t get(const P& p, int off, int w) {
  const uint64_t v = static_cast<uint64_t>(p) >> off;
  return w >= 64 ? v : v & ((uint64_t{1} << w) - 1);
}
template <std::size_t N>
uint64_t get(const VlWide<N>& p, int off, int w) {
  uint64_t v = 0;
  for (int i = 0; i < w;) {
    const int b = off + i, sh = b % 32, take = std::min(32 - sh, w - i);
    const uint64_t bits = (p[b / 32] >> sh) & (take == 32 ? ~uint32_t{0} : ((uint32_t{1} << take) - 1));
    v |= bits << i;
    i += take;
  }
  return v;
}
template <class P, class V>
void set(P& p, V v) {
  p = static_cast<P>(v);
}
template <class P>
void put_hdr(P& p, int off, int w, const HeaderBits& h) {
  for (int i = 0; i < w; i += 64) put(p, off + i, std::min(64, w - i), h[i / 64]);
}
template <class P>
HeaderBits get_hdr(const P& p, int off, int w) {
  HeaderBits h{};
  for (int i = 0; i < w; i += 64) h[i / 64] = get(p, off + i, std::min(64, w - i));
  return h;
}

}  // namespace drb::cosim::vl
