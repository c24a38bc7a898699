// SPDX-License-Identifier: Apache-2.0
// What stops a run: a scoreboard failure, a stall, a failed drain or packets with no way on.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace drb {

// A scoreboard failure or a stall: the run stops with this message.
class SimError : public std::runtime_error {
 public:
  enum Kind { Scoreboard, Stall, Drain, Unroutable };
  SimError(Kind k, const std::string& m) : std::runtime_error(m), kind(k) {}
  Kind kind;
};

// The stall watchdog's report, the same in every assembly: flits in flight, none moved for `still` cycles
// (more than sim.watchdog), then `dump`, the blocked VCs and credits.
inline SimError stall_error(int64_t in_flight, int64_t still, int64_t watchdog, const std::string& dump) {
  return SimError(SimError::Stall, "stall: " + std::to_string(in_flight) + " flits in flight and none moved for " +
                                       std::to_string(still) + " cycles (sim.watchdog = " + std::to_string(watchdog) +
                                       ")\n" + dump);
}

}  // namespace drb
