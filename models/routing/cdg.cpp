// SPDX-License-Identifier: Apache-2.0
#include "models/routing/cdg.h"

#include <functional>
#include <stdexcept>

#include "models/blocks/dec.h"

namespace drb {

ChannelDependencyGraph::ChannelDependencyGraph(const Topology& t, const RoutingRelation& rf, const VcLayout& layout)
    : topo_(&t), own_(std::make_unique<NetworkGraph>(graph_of(t))), g_(own_.get()), rf_(rf), layout_(layout),
      classes_(layout.classes()) {
  init();
}

ChannelDependencyGraph::ChannelDependencyGraph(const Interconnect& ic, const RoutingRelation& rf, const VcLayout& layout)
    : ic_(&ic), g_(&ic.graph()), rf_(rf), layout_(layout), classes_(layout.classes()) {
  init();
}

// Channel index: (router, network port) on a direct network, as the topology numbers ports (so unconnected
// mesh ports keep their slot); the graph's channel id otherwise.
void ChannelDependencyGraph::init() {
  in_class_ = rf_.needs().input_class;
  in_port_ = rf_.needs().input_port;
  adj_.resize((topo_ ? static_cast<size_t>(topo_->nodes()) * topo_->ports() : g_->channels().size()) * classes_);
  for (const GraphTerminal& t : g_->terminals()) eject_.push_back(t.eject.element);
}

void ChannelDependencyGraph::add_routes(int src, const Header& h) {
  std::set<std::vector<int>> seen;
  ++walked_;
  walk(src, h, -1, -1, -1, seen);
}

void ChannelDependencyGraph::walk(int e, Header h, int last, int in_sub, int in_port, std::set<std::vector<int>>& seen) {
  // Memoise on everything that determines the future of the walk.
  std::vector<int> key{e, last, h.step, h.dateline, h.tie, static_cast<int>(h.dest[0]), h.more[0], static_cast<int>(h.dest[1]),
                       h.more[1], in_sub, in_port};
  if (!seen.insert(key).second) return;
  for (int pass = 0;; ++pass) {
    // As the router: DEC sees the front terminal's id only where that terminal ejects.
    const uint32_t front = h.front();
    const DecAction a = dec_step(h, eject_.at(front) == e ? front : ~front);
    if (a == DecAction::Eject) return;
    if (a == DecAction::Route) break;
    if (pass > kStackDepth) throw std::logic_error("DEC did not terminate");
  }
  RouteSet rs;
  if (in_class_) rf_.route_in(e, in_sub, h, rs);
  else if (in_port_) rf_.route_from(e, in_port, h, rs);
  else rf_.route(e, h, rs);
  if (rs.n == 0) throw std::logic_error("routing returned no candidate at router " + std::to_string(e));
  const int group = h.tclass == TrafficClass::Ack ? layout_.ack_group() : h.step;
  // With trunks (Interconnect::trunk) a relation port is several parallel channels: each is a channel of the
  // graph, and a packet may take any of them.
  const int members = ic_ ? ic_->trunk() : 1;
  for (int i = 0; i < rs.n; ++i) {
    const int p = rs.c[i].port;
    for (int m = 0; m < members; ++m) {
      const int ch = g_->out(e, p * members + m);
      if (ch < 0) throw std::logic_error("routing chose an unconnected port at router " + std::to_string(e));
      const int c = (topo_ ? e * topo_->ports() + p : ch) * classes_ + layout_.cls(group, rs.c[i].sub);
      int next_last = last;
      if (rf_.is_escape(rs.c[i].sub)) {
        if (last >= 0) adj_[last].insert(c);
        next_last = c;
      }
      Header nh = h;
      rf_.on_hop(e, p, nh);
      walk(g_->channels()[ch].to, nh, next_last, in_class_ ? rs.c[i].sub : -1, in_port_ ? g_->channels()[ch].to_port : -1, seen);
    }
  }
}

size_t ChannelDependencyGraph::edges() const {
  size_t e = 0;
  for (auto& s : adj_) e += s.size();
  return e;
}

bool ChannelDependencyGraph::acyclic(std::vector<int>* cycle) const {
  const int n = channels();
  std::vector<uint8_t> color(n, 0);  // 0 white, 1 on stack, 2 done
  std::vector<int> parent(n, -1);
  // Iterative DFS (graphs reach ~10^5 channels).
  for (int s = 0; s < n; ++s) {
    if (color[s] || adj_[s].empty()) continue;
    std::vector<std::pair<int, std::set<int>::const_iterator>> st{{s, adj_[s].begin()}};
    color[s] = 1;
    while (!st.empty()) {
      auto& [v, it] = st.back();
      if (it == adj_[v].end()) {
        color[v] = 2;
        st.pop_back();
        continue;
      }
      const int w = *it++;
      if (color[w] == 1) {
        if (cycle) {
          cycle->clear();
          for (int x = v; x != w && x >= 0; x = parent[x]) cycle->push_back(x);
          cycle->push_back(w);
        }
        return false;
      }
      if (color[w] == 0) {
        color[w] = 1;
        parent[w] = v;
        st.push_back({w, adj_[w].begin()});
      }
    }
  }
  return true;
}

std::string ChannelDependencyGraph::channel_name(int c) const {
  const int i = c / classes_, cls = c % classes_;
  if (topo_) return "r" + std::to_string(i / topo_->ports()) + "." + topo_->port_name(i % topo_->ports()) + ".c" + std::to_string(cls);
  const GraphChannel& ch = g_->channels()[i];
  return "r" + std::to_string(ch.from) + "." + ic_->port_name(ch.from, ch.from_port) + ".c" + std::to_string(cls);
}

}  // namespace drb
