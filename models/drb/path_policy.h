// Source-side path policy: which multistep path (MSP) a packet takes, and what the source learns from
// acks. Static routing takes the canonical path; Valiant picks a random intermediate node; DRB keeps a
// metapath per destination. One policy object per source NI, state created per destination on first use.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "models/packet/header.h"
#include "models/util/rng.h"

namespace drb {

struct PathChoice {
  int n = 0;              // intermediate destinations (0..2)
  uint32_t node[2] = {0, 0};
  uint16_t msp = 0;       // index of the chosen path in the policy's list (0 = canonical)
};

class PathPolicy {
 public:
  virtual ~PathPolicy() = default;
  virtual void choose(int dst, Rng& rng, PathChoice& out) = 0;
  virtual bool wants_acks() const { return false; }
  // An ack (final or early) reached this source at cycle now.
  virtual void on_ack(const Header& ack, int64_t now) {}
  // Under link faults: 1 if some path the policy may take to dst is open, 0 if none is, -1 if the policy
  // takes the canonical path only (the network's own analysis decides).
  virtual int reaches(int dst) { return -1; }
};

class StaticPolicy : public PathPolicy {
 public:
  void choose(int, Rng&, PathChoice& out) override { out = PathChoice{}; }
};

// Valiant's two-phase routing: one intermediate node drawn uniformly from all nodes (a draw equal to the
// source or the destination gives the direct path).
class ValiantPolicy : public PathPolicy {
 public:
  ValiantPolicy(int src, int nodes) : src_(src), nodes_(nodes) {}
  void choose(int dst, Rng& rng, PathChoice& out) override {
    out = PathChoice{};
    const int i = static_cast<int>(rng.below(static_cast<uint64_t>(nodes_)));
    if (i != src_ && i != dst) {
      out.n = 1;
      out.node[0] = static_cast<uint32_t>(i);
      out.msp = 1;
    }
  }

 private:
  int src_, nodes_;
};

}  // namespace drb
