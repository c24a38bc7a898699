// Sample statistics: mean, sample standard deviation (n-1), max, nearest-rank percentiles, histogram.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace drb {

struct Summary {
  uint64_t count = 0;
  double mean = 0, stddev = 0;
  int64_t min = 0, max = 0, p50 = 0, p95 = 0, p99 = 0;
};

// Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it.
Summary summarize(std::vector<int64_t> samples);
nlohmann::json to_json(const Summary& s);
nlohmann::json histogram(const std::vector<int64_t>& samples, int bin);

}  // namespace drb
