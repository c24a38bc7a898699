// SPDX-License-Identifier: Apache-2.0
// Ordered candidate multistep paths (MSPs) of one channel, for DRB's dynamic policy: the policy opens
// cand[0..s-1] when it widens the metapath to s MSPs and closes them from the back when it narrows it.
//
// cand[0] is the canonical (static) path. The rest are the non-degenerate MSPs S -> N_i -> N_j -> D with
// N_i in SN_src and N_j in SN_dst (N_i = S or N_j = D drop that step), picked greedily one at a time by
//   (1) fewest of its links already used by the canonical path or an MSP listed before it,
//   (2) shortest zero-load length (hops),
//   (3) fewer intermediate destinations, then the intermediate node ids in visiting order.
// Degenerate MSPs (a node visited twice, e.g. N_i = D, N_j = S, N_i = N_j) are never listed.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "models/drb/path_policy.h"
#include "models/drb/supernode.h"
#include "models/routing/routing.h"

namespace drb {

struct CandidateMsp {
  int n = 0;                  // intermediate destinations, in visiting order
  uint32_t node[2] = {0, 0};
  int hops = 0;               // zero-load length: links traversed
  std::vector<int> links;     // distinct links of the static path, sorted; id = router * ports() + port
  PathChoice choice(uint16_t index) const {
    PathChoice c;
    c.n = n;
    c.node[0] = node[0];
    c.node[1] = node[1];
    c.msp = index;
    return c;
  }
};

// Candidate list of channel (src, dst), src != dst, at most max_len entries (0 = all of them). The links
// are those of `rf`, the static routing every DRB step uses. Cost: one static walk per MSP of the
// metapath, so compute it once per channel, on first use.
std::vector<CandidateMsp> candidate_msps(const SupernodeConstruction& sn, const RoutingFunction& rf, int src,
                                         int dst, int max_len = 0);
// The ordering itself, for any supernodes and any way of walking an MSP (make: intermediates -> candidate).
std::vector<CandidateMsp> order_msps(const SupernodeSets& sets, int src, int dst, int max_len,
                                     const std::function<CandidateMsp(const std::vector<uint32_t>&)>& make);

}  // namespace drb
