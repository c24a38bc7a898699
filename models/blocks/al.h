// SPDX-License-Identifier: Apache-2.0
// AL: latency accumulator. Modular W-bit arithmetic, no T1 register: when a head starts waiting at timer
// value T1 the block adds -T1 (complement + 1); when it wins allocation at T2 it adds T2. The field thus
// gains T2 - T1 modulo 2^W, even when the timer wraps during the wait.
#pragma once
#include <cstdint>

namespace drb {

class LatencyAccumulator {
 public:
  explicit LatencyAccumulator(int width = 16, int tick = 1)
      : mask_(width >= 32 ? 0xffffffffu : ((1u << width) - 1)), width_(width), tick_(tick) {}
  uint32_t enq(uint32_t lat, uint32_t timer) const { return (lat + (~timer + 1u)) & mask_; }
  uint32_t resume(uint32_t lat, uint32_t timer) const { return (lat + timer) & mask_; }
  // The router's free-running timer: cycles divided by the tick unit, W bits.
  uint32_t timer(int64_t cycle) const { return static_cast<uint32_t>(cycle / tick_) & mask_; }
  uint32_t mask() const { return mask_; }
  int width() const { return width_; }
  int tick() const { return tick_; }

 private:
  uint32_t mask_;
  int width_, tick_;
};

}  // namespace drb
