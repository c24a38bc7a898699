// SPDX-License-Identifier: Apache-2.0
#include "models/drb/prdrb.h"

#include <algorithm>

namespace drb {

FlowSig flow_signature(const FlowCapture& c) {
  FlowSig s(c.flow, c.flow + c.n);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

CaptureLayout capture_layout(int terminals, int elements, int f_max) {
  CaptureLayout l;
  l.count = bits_for(static_cast<uint64_t>(f_max) + 1);
  l.router = bits_for(static_cast<uint64_t>(elements));
  l.flow = bits_for(static_cast<uint64_t>(terminals));
  l.flows = f_max;
  return l;
}

double jaccard(const FlowSig& a, const FlowSig& b) {
  if (a.empty() && b.empty()) return 1.0;
  size_t i = 0, j = 0, both = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) ++both, ++i, ++j;
    else if (a[i] < b[j]) ++i;
    else ++j;
  }
  return static_cast<double>(both) / static_cast<double>(a.size() + b.size() - both);
}

int SolutionDb::match(const std::vector<Solution>& v, const FlowSig& sig) const {
  int best = -1;
  double best_j = -1;
  for (int i = 0; i < static_cast<int>(v.size()); ++i) {
    double j = 1.0;
    if (p_.match == PrdrbParams::Exact) j = v[i].sig == sig ? 1.0 : 0.0;
    else if (p_.match == PrdrbParams::Jaccard) j = jaccard(v[i].sig, sig);
    const bool ok = p_.match == PrdrbParams::Jaccard ? j >= p_.theta : j > 0;
    if (ok && (j > best_j || (j == best_j && v[i].used > v[best].used))) best = i, best_j = j;
  }
  return best;
}

const Solution* SolutionDb::find(int dst, const FlowSig& sig) {
  auto it = db_.find(dst);
  if (it == db_.end()) return nullptr;
  const int i = match(it->second, sig);
  if (i < 0) return nullptr;
  it->second[i].used = ++clock_;
  return &it->second[i];
}

bool SolutionDb::commit(int dst, Solution s) {
  std::vector<Solution>& v = db_[dst];
  s.used = ++clock_;
  const int i = match(v, s.sig);
  if (i >= 0) {
    if (s.latency >= v[i].latency) return false;  // keep the better solution for this pattern
    v[i] = std::move(s);
    return true;
  }
  if (static_cast<int>(v.size()) >= p_.e_max) {
    auto lru = std::min_element(v.begin(), v.end(), [](const Solution& a, const Solution& b) { return a.used < b.used; });
    *lru = std::move(s);
  } else {
    v.push_back(std::move(s));
  }
  return true;
}

const std::vector<Solution>& SolutionDb::entries(int dst) const {
  static const std::vector<Solution> none;
  auto it = db_.find(dst);
  return it == db_.end() ? none : it->second;
}

// ---------------------------------------------------------------------------------------------------------
PrdrbPolicy::PrdrbPolicy(int src, const PrdrbParams& p, MetapathPolicy::Candidates cands)
    : src_(src), p_(p), cands_(std::move(cands)), db_(p) {}

PrdrbPolicy::Channel& PrdrbPolicy::channel(int dst) {
  auto [it, added] = ch_.try_emplace(dst);
  if (added) it->second.open(cands_(src_, dst), p_.mp);
  return it->second;
}

// Table 3: sample the cumulative distribution of 1/L_ci (a new pair has only its original path).
void PrdrbPolicy::choose(int dst, Rng& rng, PathChoice& out) { channel(dst).draw(rng, out); }

void PrdrbPolicy::on_report(const Header& ack, const FlowCapture* cap, int64_t now) {
  if (ack.ack_kind == AckKind::Early) return;  // PR-DRB reports come with the final ack only
  Channel& c = channel(static_cast<int>(ack.final_dest));
  ++c.acks;
  if (cap) ++c.records;
  if (cap && cap->n > 0) {
    c.sig = flow_signature(*cap);
    ++c.captures;
  }
  const int i = c.mp->find(ack);
  if (i < 0) {
    ++c.unknown;
    return;
  }
  Metapath& mp = *c.mp;
  mp.report(i, ack.latency, true);
  int change = 0;
  const bool grow = mp.wants_grow();
  // Table 2: over the threshold, a stored solution for this pattern is applied directly (prdrb.apply=pattern:
  // also below it, on an ack that brings a captured pattern); without one, or once the metapath is already as
  // wide as the solution, DRB's gradual expansion or contraction.
  const Solution* sol = grow || (p_.on_pattern && cap && cap->n > 0) ? db_.find(static_cast<int>(ack.final_dest), c.sig) : nullptr;
  bool fits = sol && sol->s > mp.size() && sol->s <= mp.capacity();
  for (int k = 0; fits && k < sol->s; ++k)
    fits = mp.msp(k).n == sol->msps[k].n && mp.msp(k).node[0] == sol->msps[k].node[0] &&
           mp.msp(k).node[1] == sol->msps[k].node[1];
  if (fits) {
    change = mp.apply(sol->s, sol->lat.data(), now);
    ++c.applied;
    c.applies.push_back({now, mp.size()});
  } else {
    change = mp.resize(now);
    if (change > 0) ++c.expansions;
  }
  if (change) {
    ++resizes_;
    c.stable = 0;
    return;
  }
  // An unchanged size inside the band, or at full width above it (nothing more to open): after W_stable
  // such acks in a row the configuration has stabilised and is stored.
  if ((mp.wants_grow() && mp.size() < mp.capacity()) || mp.wants_shrink() || mp.size() == 1) {
    c.stable = 0;
    return;
  }
  if (++c.stable < p_.w_stable) return;
  c.stable = 0;
  Solution s;
  s.sig = c.sig;
  s.s = mp.size();
  for (int k = 0; k < s.s; ++k) {
    s.msps.push_back(mp.msp(k));
    s.lat.push_back(mp.lat_sel(k));
  }
  s.latency = mp.latency();
  if (db_.commit(static_cast<int>(ack.final_dest), std::move(s))) ++c.commits;
}

}  // namespace drb
