// SPDX-License-Identifier: Apache-2.0
#include "models/drb/graph_metapath_study.h"

#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace drb {

namespace {

// First and last channel of the static route between two terminals (a on another element than b), memoised.
class Ends {
 public:
  Ends(const Interconnect& ic, const RoutingRelation& rf) : ic_(ic), rf_(rf) {}
  std::pair<int, int> get(int a, int b) {
    const uint64_t key = static_cast<uint64_t>(a) << 32 | static_cast<uint32_t>(b);
    auto it = memo_.find(key);
    if (it != memo_.end()) return it->second;
    int first = -1, last = -1;
    walk_graph_path(ic_, rf_, a, {}, b, [&](int ch) {
      if (first < 0) first = ch;
      last = ch;
    });
    return memo_[key] = {first, last};
  }

 private:
  const Interconnect& ic_;
  const RoutingRelation& rf_;
  std::unordered_map<uint64_t, std::pair<int, int>> memo_;
};

// Channels of one element's side, each counted once.
struct PortSet {
  std::vector<char> in;
  int count = 0;
  void reset(int ports) { in.assign(ports, 0), count = 0; }
  void add(int port) { count += !in[port], in[port] = 1; }
};

}  // namespace

MetapathStudyRow run_graph_metapath_study(const Interconnect& ic, const RoutingRelation& rf, const GraphSupernodes& sn,
                                          const MetapathStudyOptions& opt) {
  const NetworkGraph& g = ic.graph();
  const int n = ic.terminals();
  const SupernodeSpec& spec = sn.spec();
  const bool dbl = spec.family == SupernodeFamily::Dga;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto inj = [&](int t) { return g.terminals()[t].inject.element; };
  auto ej = [&](int t) { return g.terminals()[t].eject.element; };
  auto dist = [&](int a, int b) { return sn.distance(a, b); };

  MetapathStudyRow row;
  row.topology = ic.describe();
  row.kind = ic.kind();
  row.nodes = n;
  row.method = supernode_name(spec);
  row.family = family_name(spec.family);
  row.size = spec.size;
  if (dbl) row.dga_rule = dga_rule_name(spec.dga_rule);
  row.link_use_grade = link_use_grade(spec.family);
  row.per_destination.assign(n, nan);

  int64_t static_sum = 0, reached = 0;
  for (int d = 1; d < n; ++d) static_sum += dist(0, d), reached += dist(0, d) > 0;
  row.static_distance = static_cast<double>(static_sum) / static_cast<double>(reached);

  Ends ends(ic, rf);
  const int e0 = inj(0);
  int deg0 = 0;
  for (int p = 0; p < g.elements()[e0].ports; ++p) deg0 += g.out(e0, p) >= 0;
  const SupernodeSets s0 = sn.sets(0, n > 1 ? 1 : 0);
  const std::vector<int>& src = s0.src;  // every family's source side is fixed for source 0
  row.supernode_nodes = static_cast<int>(src.size()) * (dbl ? 2 : 1);
  int64_t src_sum = 0;
  for (int i : src) src_sum += dist(0, i);
  std::vector<int64_t> gsum(n, -1);  // G(j) = sum over i in src of dist(i, j)
  // Scan order for the last-channel search: a coprime stride visits far-apart terminals early.
  size_t stride = std::max<size_t>(1, static_cast<size_t>(0.618 * static_cast<double>(src.size())));
  while (std::gcd(stride, src.size()) != 1) ++stride;

  int64_t used_first = 0, used_last = 0, deg_first = 0, deg_last = 0;
  double nodes_sum = 0;
  PortSet first, last;
  const int tick = std::max(1, n / 100);
  for (int d = 1; d < n; ++d) {
    if (opt.progress && d % tick == 0) opt.progress(static_cast<double>(d) / n);
    if (dist(0, d) == 0) continue;  // on 0's own element: no channel crossed
    const std::vector<int> dst = dbl ? sn.sets(0, d).dst : std::vector<int>{d};
    const int64_t ns = static_cast<int64_t>(src.size()), nd = static_cast<int64_t>(dst.size());
    int64_t to_dst = 0, cross = 0;
    for (int j : dst) {
      to_dst += dist(j, d);
      int64_t& gj = gsum[j];
      if (gj < 0) {
        gj = 0;
        for (int i : src) gj += dist(i, j);
      }
      cross += gj;
    }
    const double l = static_cast<double>(nd * src_sum + cross + ns * to_dst) / static_cast<double>(ns * nd);
    row.per_destination[d] = l;
    nodes_sum += static_cast<double>(ns + (dbl ? nd : 0));

    // First channel of MSP (i, j): the first leg that leaves 0's element (0 -> i, else i -> j, else j -> d;
    // legs from 0's element start as 0's would, routes depending only on where a packet is and its target).
    first.reset(g.elements()[e0].ports);
    for (int i : src) {
      if (dist(0, i) > 0) {
        first.add(g.channels()[ends.get(0, i).first].from_port);
        continue;
      }
      for (int j : dst) {
        const int a = dist(0, j) > 0 ? j : d;
        first.add(g.channels()[ends.get(0, a).first].from_port);
      }
      if (first.count == deg0) break;
    }
    // Last channel: the last leg that enters d's element (j -> d, else i -> j, else 0 -> i).
    const int ed = ej(d);
    int degd = 0;
    for (int p = 0; p < g.elements()[ed].ports; ++p) degd += g.in(ed, p) >= 0;
    last.reset(g.elements()[ed].ports);
    for (int j : dst) {
      if (dist(j, d) > 0) {
        last.add(g.channels()[ends.get(j, d).second].to_port);
        continue;
      }
      for (size_t k = 0, at = 0; k < src.size() && last.count < degd; ++k, at = (at + stride) % src.size()) {
        const int i = src[at];
        const int from = dist(i, j) > 0 ? i : 0;  // i on j's element: the leg 0 -> i enters it
        last.add(g.channels()[ends.get(from, from == i ? j : i).second].to_port);
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

}  // namespace drb
