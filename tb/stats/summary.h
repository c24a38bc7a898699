// SPDX-License-Identifier: Apache-2.0
// Sample statistics: mean, sample standard deviation (n-1), max, nearest-rank percentiles, histogram.
// Samples are integers (cycles, hops), so they are kept as counts per value: a run of 10^6 packets
// needs no growing sample vectors (whose reallocation and page faults were a tenth of a benchmark run),
// and the statistics walk the values in sorted order exactly as a sorted sample vector would.
#pragma once
#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace drb {

class Samples {
 public:
  static constexpr int64_t kDense = 1 << 16;  // values [0, kDense) are counted; others stored as they come
  void add(int64_t x) {
    ++n_;
    if (x >= 0 && x < kDense) {
      if (x >= static_cast<int64_t>(dense_.size())) dense_.resize(static_cast<size_t>(x) + 1, 0);
      ++dense_[static_cast<size_t>(x)];
    } else {
      sparse_.push_back(x);
      sorted_ = false;
    }
  }
  uint64_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  // f(value, count) for every distinct value, in increasing order.
  template <class F>
  void for_each_sorted(F f) const;

 private:
  uint64_t n_ = 0;
  std::vector<uint64_t> dense_;
  mutable std::vector<int64_t> sparse_;  // sorted on demand, once after the last add
  mutable bool sorted_ = true;
};

struct Summary {
  uint64_t count = 0;
  double mean = 0, stddev = 0;
  int64_t min = 0, max = 0, p50 = 0, p95 = 0, p99 = 0;
};

// Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it.
Summary summarize(const Samples& s);
nlohmann::json to_json(const Summary& s);
nlohmann::json histogram(const Samples& s, int bin);

template <class F>
void Samples::for_each_sorted(F f) const {
  if (!sorted_) std::sort(sparse_.begin(), sparse_.end()), sorted_ = true;
  size_t i = 0;
  auto flush_below = [&](int64_t limit) {
    while (i < sparse_.size() && sparse_[i] < limit) {
      size_t j = i;
      while (j < sparse_.size() && sparse_[j] == sparse_[i]) ++j;
      f(sparse_[i], static_cast<uint64_t>(j - i));
      i = j;
    }
  };
  flush_below(0);
  for (size_t v = 0; v < dense_.size(); ++v)
    if (dense_[v]) f(static_cast<int64_t>(v), dense_[v]);
  flush_below(INT64_MAX);
  if (i < sparse_.size()) f(sparse_[i], static_cast<uint64_t>(sparse_.size() - i));  // INT64_MAX itself
}

}  // namespace drb
