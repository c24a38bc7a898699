// SPDX-License-Identifier: Apache-2.0
#include "models/drb/drb_world.h"

#include <unordered_map>

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

// The direct networks: nodes are terminals and routers at once; distances and the first and last link of
// every route from tables built by walking the routes from node 0 where the topology is vertex-transitive,
// route by route on meshes.
class DirectWorld final : public DrbWorld {
 public:
  DirectWorld(const SupernodeConstruction& sn, const RoutingFunction& rf, std::shared_ptr<const void> keep)
      : sn_(sn), rf_(rf), t_(sn.topology()), g_(t_), keep_(std::move(keep)) {
    if (&rf.topology() != &t_) throw std::invalid_argument("direct_world: routing is for another topology");
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
  std::string describe() const override { return t_.describe(); }
  std::string kind() const override { return t_.kind(); }
  int terminals() const override { return t_.nodes(); }
  const SupernodeSpec& spec() const override { return sn_.spec(); }
  LineStyle line_style() const override {
    const SupernodeFamily f = sn_.spec().family;
    const bool lines = f == SupernodeFamily::Row || f == SupernodeFamily::Column || f == SupernodeFamily::Plane;
    return lines ? sn_.line_style() : LineStyle::Auto;
  }
  int distance(int a, int b) const override { return g_.ok() ? dist_[g_.sub(b, a)] : t_.distance(a, b); }
  std::vector<int> source(int s) const override { return sn_.source(s); }
  SupernodeSets sets(int s, int d) const override { return sn_.sets(s, d); }
  std::vector<int> excluded(int s) const override { return sn_.excluded(s); }
  std::vector<CandidateMsp> candidates(int src, int dst, int max_len) const override {
    return candidate_msps(sn_, rf_, src, dst, max_len);
  }
  int link_ports() const override { return t_.ports(); }
  int first_port(int a, int b) const override {
    if (g_.ok()) return first_[g_.sub(b, a)];
    int f, l;
    walk(a, b, f, l);
    return f;
  }
  int last_port(int a, int b) const override {
    if (g_.ok()) return last_[g_.sub(b, a)];
    int f, l;
    walk(a, b, f, l);
    return l;
  }
  int ports(int, bool) const override { return t_.ports(); }
  int degree(int t, bool) const override {
    int k = 0;
    for (int p = 0; p < t_.ports(); ++p) k += t_.neighbour(t, p).valid();
    return k;
  }
  bool uniform_sums() const override { return g_.ok(); }

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
  const SupernodeConstruction& sn_;
  const RoutingFunction& rf_;
  const Topology& t_;
  Translations g_;
  std::vector<int> dist_, first_, last_;  // from node 0, indexed by the destination
  std::shared_ptr<const void> keep_;
};

// The graph families: terminals on elements, routes walked with the family's deterministic relation; the
// first and last channel of a route are memoised (the study asks for the same legs many times).
class GraphWorld final : public DrbWorld {
 public:
  GraphWorld(const Interconnect& ic, const RoutingRelation& rf, const GraphSupernodes& sn,
             std::shared_ptr<const void> keep)
      : ic_(ic), g_(ic.graph()), rf_(rf), sn_(sn), keep_(std::move(keep)) {}
  std::string describe() const override { return ic_.describe(); }
  std::string kind() const override { return ic_.kind(); }
  int terminals() const override { return ic_.terminals(); }
  const SupernodeSpec& spec() const override { return sn_.spec(); }
  int distance(int a, int b) const override { return sn_.distance(a, b); }
  std::vector<int> source(int s) const override { return sn_.sets(s, s).src; }  // no family's source side depends on D
  SupernodeSets sets(int s, int d) const override { return sn_.sets(s, d); }
  std::vector<int> excluded(int s) const override {  // the terminals on s's own element: no channel between
    std::vector<int> out;
    for (int d = 0; d < ic_.terminals(); ++d)
      if (sn_.distance(s, d) == 0) out.push_back(d);
    return out;
  }
  std::vector<CandidateMsp> candidates(int src, int dst, int max_len) const override {
    return graph_candidate_msps(ic_, rf_, sn_.sets(src, dst), src, dst, max_len);
  }
  int link_ports() const override { return 0; }
  int first_port(int a, int b) const override { return g_.channels()[ends(a, b).first].from_port; }
  int last_port(int a, int b) const override { return g_.channels()[ends(a, b).second].to_port; }
  int ports(int t, bool out) const override { return g_.elements()[element(t, out)].ports; }
  int degree(int t, bool out) const override {
    const int e = element(t, out);
    int k = 0;
    for (int p = 0; p < g_.elements()[e].ports; ++p) k += (out ? g_.out(e, p) : g_.in(e, p)) >= 0;
    return k;
  }

 private:
  int element(int t, bool out) const {
    return out ? g_.terminals()[t].inject.element : g_.terminals()[t].eject.element;
  }
  std::pair<int, int> ends(int a, int b) const {  // first and last channel of the static route a -> b
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
  const Interconnect& ic_;
  const NetworkGraph& g_;
  const RoutingRelation& rf_;
  const GraphSupernodes& sn_;
  std::shared_ptr<const void> keep_;
  mutable std::unordered_map<uint64_t, std::pair<int, int>> memo_;
};

}  // namespace

std::unique_ptr<DrbWorld> direct_world(const SupernodeConstruction& sn, const RoutingFunction& rf,
                                       std::shared_ptr<const void> keep) {
  return std::make_unique<DirectWorld>(sn, rf, std::move(keep));
}

std::unique_ptr<DrbWorld> graph_world(const Interconnect& ic, const RoutingRelation& rf, const GraphSupernodes& sn,
                                      std::shared_ptr<const void> keep) {
  return std::make_unique<GraphWorld>(ic, rf, sn, std::move(keep));
}

}  // namespace drb
