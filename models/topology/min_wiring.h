// SPDX-License-Identifier: Apache-2.0
// The stage-to-stage links of a k-ary multistage network, shared by the k-ary n-tree, the RUFT and the
// hybrid family's MIN subnets: switch (e, o) of stage e < m-1 links, for every u in [0, k), to switch
// (e+1, o'), o' = o with base-k digit e replaced by u, arriving there on port o_e (the old digit).
//   bidirectional (fat-tree): leaves on up port k + u, and the down channel comes back the same way;
//   unidirectional (RUFT):    leaves on output u, one channel.
#pragma once
#include "models/topology/graph.h"

namespace drb {

// sw(e, o): the element id of switch o of stage e.
template <class Sw>
void wire_min_stages(NetworkGraph& g, int k, int m, int per_stage, bool bidirectional, Sw sw) {
  for (int e = 0, pe = 1; e + 1 < m; ++e, pe *= k)
    for (int o = 0; o < per_stage; ++o)
      for (int u = 0; u < k; ++u) {
        const int old = (o / pe) % k, up = o + (u - old) * pe;
        if (bidirectional) {
          g.connect(sw(e, o), k + u, sw(e + 1, up), old);
          g.connect(sw(e + 1, up), old, sw(e, o), k + u);
        } else {
          g.connect(sw(e, o), u, sw(e + 1, up), old);
        }
      }
}

}  // namespace drb
