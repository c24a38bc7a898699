// SPDX-License-Identifier: Apache-2.0
#include "models/routing/file_routing.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <stdexcept>

namespace drb {

TableRouting::TableRouting(const Interconnect& ic) : f_(*ic.file()) {
  if (!f_.has_table) throw std::logic_error("TableRouting: the network file declares no routes");
}

void TableRouting::route(int e, const Header& h, RouteSet& out) const {
  out.clear();
  const FileRoute& r = f_.route(e, static_cast<int>(h.front()));
  if (r.port < 0) return;  // the reader's walk makes this unreachable
  out.add(r.port, r.sub | (r.ring >= 0 ? (h.dateline >> r.ring) & 1 : 0));
}

uint16_t TableRouting::hop_dateline(int e, int p) const {
  const int c = f_.graph.out(e, p);
  return c >= 0 && f_.dateline[c] >= 0 ? static_cast<uint16_t>(1u << f_.dateline[c]) : 0;
}

double UpDownRouting::table_bytes(const Interconnect& ic) {
  std::vector<char> t(ic.elements(), 0);
  for (int x = 0; x < ic.terminals(); ++x) t[ic.eject_element(x)] = 1;
  return 4.0 * ic.elements() * std::count(t.begin(), t.end(), 1);
}

UpDownRouting::UpDownRouting(const Interconnect& ic, bool adaptive, bool multistep) : ic_(ic), adaptive_(adaptive) {
  const NetworkGraph& g = ic.graph();
  const int n = ic.elements();
  if (table_bytes(ic) > 256.0 * (1 << 20))
    throw std::invalid_argument("routing.algorithm: up*/down* distance tables of " +
                                std::to_string(static_cast<long long>(table_bytes(ic) / (1 << 20))) +
                                " MiB (elements x ejection elements) pass the 256 MiB it holds; declare a route table");
  // Levels: breadth-first over the channels in either direction from element 0.
  std::vector<std::vector<int>> near(n);
  for (const GraphChannel& c : g.channels()) near[c.from].push_back(c.to), near[c.to].push_back(c.from);
  std::vector<int> level(n, n);
  std::deque<int> q{0};
  level[0] = 0;
  while (!q.empty()) {
    const int u = q.front();
    q.pop_front();
    for (int v : near[u])
      if (level[v] == n) level[v] = level[u] + 1, q.push_back(v);
  }
  auto before = [&](int a, int b) { return level[a] != level[b] ? level[a] < level[b] : a < b; };
  down_.resize(g.channels().size());
  for (size_t c = 0; c < g.channels().size(); ++c) down_[c] = before(g.channels()[c].from, g.channels()[c].to);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), before);
  target_.assign(n, -1);
  int targets = 0;
  for (int t = 0; t < ic.terminals(); ++t)
    if (target_[ic.eject_element(t)] < 0) target_[ic.eject_element(t)] = targets++;
  up_dist_.assign(static_cast<size_t>(targets) * n, kFar);
  down_dist_.assign(static_cast<size_t>(targets) * n, kFar);
  std::vector<std::vector<int>> into(n);  // channels entering each element
  for (size_t c = 0; c < g.channels().size(); ++c) into[g.channels()[c].to].push_back(static_cast<int>(c));
  for (int E = 0; E < n; ++E) {
    const int x = target_[E];
    if (x < 0) continue;
    uint16_t* dd = &down_dist_[at(x, 0)];
    uint16_t* du = &up_dist_[at(x, 0)];
    dd[E] = 0;
    q.assign(1, E);
    while (!q.empty()) {  // backwards over down channels
      const int v = q.front();
      q.pop_front();
      for (int c : into[v]) {
        const int u = g.channels()[c].from;
        if (down_[c] && dd[u] == kFar) dd[u] = static_cast<uint16_t>(dd[v] + 1), q.push_back(u);
      }
    }
    for (int u : order) {  // an up channel leads to an element earlier in the order, already final
      uint32_t best = dd[u];
      for (int p = 0; p < g.elements()[u].ports; ++p) {
        const int c = g.out(u, p);
        if (c >= 0 && !down_[c] && du[g.channels()[c].to] != kFar) best = std::min<uint32_t>(best, du[g.channels()[c].to] + 1u);
      }
      du[u] = static_cast<uint16_t>(std::min<uint32_t>(best, kFar));
    }
  }
  // Every step starts in the up phase at a terminal's element: where it injects, or where an intermediate ejects.
  for (int a = 0; a < ic.terminals(); ++a)
    for (int s : {g.terminals()[a].inject.element, multistep ? ic.eject_element(a) : -1})
      for (int b = 0; s >= 0 && b < ic.terminals(); ++b)
        if (up_dist_[at(target_[ic.eject_element(b)], s)] == kFar)
          throw std::invalid_argument("routing.algorithm: up*/down* routes (root element 0) cannot reach terminal " +
                                      std::to_string(b) + " from where terminal " + std::to_string(a) +
                                      (s == g.terminals()[a].inject.element ? " injects" : " ejects (a multistep path's step start)") +
                                      "; declare a route table in the network file");
}

RelationNeeds UpDownRouting::needs() const {
  RelationNeeds r{subclasses()};
  r.multipath = adaptive_;
  return r;
}

void UpDownRouting::route(int e, const Header& h, RouteSet& out) const {
  out.clear();
  const NetworkGraph& g = ic_.graph();
  const int x = target_[ic_.eject_element(static_cast<int>(h.front()))];
  const bool down_phase = h.dateline & 1;
  const uint16_t* dd = &down_dist_[at(x, 0)];
  const uint16_t* du = &up_dist_[at(x, 0)];
  const uint32_t want = down_phase ? dd[e] : du[e];
  for (int p = 0; p < g.elements()[e].ports; ++p) {
    const int c = g.out(e, p);
    if (c < 0) continue;
    const int v = g.channels()[c].to;
    const uint32_t via = down_[c] ? dd[v] : down_phase ? kFar : du[v];
    if (via == kFar || via + 1 != want) continue;
    out.add(p, 0);
    if (!adaptive_) return;
  }
}

uint16_t UpDownRouting::hop_dateline(int e, int p) const {
  const int c = ic_.graph().out(e, p);
  return c >= 0 && down_[c] ? 1 : 0;
}

namespace {

// The table of rel, or "" and the reason.
std::string table_of(const Interconnect& ic, const RoutingRelation& rel, std::vector<FileRoute>& table,
                     std::vector<int8_t>& dateline) {
  const RelationNeeds nd = rel.needs();
  if (nd.input_class || nd.input_port) return rel.name() + " reads the port or class a packet arrived on";
  if (nd.tie_bits > 0) return rel.name() + " breaks ring ties per packet (routing.tie=random)";
  if (nd.multipath) return rel.name() + " offers several outputs";
  if (ic.trunk() > 1) return "the router picks a trunk's member, which a table of single channels cannot state";
  const NetworkGraph& g = ic.graph();
  const int n = ic.elements(), T = ic.terminals();
  if (static_cast<int64_t>(n) * T > kMaxFileTableEntries) return "its table would pass the reader's entries";
  dateline.assign(g.channels().size(), -1);
  for (size_t c = 0; c < g.channels().size(); ++c) {
    const uint16_t b = rel.hop_dateline(g.channels()[c].from, g.channels()[c].from_port);
    if (b & (b - 1)) return "a channel of " + rel.name() + " sets several dateline bits";
    for (int d = 0; b && d < 16; ++d)
      if (b == (1u << d)) dateline[c] = static_cast<int8_t>(d);
  }
  table.assign(static_cast<size_t>(n) * T, FileRoute{});
  RouteSet rs;
  for (int t = 0; t < T; ++t) {
    Header h = make_data_header(0, static_cast<uint32_t>(t), std::vector<uint32_t>{}, 0, 1);
    for (int e = 0; e < n; ++e) {
      if (e == ic.eject_element(t)) continue;
      auto at = [&](uint16_t dl) {
        h.dateline = dl;
        rel.route(e, h, rs);
        return rs.n == 1 ? rs.c[0] : RouteChoice{0xff, 0xff};
      };
      const RouteChoice plain = at(0), all = at(0xffff);
      if (plain.port == 0xff || all.port == 0xff) return rel.name() + " offers other than one output at an element";
      if (plain.port != all.port) return rel.name() + "'s port depends on the packet's state";
      FileRoute& r = table[static_cast<size_t>(e) * T + t];
      r.port = plain.port;
      r.sub = plain.sub;
      if (all.sub == plain.sub) continue;
      if (all.sub != (plain.sub | 1)) return rel.name() + "'s class depends on the packet's state beyond one ring bit";
      for (int d = 0; d < 16 && r.ring < 0; ++d)
        if (at(static_cast<uint16_t>(1u << d)).sub == all.sub) r.ring = static_cast<int8_t>(d);
    }
  }
  return "";
}

}  // namespace

std::string network_file_of(const Interconnect& ic, const RoutingRelation& rel, std::string& note) {
  std::vector<FileRoute> table;
  std::vector<int8_t> dateline;
  note = table_of(ic, rel, table, dateline);
  if (!note.empty()) {
    dateline.clear();
    return write_network_file(ic.describe(), ic.graph(), dateline, nullptr, {});
  }
  return write_network_file(ic.describe(), ic.graph(), dateline, &table, rel.subclasses().names);
}

}  // namespace drb
