// SPDX-License-Identifier: Apache-2.0
// One DRB world: what DRB's source policy and the zero-load metapath study need of a network, whatever its
// family. Terminals are the nodes; the distance between two terminals is the number of network channels a
// static route crosses between their elements (0 when they share one); supernodes, candidate multistep
// paths and the first and last channel of a static route are read through this one interface.
//
// Two constructions serve it, chosen once when the world is made:
//   direct_world  the direct networks' coordinate constructions (rows, columns, planes, subcubes, the
//                 thesis' exclusions) of models/drb/supernode.h and DOR, with route tables from node 0 where
//                 the topology is vertex-transitive;
//   graph_world   the graph's gravity areas (models/drb/graph_metapaths.h) on the fat-tree, flattened
//                 butterfly and hybrid families, routes walked with the family's deterministic relation.
// Neither the policy nor the study asks which one it has.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "models/drb/graph_metapaths.h"
#include "models/drb/msp_candidates.h"
#include "models/drb/supernode.h"
#include "models/routing/relation.h"
#include "models/routing/routing.h"
#include "models/topology/interconnect.h"

namespace drb {

class DrbWorld {
 public:
  virtual ~DrbWorld() = default;

  virtual std::string describe() const = 0;  // the network, as the study's rows name it
  virtual std::string kind() const = 0;
  virtual int terminals() const = 0;
  virtual const SupernodeSpec& spec() const = 0;
  // Lines and planes: where the segment sits on S (resolved, never Auto); Auto for every other family.
  virtual LineStyle line_style() const { return LineStyle::Auto; }

  // Channels the static route a -> b crosses between a's injection and b's ejection element.
  virtual int distance(int a, int b) const = 0;

  // SN_src of s as configured (DGA: before any per-pair shrinking), the supernodes of channel (s, d), and
  // the destinations the chapter-5 study leaves out for source s (sorted; terminals on s's element among them).
  virtual std::vector<int> source(int s) const = 0;
  virtual SupernodeSets sets(int s, int d) const = 0;
  virtual std::vector<int> excluded(int s) const = 0;

  // The ordered candidate MSPs of channel (src, dst) (models/drb/msp_candidates.h), links walked with the
  // world's static routing.
  virtual std::vector<CandidateMsp> candidates(int src, int dst, int max_len = 0) const = 0;
  // Candidate links are router * link_ports() + port, so an intermediate node's own links can be told
  // (direct networks); 0 when links are channel ids.
  virtual int link_ports() const = 0;

  // The static route a -> b (distance > 0): the output port it leaves a's injection element by, and the
  // input port it enters b's ejection element by.
  virtual int first_port(int a, int b) const = 0;
  virtual int last_port(int a, int b) const = 0;
  // Ports of terminal t's injection (out) or ejection (in) element, and how many of them are connected.
  virtual int ports(int t, bool out) const = 0;
  virtual int degree(int t, bool out) const = 0;
  // True where sum over every terminal i of distance(i, j) is the same for every j (vertex-transitive).
  virtual bool uniform_sums() const { return false; }
};

// `keep` holds what the references point to alive, for callers that hand over ownership.
std::unique_ptr<DrbWorld> direct_world(const SupernodeConstruction& sn, const RoutingFunction& rf,
                                       std::shared_ptr<const void> keep = {});
std::unique_ptr<DrbWorld> graph_world(const Interconnect& ic, const RoutingRelation& rf, const GraphSupernodes& sn,
                                      std::shared_ptr<const void> keep = {});

}  // namespace drb
