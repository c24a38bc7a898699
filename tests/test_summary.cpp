// SPDX-License-Identifier: Apache-2.0
// Sample statistics kept as counts per value: every figure against a hand-worked example and against the
// textbook definitions applied to a sorted copy of the samples (written here, independently of
// tb/stats/summary.cpp), including values outside the counted range (negative and >= 2^16).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "tb/stats/summary.h"

using namespace drb;

namespace {

Summary by_definition(std::vector<int64_t> v) {
  Summary s;
  std::sort(v.begin(), v.end());
  s.count = v.size();
  long double sum = 0;
  for (int64_t x : v) sum += x;
  s.mean = static_cast<double>(sum / v.size());
  long double ss = 0;
  for (int64_t x : v) ss += (x - s.mean) * (x - s.mean);
  s.stddev = v.size() > 1 ? std::sqrt(static_cast<double>(ss / (v.size() - 1))) : 0.0;
  s.min = v.front();
  s.max = v.back();
  auto pct = [&](double p) {  // nearest rank: ceil(p/100 * n), 1-based
    size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * v.size()));
    return v[std::max<size_t>(rank, 1) - 1];
  };
  s.p50 = pct(50);
  s.p95 = pct(95);
  s.p99 = pct(99);
  return s;
}

}  // namespace

TEST(Summary, HandWorkedExample) {
  // 1..10 and one 100: n = 11, sum 155, mean 155/11; ranks ceil(5.5)=6 -> 6, ceil(10.45)=11 -> 100.
  Samples s;
  for (int x : {7, 1, 100, 3, 2, 9, 5, 4, 10, 8, 6}) s.add(x);
  const Summary r = summarize(s);
  EXPECT_EQ(r.count, 11u);
  EXPECT_DOUBLE_EQ(r.mean, 155.0 / 11);
  EXPECT_EQ(r.min, 1);
  EXPECT_EQ(r.max, 100);
  EXPECT_EQ(r.p50, 6);
  EXPECT_EQ(r.p95, 100);
  EXPECT_EQ(r.p99, 100);
  double ss = 0;
  for (int x = 1; x <= 10; ++x) ss += (x - 155.0 / 11) * (x - 155.0 / 11);
  ss += (100 - 155.0 / 11) * (100 - 155.0 / 11);
  EXPECT_NEAR(r.stddev, std::sqrt(ss / 10), 1e-12);
  const nlohmann::json h = histogram(s, 5);  // bins [0,5) [5,10) [10,15) ... [100,105)
  ASSERT_EQ(h["counts"].size(), 21u);
  EXPECT_EQ(h["counts"][0], 4u);
  EXPECT_EQ(h["counts"][1], 5u);
  EXPECT_EQ(h["counts"][2], 1u);
  EXPECT_EQ(h["counts"][20], 1u);
}

TEST(Summary, EqualsSortedVectorDefinitionBitForBit) {
  std::mt19937_64 g(7);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<int64_t> v;
    Samples s;
    const int n = 1 + static_cast<int>(g() % 5000);
    for (int i = 0; i < n; ++i) {
      int64_t x = static_cast<int64_t>(g() % 400);
      if (g() % 50 == 0) x = -static_cast<int64_t>(g() % 30);             // below the counted range
      if (g() % 40 == 0) x = Samples::kDense + static_cast<int64_t>(g() % 1000);  // above it
      v.push_back(x);
      s.add(x);
    }
    const Summary a = summarize(s), b = by_definition(v);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.mean, b.mean);  // the same additions in the same order
    EXPECT_EQ(a.stddev, b.stddev);
    EXPECT_EQ(a.min, b.min);
    EXPECT_EQ(a.max, b.max);
    EXPECT_EQ(a.p50, b.p50);
    EXPECT_EQ(a.p95, b.p95);
    EXPECT_EQ(a.p99, b.p99);
  }
}

TEST(Summary, EmptyAndSingle) {
  Samples s;
  EXPECT_EQ(summarize(s).count, 0u);
  s.add(42);
  const Summary r = summarize(s);
  EXPECT_EQ(r.count, 1u);
  EXPECT_EQ(r.mean, 42);
  EXPECT_EQ(r.stddev, 0);
  EXPECT_EQ(r.p50, 42);
  EXPECT_EQ(r.p99, 42);
}
