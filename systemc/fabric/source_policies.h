// SPDX-License-Identifier: Apache-2.0
// The source NIs' path policies, made from typed parameters: DRB's and PR-DRB's metapaths (candidate MSPs
// from the supernode construction, drb.supernode, or an explicit table), Valiant's random intermediate, or
// none (the canonical path). drbsim's keys fill these structures and so may a platform in code (VpFabric's
// typed constructor): both build the same policies here. Errors are std::invalid_argument("key: reason").
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/drb/metapath.h"
#include "models/drb/path_policy.h"
#include "systemc/fabric/net_types.h"

namespace drb {

class SupernodeConstruction;
class GraphSupernodes;
class Interconnect;
struct Footprint;
class DrbWorld;
struct CandidateMsp;

// DRB's knobs (drb.*; docs/drb.md): the supernode construction and the metapath policy.
struct DrbParams {
  std::string supernode = "sga:2";
  std::string dga_rule = "none";
  std::string row_style = "auto";
  int s_max = 3;
  int64_t lat_umbral = 0;   // 0: derived from the zero-load latency (see docs)
  int64_t tol_lat = 0;
  double tol_bw = 1.0;
  double k_bw = 2.0;
  std::string trigger_mode = "lat_band";
  std::string init_latency = "zero_load";
  int64_t bw_scale = 1 << 20;
  std::string table;  // drb.supernode=table: explicit MSPs per channel
};

// PR-DRB's own knobs (prdrb.*; docs/prdrb.md); the metapath ones are DRB's.
struct PrdrbSourceParams {
  int64_t th_router = 0;         // 0: the packet length in flits
  std::string trigger = "local"; // local | accumulated
  int f_max = 4;
  std::string capture = "link";  // link | buffer
  int w_stable = 8;
  std::string match = "jaccard"; // jaccard | exact | key
  double theta = 0.5;
  int e_max = 4;
  std::string disjoint = "links"; // links | none: alternative MSPs share no link with the original path
  std::string apply = "threshold"; // threshold | pattern
};

struct SourceParams {
  DrbParams drb;
  PrdrbSourceParams prdrb;
  double mean_length = 10;  // mean message length in flits: the MSPs' zero-load transmission times
};

using PolicyFactory = std::function<std::unique_ptr<PathPolicy>(int node)>;
// The policy of every source NI for n.algorithm (its SourceNeeds): empty for the canonical path.
PolicyFactory policy_factory(const NetParams& n, const SourceParams& s);
// What the policies of n (acks resolved) hold besides the network, for the memory guards: DRB on a network
// without a direct-network helper measures its supernodes on the graph, a terminals^2 distance table.
void add_policy_footprint(Footprint& f, const NetParams& n, const Interconnect& ic);

// Under link faults (n.faults): can a packet from src with these intermediate destinations reach dst through
// the relation of n.algorithm pruned of the failed channels (docs/faults.md)? Null without faults.
using OpenPath = std::function<bool(int src, const uint32_t* intermediates, int n, int dst)>;
OpenPath open_paths(const NetParams& n);
MetapathParams metapath_params(const DrbParams& d);
// PR-DRB's disjointness rule (prdrb.disjoint=links): alt shares no link with the original path and, on a direct
// network (ports > 0: link id = router * ports + port), none of its intermediate nodes is a router it leaves from.
bool disjoint_msp(const CandidateMsp& original, const CandidateMsp& alt, int ports);
// Zero-load time of an MSP of `hops` router-to-router links through `intermediates` DEC pops.
int64_t msp_transmission_time(const NetParams& n, int hops, int intermediates, int length);
// drb.table: "src>dst=i|i+j|...;..." -> alternative MSPs (intermediate nodes) per channel.
std::map<std::pair<int, int>, std::vector<std::vector<uint32_t>>> parse_msp_table(const std::string& text, int nodes);

// The supernode construction (drb.supernode, drb.dga_rule, drb.row_style) on t; std::invalid_argument if
// the method does not fit the topology.
std::unique_ptr<SupernodeConstruction> make_construction(const DrbParams& d, const Topology& t);
// The same on a network without a direct-network helper (sga, dga, static, random on the graph). The
// construction holds terminals^2 distances; check_graph_construction refuses what make would, building nothing.
std::unique_ptr<GraphSupernodes> make_graph_construction(const DrbParams& d, const Interconnect& ic);
void check_graph_construction(const DrbParams& d, const Interconnect& ic);
// The DRB world on ic (models/drb/drb_world.h), `rf` its static relation (make_static_relation): the direct
// networks' construction where the topology has coordinates, the graph's otherwise. Under
// drb.supernode=table the world serves distances only, with the static construction.
std::unique_ptr<DrbWorld> make_drb_world(const DrbParams& d, const Interconnect& ic, const RoutingRelation& rf);

}  // namespace drb
