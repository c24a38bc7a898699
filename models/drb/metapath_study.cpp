// SPDX-License-Identifier: Apache-2.0
#include "models/drb/metapath_study.h"

#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>

#include "models/drb/static_walk.h"
#include "models/topology/kary_ncube.h"

namespace drb {

namespace {

// Node ids as elements of an abelian group (mixed-radix digits on a torus, xor on a hypercube, integers
// mod N on the midimew) such that dist(a, b) = dist(0, b - a) and the static route a -> b is the route
// 0 -> b - a shifted by a with the same ports. Meshes have no such structure.
class Translations {
 public:
  explicit Translations(const Topology& t) : n_(t.nodes()) {
    if (auto* c = dynamic_cast<const KAryNCube*>(&t); c && c->has_wrap()) {
      kind_ = Kind::Digits;
      dims_ = c->dims();
      int stride = 1;
      for (int d = 0; d < dims_; ++d) k_.push_back(c->radix(d)), stride_.push_back(stride), stride *= c->radix(d);
      digits_.resize(static_cast<size_t>(n_) * dims_);
      for (int v = 0; v < n_; ++v)
        for (int d = 0; d < dims_; ++d) digits_[static_cast<size_t>(v) * dims_ + d] = c->coord(v, d);
    } else if (dynamic_cast<const Hypercube*>(&t)) {
      kind_ = Kind::Xor;
    } else if (dynamic_cast<const Midimew*>(&t)) {
      kind_ = Kind::Mod;
    }
  }
  bool ok() const { return kind_ != Kind::None; }
  int sub(int b, int a) const {  // b - a
    switch (kind_) {
      case Kind::Xor: return a ^ b;
      case Kind::Mod: return b >= a ? b - a : b - a + n_;
      default: {
        const int* db = &digits_[static_cast<size_t>(b) * dims_];
        const int* da = &digits_[static_cast<size_t>(a) * dims_];
        int id = 0;
        for (int d = 0; d < dims_; ++d) {
          const int x = db[d] - da[d];
          id += (x < 0 ? x + k_[d] : x) * stride_[d];
        }
        return id;
      }
    }
  }

 private:
  enum class Kind { None, Digits, Xor, Mod } kind_ = Kind::None;
  int n_, dims_ = 0;
  std::vector<int> k_, stride_, digits_;
};

// Distance and the first/last link of the static route between any two nodes. Vertex-transitive
// topologies read tables built by walking the routes from node 0; meshes walk each route.
class Legs {
 public:
  explicit Legs(const RoutingFunction& rf) : rf_(rf), t_(rf.topology()), g_(t_) {
    if (!g_.ok()) return;
    const int n = t_.nodes();
    dist_.assign(n, 0);
    first_.assign(n, -1);
    last_.assign(n, -1);
    for (int x = 1; x < n; ++x) {
      dist_[x] = t_.distance(0, x);
      walk(0, x, first_[x], last_[x]);
    }
  }
  bool transitive() const { return g_.ok(); }
  int dist(int a, int b) const { return g_.ok() ? dist_[g_.sub(b, a)] : t_.distance(a, b); }
  int first_out(int a, int b) const {  // a != b
    if (g_.ok()) return first_[g_.sub(b, a)];
    int f, l;
    walk(a, b, f, l);
    return f;
  }
  int last_in(int a, int b) const {  // a != b
    if (g_.ok()) return last_[g_.sub(b, a)];
    int f, l;
    walk(a, b, f, l);
    return l;
  }

 private:
  void walk(int a, int b, int& first, int& last) const {
    first = -1;
    int lr = -1, lp = -1;
    walk_static_path(rf_, a, {}, b, [&](int r, int p) {
      if (first < 0) first = p;
      lr = r, lp = p;
    });
    last = t_.neighbour(lr, lp).port;
  }
  const RoutingFunction& rf_;
  const Topology& t_;
  Translations g_;
  std::vector<int> dist_, first_, last_;  // from node 0, indexed by the destination
};

// One source supernode with what every destination needs from it: sum of dist(0, i), the first hops of
// the legs 0 -> i, and (lazily) G(j) = sum over i of dist(i, j).
struct SourceSide {
  std::vector<int> nodes;
  int64_t dist_sum = 0;
  uint64_t first_mask = 0;
  bool has_source = false;
  std::vector<int64_t> g;  // -1 = not computed yet
  // Scan order for the last-hop search: a coprime stride through the (sorted) nodes visits far-apart
  // nodes early, so the search usually finds every input link after a few steps and stops.
  size_t stride = 1;
};

// total_from_0 = sum of dist(0, x) over all x: what G(j) is for every j when the supernode is every node of
// a vertex-transitive topology.
SourceSide make_source_side(std::vector<int> nodes, const Legs& legs, int n, int64_t total_from_0) {
  SourceSide s;
  s.nodes = std::move(nodes);
  for (int i : s.nodes) {
    if (i == 0) {
      s.has_source = true;
      continue;
    }
    s.dist_sum += legs.dist(0, i);
    s.first_mask |= uint64_t{1} << legs.first_out(0, i);
  }
  const size_t size = s.nodes.size();
  s.stride = std::max<size_t>(1, static_cast<size_t>(0.618 * static_cast<double>(size)));
  while (std::gcd(s.stride, size) != 1) ++s.stride;
  s.g.assign(n, -1);
  if (legs.transitive() && static_cast<int>(size) == n) s.g.assign(n, total_from_0);
  return s;
}

int64_t g_of(SourceSide& s, const Legs& legs, int j) {
  int64_t& v = s.g[j];
  if (v < 0) {
    v = 0;
    for (int i : s.nodes) v += legs.dist(i, j);
  }
  return v;
}

int degree(const Topology& t, int v) {
  int k = 0;
  for (int p = 0; p < t.ports(); ++p) k += t.neighbour(v, p).valid();
  return k;
}

}  // namespace

// The row's summary from its per-destination L(d) and the link-use sums (shared with the graph study).
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

MetapathStudyRow run_metapath_study(const SupernodeConstruction& sn, const RoutingFunction& rf,
                                    const MetapathStudyOptions& opt) {
  const Topology& t = sn.topology();
  if (&rf.topology() != &t) throw std::invalid_argument("metapath study: routing is for another topology");
  if (t.ports() > 64) throw std::invalid_argument("metapath study: more than 64 ports per node");
  const int n = t.nodes();
  const SupernodeSpec& spec = sn.spec();
  const bool dbl = sn.double_sided();
  const double nan = std::numeric_limits<double>::quiet_NaN();

  MetapathStudyRow row;
  row.topology = t.describe();
  row.kind = t.kind();
  row.nodes = n;
  row.method = supernode_name(spec);
  row.family = family_name(spec.family);
  row.size = spec.size;
  row.size2 = spec.size2;
  if (dbl) row.dga_rule = dga_rule_name(spec.dga_rule);
  if (spec.family == SupernodeFamily::Row || spec.family == SupernodeFamily::Column ||
      spec.family == SupernodeFamily::Plane)
    row.line_style = line_style_name(sn.line_style());
  row.link_use_grade = link_use_grade(spec.family);
  row.per_destination.assign(n, nan);

  const Legs legs(rf);
  int64_t static_sum = 0;
  for (int d = 1; d < n; ++d) static_sum += legs.dist(0, d);
  row.static_distance = static_cast<double>(static_sum) / (n - 1);

  std::vector<char> excluded(n, 0);
  for (int v : sn.excluded(0)) excluded[v] = 1;
  // Source sides keyed by radius: one for every family except DGA rule B, which shrinks it per pair.
  std::map<int, SourceSide> sides;
  const std::vector<int> src0 = sn.source(0);
  row.supernode_nodes = static_cast<int>(src0.size()) * (dbl ? 2 : 1);
  if (!dbl) sides.emplace(-1, make_source_side(src0, legs, n, static_sum));

  const int deg0 = degree(t, 0);
  int64_t used_first = 0, used_last = 0, deg_first = 0, deg_last = 0;
  double nodes_sum = 0;
  const int tick = std::max(1, n / 100);
  for (int d = 1; d < n; ++d) {
    if (opt.progress && d % tick == 0) opt.progress(static_cast<double>(d) / n);
    if (excluded[d]) continue;
    SupernodeSets sets;
    SourceSide* side;
    if (dbl) {
      sets = sn.sets(0, d);
      auto it = sides.find(sets.radius);
      if (it == sides.end())
        it = sides.emplace(sets.radius, make_source_side(sets.src, legs, n, static_sum)).first;
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
      to_dst += legs.dist(j, d);
      cross += g_of(*side, legs, j);
    }
    const int64_t total = nd * side->dist_sum + cross + ns * to_dst;
    const double l = static_cast<double>(total) / static_cast<double>(ns * nd);
    row.per_destination[d] = l;
    nodes_sum += static_cast<double>(ns + (dbl ? nd : 0));

    // First hops: legs 0 -> i (i != 0); MSPs with i = 0 start with 0 -> j, or 0 -> d when j = 0 too.
    uint64_t first = side->first_mask;
    if (side->has_source)
      for (int j : sets.dst) first |= uint64_t{1} << legs.first_out(0, j == 0 ? d : j);
    // Last hops: legs j -> d (j != d); MSPs with j = d end with i -> d, or 0 -> d when i = d too.
    const int degd = degree(t, d);
    uint64_t last = 0;
    bool d_in_dst = false;
    for (int j : sets.dst) {
      if (j == d) d_in_dst = true;
      else last |= uint64_t{1} << legs.last_in(j, d);
    }
    if (d_in_dst)
      for (size_t k = 0, at = 0; k < src.size(); ++k, at = (at + side->stride) % src.size()) {
        if (__builtin_popcountll(last) == degd) break;  // every input link already used
        const int i = src[at];
        last |= uint64_t{1} << legs.last_in(i == d ? 0 : i, d);
      }
    used_first += __builtin_popcountll(first);
    used_last += __builtin_popcountll(last);
    deg_first += deg0;
    deg_last += degd;
    ++row.included;
  }

  finish_metapath_row(row, nodes_sum, used_first, used_last, deg_first, deg_last);
  if (opt.progress) opt.progress(1.0);
  return row;
}

}  // namespace drb
