// SPDX-License-Identifier: Apache-2.0
#include "tb/traffic/pattern.h"

#include <stdexcept>

#include "models/topology/kary_ncube.h"

namespace drb {

int perm_bitcomp(int x, int nodes) { return nodes - 1 - x; }

int perm_bitrev(int x, int bits) {
  int y = 0;
  for (int i = 0; i < bits; ++i) y |= ((x >> i) & 1) << (bits - 1 - i);
  return y;
}

int perm_butterfly(int x, int bits) {
  if (bits < 2) return x;
  const int lsb = x & 1, msb = (x >> (bits - 1)) & 1;
  int y = x & ~(1 | (1 << (bits - 1)));
  return y | (lsb << (bits - 1)) | msb;
}

int perm_shuffle(int x, int bits) {
  const int n = 1 << bits;
  return ((x << 1) | (x >> (bits - 1))) & (n - 1);
}

int perm_transpose(int x, int bits) {
  const int h = bits / 2;
  return ((x & ((1 << h) - 1)) << h) | (x >> h);
}

namespace {

int address_bits(int n) {
  int b = 0;
  while ((1 << b) < n) ++b;
  return b;
}

class Uniform : public Pattern {
 public:
  Uniform(int n, bool self) : n_(n), self_(self) {}
  int dest(int src, Rng& rng) const override {
    if (self_) return static_cast<int>(rng.below(static_cast<uint64_t>(n_)));  // over all N nodes
    const int d = static_cast<int>(rng.below(static_cast<uint64_t>(n_ - 1)));
    return d >= src ? d + 1 : d;  // uniform over the other N-1 nodes
  }

 private:
  int n_;
  bool self_;
};

class Permutation : public Pattern {
 public:
  Permutation(std::vector<int> map, bool self) : map_(std::move(map)), self_(self) {}
  int dest(int src, Rng&) const override { return map_[src]; }
  bool sends(int src) const override { return self_ || map_[src] != src; }

 private:
  std::vector<int> map_;
  bool self_;
};

class HotspotNodes : public Pattern {
 public:
  HotspotNodes(int n, std::vector<int> hot, double f, bool self) : uni_(n, self), hot_(std::move(hot)), f_(f) {}
  int dest(int src, Rng& rng) const override {
    if (rng.uniform() < f_) {
      // Uniform among the hot nodes other than the source (a hot node sending falls back to uniform).
      int count = 0;
      for (int h : hot_) count += h != src;
      if (count > 0) {
        int k = static_cast<int>(rng.below(static_cast<uint64_t>(count)));
        for (int h : hot_)
          if (h != src && k-- == 0) return h;
      }
    }
    return uni_.dest(src, rng);
  }

 private:
  Uniform uni_;
  std::vector<int> hot_;
  double f_;
};

}  // namespace

std::unique_ptr<Pattern> make_pattern(const PatternParams& p, const Topology& t) { return make_pattern(p, t.nodes(), &t); }

std::unique_ptr<Pattern> make_pattern(const PatternParams& p, int N, const Topology* t) {
  const int bits = address_bits(N);
  if (p.name == "uniform") return std::make_unique<Uniform>(N, p.self);
  if (p.name == "hotspot_nodes") return std::make_unique<HotspotNodes>(N, p.hot_nodes, p.hot_fraction, p.self);
  std::vector<int> map(N);
  const auto* kc = dynamic_cast<const KAryNCube*>(t);
  for (int x = 0; x < N; ++x) {
    if (p.name == "bitcomp") map[x] = perm_bitcomp(x, N);
    else if (p.name == "bitrev") map[x] = perm_bitrev(x, bits);
    else if (p.name == "butterfly") map[x] = perm_butterfly(x, bits);
    else if (p.name == "shuffle") map[x] = perm_shuffle(x, bits);
    else if (p.name == "transpose") map[x] = perm_transpose(x, bits);
    else if (p.name == "tornado" || p.name == "neighbour") {
      if (!kc) throw std::invalid_argument("traffic.pattern: " + p.name + " needs a torus or mesh");
      // tornado: x_d + ceil(k/2) - 1 in every dimension; neighbour: x_d + 1 (both mod k).
      int y = 0, stride = 1;
      for (int d = 0; d < kc->dims(); ++d) {
        const int k = kc->radix(d), c = kc->coord(x, d);
        const int shift = p.name == "tornado" ? (k + 1) / 2 - 1 : 1;
        y += ((c + shift) % k) * stride;
        stride *= k;
      }
      map[x] = y;
    } else {
      throw std::invalid_argument("traffic.pattern: unknown pattern '" + p.name + "'");
    }
  }
  return std::make_unique<Permutation>(std::move(map), p.self);
}

}  // namespace drb
