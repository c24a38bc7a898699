// SPDX-License-Identifier: Apache-2.0
// The zero-load metapath study (models/drb/metapath_study.h) on the network graph: fat-tree, flattened
// butterfly and hybrid family, with the graph supernodes of models/drb/graph_metapaths.h.
//
// The same definitions with terminals for nodes: source terminal 0, every other terminal d, distances in
// channels between the terminals' elements (GraphSupernodes::distance), L(d) the mean over the MSPs of the
// three legs' distances, static_distance the mean of dist(0, d). Two changes the graph brings:
// - Destinations on terminal 0's own element cross no channel: they are left out of L(d), of
//   static_distance (so the static construction elongates by 0%) and of link use.
// - Link use counts channels at elements: F(d) = the output channels of 0's element that the first channel
//   of some MSP crosses (the first leg that leaves its element), G(d) = the input channels of d's element
//   that some MSP's last channel crosses; deg = network channels out of / into that element.
#pragma once
#include "models/drb/graph_metapaths.h"
#include "models/drb/metapath_study.h"

namespace drb {

// `rf` is the family's static (deterministic) relation on `ic`; `sn` built on the same graph.
MetapathStudyRow run_graph_metapath_study(const Interconnect& ic, const RoutingRelation& rf, const GraphSupernodes& sn,
                                          const MetapathStudyOptions& opt = {});

}  // namespace drb
