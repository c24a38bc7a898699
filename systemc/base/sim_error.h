// SPDX-License-Identifier: Apache-2.0
// What stops a run: a scoreboard failure, a stall, a failed drain or packets with no way on.
#pragma once
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

}  // namespace drb
