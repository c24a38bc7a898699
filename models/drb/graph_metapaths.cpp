// SPDX-License-Identifier: Apache-2.0
#include "models/drb/graph_metapaths.h"

#include <algorithm>
#include <stdexcept>

#include "models/blocks/dec.h"

namespace drb {

GraphSupernodes::GraphSupernodes(const Interconnect& ic, const SupernodeSpec& spec)
    : spec_(spec), n_(ic.terminals()) {
  // One breadth-first search per injection element, read at every terminal's ejection element.
  const NetworkGraph& g = ic.graph();
  const auto succ = successors(g);
  dist_.assign(static_cast<size_t>(n_) * n_, -1);
  std::vector<int> d;
  for (int a = 0; a < n_; ++a) {
    distances_from(succ, g.terminals()[a].inject.element, d);
    for (int b = 0; b < n_; ++b) dist_[static_cast<size_t>(a) * n_ + b] = d[g.terminals()[b].eject.element];
  }
}

std::string GraphSupernodes::unsupported(const Interconnect& ic, const SupernodeSpec& spec) {
  switch (spec.family) {
    case SupernodeFamily::Static:
    case SupernodeFamily::Sga:
    case SupernodeFamily::Random:
      return "";
    case SupernodeFamily::Dga:
      if (spec.dga_rule == DgaRule::None) return "";
      return "drb.dga_rule: the overlap rules a, b, c are defined on the direct networks' balls; a " + ic.kind() +
             " takes none";
    default:
      return std::string("drb.supernode: ") + family_name(spec.family) + " needs a direct network's coordinates; a " +
             ic.kind() + " offers static, sga:R, dga:R and random (docs/topologies.md)";
  }
}

std::unique_ptr<GraphSupernodes> GraphSupernodes::make(const Interconnect& ic, const SupernodeSpec& spec,
                                                       std::string& error) {
  error = unsupported(ic, spec);
  if (!error.empty()) return nullptr;
  return std::unique_ptr<GraphSupernodes>(new GraphSupernodes(ic, spec));
}

double mean_terminal_distance(const Interconnect& ic) {
  // One search per injection element (terminals that share one share its distances): sum over a of the
  // distances to every b != a is |G| x (sum over every b) - (sum over b in G) for the terminals G there.
  const NetworkGraph& g = ic.graph();
  const auto succ = successors(g);
  const int n = ic.terminals();
  std::vector<std::vector<int>> at(g.elements().size());
  for (int a = 0; a < n; ++a) at[g.terminals()[a].inject.element].push_back(a);
  std::vector<int> d;
  int64_t sum = 0;
  for (size_t e = 0; e < at.size(); ++e) {
    if (at[e].empty()) continue;
    distances_from(succ, static_cast<int>(e), d);
    int64_t all = 0;
    for (int b = 0; b < n; ++b) all += d[g.terminals()[b].eject.element];
    sum += static_cast<int64_t>(at[e].size()) * all;
    for (int a : at[e]) sum -= d[g.terminals()[a].eject.element];
  }
  return n > 1 ? static_cast<double>(sum) / (static_cast<double>(n) * (n - 1)) : 0;
}

std::vector<int> GraphSupernodes::ball(int c, int r, bool from_c) const {
  std::vector<int> out;
  for (int t = 0; t < n_; ++t)
    if ((from_c ? distance(c, t) : distance(t, c)) <= r) out.push_back(t);
  return out;
}

SupernodeSets GraphSupernodes::sets(int s, int d) const {
  SupernodeSets x;
  switch (spec_.family) {
    case SupernodeFamily::Sga:
      x.src = ball(s, spec_.size, true);
      x.dst = {d};
      x.radius = spec_.size;
      break;
    case SupernodeFamily::Dga:
      x.src = ball(s, spec_.size, true);
      x.dst = ball(d, spec_.size, false);  // the terminals from which D is within R
      x.radius = spec_.size;
      break;
    case SupernodeFamily::Random:
      for (int t = 0; t < n_; ++t) x.src.push_back(t);
      x.dst = {d};
      break;
    default:
      x.src = {s};
      x.dst = {d};
  }
  return x;
}

int walk_graph_path(const Interconnect& ic, const RoutingRelation& rf, int src, const std::vector<uint32_t>& inter,
                    int dst, const std::function<void(int)>& visit) {
  Header h = make_data_header(static_cast<uint32_t>(src), static_cast<uint32_t>(dst), inter, 0, 1);
  RouteSet rs;
  const NetworkGraph& g = ic.graph();
  int e = g.terminals()[src].inject.element, hops = 0;
  const int limit = 3 * ic.elements();
  for (;;) {
    const DecAction a = dec_step(h, ic.dec_id(e, h.front()));
    if (a == DecAction::Pop) continue;
    if (a == DecAction::Eject) return hops;
    rf.route(e, h, rs);
    if (rs.n == 0 || ++hops > limit) throw std::logic_error("static route does not reach its destination");
    const int ch = g.out(e, rs.c[0].port);
    if (ch < 0) throw std::logic_error("static route takes an unconnected port");
    visit(ch);
    rf.on_hop(e, rs.c[0].port, h);
    e = g.channels()[ch].to;
  }
}

std::vector<CandidateMsp> graph_candidate_msps(const Interconnect& ic, const RoutingRelation& rf,
                                               const SupernodeSets& sets, int src, int dst, int max_len) {
  if (src == dst) throw std::invalid_argument("candidate_msps: source and destination are the same node");
  return order_msps(sets, src, dst, max_len, [&](const std::vector<uint32_t>& inter) {
    CandidateMsp m;
    m.n = static_cast<int>(inter.size());
    for (int i = 0; i < m.n; ++i) m.node[i] = inter[i];
    m.hops = walk_graph_path(ic, rf, src, inter, dst, [&](int ch) { m.links.push_back(ch); });
    std::sort(m.links.begin(), m.links.end());
    m.links.erase(std::unique(m.links.begin(), m.links.end()), m.links.end());
    return m;
  });
}

}  // namespace drb
