// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the head-flit layout and decoder. The first 8 bytes choose the layout parameters (in and
// out of the accepted ranges), the next 32 the wire bits. A layout either refuses its parameters with
// std::invalid_argument or decodes any bits into a header whose fields fit and which encodes back to the
// same bits (those the layout defines).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "models/packet/header.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 8) return 0;
  drb::LayoutParams p;
  p.nodes = static_cast<int16_t>(data[0] | data[1] << 8);  // negative and tiny counts included
  p.latency_bits = static_cast<int8_t>(data[2]);
  p.seq_bits = static_cast<int8_t>(data[3]);
  p.dims = static_cast<int8_t>(data[4]);
  p.max_length = static_cast<int16_t>(data[5] | data[6] << 8) * (data[7] & 1 ? 1 : 3);
  drb::HeaderBits bits{};
  std::memcpy(bits.data(), data + 8, std::min(size - 8, sizeof(bits)));
  try {
    const drb::HeaderLayout l(p);
    if (l.total_bits() < 1 || l.total_bits() > drb::HeaderLayout::kMaxBits) std::abort();
    const drb::Header h = l.decode(bits);
    if (!l.fits(h)) std::abort();
    const drb::HeaderBits again = l.encode(h);
    for (int i = 0; i < l.total_bits(); ++i)
      if (((again[i / 64] >> (i % 64)) & 1) != ((bits[i / 64] >> (i % 64)) & 1)) std::abort();
    for (int i = l.total_bits(); i < drb::HeaderLayout::kMaxBits; ++i)
      if ((again[i / 64] >> (i % 64)) & 1) std::abort();  // nothing written past the header
    if (l.decode(again) != h) std::abort();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
