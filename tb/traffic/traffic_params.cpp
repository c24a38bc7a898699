// SPDX-License-Identifier: Apache-2.0
#include "tb/traffic/traffic_params.h"

#include <algorithm>

namespace drb {

double TrafficParams::mean_length() const {
  if (weights.empty()) {
    double s = 0;
    for (int l : lengths) s += l;
    return s / lengths.size();
  }
  double s = 0, w = 0;
  for (size_t i = 0; i < lengths.size(); ++i) {
    s += lengths[i] * weights[i];
    w += weights[i];
  }
  return s / w;
}

double TrafficParams::message_rate() const { return interval > 0 ? 1.0 / interval : rate / mean_length(); }

double TrafficParams::schedule_factor(int64_t t) const {
  if (schedule.empty()) return 1;
  if (t <= schedule.front().first) return schedule.front().second;
  for (size_t i = 1; i < schedule.size(); ++i) {
    const auto& [t1, f1] = schedule[i];
    if (t < t1) {
      const auto& [t0, f0] = schedule[i - 1];
      return f0 + (f1 - f0) * static_cast<double>(t - t0) / static_cast<double>(t1 - t0);
    }
  }
  return schedule.back().second;
}

double TrafficParams::schedule_max() const {
  double m = schedule.empty() ? 1 : 0;
  for (const auto& p : schedule) m = std::max(m, p.second);
  return m;
}

}  // namespace drb
