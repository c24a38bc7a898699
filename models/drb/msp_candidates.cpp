// SPDX-License-Identifier: Apache-2.0
#include "models/drb/msp_candidates.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "models/drb/static_walk.h"

namespace drb {

namespace {

CandidateMsp make_msp(const RoutingFunction& rf, int src, const std::vector<uint32_t>& inter, int dst) {
  CandidateMsp m;
  m.n = static_cast<int>(inter.size());
  for (int i = 0; i < m.n; ++i) m.node[i] = inter[i];
  const int ports = rf.topology().ports();
  m.hops = walk_static_path(rf, src, inter, dst, [&](int r, int p) { m.links.push_back(r * ports + p); });
  std::sort(m.links.begin(), m.links.end());
  m.links.erase(std::unique(m.links.begin(), m.links.end()), m.links.end());
  return m;
}

int shared(const std::vector<int>& a, const std::vector<int>& b) {  // both sorted
  int n = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] < b[j]) ++i;
    else if (b[j] < a[i]) ++j;
    else ++n, ++i, ++j;
  }
  return n;
}

}  // namespace

std::vector<CandidateMsp> candidate_msps(const SupernodeConstruction& sn, const RoutingFunction& rf, int src,
                                         int dst, int max_len) {
  if (src == dst) throw std::invalid_argument("candidate_msps: source and destination are the same node");
  return order_msps(sn.sets(src, dst), src, dst, max_len,
                    [&](const std::vector<uint32_t>& inter) { return make_msp(rf, src, inter, dst); });
}

std::vector<CandidateMsp> order_msps(const SupernodeSets& sets, int src, int dst, int max_len,
                                     const std::function<CandidateMsp(const std::vector<uint32_t>&)>& make) {
  std::vector<CandidateMsp> out{make({})};
  if (max_len == 1) return out;

  // Distinct non-degenerate intermediate lists. (S, X) and (X, D) give the same path when X lies in both
  // supernodes; sorting and unique keep one.
  std::vector<std::vector<uint32_t>> lists;
  for (int ni : sets.src)
    for (int nj : sets.dst) {
      std::vector<int> seq{src};
      if (ni != src) seq.push_back(ni);
      if (nj != dst) seq.push_back(nj);
      seq.push_back(dst);
      if (seq.size() == 2) continue;  // the canonical path, already cand[0]
      std::vector<int> sorted = seq;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) continue;  // degenerate
      lists.emplace_back(seq.begin() + 1, seq.end() - 1);
    }
  std::sort(lists.begin(), lists.end());
  lists.erase(std::unique(lists.begin(), lists.end()), lists.end());
  std::vector<CandidateMsp> pool;
  pool.reserve(lists.size());
  for (const auto& l : lists) pool.push_back(make(l));

  std::vector<int> used = out[0].links, merged;
  const size_t limit = max_len > 0 ? static_cast<size_t>(max_len) : pool.size() + 1;
  while (out.size() < limit && !pool.empty()) {
    auto key = [&](const CandidateMsp& m) {
      return std::make_tuple(shared(m.links, used), m.hops, m.n, m.node[0], m.node[1]);
    };
    size_t best = 0;
    auto best_key = key(pool[0]);
    for (size_t i = 1; i < pool.size(); ++i) {
      const auto k = key(pool[i]);
      if (k < best_key) best = i, best_key = k;
    }
    merged.clear();
    std::set_union(used.begin(), used.end(), pool[best].links.begin(), pool[best].links.end(),
                   std::back_inserter(merged));
    used.swap(merged);
    out.push_back(std::move(pool[best]));
    pool[best] = std::move(pool.back());
    pool.pop_back();
  }
  return out;
}

}  // namespace drb
