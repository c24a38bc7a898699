// SPDX-License-Identifier: Apache-2.0
// PR-DRB (docs/prdrb.md): DRB's metapath plus a predictive module at the source. Acks bring back the
// contending flows a router captured; once a pair's metapath has been stable for W_stable acks the
// configuration (open MSPs and their latencies, i.e. their traffic shares) is stored with the flow
// signature; when the metapath latency passes the threshold again and a stored solution matches the
// current signature, it is applied at once instead of DRB's gradual expansion.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "models/drb/metapath.h"

namespace drb {

// A set of (source << 32 | destination) flows, sorted, distinct.
using FlowSig = std::vector<uint64_t>;
FlowSig flow_signature(const FlowCapture& c);
// |a ∩ b| / |a ∪ b|; two empty sets are equal (1).
double jaccard(const FlowSig& a, const FlowSig& b);

// Width of the capture record on the wire: the Predictive bit, a flow count (0..f_max), the capturing element
// and f_max (source, destination) fields of node-id width.
struct CaptureLayout {
  int predictive = 1, count = 0, router = 0, flow = 0, flows = 0;
  int total() const { return predictive + count + router + flows * 2 * flow; }
};
CaptureLayout capture_layout(int terminals, int elements, int f_max);

struct PrdrbParams {
  MetapathParams mp;          // DRB's: s_max, Th_metapath (LatUmbral and the tolerance band), resize steps
  enum Match { Jaccard, Exact, KeyOnly } match = Jaccard;
  double theta = 0.5;         // θ_match for Jaccard
  int e_max = 4;              // stored solutions per (source, destination)
  int w_stable = 8;           // acks with an unchanged size inside the band before a solution is stored
  // When a stored solution is looked up: only when Latency(MP*) passes the threshold (Table 2 as printed), or
  // also when an ack brings a captured pattern (the pattern is back before the metapath latency shows it).
  bool on_pattern = false;
};

struct Solution {
  FlowSig sig;                // the contending flows when it was stored
  int s = 1;                  // open MSPs (the first s candidates)
  std::vector<Msp> msps;      // their intermediate nodes, to check they are still the pair's candidates
  std::vector<int64_t> lat;   // their selection latencies: the traffic shares
  int64_t latency = 0;        // Latency(MP*) when stored
  uint64_t used = 0;          // LRU stamp
};

// One source's history database: key = destination (the source is the owner), up to e_max entries each.
class SolutionDb {
 public:
  explicit SolutionDb(const PrdrbParams& p) : p_(p) {}
  // The entry that matches sig under the match rule (Jaccard: the most similar at or above θ, ties to the
  // most recently used; key only: the most recently used), or null. A hit refreshes its LRU stamp.
  const Solution* find(int dst, const FlowSig& sig);
  // Store s: an entry that matches its signature is replaced only if s has the lower Latency(MP*); else s is
  // added, evicting the least recently used entry when e_max are held. Returns true if s was stored.
  bool commit(int dst, Solution s);
  const std::vector<Solution>& entries(int dst) const;
  size_t keys() const { return db_.size(); }

 private:
  int match(const std::vector<Solution>& v, const FlowSig& sig) const;
  PrdrbParams p_;
  std::unordered_map<int, std::vector<Solution>> db_;
  uint64_t clock_ = 0;
};

class PrdrbPolicy : public PathPolicy {
 public:
  PrdrbPolicy(int src, const PrdrbParams& p, MetapathPolicy::Candidates cands);
  void choose(int dst, Rng& rng, PathChoice& out) override;
  void on_ack(const Header& ack, int64_t now) override { on_report(ack, nullptr, now); }
  void on_report(const Header& ack, const FlowCapture* cap, int64_t now) override;
  int reaches(int dst) override { return channel(dst).mp ? 1 : 0; }

  struct Channel : MetapathChannel {
    FlowSig sig;             // the latest captured flows of this pair (records: acks with a record; captures: with flows)
    int stable = 0;          // consecutive acks with no size change inside the band
    uint64_t acks = 0, early = 0, records = 0, captures = 0, unknown = 0, commits = 0, applied = 0, expansions = 0;
    std::vector<std::pair<int64_t, int>> applies;  // (cycle, size reached) of each applied solution
  };
  const std::unordered_map<int, Channel>& channels() const { return ch_; }
  const SolutionDb& db() const { return db_; }
  uint64_t resizes() const { return resizes_; }

 private:
  Channel& channel(int dst);
  int src_;
  PrdrbParams p_;
  MetapathPolicy::Candidates cands_;
  std::unordered_map<int, Channel> ch_;
  SolutionDb db_;
  uint64_t resizes_ = 0;
};

}  // namespace drb
