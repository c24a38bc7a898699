// SPDX-License-Identifier: Apache-2.0
// A flit as the simulator moves it: a handle to its packet plus the bits that travel with every flit.
// The head's header lives in the packet record (there is exactly one copy, which DEC/AL/GMR update).
#pragma once
#include <cstdint>

namespace drb {

// 8 bytes: the big fabrics are bound by the misses on input buffers and channel wheels, and 12-byte flits
// (with a 32-bit tag) put 5.3 in a cache line where 8 bytes put 8.
struct Flit {
  uint32_t pkt = 0;  // packet slot in the pool
  uint16_t idx = 0;  // 0 = head
  uint8_t vc = 0;    // VC on the channel it currently travels (router.vcs <= 64)
  uint8_t flags : 2;  // kHead | kTail
  // Integrity tag, flit_check(packet id, flit index): the destination NI catches a flit of
  // a mixed or corrupt worm with probability 63/64 (test_scoreboard).
  uint8_t check : 6;
  Flit() : flags(0), check(0) {}
  static constexpr uint8_t kHead = 1, kTail = 2, kCheckMask = 0x3f;
  bool head() const { return flags & kHead; }
  bool tail() const { return flags & kTail; }
};
static_assert(sizeof(Flit) == 8, "a flit is 8 bytes");

// The tag a flit carries (Flit::check): 6 bits of a hash of packet id and flit index.
inline uint8_t flit_check(uint64_t packet_id, uint32_t idx) {
  uint64_t z = packet_id * 0x9e3779b97f4a7c15ULL + idx * 0xbf58476d1ce4e5b9ULL + 0x94d049bb133111ebULL;
  z ^= z >> 31;
  z *= 0xd6e8feb86659fd93ULL;
  return static_cast<uint8_t>((z ^ (z >> 32)) & Flit::kCheckMask);
}

}  // namespace drb
