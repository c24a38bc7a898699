// SPDX-License-Identifier: Apache-2.0
// The scheduler's sets: which elements or NIs to step this cycle, as bits visited in id order.
#pragma once
#include <cstdint>
#include <vector>

namespace drb {

// A set of node ids as bits, visited in increasing id order: which routers and NIs to step this cycle.
class NodeSet {
 public:
  void init(int n) { w_.assign((n + 63) / 64, 0); }
  void add(int n) { w_[n >> 6] |= uint64_t{1} << (n & 63); }
  bool empty() const {
    for (uint64_t w : w_)
      if (w) return false;
    return true;
  }
  void remove(int n) { w_[n >> 6] &= ~(uint64_t{1} << (n & 63)); }
  // f(n) for every member in [lo, hi) in id order, changing nothing: the ids for which f returns false go
  // to `gone` (sim.threads: parts of one set visited at once, its words shared; remove them afterwards).
  template <class F>
  void visit_range(int lo, int hi, F f, std::vector<int>& gone) const {
    if (lo >= hi) return;
    const int w0 = lo >> 6, w1 = (hi - 1) >> 6;
    for (int i = w0; i <= w1; ++i) {
      uint64_t m = w_[static_cast<size_t>(i)];
      if (i == w0) m &= ~uint64_t{0} << (lo & 63);
      if (i == w1 && (hi & 63)) m &= ~(~uint64_t{0} << (hi & 63));
      for (; m; m &= m - 1) {
        const int n = i * 64 + __builtin_ctzll(m);
        if (!f(n)) gone.push_back(n);
      }
    }
  }
  // f(n) for the members of words w0 .. w1 - 1 (ids 64 w0 .. 64 w1 - 1) in id order; a member stays only if
  // f returns true (sim.threads: a thread visits only words it owns).
  template <class F>
  void visit_words(int w0, int w1, F f) {
    for (int w = w0; w < w1; ++w) {
      uint64_t& word = w_[static_cast<size_t>(w)];
      for (uint64_t m = word; m; m &= m - 1) {
        const int b = __builtin_ctzll(m);
        if (!f(w * 64 + b)) word &= ~(uint64_t{1} << b);
      }
    }
  }
  // f(n) for every member in id order; a member stays only if f returns true.
  template <class F>
  void visit(F f) {
    visit_words(0, static_cast<int>(w_.size()), f);
  }

 private:
  std::vector<uint64_t> w_;
};

}  // namespace drb
