// SPDX-License-Identifier: Apache-2.0
// DRB on networks without a direct-network helper (fat-tree, flattened butterfly, hybrid family): the
// supernodes and candidate multistep paths of models/drb/supernode.h and msp_candidates.h, defined on the
// network graph. Distances are channels crossed between the terminals' elements (terminals on one element
// are at distance 0), so the gravity areas read naturally on every family:
//   sga:R / dga:R  the terminals within R channels of S (of D for dga's collection area): on a fat-tree
//                  sga:0 is S's leaf switch, sga:2 its stage-1 subtree; on a crossbar hybrid sga:2 is the
//                  routers of S's dimension lines; on a flattened butterfly sga:1 is S's lines;
//   static, random as on the direct networks. Lines, planes and subcubes need coordinates: refused.
// Candidate MSPs are walked over the graph with the family's deterministic relation (links = channel ids).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "models/drb/msp_candidates.h"
#include "models/drb/supernode.h"
#include "models/routing/relation.h"
#include "models/topology/interconnect.h"

namespace drb {

class GraphSupernodes {
 public:
  // nullptr and `error` ("drb.supernode: ...") for a family the graph cannot give a meaning to.
  static std::unique_ptr<GraphSupernodes> make(const Interconnect& ic, const SupernodeSpec& spec, std::string& error);
  // make's refusal ("drb.supernode: ...", "" if none), without computing anything.
  static std::string unsupported(const Interconnect& ic, const SupernodeSpec& spec);
  // The distance table's size: terminals^2 entries.
  static double table_bytes(int terminals) { return static_cast<double>(terminals) * terminals * sizeof(int); }
  SupernodeSets sets(int s, int d) const;
  // Channels from terminal a's injection element to terminal b's ejection element (shortest).
  int distance(int a, int b) const { return dist_[static_cast<size_t>(a) * n_ + b]; }
  const SupernodeSpec& spec() const { return spec_; }

 private:
  GraphSupernodes(const Interconnect& ic, const SupernodeSpec& spec);
  std::vector<int> ball(int c, int r, bool towards) const;
  SupernodeSpec spec_;
  int n_;
  std::vector<int> dist_;  // terminal x terminal
};

// The mean of GraphSupernodes::distance(a, b) over every pair a != b, with one breadth-first search per
// injection element and the memory of one search, not of the table.
double mean_terminal_distance(const Interconnect& ic);

// Walk src -> intermediates... -> dst with the relation's first candidate (DEC pops where a terminal
// ejects); visit(channel id) per network channel crossed; returns the channels crossed.
int walk_graph_path(const Interconnect& ic, const RoutingRelation& rf, int src, const std::vector<uint32_t>& inter,
                    int dst, const std::function<void(int)>& visit);

// candidate_msps on the graph: the same ordering rules, links = channel ids.
std::vector<CandidateMsp> graph_candidate_msps(const Interconnect& ic, const RoutingRelation& rf,
                                               const SupernodeSets& sets, int src, int dst, int max_len = 0);

}  // namespace drb
