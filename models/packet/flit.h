// SPDX-License-Identifier: Apache-2.0
// A flit as the simulator moves it: a handle to its packet plus the bits that travel with every flit.
// The head's header lives in the packet record (there is exactly one copy, which DEC/AL/GMR update).
#pragma once
#include <cstdint>

namespace drb {

struct Flit {
  uint32_t pkt = 0;    // packet slot in the pool
  uint32_t check = 0;  // integrity tag, a function of (packet id, flit index): catches mixed/corrupt worms
  uint16_t idx = 0;    // 0 = head
  uint8_t vc = 0;      // VC on the channel it currently travels
  uint8_t flags = 0;   // kHead | kTail
  static constexpr uint8_t kHead = 1, kTail = 2;
  bool head() const { return flags & kHead; }
  bool tail() const { return flags & kTail; }
};

inline uint32_t flit_check(uint64_t packet_id, uint32_t idx) {
  uint64_t z = packet_id * 0x9e3779b97f4a7c15ULL + idx * 0xbf58476d1ce4e5b9ULL + 0x94d049bb133111ebULL;
  z ^= z >> 31;
  z *= 0xd6e8feb86659fd93ULL;
  return static_cast<uint32_t>(z ^ (z >> 32));
}

}  // namespace drb
