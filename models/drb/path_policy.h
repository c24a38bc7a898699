// SPDX-License-Identifier: Apache-2.0
// Source-side path policy: which multistep path (MSP) a packet takes, and what the source learns from
// acks. Static routing takes the canonical path; Valiant picks a random intermediate node; DRB keeps a
// metapath per destination. One policy object per source NI, state created per destination on first use.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "models/packet/header.h"
#include "models/util/rng.h"

namespace drb {

// PR-DRB's pattern record (docs/prdrb.md): the contending flows a router captured into a message's side
// record when its contention latency first passed the router threshold; the message's ack carries it back.
struct FlowCapture {
  static constexpr int kMaxFlows = 8;  // prdrb.f_max at most
  uint8_t n = 0;                       // flows captured
  int16_t router = -1;                 // the routing element that captured them
  uint64_t flow[kMaxFlows] = {};       // (source << 32) | destination
};

struct PathChoice {
  int n = 0;              // intermediate destinations (0..2)
  uint32_t node[2] = {0, 0};
  uint16_t msp = 0;       // index of the chosen path in the policy's list (0 = canonical)
};

class PathPolicy {
 public:
  virtual ~PathPolicy() = default;
  virtual void choose(int dst, Rng& rng, PathChoice& out) = 0;
  // An ack (final or early) reached this source at cycle now.
  virtual void on_ack(const Header& ack, int64_t now) {}
  // The same with the pattern record the ack carries (null: none captured); only PR-DRB reads it.
  virtual void on_report(const Header& ack, const FlowCapture* cap, int64_t now) { on_ack(ack, now); }
  // Under link faults: 1 if some path the policy may take to dst is open, 0 if none is, -1 if the policy
  // takes the canonical path only (the network's own analysis decides).
  virtual int reaches(int dst) { return -1; }
};

class StaticPolicy : public PathPolicy {
 public:
  void choose(int, Rng&, PathChoice& out) override { out = PathChoice{}; }
};

// Valiant's two-phase routing: one intermediate node drawn uniformly from all nodes (a draw equal to the
// source or the destination gives the direct path). Under link faults an `open(src, mid, dst)` test (mid -1:
// the direct path) keeps only the draws whose path can pass: the draw is repeated, and after `nodes` closed
// draws the first open path in node order is taken.
class ValiantPolicy : public PathPolicy {
 public:
  using Open = std::function<bool(int src, int mid, int dst)>;
  ValiantPolicy(int src, int nodes, Open open = {}) : src_(src), nodes_(nodes), open_(std::move(open)) {}
  void choose(int dst, Rng& rng, PathChoice& out) override {
    for (int tries = 0;; ++tries) {
      const int i = tries < nodes_ ? static_cast<int>(rng.below(static_cast<uint64_t>(nodes_))) : first_open(dst);
      const int mid = i == src_ || i == dst ? -1 : i;
      if (tries >= nodes_ || !open_ || open_(src_, mid, dst)) {
        out = PathChoice{};
        if (mid >= 0) {
          out.n = 1;
          out.node[0] = static_cast<uint32_t>(mid);
          out.msp = 1;
        }
        return;
      }
    }
  }
  int reaches(int dst) override { return open_ ? (first_open(dst) >= 0 ? 1 : 0) : -1; }

 private:
  int first_open(int dst) const {  // a node whose draw gives an open path (the source: the direct path)
    if (open_(src_, -1, dst)) return src_;
    for (int i = 0; i < nodes_; ++i)
      if (i != src_ && i != dst && open_(src_, i, dst)) return i;
    return -1;
  }
  int src_, nodes_;
  Open open_;
};

}  // namespace drb
