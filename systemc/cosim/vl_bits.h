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
template <std::size_t N>
void put(VlWide<N>& p, int off, int w, uint64_t v) {
  for (int i = 0; i < w; ++i) {
    const int b = off + i;
    const uint32_t bit = static_cast<uint32_t>((v >> i) & 1u);
    p[b / 32] = (p[b / 32] & ~(uint32_t{1} << (b % 32))) | (bit << (b % 32));
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
  for (int i = 0; i < w; ++i) {
    const int b = off + i;
    v |= static_cast<uint64_t>((p[b / 32] >> (b % 32)) & 1u) << i;
  }
  return v;
}
template <class P, class V>
void set(P& p, V v) {
  p = static_cast<P>(v);
}
template <std::size_t N, class V>
void set(VlWide<N>& p, V v) {
  for (std::size_t i = 0; i < N; ++i) p[i] = 0;
  put(p, 0, 64, static_cast<uint64_t>(v));
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
