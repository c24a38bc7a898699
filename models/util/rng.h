// SPDX-License-Identifier: Apache-2.0
// Deterministic random numbers, identical on every platform: xoshiro256** seeded by splitmix64,
// with our own uniform/exponential/range draws (std:: distributions are implementation-defined).
#pragma once
#include <cmath>
#include <cstdint>

namespace drb {

inline uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) { reseed(seed); }
  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& w : s_) w = splitmix64(x);
  }
  // Independent stream for (seed, stream id): used per node so that adding a node never shifts others.
  static Rng stream(uint64_t seed, uint64_t id) {
    uint64_t x = seed ^ (0xd1b54a32d192ed03ULL * (id + 1));
    return Rng(splitmix64(x));
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return (next() >> 11) * 0x1.0p-53; }
  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift with rejection: unbiased).
  uint64_t below(uint64_t n) {
    __uint128_t m = static_cast<__uint128_t>(next()) * n;
    uint64_t l = static_cast<uint64_t>(m);
    if (l < n) {
      const uint64_t t = -n % n;
      while (l < t) {
        m = static_cast<__uint128_t>(next()) * n;
        l = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }
  // Exponential with the given mean.
  double exponential(double mean) { return -std::log1p(-uniform()) * mean; }
  bool bernoulli(double p) { return uniform() < p; }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace drb
