// SPDX-License-Identifier: Apache-2.0
#include "models/power/minimal_tree.h"

namespace drb {

bool in_minimal_tree(const KAryNTree& t, int element) {
  const int e = t.stage(element), o = t.offset(element);
  for (int j = 0; j < e; ++j)
    if (t.digit(o, j) != 0) return false;
  return true;
}

std::vector<char> minimal_tree_channels(const KAryNTree& t, const NetworkGraph& g) {
  std::vector<char> mt(g.channels().size(), 0);
  for (size_t i = 0; i < g.channels().size(); ++i) {
    const GraphChannel& c = g.channels()[i];
    if (!in_minimal_tree(t, c.from) || !in_minimal_tree(t, c.to)) continue;
    const bool down = c.from_port < t.k();  // leaving the upper switch towards the terminals
    mt[i] = down || c.from_port == t.k();
  }
  return mt;
}

}  // namespace drb
