// SPDX-License-Identifier: Apache-2.0
// Routing relations of the direct networks (k-ary n-cube family, midimew): dimension-order routing and the
// Duato adaptive relation built on it, with the ring VC-class schemes and the DOR next-hop table.
// The relation interface and the registry are in relation.h and registry.h.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "models/routing/relation.h"
#include "models/topology/topology.h"

namespace drb {

// How a ring's two dateline VC classes are assigned (tori; every scheme is checked by the CDG test):
//  dateline   class 0 until the wrap link, class 1 on it and after it (the thesis' router);
//  partition  class 1 for the whole traversal of a ring if the route crosses the wrap link, else class 0;
//  balanced   two datelines per ring direction, the wrap link and the link into coordinate floor(k/2): a
//             traversal ending in the half reached across the wrap link uses class 1, the others class 0.
//             Neither class can cross its own dateline, so both are acyclic; the two classes share the load.
enum class RingClasses : uint8_t { Dateline, Partition, Balanced };

struct RoutingParams {
  std::vector<int> dim_order;  // empty = increasing
  bool tie_positive = true;
  bool tie_random = false;     // ring ties by the packet's tie bits (Header::tie), drawn per packet
  RingClasses ring_classes = RingClasses::Dateline;
  bool next_hop_table = true;  // false: no DOR table (a relation built only to be checked, not routed on)
  bool nf_misroute = true;           // negative_first: misroute when every minimal channel is busy
  bool nf_misroute_at_source = true;  //   a packet from its NI may misroute at once
};

class RoutingFunction : public RoutingRelation {
 public:
  RelationNeeds needs() const override;
  uint16_t hop_dateline(int r, int p) const override {
    return topo_.is_wrap(r, p) ? static_cast<uint16_t>(1u << topo_.port_dim(p)) : 0;
  }
  const Topology& topology() const { return topo_; }
  const RoutingParams& params() const { return params_; }
  // Bytes of the DOR next-hop table a routing function builds for a network of this size.
  static double table_bytes(int nodes, int ports);

 protected:
  RoutingFunction(const Topology& t, const RoutingParams& p);
  // Dimension-order output at r towards dst: (port, dateline sub-class); port < 0 if r == dst.
  void dor(int r, const Header& h, int& port, int& sub) const;
  void dor_compute(int r, uint32_t dst, uint16_t dateline, uint16_t tie, int& port, int& sub) const;
  // The ring class of a hop from r on port (dimension d) towards dst, before the dateline bits are applied.
  bool ring_class1(int r, uint32_t dst, int d, int port) const;
  // Per dimension, does a ring tie go +? The packet's tie bits with random ties, else the fixed rule.
  uint16_t tie_mask(const Header& h) const {
    return params_.tie_random ? h.tie : params_.tie_positive ? uint16_t{0xffff} : uint16_t{0};
  }
  bool tie_positive(const Header& h, int d) const { return ((tie_mask(h) >> d) & 1) != 0; }
  const Topology& topo_;
  RoutingParams params_;
  std::vector<int> order_;
  // DOR next hop per (router, destination): port + 1 (0 = arrived) in bits 0-5, a ring tie in the routed
  // dimension in bit 6 (random ties then read next_neg_ for a - tie), the class-1 flag in bit 7. Built for
  // networks of up to 1024 nodes (1 MB); beyond that the table misses the caches and computing the hop
  // from coordinates is faster (models_bench).
  std::vector<uint8_t> next_;
  std::vector<uint8_t> next_neg_;  // routing.tie=random: the same with every tie going -
  // Topology facts the table lookup needs, cached to keep virtual calls off the per-hop path.
  int nodes_ = 0;
  bool wrap_ = false;
  std::vector<uint8_t> port_dim_;
  // The topology as a k-ary n-cube (null otherwise): ring classes read coordinates on the per-hop path of
  // networks too large for the table, so the cast is done once here.
  const class KAryNCube* cube_ = nullptr;
};

// Dimension-order routing (e-cube on hypercubes) with dateline VC classes on rings.
class DorRouting : public RoutingFunction {
 public:
  DorRouting(const Topology& t, const RoutingParams& p) : RoutingFunction(t, p) {}
  std::string name() const override { return "dor"; }
  SubClassSpec subclasses() const override;
  void route(int r, const Header& h, RouteSet& out) const override;
};

// Minimal fully adaptive routing with a Duato escape sub-network (DOR with datelines).
// Preference: an adaptive VC on the DOR port, then adaptive VCs on the other minimal ports, then the
// escape VC on the DOR port.
class AdaptiveRouting : public RoutingFunction {
 public:
  AdaptiveRouting(const Topology& t, const RoutingParams& p) : RoutingFunction(t, p) {}
  std::string name() const override { return "adaptive"; }
  SubClassSpec subclasses() const override;
  RelationNeeds needs() const override;
  void route(int r, const Header& h, RouteSet& out) const override;
  bool is_escape(int sub) const override { return sub != adaptive_sub(); }
  int adaptive_sub() const { return topo_.has_wrap() ? 2 : 1; }
};

std::unique_ptr<RoutingFunction> make_routing(const std::string& algorithm, const Topology& t,
                                              const RoutingParams& p);

// How the VCs of every port are split among (group, sub-class). Groups: data steps 0..steps-1, then acks.
class VcLayout {
 public:
  // data: sub-classes of the data routing function; ack: of the ack routing (count 0 = no ack group).
  // split (router.vc_split): VCs per class in layout order (groups, then sub-classes), replacing the default
  // rule; it must give every class at least one VC and add up to vcs, else ok() is false.
  VcLayout(int vcs, int steps, const SubClassSpec& data, const SubClassSpec& ack, const std::vector<int>& split = {});
  int groups() const { return groups_; }
  int classes() const { return static_cast<int>(first_.size()); }
  int needed() const { return classes(); }
  bool ok() const { return ok_; }
  int cls(int group, int sub) const { return base_[group] + sub; }
  int class_of_vc(int vc) const;  // the class whose VCs include vc
  int first(int cls) const { return first_[cls]; }
  int count(int cls) const { return count_[cls]; }
  int ack_group() const { return ack_group_; }
  int vcs() const { return vcs_; }
  // All VCs of a group (every sub-class): where an NI may inject a packet of that group.
  int group_first(int g) const { return first_[base_[g]]; }
  int group_count(int g) const { return gcount_[g]; }
  std::string describe() const;
  std::string class_names() const;  // "step0.dl0, step0.dl1, ..." in layout order

 private:
  int vcs_, groups_, ack_group_ = -1;
  bool ok_ = true;
  std::vector<int> base_, first_, count_, gcount_;
  std::vector<std::string> names_;
};

}  // namespace drb
