// SPDX-License-Identifier: Apache-2.0
// DRB's source policy (metapaths per destination) for a scenario: candidate MSPs from the supernode
// construction (drb.supernode) or an explicit table (drb.supernode=table, drb.table), each with its
// zero-load transmission time from the pipeline parameters.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "models/drb/metapath.h"
#include "models/drb/path_policy.h"
#include "tb/drbsim/scenario.h"

namespace drb {

std::function<std::unique_ptr<PathPolicy>(int)> drb_policy_factory(const Scenario& s);
// Under link faults (faults.*): can a packet from src with these intermediate destinations reach dst through
// the relation of routing.algorithm pruned of the failed channels (docs/faults.md)? Null without faults.
using OpenPath = std::function<bool(int src, const uint32_t* intermediates, int n, int dst)>;
OpenPath open_paths(const Scenario& s);
MetapathParams metapath_params(const Scenario& s);
// PR-DRB's disjointness rule (prdrb.disjoint=links): alt shares no link with the original path and, on a direct
// network (ports > 0: link id = router * ports + port), none of its intermediate nodes is a router it leaves from.
struct CandidateMsp;
bool disjoint_msp(const CandidateMsp& original, const CandidateMsp& alt, int ports);
// Zero-load time of an MSP of `hops` router-to-router links through `intermediates` DEC pops.
int64_t msp_transmission_time(const NetParams& n, int hops, int intermediates, int length);
// drb.table: "src>dst=i|i+j|...;..." -> alternative MSPs (intermediate nodes) per channel; ConfigError.
std::map<std::pair<int, int>, std::vector<std::vector<uint32_t>>> parse_msp_table(const std::string& text, int nodes);

}  // namespace drb
