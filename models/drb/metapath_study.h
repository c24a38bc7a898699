// SPDX-License-Identifier: Apache-2.0
// Zero-load metapath study (thesis chapter 5): how much a supernode construction lengthens paths, how
// many intermediate nodes it offers, and how many of a node's links its metapaths use.
//
// Source node 0 sends to every other node d; destinations the construction excludes (see
// SupernodeConstruction::excluded) are left out. For each included d, with minimal distances dist:
//   L(d) = mean over the MSPs (i, j) in SN_src x SN_dst of dist(0, i) + dist(i, j) + dist(j, d)
// (for single-supernode families SN_dst = {d}, so the middle term is dist(i, d) and the last is 0).
//   average_distance = mean of L(d);  std_dev = population standard deviation of L(d);
//   elongation_pct = 100 (average_distance - D_static) / D_static, with D_static the mean of dist(0, d)
//                    over ALL N - 1 destinations, included or not.
// Link-use proxy. For included d let F(d) be the set of output links of node 0 taken by the first hop of
// at least one MSP of the metapath, and G(d) the set of input links of d taken by the last hop of at
// least one MSP (hops follow the static routing). Then
//   link_use_src = sum_d |F(d)| / sum_d deg(0),   link_use_dst = sum_d |G(d)| / sum_d deg(d),
//   link_use     = (sum_d |F(d)| + sum_d |G(d)|) / (sum_d deg(0) + sum_d deg(d)),
// deg counting connected network links. 1/deg is the static path's value, 1.0 means every link is used.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "models/drb/drb_world.h"
#include "models/drb/supernode.h"
#include "models/routing/routing.h"

namespace drb {

struct MetapathStudyRow {
  std::string topology;   // Topology::describe()
  std::string kind;       // torus, mesh, hypercube, midimew
  int nodes = 0;
  std::string method;     // supernode_name(), e.g. "sga:4"
  std::string family;     // family_name(), e.g. "sga"
  int size = 0, size2 = 0;  // the method's sizes (size2: plane only), 0 when it has none
  std::string dga_rule;   // DGA only: "none", "a", "b" or "c"; empty otherwise
  std::string line_style; // rows, columns, planes only: "start" or "centred"; empty otherwise
  int included = 0;       // destinations kept (NaN metrics below when 0)
  double static_distance = 0;
  double average_distance = 0, std_dev = 0, elongation_pct = 0;
  double min_distance = 0, max_distance = 0;  // smallest and largest L(d)
  int supernode_nodes = 0;          // |SN_src| of node 0 (DGA: |SN_src| + |SN_dst| at the nominal radius)
  double supernode_nodes_mean = 0;  // the same per pair, averaged over included d (DGA rules B, C differ)
  LinkUseGrade link_use_grade = LinkUseGrade::Minimum;
  double link_use = 0, link_use_src = 0, link_use_dst = 0;
  std::vector<double> per_destination;  // L(d) indexed by node; NaN for node 0 and excluded nodes
};

struct MetapathStudyOptions {
  // Called with the fraction of destinations done (0..1), about a hundred times per row.
  std::function<void(double)> progress;
};

// The study on any network (models/drb/drb_world.h): terminals for nodes, distances in channels between
// the terminals' elements, link use counted at the elements' ports. Destinations on terminal 0's own element
// cross no channel: they are left out of L(d), of D_static and of link use (on a direct network there are none).
MetapathStudyRow run_metapath_study(const DrbWorld& world, const MetapathStudyOptions& opt = {});
// The same on a direct network's construction; `rf` must route on sn.topology() (the static routing each DRB
// step uses). Vertex-transitive topologies (torus, hypercube, midimew) read distance and route tables from
// node 0; meshes are evaluated pair by pair, which is slower.
MetapathStudyRow run_metapath_study(const SupernodeConstruction& sn, const RoutingFunction& rf,
                                    const MetapathStudyOptions& opt = {});

// Fills the averages, spread, elongation and link-use fractions of a row whose per_destination, included
// and static_distance are set (NaN where nothing was included).
void finish_metapath_row(MetapathStudyRow& row, double nodes_sum, int64_t used_first, int64_t used_last,
                         int64_t deg_first, int64_t deg_last);

}  // namespace drb
