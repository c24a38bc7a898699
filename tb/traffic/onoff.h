// SPDX-License-Identifier: Apache-2.0
// Self-similar injection (the power-saving thesis' traffic): each source alternates ON and OFF periods whose
// lengths are Pareto distributed (heavy tails: the aggregate of many such sources is self-similar, Hurst
// parameter H = (3 - min shape) / 2). During ON a source sends at its peak rate, one message every
// mean_length / peak cycles; the mean OFF period is set so that the long-run rate is the source's mean rate:
//   off_mean = on_mean * (peak / (rate * mean_length) - 1).
// Message times run on the ON time: a message due past the end of an ON period moves into the next one by
// the part it overshot, so the long-run rate is exact, not rounded per period.
#pragma once
#include <cmath>

#include "models/util/rng.h"

namespace drb {

struct OnOffParams {
  double on_shape = 1.4, off_shape = 1.2;  // Pareto shapes (> 1: finite means)
  double on_mean = 64;                      // mean ON period, cycles
  double peak = 1.0;                        // flits per cycle while ON
};

// Pareto with shape a and mean m: scale x_m = m (a - 1) / a, sample x_m / U^(1/a), U in (0, 1].
inline double pareto(Rng& rng, double shape, double mean) {
  const double xm = mean * (shape - 1) / shape;
  return xm / std::pow(1.0 - rng.uniform(), 1.0 / shape);
}

class OnOffProcess {
 public:
  // msg_rate: the source's mean messages per cycle; mean_length: flits per message.
  void init(const OnOffParams& p, double msg_rate, double mean_length) {
    p_ = p;
    spacing_ = mean_length / p.peak;
    off_mean_ = p.on_mean * (p.peak / (msg_rate * mean_length) - 1);
  }
  // The first message at or after `from`: the source starts with an OFF period.
  double first(double from, Rng& rng) {
    on_end_ = from;
    return roll(from, rng);
  }
  // The message after the one at t.
  double next(double t, Rng& rng) { return roll(t + spacing_, rng); }
  double spacing() const { return spacing_; }
  double off_mean() const { return off_mean_; }

 private:
  double roll(double t, Rng& rng) {
    while (t >= on_end_) {  // past this ON period: the overshoot carries into the next one
      const double over = t - on_end_;
      const double start = on_end_ + pareto(rng, p_.off_shape, off_mean_);
      on_end_ = start + pareto(rng, p_.on_shape, p_.on_mean);
      t = start + over;
    }
    return t;
  }
  OnOffParams p_;
  double spacing_ = 1, off_mean_ = 0, on_end_ = 0;
};

}  // namespace drb
