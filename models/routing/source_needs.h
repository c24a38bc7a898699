// SPDX-License-Identifier: Apache-2.0
// What each routing.algorithm asks of its sources and of the network, declared once beside the relation its
// routers route with (RoutingRelation::needs()): the front end, the fabric's wiring and the key checks read
// these declarations, never the algorithm's name.
#pragma once
#include <string>

namespace drb {

struct SourceNeeds {
  // The path policy every source NI runs: the canonical path, a random intermediate (Valiant), a metapath per
  // destination (DRB, DRB2) or a metapath with pattern-based reuse (PR-DRB).
  enum class Paths { Canonical, Valiant, Metapath, Prdrb };
  Paths paths = Paths::Canonical;
  const char* relation = "";  // the routing relation of each packet (step); "" = the algorithm's own name
  bool acks = false;          // destination NIs acknowledge every message (the latency feedback of metapaths)
  bool gmr = false;           // routers may answer for the destination (DRB2's GMR early acks)
  bool flow_capture = false;  // packets carry PR-DRB's pattern record back in their acks
  int steps = 1;              // MSP steps of the longest path, one VC class group each; metapaths: by supernode
  bool metapaths() const { return paths == Paths::Metapath || paths == Paths::Prdrb; }
  bool multistep() const { return paths != Paths::Canonical; }  // chooses among paths through intermediates
};

// The declaration of a routing.algorithm (dor, adaptive, negative_first, updown: one canonical path each).
SourceNeeds source_needs(const std::string& algorithm);

}  // namespace drb
