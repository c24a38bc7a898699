// SPDX-License-Identifier: Apache-2.0
#include "models/routing/source_needs.h"

namespace drb {

namespace {

struct Declared {
  const char* algorithm;
  SourceNeeds needs;
};

SourceNeeds declare(SourceNeeds::Paths paths, int steps, bool acks, bool gmr, bool flow_capture, const char* relation) {
  SourceNeeds n;
  n.paths = paths, n.steps = steps, n.acks = acks, n.gmr = gmr, n.flow_capture = flow_capture, n.relation = relation;
  return n;
}

using P = SourceNeeds::Paths;
// Metapaths take one intermediate (2 steps); a double gravity area or a table that lists two raises it to 3
// (the front end reads the supernode method).
const Declared kDeclared[] = {
    //            paths        steps  acks   gmr    capture relation
    {"valiant", declare(P::Valiant, 2, false, false, false, "")},
    {"drb", declare(P::Metapath, 2, true, false, false, "")},
    {"drb2", declare(P::Metapath, 2, true, true, false, "")},
    {"prdrb", declare(P::Prdrb, 2, true, false, true, "drb")},  // each MSP step routed as DRB routes it
};

}  // namespace

SourceNeeds source_needs(const std::string& algorithm) {
  for (const Declared& d : kDeclared)
    if (algorithm == d.algorithm) return d.needs;
  return SourceNeeds{};  // one canonical path: dor, adaptive, negative_first, updown
}

}  // namespace drb
