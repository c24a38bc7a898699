// SPDX-License-Identifier: Apache-2.0
#include "models/drb/metapath_study.h"

#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>


namespace drb {

namespace {

// Channels of one element's side, each counted once.
struct PortSet {
  std::vector<char> in;
  int count = 0;
  void reset(int ports) { in.assign(ports, 0), count = 0; }
  void add(int port) { count += !in[port], in[port] = 1; }
};

// One source supernode with what every destination needs from it: sum of dist(0, i), the first ports of
// the legs 0 -> i that leave 0's element, and (lazily) G(j) = sum over i of dist(i, j).
struct SourceSide {
  std::vector<int> nodes;
  int64_t dist_sum = 0;
  std::vector<int> first_ports;
  bool has_local = false;  // some i on 0's element: its MSPs leave by a later leg
  std::vector<int64_t> g;  // -1 = not computed yet
  // Scan order for the last-port search: a coprime stride through the (sorted) nodes visits far-apart
  // nodes early, so the search usually finds every input port after a few steps and stops.
  size_t stride = 1;
};

// total_from_0 = sum of dist(0, x) over all x: what G(j) is for every j when the supernode is every
// terminal of a world with uniform sums.
SourceSide make_source_side(std::vector<int> nodes, const DrbWorld& w, int64_t total_from_0) {
  SourceSide s;
  s.nodes = std::move(nodes);
  for (int i : s.nodes) {
    if (w.distance(0, i) == 0) {
      s.has_local = true;
      continue;
    }
    s.dist_sum += w.distance(0, i);
    s.first_ports.push_back(w.first_port(0, i));
  }
  const size_t size = s.nodes.size();
  s.stride = std::max<size_t>(1, static_cast<size_t>(0.618 * static_cast<double>(size)));
  while (std::gcd(s.stride, size) != 1) ++s.stride;
  const int n = w.terminals();
  s.g.assign(n, -1);
  if (w.uniform_sums() && static_cast<int>(size) == n) s.g.assign(n, total_from_0);
  return s;
}

int64_t g_of(SourceSide& s, const DrbWorld& w, int j) {
  int64_t& v = s.g[j];
  if (v < 0) {
    v = 0;
    for (int i : s.nodes) v += w.distance(i, j);
  }
  return v;
}

}  // namespace

// The row's summary from its per-destination L(d) and the link-use sums.
void finish_metapath_row(MetapathStudyRow& row, double nodes_sum, int64_t used_first, int64_t used_last,
                         int64_t deg_first, int64_t deg_last) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (row.included == 0) {
    row.average_distance = row.std_dev = row.elongation_pct = row.min_distance = row.max_distance = nan;
    row.supernode_nodes_mean = row.link_use = row.link_use_src = row.link_use_dst = nan;
  } else {
    double sum = 0, mn = std::numeric_limits<double>::infinity(), mx = -mn;
    for (double l : row.per_destination)
      if (!std::isnan(l)) sum += l, mn = std::min(mn, l), mx = std::max(mx, l);
    const double mean = sum / row.included;
    double var = 0;  // two passes: the variance of values that are all close to the mean stays exact
    for (double l : row.per_destination)
      if (!std::isnan(l)) var += (l - mean) * (l - mean);
    row.average_distance = mean;
    row.std_dev = std::sqrt(var / row.included);
    row.elongation_pct = 100.0 * (mean - row.static_distance) / row.static_distance;
    row.min_distance = mn;
    row.max_distance = mx;
    row.supernode_nodes_mean = nodes_sum / row.included;
    row.link_use_src = static_cast<double>(used_first) / static_cast<double>(deg_first);
    row.link_use_dst = static_cast<double>(used_last) / static_cast<double>(deg_last);
    row.link_use = static_cast<double>(used_first + used_last) / static_cast<double>(deg_first + deg_last);
  }
}

MetapathStudyRow run_metapath_study(const DrbWorld& w, const MetapathStudyOptions& opt) {
  const int n = w.terminals();
  const SupernodeSpec& spec = w.spec();
  const bool dbl = spec.family == SupernodeFamily::Dga;
  const double nan = std::numeric_limits<double>::quiet_NaN();

  MetapathStudyRow row;
  row.topology = w.describe();
  row.kind = w.kind();
  row.nodes = n;
  row.method = supernode_name(spec);
  row.family = family_name(spec.family);
  row.size = spec.size;
  row.size2 = spec.size2;
  if (dbl) row.dga_rule = dga_rule_name(spec.dga_rule);
  if (w.line_style() != LineStyle::Auto) row.line_style = line_style_name(w.line_style());
  row.link_use_grade = link_use_grade(spec.family);
  row.per_destination.assign(n, nan);

  // D_static over every destination a channel away (on a direct network: all N - 1).
  int64_t static_sum = 0, reached = 0;
  for (int d = 1; d < n; ++d) static_sum += w.distance(0, d), reached += w.distance(0, d) > 0;
  row.static_distance = static_cast<double>(static_sum) / static_cast<double>(reached);

  std::vector<char> excluded(n, 0);
  for (int v : w.excluded(0)) excluded[v] = 1;
  // Source sides keyed by radius: one for every family except DGA rule B, which shrinks it per pair.
  std::map<int, SourceSide> sides;
  const std::vector<int> src0 = w.source(0);
  row.supernode_nodes = static_cast<int>(src0.size()) * (dbl ? 2 : 1);
  if (!dbl) sides.emplace(-1, make_source_side(src0, w, static_sum));

  const int deg0 = w.degree(0, true);
  int64_t used_first = 0, used_last = 0, deg_first = 0, deg_last = 0;
  double nodes_sum = 0;
  PortSet first, last;
  const int tick = std::max(1, n / 100);
  for (int d = 1; d < n; ++d) {
    if (opt.progress && d % tick == 0) opt.progress(static_cast<double>(d) / n);
    if (excluded[d]) continue;
    SupernodeSets sets;
    SourceSide* side;
    if (dbl) {
      sets = w.sets(0, d);
      auto it = sides.find(sets.radius);
      if (it == sides.end()) it = sides.emplace(sets.radius, make_source_side(sets.src, w, static_sum)).first;
      side = &it->second;
    } else {
      side = &sides.begin()->second;
      sets.dst = {d};
    }
    const auto& src = side->nodes;
    const int64_t ns = static_cast<int64_t>(src.size()), nd = static_cast<int64_t>(sets.dst.size());

    // Sum over all MSPs (i, j) of dist(0,i) + dist(i,j) + dist(j,d), term by term.
    int64_t to_dst = 0, cross = 0;
    for (int j : sets.dst) {
      to_dst += w.distance(j, d);
      cross += g_of(*side, w, j);
    }
    const int64_t total = nd * side->dist_sum + cross + ns * to_dst;
    const double l = static_cast<double>(total) / static_cast<double>(ns * nd);
    row.per_destination[d] = l;
    nodes_sum += static_cast<double>(ns + (dbl ? nd : 0));

    // First ports: the first leg that leaves 0's element. Legs 0 -> i when i is elsewhere; an MSP whose i is
    // on 0's element starts with 0 -> j, or 0 -> d when j is there too (routes depend only on where a packet
    // is and its target, so a leg from i leaves as one from 0 would).
    first.reset(w.ports(0, true));
    for (int p : side->first_ports) first.add(p);
    if (side->has_local)
      for (int j : sets.dst) first.add(w.first_port(0, w.distance(0, j) > 0 ? j : d));
    // Last ports: the last leg that enters d's element. Legs j -> d when j is elsewhere; an MSP whose j is on
    // d's element ends with i -> j, or 0 -> i when i is there too.
    const int degd = w.degree(d, false);
    last.reset(w.ports(d, false));
    for (int j : sets.dst) {
      if (w.distance(j, d) > 0) {
        last.add(w.last_port(j, d));
        continue;
      }
      for (size_t k = 0, at = 0; k < src.size() && last.count < degd; ++k, at = (at + side->stride) % src.size()) {
        const int i = src[at];
        last.add(w.distance(i, j) > 0 ? w.last_port(i, j) : w.last_port(0, i));
      }
    }
    used_first += first.count;
    used_last += last.count;
    deg_first += deg0;
    deg_last += degd;
    ++row.included;
  }

  finish_metapath_row(row, nodes_sum, used_first, used_last, deg_first, deg_last);
  if (opt.progress) opt.progress(1.0);
  return row;
}

MetapathStudyRow run_metapath_study(const SupernodeConstruction& sn, const RoutingFunction& rf,
                                    const MetapathStudyOptions& opt) {
  return run_metapath_study(*direct_world(sn, rf), opt);
}

}  // namespace drb
