// SPDX-License-Identifier: Apache-2.0
// A path policy for tests: each packet takes the next MSP the test queued, so a test can send exactly the
// multistep path it wants through the fabric.
#pragma once
#include <deque>

#include "models/drb/path_policy.h"

namespace drb::test {

struct ForcedPath : PathPolicy {
  std::deque<PathChoice>* plan;
  explicit ForcedPath(std::deque<PathChoice>* p) : plan(p) {}
  void choose(int, Rng&, PathChoice& out) override {
    out = plan->front();
    plan->pop_front();
  }
};

}  // namespace drb::test
