// SPDX-License-Identifier: Apache-2.0
// The minimal tree (MT) of a k-ary n-tree: the always-on part of the fat-tree power-saving mechanism (the
// power thesis' chapter 5). It keeps every terminal connected under the unchanged routing (adaptive up to a
// nearest common ancestor, deterministic down) with every other link off.
//
// In the thesis' labels a switch <w, l> (l = 0 at the roots) is in the MT iff it is a leaf (l = n-1) or
// w_i = 0 for every i in l..n-2 (the spec's reading of a printed "1..n-2"). With the fabric's numbering
// (models/topology/fat_tree.h: stage e = n-1-l, offset digits o_j = w_{n-2-j}) that is: stage 0, or the
// offset's e lowest digits all 0 (o mod k^e == 0); the single root is (n-1, 0). MT links: every MT switch's
// k down links and its up link k (the first up port), which leads to its MT parent; both directions of
// each, and the terminal links. So the MT holds (k^n - 1)/(k - 1) switches and 2((k^n - 1)/(k - 1) - 1)
// network channels.
#pragma once
#include <vector>

#include "models/topology/fat_tree.h"

namespace drb {

bool in_minimal_tree(const KAryNTree& t, int element);

// Per channel of t.graph(): 1 if the channel belongs to the MT (between two MT switches, leaving the upper
// one on a down port or the lower one on up port k).
std::vector<char> minimal_tree_channels(const KAryNTree& t, const NetworkGraph& g);

}  // namespace drb
