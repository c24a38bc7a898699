// SPDX-License-Identifier: Apache-2.0
// A network graph in Graphviz's DOT language (drbsim topology out.dot, out.topology_plot).
#pragma once
#include <string>
#include <vector>

#include "models/topology/graph.h"

namespace drb {

// One node per element (e<i>, labelled R<i> for a router and S<i> for a switch, with its port count) and per
// terminal (t<i>, labelled T<i>); one edge per channel, e<from> -> e<to>, its output port as the tail label
// and its input port as the head label (and "+N" for N extra cycles of flight); dashed edges for each
// terminal's injection (t -> e) and ejection (e -> t) attachment, one per injection/ejection channel.
// `name` (the network, as drbsim topology names it) becomes the graph's label. With element names (a
// network file's), each element's label starts with its name instead.
std::string graph_dot(const NetworkGraph& g, const std::string& name, const std::vector<std::string>& element_names = {});

}  // namespace drb
