// SPDX-License-Identifier: Apache-2.0
#include "tb/stats/summary.h"

#include <algorithm>
#include <cmath>

namespace drb {

Summary summarize(const Samples& v) {
  Summary s;
  s.count = v.size();
  if (v.empty()) return s;
  // Sums run over the values in increasing order, one addition per sample: the same long double
  // roundings as summing a sorted sample vector. The same pass finds min, max and the percentiles (their
  // ranks depend on the count only); the squared deviations need the mean, so they take a second pass.
  auto rank = [&](double p) { return std::max<uint64_t>(static_cast<uint64_t>(std::ceil(p / 100.0 * s.count)), 1); };
  const uint64_t r50 = rank(50), r95 = rank(95), r99 = rank(99);
  long double sum = 0;
  uint64_t seen = 0;
  v.for_each_sorted([&](int64_t x, uint64_t c) {
    if (seen == 0) s.min = x;
    const uint64_t before = seen;
    seen += c;
    if (before < r50 && seen >= r50) s.p50 = x;
    if (before < r95 && seen >= r95) s.p95 = x;
    if (before < r99 && seen >= r99) s.p99 = x;
    s.max = x;
    for (uint64_t k = 0; k < c; ++k) sum += x;
  });
  s.mean = static_cast<double>(sum / s.count);
  long double ss = 0;
  v.for_each_sorted([&](int64_t x, uint64_t c) {
    for (uint64_t k = 0; k < c; ++k) ss += (x - s.mean) * (x - s.mean);
  });
  s.stddev = s.count > 1 ? std::sqrt(static_cast<double>(ss / (s.count - 1))) : 0.0;
  return s;
}

nlohmann::json to_json(const Summary& s) {
  return {{"count", s.count}, {"mean", s.mean}, {"stddev", s.stddev}, {"min", s.min},
          {"max", s.max},     {"p50", s.p50},   {"p95", s.p95},       {"p99", s.p99}};
}

nlohmann::json histogram(const Samples& v, int bin) {
  std::vector<uint64_t> c;
  v.for_each_sorted([&](int64_t x, uint64_t n) {
    const size_t b = static_cast<size_t>(std::max<int64_t>(x, 0) / bin);
    if (b >= c.size()) c.resize(b + 1, 0);
    c[b] += n;
  });
  return {{"bin", bin}, {"counts", c}};
}

}  // namespace drb
