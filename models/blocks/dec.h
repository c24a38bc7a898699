// SPDX-License-Identifier: Apache-2.0
// DEC: detection and elimination of intermediate headers. On a head flit at router `node`:
//   front != node             -> route on the front destination
//   front == node, more set   -> pop the front (shift the stack in place), next step, route again
//   front == node, more clear -> final destination: eject
// One call is one pass through the block; the router calls it again after a pop (the next destination
// could, in principle, be this node too).
#pragma once
#include "models/packet/header.h"

namespace drb {

enum class DecAction : uint8_t { Route = 0, Pop = 1, Eject = 2 };

inline DecAction dec_step(Header& h, uint32_t node) {
  if (h.dest[0] != node) return DecAction::Route;
  if (!h.more[0]) return DecAction::Eject;
  h.pop();
  h.step = static_cast<uint8_t>(h.step + 1);  // next step: next VC class group
  h.dateline = 0;                              // datelines restart with the new step
  return DecAction::Pop;
}

}  // namespace drb
