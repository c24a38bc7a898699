// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/source_policies.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "models/drb/drb_world.h"
#include "models/drb/graph_metapaths.h"
#include "models/drb/msp_candidates.h"
#include "models/drb/prdrb.h"
#include "models/drb/supernode.h"
#include "models/routing/registry.h"
#include "models/routing/routability.h"
#include "models/routing/source_needs.h"
#include "systemc/base/footprint.h"
#include "systemc/fabric/net_resolve.h"

namespace drb {

MetapathParams metapath_params(const DrbParams& d) {
  MetapathParams p;
  p.s_max = d.s_max;
  p.lat_umbral = d.lat_umbral;
  p.tol_lat = d.tol_lat;
  p.tol_bw = d.tol_bw;
  p.k_bw = d.k_bw;
  p.bw_compare = d.trigger_mode == "bw_compare";
  p.init = d.init_latency == "metapath"    ? MetapathParams::MetapathLatency
           : d.init_latency == "canonical" ? MetapathParams::Canonical
                                               : MetapathParams::ZeroLoad;
  p.bw_scale = d.bw_scale;
  return p;
}

int64_t msp_transmission_time(const NetParams& n, int hops, int intermediates, int length) {
  return n.d_inj + static_cast<int64_t>(hops + 1) * (n.d_rc + n.d_va + n.d_sa + n.d_st) +
         static_cast<int64_t>(hops) * n.d_link + n.d_ej + (length - 1) + static_cast<int64_t>(intermediates) * n.d_dec;
}

std::map<std::pair<int, int>, std::vector<std::vector<uint32_t>>> parse_msp_table(const std::string& text, int nodes) {
  std::map<std::pair<int, int>, std::vector<std::vector<uint32_t>>> t;
  auto bad = [](const std::string& why) { return std::invalid_argument("drb.table: " + why); };
  auto num = [&](const std::string& x) {
    char* end = nullptr;
    const long v = std::strtol(x.c_str(), &end, 10);
    if (x.empty() || *end || v < 0 || v >= nodes) throw bad("'" + x + "' is not a node of this network");
    return static_cast<uint32_t>(v);
  };
  std::istringstream in(text);
  std::string entry;
  while (std::getline(in, entry, ';')) {
    if (entry.find_first_not_of(" ") == std::string::npos) continue;
    const auto gt = entry.find('>'), eq = entry.find('=');
    if (gt == std::string::npos || eq == std::string::npos || eq < gt) throw bad("expected src>dst=i|i+j|..., got '" + entry + "'");
    const int src = static_cast<int>(num(entry.substr(0, gt))), dst = static_cast<int>(num(entry.substr(gt + 1, eq - gt - 1)));
    auto& alts = t[{src, dst}];
    std::istringstream a(entry.substr(eq + 1));
    std::string alt;
    while (std::getline(a, alt, '|')) {
      std::vector<uint32_t> nodes_of;
      std::istringstream b(alt);
      std::string x;
      while (std::getline(b, x, '+')) nodes_of.push_back(num(x));
      if (nodes_of.empty() || nodes_of.size() > 2) throw bad("an MSP has one or two intermediate nodes: '" + alt + "'");
      alts.push_back(nodes_of);
    }
  }
  return t;
}

OpenPath open_paths(const NetParams& n) {
  if (!n.faults.on()) return {};
  struct Pruned {
    std::unique_ptr<Interconnect> ic;
    std::unique_ptr<RoutingRelation> rel;
    std::unique_ptr<FaultPrunedRelation> pruned;
  };
  auto sh = std::make_shared<Pruned>();
  sh->ic = make_interconnect(n.topo);
  sh->rel = make_relation(n.algorithm, *sh->ic, RelationParams{n.routing, n.up_selection});
  sh->pruned = std::make_unique<FaultPrunedRelation>(*sh->ic, *sh->rel, n.faults.channels);
  return [sh](int src, const uint32_t* intermediates, int count, int dst) {
    return sh->pruned->alive_from(sh->ic->graph().terminals()[src].inject.element,
                                  make_data_header(src, dst, intermediates, count, 0, 1));
  };
}

bool disjoint_msp(const CandidateMsp& original, const CandidateMsp& alt, int ports) {
  const auto& a = original.links;
  const auto& b = alt.links;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j]) return false;
    a[i] < b[j] ? ++i : ++j;
  }
  if (ports > 0)  // direct networks: an intermediate node is a router, which the original path must not visit
    for (int k = 0; k < alt.n; ++k)
      for (int l : a)
        if (l / ports == static_cast<int>(alt.node[k])) return false;
  return true;
}

namespace {
PolicyFactory metapath_factory(const NetParams& n, const SourceParams& s) {
  // The scenario's DRB world (models/drb/drb_world.h) gives distances and candidates on every family.
  // Candidates are computed per channel on first use.
  struct Shared {
    std::unique_ptr<Interconnect> ic;
    std::unique_ptr<RoutingRelation> rf;
    std::unique_ptr<DrbWorld> world;
    bool listed = false;  // drb.supernode=table: the MSPs come from drb.table
    std::map<std::pair<int, int>, std::vector<std::vector<uint32_t>>> table;
    NetParams net;
    int length = 10;
    int s_max = 3;
    bool disjoint = false;  // PR-DRB: alternatives share no link with the original path
    OpenPath open;  // link faults: which MSPs can still pass
  };
  auto sh = std::make_shared<Shared>();
  sh->ic = make_interconnect(n.topo);
  sh->rf = make_static_relation(*sh->ic, RelationParams{n.routing, n.up_selection});
  sh->net = n;
  sh->s_max = s.drb.s_max;
  sh->length = longest_packet(n, static_cast<int>(std::lround(s.mean_length)));
  sh->world = make_drb_world(s.drb, *sh->ic, *sh->rf);
  sh->listed = s.drb.supernode == "table";
  if (sh->listed) sh->table = parse_msp_table(s.drb.table, sh->ic->terminals());
  sh->open = open_paths(n);
  const bool prdrb = source_needs(n.algorithm).paths == SourceNeeds::Paths::Prdrb;
  sh->disjoint = prdrb && s.prdrb.disjoint == "links";
  const MetapathParams mp = metapath_params(s.drb);
  MetapathPolicy::Candidates cands = [sh](int src, int dst) {
    std::vector<Msp> out;
    auto dist = [&](int a, int b) { return sh->world->distance(a, b); };
    auto add = [&](int n, const uint32_t* nodes) {
      // Link faults close an MSP whose steps cannot reach their destinations (the metapath as fault tolerance).
      if (sh->open && !sh->open(src, nodes, n, dst)) return;
      // Hops of the multistep path: the sum of its steps' static distances.
      int hops = 0, at = src;
      for (int i = 0; i < n; ++i) {
        hops += dist(at, static_cast<int>(nodes[i]));
        at = static_cast<int>(nodes[i]);
      }
      hops += dist(at, dst);
      Msp m;
      m.n = n;
      for (int i = 0; i < n; ++i) m.node[i] = nodes[i];
      m.t_tx = msp_transmission_time(sh->net, hops, n, sh->length);
      out.push_back(m);
    };
    add(0, nullptr);
    if (!sh->listed) {
      // With link faults, more candidates than s_max: the closed ones are dropped, s_max of the rest open.
      const int want = sh->open || sh->disjoint ? 4 * sh->s_max : sh->s_max;
      const auto c = sh->world->candidates(src, dst, want);
      // PR-DRB's disjointness is from a usable original path: once link faults close it, any open MSP serves.
      const bool disjoint = sh->disjoint && !out.empty();
      for (size_t i = 1; i < c.size() && static_cast<int>(out.size()) < sh->s_max; ++i)
        if (!disjoint || disjoint_msp(c[0], c[i], sh->world->link_ports())) add(c[i].n, c[i].node);
    } else {
      auto it = sh->table.find({src, dst});
      if (it != sh->table.end())
        for (auto& alt : it->second) add(static_cast<int>(alt.size()), alt.data());
    }
    if (sh->open && out.empty()) {
      // Every supernode MSP is closed: any one intermediate node, nearest first (ties by id), so that a pair the
      // network still connects through some one-intermediate path keeps a metapath.
      const int N = sh->ic->terminals();
      std::vector<std::pair<int, int>> mids;
      for (int m = 0; m < N; ++m)
        if (m != src && m != dst) mids.push_back({dist(src, m) + dist(m, dst), m});
      std::sort(mids.begin(), mids.end());
      for (const auto& [hops, m] : mids) {
        const uint32_t node = static_cast<uint32_t>(m);
        add(1, &node);
        if (static_cast<int>(out.size()) >= sh->s_max) break;
      }
    }
    return out;
  };
  if (prdrb) {
    PrdrbParams pp;
    pp.mp = mp;
    pp.match = s.prdrb.match == "exact" ? PrdrbParams::Exact : s.prdrb.match == "key" ? PrdrbParams::KeyOnly : PrdrbParams::Jaccard;
    pp.theta = s.prdrb.theta;
    pp.e_max = s.prdrb.e_max;
    pp.w_stable = s.prdrb.w_stable;
    pp.on_pattern = s.prdrb.apply == "pattern";
    return [pp, cands](int node) -> std::unique_ptr<PathPolicy> { return std::make_unique<PrdrbPolicy>(node, pp, cands); };
  }
  return [mp, cands](int node) -> std::unique_ptr<PathPolicy> {
    return std::make_unique<MetapathPolicy>(node, mp, cands);
  };
}

// The supernode spec of d, checked for a network without a direct-network helper.
SupernodeSpec graph_spec(const DrbParams& d, const Interconnect& ic) {
  SupernodeSpec spec;
  std::string err;
  if (!parse_dga_rule(d.dga_rule, spec.dga_rule, err) || !parse_supernode(d.supernode, spec, err) ||
      !(err = GraphSupernodes::unsupported(ic, spec)).empty())
    throw std::invalid_argument(err);
  return spec;
}
}  // namespace

void check_graph_construction(const DrbParams& d, const Interconnect& ic) { graph_spec(d, ic); }

std::unique_ptr<GraphSupernodes> make_graph_construction(const DrbParams& d, const Interconnect& ic) {
  std::string unused;
  return GraphSupernodes::make(ic, graph_spec(d, ic), unused);
}

std::unique_ptr<SupernodeConstruction> make_construction(const DrbParams& d, const Topology& t) {
  SupernodeSpec spec;
  std::string err;
  if (!parse_dga_rule(d.dga_rule, spec.dga_rule, err) || !parse_line_style(d.row_style, spec.line_style, err) ||
      !parse_supernode(d.supernode, spec, err))
    throw std::invalid_argument(err);
  auto sn = make_supernodes(t, spec, err);
  if (!sn) throw std::invalid_argument(err);
  return sn;
}

std::unique_ptr<DrbWorld> make_drb_world(const DrbParams& d, const Interconnect& ic, const RoutingRelation& rf) {
  const bool table = d.supernode == "table";  // the MSPs are listed: the world serves distances
  std::string err;
  if (const Topology* t = ic.direct()) {
    const auto* dor = dynamic_cast<const RoutingFunction*>(&rf);
    if (!dor) throw std::logic_error("make_drb_world: a direct network's static relation is a routing function");
    std::shared_ptr<const SupernodeConstruction> sn = table ? make_supernodes(*t, SupernodeSpec{}, err)
                                                            : make_construction(d, *t);
    return direct_world(*sn, *dor, sn);
  }
  std::shared_ptr<const GraphSupernodes> sn = table ? GraphSupernodes::make(ic, SupernodeSpec{}, err)
                                                    : make_graph_construction(d, ic);
  return graph_world(ic, rf, *sn, sn);
}

void add_policy_footprint(Footprint& f, const NetParams& n, const Interconnect& ic) {
  if (n.acks && !ic.direct())
    f.add("DRB supernode distances (terminals x terminals)", heap_bytes(GraphSupernodes::table_bytes(ic.terminals())));
}

PolicyFactory policy_factory(const NetParams& n, const SourceParams& s) {
  const int nodes = make_interconnect(n.topo)->terminals();
  const SourceNeeds sn = source_needs(n.algorithm);
  if (sn.paths == SourceNeeds::Paths::Valiant) {
    ValiantPolicy::Open open;
    if (const OpenPath path = open_paths(n))  // draw only intermediates whose path passes the failed links
      open = [path](int src, int mid, int dst) {
        const uint32_t m = static_cast<uint32_t>(mid);
        return path(src, mid < 0 ? nullptr : &m, mid < 0 ? 0 : 1, dst);
      };
    return [nodes, open](int node) -> std::unique_ptr<PathPolicy> {
      return std::make_unique<ValiantPolicy>(node, nodes, open);
    };
  }
  if (sn.metapaths()) return metapath_factory(n, s);
  return {};
}

}  // namespace drb
