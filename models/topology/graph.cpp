// SPDX-License-Identifier: Apache-2.0
#include "models/topology/graph.h"

#include <algorithm>
#include <deque>
#include <stdexcept>

namespace drb {

int NetworkGraph::add_element(ElementKind kind, int ports) {
  if (ports < 1) throw std::invalid_argument("graph: an element needs at least one port");
  elements_.push_back(GraphElement{kind, ports});
  out_.emplace_back(ports, -1);
  in_.emplace_back(ports, -1);
  return static_cast<int>(elements_.size()) - 1;
}

int NetworkGraph::connect(int from, int from_port, int to, int to_port, int extra) {
  auto side = [&](std::vector<std::vector<int>>& v, int e, int p) -> int& {
    if (e < 0 || e >= static_cast<int>(elements_.size()) || p < 0 || p >= elements_[e].ports)
      throw std::invalid_argument("graph: channel end outside the elements' ports");
    return v[e][p];
  };
  int& o = side(out_, from, from_port);
  int& i = side(in_, to, to_port);
  if (o >= 0 || i >= 0) throw std::invalid_argument("graph: a port side can take one channel");
  channels_.push_back(GraphChannel{from, from_port, to, to_port, extra});
  o = i = static_cast<int>(channels_.size()) - 1;
  return o;
}

int NetworkGraph::add_terminal(Attachment inject, Attachment eject, int channels) {
  if (channels < 1) throw std::invalid_argument("graph: a terminal needs at least one channel");
  for (const Attachment& a : {inject, eject})
    if (a.element < 0 || a.element >= static_cast<int>(elements_.size()) || a.port < 0 ||
        a.port + channels > elements_[a.element].ports)
      throw std::invalid_argument("graph: terminal attached outside the elements' ports");
  terminals_.push_back(GraphTerminal{inject, eject, channels});
  return static_cast<int>(terminals_.size()) - 1;
}

NetworkGraph graph_of(const Topology& t, int trunk, int channels) {
  NetworkGraph g;
  const int n = t.nodes(), ports = t.ports() * trunk;
  for (int r = 0; r < n; ++r) g.add_element(ElementKind::Router, ports + channels);
  for (int r = 0; r < n; ++r)
    for (int q = 0; q < t.ports(); ++q) {
      const PortRef nb = t.neighbour(r, q);
      if (!nb.valid()) continue;
      for (int m = 0; m < trunk; ++m) g.connect(r, q * trunk + m, nb.router, nb.port * trunk + m);
    }
  for (int r = 0; r < n; ++r) g.add_terminal({r, ports}, {r, ports}, channels);
  return g;
}

std::vector<std::vector<int>> successors(const NetworkGraph& g) {
  std::vector<std::vector<int>> s(g.elements().size());
  for (const GraphChannel& c : g.channels()) s[c.from].push_back(c.to);
  return s;
}

void distances_from(const std::vector<std::vector<int>>& succ, int s, std::vector<int>& dist) {
  dist.assign(succ.size(), -1);
  std::deque<int> q{s};
  dist[s] = 0;
  while (!q.empty()) {
    const int u = q.front();
    q.pop_front();
    for (int v : succ[u])
      if (dist[v] < 0) dist[v] = dist[u] + 1, q.push_back(v);
  }
}

namespace {

// Unit-capacity max flow over the channels, stopping at a cap: paths of one, two and three channels taken
// greedily first, then Edmonds-Karp on the residual graph for the rest (any flow is a valid start for
// augmenting paths, so the value is the same). On dense low-diameter fabrics the short paths are nearly
// all of the flow: the 64-ary 2-cube flattened butterfly's 126-channel flows took 126 breadth-first searches
// each, 50 s for the whole report, and now take none. The residual adjacency is built once per graph:
// channel i is residual edge 2i forward (capacity 1) and 2i + 1 backward.
class MaxFlow {
 public:
  explicit MaxFlow(const NetworkGraph& g)
      : ch_(g.channels()), adj_(g.elements().size()), via_(adj_.size()), head_(adj_.size(), -1),
        next_(ch_.size()), used_(ch_.size(), 0) {
    for (int i = 0; i < static_cast<int>(ch_.size()); ++i) {
      adj_[ch_[i].from].push_back(2 * i);
      adj_[ch_[i].to].push_back(2 * i + 1);
    }
  }
  // Flow from s to t, stopping at `cap` units.
  int operator()(int s, int t, int cap) {
    int flow = short_paths(s, t, cap);
    while (flow < cap) {
      std::fill(via_.begin(), via_.end(), -1);
      std::deque<int> q{s};
      via_[s] = -2;
      while (!q.empty() && via_[t] == -1) {
        const int u = q.front();
        q.pop_front();
        for (int e : adj_[u]) {
          const int i = e / 2;
          const bool fwd = !(e & 1);
          if (fwd ? used_[i] : !used_[i]) continue;
          const int v = fwd ? ch_[i].to : ch_[i].from;
          if (via_[v] != -1) continue;
          via_[v] = e;
          q.push_back(v);
        }
      }
      if (via_[t] == -1) break;
      for (int v = t; v != s;) {
        const int e = via_[v], i = e / 2;
        set(i, !(e & 1));
        v = (e & 1) ? ch_[i].to : ch_[i].from;
      }
      ++flow;
    }
    clear();
    return flow;
  }

  // The short paths s -> t that operator() starts from, their number alone (cleared again).
  int short_paths_only(int s, int t, int cap) {
    const int found = short_paths(s, t, cap);
    clear();
    return found;
  }

 private:
  // Frees the channels the last flow took: only those, so a flow costs its own work, not the graph's size.
  void clear() {
    for (int i : touched_) used_[i] = 0;
    touched_.clear();
  }

  // The channel-disjoint paths s -> t of at most three channels found greedily (shortest first), at most
  // `cap`, left in used_ for the augmenting searches; the search takes at most
  // outdeg(s) * (largest outdeg + 1) + indeg(t) steps.
  int short_paths(int s, int t, int cap) {
    int flow = 0;
    // The channels into t, by the element they come from (a list per element: channels may be parallel).
    for (int e : adj_[t])
      if (e & 1) {
        const int i = e / 2, z = ch_[i].from;
        next_[i] = head_[z];
        head_[z] = i;
      }
    auto into_t = [&](int z) {  // a free channel z -> t, taken, or -1
      const int i = head_[z];
      if (i >= 0) head_[z] = next_[i];
      return i;
    };
    auto take = [&](std::initializer_list<int> path) {
      for (int i : path) set(i, true);
      ++flow;
    };
    for (int i; flow < cap && (i = into_t(s)) >= 0;) take({i});
    for (int e : adj_[s]) {  // s -> w -> t
      if (flow >= cap) break;
      const int a = e / 2, w = ch_[a].to;
      if ((e & 1) || used_[a] || w == t || w == s) continue;
      if (const int b = into_t(w); b >= 0) take({a, b});
    }
    for (int e : adj_[s]) {  // s -> w -> z -> t
      if (flow >= cap) break;
      const int a = e / 2, w = ch_[a].to;
      if ((e & 1) || used_[a] || w == t || w == s) continue;
      for (int f : adj_[w]) {
        const int b = f / 2, z = ch_[b].to;
        if ((f & 1) || used_[b] || z == s || z == t || z == w || head_[z] < 0) continue;
        take({a, b, into_t(z)});
        break;
      }
    }
    for (int e : adj_[t])
      if (e & 1) head_[ch_[e / 2].from] = -1;
    return flow;
  }

  void set(int i, bool on) {
    used_[i] = on;
    if (on) touched_.push_back(i);
  }
  const std::vector<GraphChannel>& ch_;
  std::vector<std::vector<int>> adj_;
  std::vector<int> via_, head_, next_, touched_;
  std::vector<uint8_t> used_;
};

// The (from, to) element pairs whose flows give the fault tolerance. Where every terminal injects and ejects
// at one element, m flows for m such elements (Schnorr's cycle): with the elements in a cycle e_1 .. e_m, a
// cut with some of them on each side has e_i on its source side and e_(i+1) on the other for some i, so the
// smallest flow e_i -> e_(i+1) is the smallest such cut (it took 2(m - 1) flows, to and from terminal 0's
// element). Where terminals inject at one element and eject at another (the RUFT), the flows from terminal
// 0's injection element to the others' ejection elements and back: cuts that separate terminal 0 from
// another terminal, an upper bound on the smallest cut of the graph (exact where, as in the RUFT, a pair
// has one path; tests/test_graph.cpp counts the random graphs where it is not).
std::vector<std::pair<int, int>> fault_pairs(const NetworkGraph& g) {
  const auto& tm = g.terminals();
  std::vector<std::pair<int, int>> pairs;
  if (tm.size() < 2) return pairs;
  const size_t n = g.elements().size();
  std::vector<uint8_t> seen(n, 0), seen_in(n, 0);
  if (std::all_of(tm.begin(), tm.end(), [](const GraphTerminal& t) { return t.inject.element == t.eject.element; })) {
    std::vector<int> cycle;
    for (const GraphTerminal& t : tm)
      if (!seen[t.inject.element]) seen[t.inject.element] = 1, cycle.push_back(t.inject.element);
    if (cycle.size() > 1)
      for (size_t i = 0; i < cycle.size(); ++i) pairs.emplace_back(cycle[i], cycle[(i + 1) % cycle.size()]);
    return pairs;
  }
  const int s = tm[0].inject.element, z = tm[0].eject.element;
  for (size_t i = 1; i < tm.size(); ++i) {  // not terminal 0 to itself: no cut between two terminals
    const int u = tm[i].eject.element, v = tm[i].inject.element;
    if (u != s && !seen[u]) seen[u] = 1, pairs.emplace_back(s, u);
    if (v != z && !seen_in[v]) seen_in[v] = 1, pairs.emplace_back(v, z);
  }
  return pairs;
}

// Max flow from a set of elements to another over unit-capacity channels (Dinic: level graph, then blocking
// flows), for the bisection, where the flow is in the thousands on graphs of half a million channels.
int set_flow(const NetworkGraph& g, const std::vector<int>& from, const std::vector<int>& to) {
  const auto& ch = g.channels();
  const int n = static_cast<int>(g.elements().size()), S = n, T = n + 1;
  const int inf = static_cast<int>(ch.size()) + 1;
  struct Edge {
    int to, cap;
  };
  std::vector<Edge> e;
  std::vector<std::vector<int>> adj(n + 2);
  auto add = [&](int u, int v, int c) {
    adj[u].push_back(static_cast<int>(e.size())), e.push_back({v, c});
    adj[v].push_back(static_cast<int>(e.size())), e.push_back({u, 0});
  };
  for (const GraphChannel& c : ch) add(c.from, c.to, 1);
  for (int u : from) add(S, u, inf);
  for (int v : to) add(v, T, inf);
  std::vector<int> level(n + 2), it(n + 2);
  int flow = 0;
  for (;;) {
    std::fill(level.begin(), level.end(), -1);
    std::deque<int> q{S};
    level[S] = 0;
    while (!q.empty()) {
      const int u = q.front();
      q.pop_front();
      for (int i : adj[u])
        if (e[i].cap > 0 && level[e[i].to] < 0) level[e[i].to] = level[u] + 1, q.push_back(e[i].to);
    }
    if (level[T] < 0) return flow;
    std::fill(it.begin(), it.end(), 0);
    // One unit at a time along the level graph (iterative depth-first search with per-node edge pointers).
    for (;;) {
      std::vector<int> path;  // edge ids
      int u = S;
      while (u != T) {
        bool moved = false;
        for (int& k = it[u]; k < static_cast<int>(adj[u].size()); ++k) {
          const int i = adj[u][k];
          if (e[i].cap > 0 && level[e[i].to] == level[u] + 1) {
            path.push_back(i);
            u = e[i].to;
            moved = true;
            break;
          }
        }
        if (moved) continue;
        if (u == S) break;
        level[u] = -1;  // dead end: never visit again in this phase
        u = e[path.back() ^ 1].to;
        path.pop_back();
        ++it[u];
      }
      if (u != T) break;
      for (int i : path) --e[i].cap, ++e[i ^ 1].cap;
      ++flow;
    }
  }
}

}  // namespace

ReportPlan plan_report(const NetworkGraph& g, double limit) {
  ReportPlan plan;
  const double terminals = static_cast<double>(g.terminals().size());
  const double search = static_cast<double>(g.elements().size() + g.channels().size());
  const size_t n = g.elements().size();
  std::vector<uint8_t> injects(n, 0);
  std::vector<int> outdeg(n, 0), indeg(n, 0);
  for (const GraphTerminal& t : g.terminals()) injects[t.inject.element] = 1;
  for (const GraphChannel& c : g.channels()) ++outdeg[c.from], ++indeg[c.to];
  const double sources = std::count(injects.begin(), injects.end(), 1);
  const double widest = n ? *std::max_element(outdeg.begin(), outdeg.end()) : 0;
  double& work = plan.work;
  work = sources * search + terminals * terminals + terminals / 2 * search;
  // The flows: each pair's short paths (found here as report() finds them, the same cost), then at most
  // one augmenting search per unit the short paths leave below the flow's bound (min(outdeg(from),
  // indeg(to)), capped by the smallest such bound before it), plus the search that finds none.
  const auto pairs = fault_pairs(g);
  for (const auto& [from, to] : pairs) work += outdeg[from] * (widest + 1) + indeg[to];
  if (work > limit) return plan;
  MaxFlow paths(g);
  int cap = static_cast<int>(g.channels().size()) + 1;
  plan.settled.reserve(pairs.size());
  for (const auto& [from, to] : pairs) {
    const int bound = std::min(outdeg[from], indeg[to]);
    const int found = paths.short_paths_only(from, to, bound);
    plan.settled.push_back(found == bound ? bound : -1);
    if (cap > found) work += (std::min(cap, bound) - found + 1) * search;
    cap = std::min(cap, bound);
    if (work > limit) {
      plan.settled.clear();
      return plan;
    }
  }
  return plan;
}

GraphReport report(const NetworkGraph& g, const ReportPlan* plan) {
  GraphReport r;
  const auto& el = g.elements();
  const auto& tm = g.terminals();
  r.terminals = static_cast<int>(tm.size());
  r.switches = static_cast<int>(el.size());
  r.channels = static_cast<int>(g.channels().size());
  r.min_ports = el.empty() ? 0 : el[0].ports;
  for (size_t e = 0; e < el.size(); ++e) {
    (el[e].kind == ElementKind::Router ? r.routers : r.subnet_switches) += 1;
    r.switching_elements += static_cast<int64_t>(el[e].ports) * el[e].ports;
    r.min_ports = std::min(r.min_ports, el[e].ports);
    r.max_ports = std::max(r.max_ports, el[e].ports);
  }
  // Distances: one breadth-first search per distinct injection element.
  const auto succ = successors(g);
  const int n = static_cast<int>(el.size());
  std::vector<int> dist;
  double sum = 0;
  int64_t pairs = 0;
  std::vector<std::vector<int>> from_elem(n);
  for (int a = 0; a < r.terminals; ++a) from_elem[tm[a].inject.element].push_back(a);
  for (int s = 0; s < n; ++s) {
    if (from_elem[s].empty()) continue;
    distances_from(succ, s, dist);
    for (int a : from_elem[s])
      for (int b = 0; b < r.terminals; ++b) {
        if (a == b) continue;
        const int d = dist[tm[b].eject.element];
        if (d < 0) throw std::logic_error("graph: terminal " + std::to_string(b) + " unreachable from " + std::to_string(a));
        sum += d;
        ++pairs;
        r.diameter = std::max(r.diameter, d);
      }
  }
  r.average_distance = pairs ? sum / pairs : 0;
  // Fault tolerance: the smallest of the flows fault_pairs() names, each stopped at the smallest so far.
  if (r.terminals > 1) {
    int best = r.channels + 1;
    MaxFlow max_flow(g);
    const auto pairs = fault_pairs(g);
    const bool planned = plan && plan->settled.size() == pairs.size();
    for (size_t i = 0; i < pairs.size(); ++i) {
      const auto [from, to] = pairs[i];
      // A pair whose short paths reached min(outdeg(from), indeg(to)) has that flow: no second search.
      if (planned && plan->settled[i] >= 0) best = std::min(best, plan->settled[i]);
      else best = std::min(best, max_flow(from, to, best));
    }
    r.fault_tolerance = best > r.channels ? 0 : best - 1;
  }
  // Bisection: the lower half's injection elements to the upper half's ejection elements.
  if (r.terminals > 1) {
    std::vector<int> side(n, 0);  // bit 1: lower half attached, bit 2: upper half attached
    std::vector<int> from, to;
    for (int a = 0; a < r.terminals; ++a) {
      const int half = 2 * a < r.terminals ? 1 : 2;
      side[tm[a].inject.element] |= half;
      side[tm[a].eject.element] |= half;
    }
    bool split = true;
    for (int e = 0; e < n; ++e) split &= side[e] != 3;
    if (split) {
      for (int a = 0; a < r.terminals; ++a) (2 * a < r.terminals ? from : to).push_back(2 * a < r.terminals ? tm[a].inject.element : tm[a].eject.element);
      std::sort(from.begin(), from.end());
      from.erase(std::unique(from.begin(), from.end()), from.end());
      std::sort(to.begin(), to.end());
      to.erase(std::unique(to.begin(), to.end()), to.end());
      r.bisection = set_flow(g, from, to);
    }
  }
  return r;
}

}  // namespace drb
