// SPDX-License-Identifier: Apache-2.0
// DRB's per-channel state at the source NI: the metapath (its open MSPs and their latencies), the
// configuration phase (grow/shrink on every latency report) and the selection phase (an MSP per packet,
// with probability proportional to its bandwidth).
//
// Configuration follows the executable reading of the thesis' Table 4-3/4-4 (triggers on the metapath
// latency band by default, "until" loops, the shrink test against LatUmbral - Tol): the metapath bandwidth
// AB = sum over open MSPs of BW_SCALE / lat_i is kept incrementally in fixed point (subtract the MSP's old
// term, add the new one), Latency(P*) = BW_SCALE / AB. Selection is the integer form of Eq. 4-14/4-15:
// b_i = max(1, BW_SCALE / lat_sel_i), cumulative sums C_k, a draw R in [0, C_s), the smallest k with
// R < C_k. Early (GMR) reports change the configuration values only; selection uses final reports.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "models/drb/path_policy.h"

namespace drb {

struct MetapathParams {
  int s_max = 3;
  // Defaults (docs/drb.md): grow when Latency(P*) > 2.775 x the canonical zero-load latency T0, shrink
  // below 0.225 T0. s equal MSPs at zero load give T0 / s, so with s_max = 3 an opened metapath stays
  // open: a narrower band releases MSPs but re-opens them under persistent load (measured on the
  // hot spot: 140 resizes per run at Tol = 0.75 LatUmbral, one per ack at 0.25).
  int64_t lat_umbral = 0;     // cycles; 0 = umbral_factor x T0
  double umbral_factor = 1.5;
  int64_t tol_lat = 0;        // cycles; 0 = tol_factor x LatUmbral
  double tol_factor = 0.85;
  double tol_bw = 1.0, k_bw = 2.0;
  bool bw_compare = false;    // trigger: Table 4-3 (AB vs ABc * Tol_bw) instead of the latency band
  enum Init { ZeroLoad, MetapathLatency, Canonical } init = ZeroLoad;
  int64_t bw_scale = 1 << 20;
};

struct Msp {
  int n = 0;                 // intermediate destinations
  uint32_t node[2] = {0, 0};
  int64_t t_tx = 1;          // zero-load transmission time in cycles (hops, stages, DEC, serialization)
};

class Metapath {
 public:
  // cand[0] is the canonical path; at most s_max candidates are ever opened.
  Metapath(std::vector<Msp> cand, const MetapathParams& p);
  // A latency report for MSP i: the queueing latency the packet accumulated (its AL field, unsigned).
  // Returns the size change (+n opened, -n closed, 0).
  int on_latency(int i, uint32_t lat_queue, bool final_report, int64_t now);
  // The two halves of on_latency: record the report, then grow or shrink by the band (PR-DRB puts its
  // solution lookup between them).
  void report(int i, uint32_t lat_queue, bool final_report);
  int resize(int64_t now);
  bool wants_grow() const;
  bool wants_shrink() const;
  // Open the first s candidates with these latencies at once (a stored PR-DRB solution); returns the change.
  int apply(int s, const int64_t* lat, int64_t now);
  int select(uint64_t r) const;  // r uniform in [0, total())
  uint64_t total() const;
  int size() const { return s_; }
  int candidates() const { return static_cast<int>(cand_.size()); }
  int capacity() const { return std::min(p_.s_max, candidates()); }  // the widest it may grow
  const Msp& msp(int i) const { return cand_[i]; }
  int find(const Header& ack) const;  // which candidate an ack's MSP fields name, -1 if none
  int64_t ab() const { return ab_; }
  int64_t abc() const { return abc_; }
  int64_t latency() const { return ab_ > 0 ? p_.bw_scale / ab_ : INT64_MAX; }  // Latency(P*)
  int64_t lat_umbral() const { return umbral_; }
  int64_t tol_lat() const { return tol_; }
  int64_t lat_cfg(int i) const { return lat_cfg_[i]; }
  int64_t lat_sel(int i) const { return lat_sel_[i]; }
  // (cycle, size) after every change, starting with (0, 1).
  const std::vector<std::pair<int64_t, int>>& history() const { return history_; }

 private:
  int64_t bw(int64_t lat) const { return p_.bw_scale / (lat > 0 ? lat : 1); }
  void recompute();
  std::vector<Msp> cand_;
  MetapathParams p_;
  int s_ = 1;
  std::vector<int64_t> lat_cfg_, lat_sel_;
  int64_t ab_ = 0, abc_ = 0, umbral_ = 0, tol_ = 0;
  std::vector<std::pair<int64_t, int>> history_{{0, 1}};
};

// One destination's metapath at a source and its per-MSP use: the state DRB's and PR-DRB's policies share.
struct MetapathChannel {
  std::unique_ptr<Metapath> mp;  // null: no candidate (every MSP closed by link faults)
  std::vector<uint64_t> use;     // packets sent per candidate
  void open(std::vector<Msp> cand, const MetapathParams& p);  // stays null without a candidate
  // Selection (Eq. 4-14/4-15, PR-DRB's Table 3): an open MSP with probability (1/L_i) / sum 1/L_j.
  void draw(Rng& rng, PathChoice& out);
};

// The source policy: one Metapath per destination, created on first use from the candidate function.
class MetapathPolicy : public PathPolicy {
 public:
  using Candidates = std::function<std::vector<Msp>(int src, int dst)>;
  MetapathPolicy(int src, const MetapathParams& p, Candidates cands);
  // Bytes of one destination's channel with `cands` candidates, allocator rounding and a size history of
  // `events` changes included: what a source holds per destination it has sent to.
  static double channel_bytes(int cands, int events = 16);
  void choose(int dst, Rng& rng, PathChoice& out) override;
  void on_ack(const Header& ack, int64_t now) override;
  // Some candidate is left (the candidate function drops the MSPs closed by link faults).
  int reaches(int dst) override { return channel(dst).mp ? 1 : 0; }

  struct Channel : MetapathChannel {
    uint64_t acks = 0, early = 0, unknown = 0;
  };
  const std::unordered_map<int, Channel>& channels() const { return ch_; }
  uint64_t resizes() const { return resizes_; }

 private:
  Channel& channel(int dst);
  int src_;
  MetapathParams p_;
  Candidates cands_;
  std::unordered_map<int, Channel> ch_;
  uint64_t resizes_ = 0;
};

}  // namespace drb
