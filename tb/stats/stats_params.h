// SPDX-License-Identifier: Apache-2.0
// What the statistics collectors read (stats.* keys; tb/drbsim fills it from a scenario).
#pragma once
#include <cstdint>

namespace drb {

struct StatsParams {
  bool per_pair = false;
  bool links = true;
  int hist_bin = 10;
  int64_t time_bin = 0;
};

}  // namespace drb
