// SPDX-License-Identifier: Apache-2.0
#include "models/routing/routing.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "models/topology/kary_ncube.h"

namespace drb {

RoutingFunction::RoutingFunction(const Topology& t, const RoutingParams& p) : topo_(t), params_(p) {
  order_ = p.dim_order;
  if (order_.empty())
    for (int d = 0; d < t.dims(); ++d) order_.push_back(d);
  const size_t n = static_cast<size_t>(t.nodes());
  nodes_ = t.nodes();
  wrap_ = t.has_wrap();
  cube_ = dynamic_cast<const KAryNCube*>(&t);
  for (int q = 0; q < t.ports(); ++q) port_dim_.push_back(static_cast<uint8_t>(t.port_dim(q)));
  if (p.next_hop_table && table_bytes(t.nodes(), t.ports()) > 0) {
    // Random ties: a second table with every tie going -, so a tied hop is a lookup too.
    auto build = [&](std::vector<uint8_t>& table, uint16_t tie) {
      table.resize(n * n);
      for (size_t r = 0; r < n; ++r)
        for (size_t d = 0; d < n; ++d) {
          int port, sub;
          dor_compute(static_cast<int>(r), static_cast<uint32_t>(d), 0, tie, port, sub);
          if (port < 0) {
            table[r * n + d] = 0;
            continue;
          }
          const bool t = topo_.tie(static_cast<int>(r), static_cast<int>(d), topo_.port_dim(port));
          table[r * n + d] = static_cast<uint8_t>((port + 1) | (t ? 0x40 : 0) | (sub ? 0x80 : 0));
        }
    };
    build(next_, params_.tie_positive || params_.tie_random ? 0xffff : 0);
    if (params_.tie_random) build(next_neg_, 0);
  }
}

double RoutingFunction::table_bytes(int nodes, int ports) {
  return nodes <= 1024 && ports < 63 ? static_cast<double>(nodes) * nodes : 0;
}

void RoutingFunction::dor(int r, const Header& h, int& port, int& sub) const {
  const uint32_t dst = h.front();
  if (!next_.empty()) {
    const size_t i = static_cast<size_t>(r) * nodes_ + dst;
    uint8_t e = next_[i];
    // A tie in the routed dimension (the same dimension in both tables) follows the packet's tie bit.
    if ((e & 0x40) && params_.tie_random && !((h.tie >> port_dim_[(e & 0x3f) - 1]) & 1)) e = next_neg_[i];
    port = (e & 0x3f) - 1;
    const bool dl = params_.ring_classes != RingClasses::Balanced && port >= 0 && ((h.dateline >> port_dim_[port]) & 1);
    sub = port >= 0 && wrap_ && (dl || (e & 0x80)) ? 1 : 0;
    return;
  }
  dor_compute(r, dst, h.dateline, tie_mask(h), port, sub);
}

bool RoutingFunction::ring_class1(int r, uint32_t dst, int d, int port) const {
  switch (params_.ring_classes) {
    case RingClasses::Dateline:
      return topo_.is_wrap(r, port);  // the wrap link itself; after it the dateline bit says so
    case RingClasses::Partition: {
      // Does the rest of this traversal cross the wrap link? On a k-ary n-cube ring: going +, iff the
      // destination coordinate is below ours; going -, iff above. Elsewhere (the midimew's jump rings) walk it.
      const bool plus = topo_.port_sign(port) > 0;
      if (cube_) {
        const int cr = cube_->coord(r, d), cd = cube_->coord(static_cast<int>(dst), d);
        return plus ? cd < cr : cd > cr;
      }
      const int hops = std::abs(topo_.offset(r, static_cast<int>(dst), d, plus));
      for (int i = 0, x = r; i < hops; ++i) {
        if (topo_.is_wrap(x, port)) return true;
        x = topo_.neighbour(x, port).router;
      }
      return false;
    }
    case RingClasses::Balanced: {
      // Class 1 iff the traversal ends in the half reached across the wrap link: [0, k/2) going +,
      // [k/2, k) going -. Only k-ary n-cube tori have such halves (make_routing refuses others).
      if (!cube_) throw std::logic_error("routing.vc_classes=balanced needs a k-ary n-cube torus");
      const bool low = cube_->coord(static_cast<int>(dst), d) < cube_->radix(d) / 2;
      return topo_.port_sign(port) > 0 ? low : !low;
    }
  }
  return false;
}

void RoutingFunction::dor_compute(int r, uint32_t dst, uint16_t dateline, uint16_t tie, int& port, int& sub) const {
  for (int d : order_) {
    const int off = topo_.offset(r, static_cast<int>(dst), d, ((tie >> d) & 1) != 0);
    if (off == 0) continue;
    port = topo_.port(d, off > 0 ? 1 : -1);
    if (!topo_.has_wrap()) {
      sub = 0;
    } else {
      // Dateline and partition: once the wrap link is crossed (bit set) the class stays 1 for this step.
      const bool dl = params_.ring_classes != RingClasses::Balanced && ((dateline >> d) & 1);
      sub = dl || ring_class1(r, dst, d, port) ? 1 : 0;
    }
    return;
  }
  port = -1;
  sub = 0;
}

RelationNeeds RoutingFunction::needs() const {
  RelationNeeds n;
  n.classes = subclasses();
  n.tie_bits = params_.tie_random ? topo_.dims() : 0;
  // One dimension has one order; ties and ring classes exist only where the topology has them.
  n.reads = (topo_.dims() > 1 ? kReadsDimOrder : 0) | (topo_.has_ties() ? kReadsTie : 0) |
            (topo_.has_wrap() ? kReadsRingClasses : 0);
  return n;
}

SubClassSpec DorRouting::subclasses() const {
  if (topo_.has_wrap()) return {2, -1, {"dl0", "dl1"}};
  return {1, -1, {"dor"}};
}

void DorRouting::route(int r, const Header& h, RouteSet& out) const {
  out.clear();
  int port, sub;
  dor(r, h, port, sub);
  if (port >= 0) out.add(port, sub);
}

// Duato's escape VCs must not queue behind a packet that went adaptive: reallocate only empty VCs.
RelationNeeds AdaptiveRouting::needs() const {
  RelationNeeds n = RoutingFunction::needs();
  n.atomic_vc = true;
  n.multipath = topo_.dims() > 1 || topo_.has_ties();  // one dimension, no tie: the one minimal port

  return n;
}

SubClassSpec AdaptiveRouting::subclasses() const {
  if (topo_.has_wrap()) return {3, 2, {"esc0", "esc1", "adaptive"}};
  return {2, 1, {"esc", "adaptive"}};
}

void AdaptiveRouting::route(int r, const Header& h, RouteSet& out) const {
  out.clear();
  int dport, dsub;
  dor(r, h, dport, dsub);
  if (dport < 0) return;
  const int ad = adaptive_sub();
  out.add(dport, ad);
  for (int d : order_) {
    const int off = topo_.offset(r, static_cast<int>(h.front()), d, tie_positive(h, d));
    if (off == 0) continue;
    const int p = topo_.port(d, off > 0 ? 1 : -1);
    if (p != dport) out.add(p, ad);
    if (topo_.tie(r, static_cast<int>(h.front()), d)) {  // both ring directions minimal
      const int q = topo_.port(d, off > 0 ? -1 : 1);
      if (q != dport && q != p) out.add(q, ad);
    }
  }
  out.add(dport, dsub);
}

std::unique_ptr<RoutingFunction> make_routing(const std::string& algorithm, const Topology& t,
                                              const RoutingParams& p) {
  if (!p.dim_order.empty()) {
    std::vector<int> seen(t.dims(), 0);
    if (static_cast<int>(p.dim_order.size()) != t.dims())
      throw std::invalid_argument("routing.dim_order: must list each of the " + std::to_string(t.dims()) +
                                  " dimensions once");
    for (int d : p.dim_order) {
      if (d < 0 || d >= t.dims() || seen[d]++)
        throw std::invalid_argument("routing.dim_order: must be a permutation of 0.." + std::to_string(t.dims() - 1));
    }
  }
  if (p.ring_classes != RingClasses::Dateline && !t.has_wrap())
    throw std::invalid_argument("routing.vc_classes: a " + t.kind() + " has no rings: leave it at auto or dateline");
  if (p.ring_classes == RingClasses::Balanced && t.kind() != "torus")
    throw std::invalid_argument("routing.vc_classes: balanced needs the halves of a k-ary n-cube torus ring "
                                "(the midimew's jump rings have none); use dateline or partition");
  if (algorithm == "adaptive") {
    if (t.kind() == "midimew")
      throw std::invalid_argument(
          "routing.algorithm: adaptive routing is not offered on the midimew: both jump rings run around the "
          "same numeric circle, so the dateline escape channels gain cyclic indirect dependencies (use dor)");
    return std::make_unique<AdaptiveRouting>(t, p);
  }
  // Every other algorithm (dor, valiant, drb, drb2) routes each step with the static minimal routing.
  return std::make_unique<DorRouting>(t, p);
}

VcLayout::VcLayout(int vcs, int steps, const SubClassSpec& data, const SubClassSpec& ack, const std::vector<int>& split)
    : vcs_(vcs) {
  groups_ = steps + (ack.count > 0 ? 1 : 0);
  if (ack.count > 0) ack_group_ = steps;
  int pool_total = 0;
  for (int g = 0; g < groups_; ++g) {
    const SubClassSpec& s = (g == ack_group_) ? ack : data;
    base_.push_back(static_cast<int>(count_.size()));
    for (int i = 0; i < s.count; ++i) {
      count_.push_back(1);
      first_.push_back(0);
      names_.push_back((g == ack_group_ ? std::string("ack") : "step" + std::to_string(g)) + "." +
                       (i < static_cast<int>(s.names.size()) ? s.names[i] : std::to_string(i)));
      if (i == s.pool) ++pool_total;
    }
  }
  const int c = static_cast<int>(count_.size());
  if (vcs < c) {
    ok_ = false;
    return;
  }
  // Leftover VCs go to the pool sub-classes when there are any (escape VCs stay at one each), otherwise
  // they are spread round-robin from the lowest class, so every class gets floor or ceil of vcs/classes.
  int left = vcs - c;
  if (!split.empty()) {  // an explicit split: at least one VC per class, all of them used
    int sum = 0;
    for (int x : split) sum += x;
    if (static_cast<int>(split.size()) != c || sum != vcs || *std::min_element(split.begin(), split.end()) < 1) {
      ok_ = false;
      return;
    }
    count_ = split;
  } else if (pool_total > 0) {
    int ci = 0;
    std::vector<int> pools;
    for (int g = 0; g < groups_; ++g) {
      const SubClassSpec& s = (g == ack_group_) ? ack : data;
      if (s.pool >= 0) pools.push_back(base_[g] + s.pool);
    }
    while (left > 0) {
      ++count_[pools[ci++ % pools.size()]];
      --left;
    }
  } else {
    for (int i = 0; left > 0; i = (i + 1) % c, --left) ++count_[i];
  }
  int f = 0;
  for (int i = 0; i < c; ++i) {
    first_[i] = f;
    f += count_[i];
  }
  for (int g = 0; g < groups_; ++g) {
    const int end = g + 1 < groups_ ? base_[g + 1] : c;
    int n = 0;
    for (int i = base_[g]; i < end; ++i) n += count_[i];
    gcount_.push_back(n);
  }
}

int VcLayout::class_of_vc(int vc) const {
  int c = 0;
  while (c + 1 < classes() && first_[c + 1] <= vc) ++c;
  return c;
}

std::string VcLayout::class_names() const {
  std::string s;
  for (int i = 0; i < classes(); ++i) s += (i ? ", " : "") + names_[i];
  return s;
}

std::string VcLayout::describe() const {
  std::string s;
  for (int i = 0; i < classes(); ++i) {
    if (i) s += ", ";
    s += names_[i] + "=" + (count_[i] == 1 ? std::to_string(first_[i])
                                           : std::to_string(first_[i]) + ".." +
                                                 std::to_string(first_[i] + count_[i] - 1));
  }
  return s;
}

}  // namespace drb
