#include "tb/stats/summary.h"

#include <algorithm>
#include <cmath>

namespace drb {

Summary summarize(std::vector<int64_t> v) {
  Summary s;
  s.count = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  long double sum = 0;
  for (int64_t x : v) sum += x;
  s.mean = static_cast<double>(sum / v.size());
  long double ss = 0;
  for (int64_t x : v) ss += (x - s.mean) * (x - s.mean);
  s.stddev = v.size() > 1 ? std::sqrt(static_cast<double>(ss / (v.size() - 1))) : 0.0;
  s.min = v.front();
  s.max = v.back();
  auto pct = [&](double p) {
    size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * v.size()));
    return v[std::max<size_t>(rank, 1) - 1];
  };
  s.p50 = pct(50);
  s.p95 = pct(95);
  s.p99 = pct(99);
  return s;
}

nlohmann::json to_json(const Summary& s) {
  return {{"count", s.count}, {"mean", s.mean}, {"stddev", s.stddev}, {"min", s.min},
          {"max", s.max},     {"p50", s.p50},   {"p95", s.p95},       {"p99", s.p99}};
}

nlohmann::json histogram(const std::vector<int64_t>& v, int bin) {
  std::vector<uint64_t> c;
  for (int64_t x : v) {
    const size_t b = static_cast<size_t>(std::max<int64_t>(x, 0) / bin);
    if (b >= c.size()) c.resize(b + 1, 0);
    ++c[b];
  }
  return {{"bin", bin}, {"counts", c}};
}

}  // namespace drb
