// SPDX-License-Identifier: Apache-2.0
// The hybrid k_n-ary n_n-direct m_n-indirect family: k^n routers as in an n-dimensional direct network,
// but all routers of one dimension line joined by one small indirect subnet instead of a ring.
//   routers   elements 0 .. k^n - 1, id = sum r_i k^i (dimension 0 fastest); port i (i < n) joins the subnet
//             of dimension i serving the router's line; ports n .. n+p-1 hold terminals router·p + index.
//   subnets   one per (dimension d, line q), q = the router's other coordinates as a mixed-radix number in
//             increasing dimension order; the router with coordinate r_d = j is the subnet's endpoint j:
//             crossbar  one switch of k ports, port j <-> router j's port d (m = 1);
//             fattree   a k_i-ary m-tree (k = k_i^m): endpoint j on switch (0, j / k_i) down port j mod k_i,
//                       wiring as models/topology/fat_tree.h;
//             ruft      a k_i-ary m-stage RUFT of k_i x k_i switches: router j's port d output side feeds
//                       stage 0 input j mod k_i, the last stage delivers to its port d input side.
//   Switch elements follow the routers, subnet by subnet (d major, then q), stage by stage.
#pragma once
#include <string>
#include <vector>

#include "models/topology/graph.h"

namespace drb {

enum class Subnet : uint8_t { Crossbar, FatTree, Ruft };

class Hybrid {
 public:
  // k routers per dimension, n dimensions, m subnet stages (crossbar: 1), p terminals per router.
  // std::invalid_argument naming topology.k, topology.n, topology.stages or topology.concentration.
  // long_extra: cycles a RUFT subnet's links back to the routers take beyond the network's link delay.
  Hybrid(int k, int n, Subnet subnet, int m, int p, int long_extra = 0);
  int k() const { return k_; }
  int n() const { return n_; }
  int m() const { return m_; }
  int ki() const { return ki_; }
  int p() const { return p_; }
  Subnet subnet() const { return subnet_; }
  int routers() const { return routers_; }
  bool is_router(int e) const { return e < routers_; }
  int coord(int r, int d) const { return (r / pow_k_[d]) % k_; }
  int router_of(int terminal) const { return terminal / p_; }
  // A switch element's dimension, stage and offset within its stage.
  int dim(int e) const { return info_[e - routers_].dim; }
  int stage(int e) const { return info_[e - routers_].stage; }
  int offset(int e) const { return info_[e - routers_].offset; }
  int digit(int x, int i) const { return (x / pow_i_[i]) % ki_; }
  int pow_i(int i) const { return pow_i_[i]; }
  std::string describe() const;  // "4-ary 2-direct 2-indirect (FT)"
  std::string port_name(int e, int q) const;
  NetworkGraph graph() const;

 private:
  struct SwitchInfo {
    int dim, stage, offset;
  };
  int k_, n_, m_, ki_, p_, long_extra_, routers_;
  Subnet subnet_;
  std::vector<int> pow_k_, pow_i_;
  std::vector<SwitchInfo> info_;
};

}  // namespace drb
