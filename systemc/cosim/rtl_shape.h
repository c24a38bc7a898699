// SPDX-License-Identifier: Apache-2.0
// Which Verilated drb_router an element of a network is (router.impl=rtl): the configuration ("shape")
// equal to the element's routers or switches, found among those the build verilated or described for a
// verilation on first use, with Verilator's parameters for it. The element adapter (rtl_router.h) builds
// on it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/fabric/net_types.h"
#include "systemc/router/router_config.h"

namespace drb::cosim {

// A Verilated configuration (rtl/CMakeLists.txt, DRB_ROUTER_CONFIGS, or one verilated on first use). Not
// parameters because every configuration has them: DRB's blocks present, early acks of one flit. The
// build's configurations have the default stage delays (route compute, VC allocation and DEC's extra pass
// 1 cycle each, switch allocation plus traversal 2).
inline constexpr uint64_t kIdentityOrder = 0xfedcba9876543210ull;  // DimOrder: dimension i at position i
enum Tie { kTieNegative = 0, kTiePositive = 1, kTieRandom = 2 };
struct Shape {
  const char* name;
  int family;          // 0 a k-ary n-cube router, 1 a k-ary n-tree switch, 2 a flattened butterfly switch,
                       // 3 a binary hypercube router; a hybrid's 4 router, 5 crossbar, 6 fat-tree switch,
                       // 7 RUFT switch; 8 a RUFT's switch; 9 a midimew router (drb_router's Family)
  int sw_k, sw_n;      // the tree's (the RUFT's) arity and stages; the flattened butterfly's (the hybrid's) k, n
  int sw_conc;         //   and its terminals per switch (router)
  int idw;             // bits of an element id
  int dims;            // the (hyper)cube's dimensions (switches: 1, the header's one unused dateline bit)
  uint64_t radix;      // per dimension d, bits [8d, 8d + 8): its radix
  bool wrap;           // torus (or mesh)
  uint64_t dim_order;  // position i, bits [4i, 4i + 4): the i-th dimension routed
  int tie;
  int vcs, depth, vc_classes;
  uint64_t group_base, class_first, class_count;
  int ack_group;
  bool high_prio, gmr;
  bool adaptive = false;  // minimal adaptive around DOR (k-ary n-cube), escape-adaptive (flattened butterfly, hybrid)
  bool atomic = false;    // output VCs reallocated once empty (router.vc_realloc=atomic)
  int ni_channels = 1;    // a k-ary n-cube's, hypercube's or midimew's local ports (topology.ni_channels)
  int trunk = 1;          // a k-ary n-cube's links a direction (topology.trunk)
  bool trunk_cyclic = false;  //   tried from the member after the last granted (router.trunk_select=cyclic)
  bool vct = false;       // virtual cut-through: a VC taken only with room for the packet (router.switching=vct)
  bool sa_islip = false;  // switch allocation iSLIP (router.alloc.sa=islip)
  bool va_islip = false;  // VC allocation iSLIP (router.alloc.va=islip)
  bool negfirst = false;  // negative-first on a mesh (its router), with misroutes
  bool misroute = true, misroute_at_source = true;  //   (routing.misroute, routing.misroute_at_source)
  int tree_up = 0;  // a k-ary n-tree's up phase (drb_router's TreeUp): 0 up/down's port; adaptive 1 first_free,
                   // 2 lowest, 3 sadp, 4 random
  int sub_k = 0, sub_m = 0;  // a hybrid's subnet: switch arity k_i and stages m (a crossbar: k and 1)
  // A midimew's nodes N, long jump b and ROM of jump counts (drb_midimew_rc's Table, as Verilator's
  // hexadecimal digits, jump_w bits a count).
  int mm_n = 0, mm_b = 0, jump_w = 0;
  std::string jumps{};
  // The stage delays (drb_router's DRc, DVa, DDec, OutDelay: router.delay.rc, .va, .dec, .sa + .st).
  int d_rc = 1, d_va = 1, d_dec = 1, out_delay = 2;
  int al_tick = 1;  // AL's timer unit in cycles (drb_router's AlTick: al.tick)
  // drb_shape_pkg::router_ports
  int ports() const {
    switch (family) {
      case 0: return 2 * dims * trunk + ni_channels;
      case 9: return 2 * dims + ni_channels;
      case 1: return 2 * sw_k;
      case 2: return sw_n * (sw_k - 1) + sw_conc;
      case 3: return dims + ni_channels;
      case 4: return sw_n + sw_conc;
      case 5: return sw_k;
      case 6: return 2 * sub_k;
      case 7: return sub_k;
      default: return sw_k;
    }
  }
  bool cube_like() const { return family == 0 || family == 3 || family == 9; }
};

// The configuration equal to cfg's element `elem` (a hybrid has two: its routers and its subnets'
// switches): one the build verilated, or (name "") one to verilate on first use; false with the reason
// ("key: why") in why.
bool find_shape(const RouterConfig& cfg, const NetParams& net, int elem, Shape& found, std::string& why);
// Which kind of element elem is, 0 or 1: elements of one kind have one configuration (a hybrid's routers
// and its subnets' switches are its two kinds).
int element_kind(const Interconnect& ic, int elem);
// Throws std::logic_error unless element elem has the configuration's port count: the topology and the
// configuration disagreeing is a defect, not a user's error.
void require_ports(const Interconnect& ic, int elem, const Shape& s);
// Verilator's parameters of a configuration (drb_router.sv's).
std::vector<std::string> gparams(const Shape& s);
// A configuration in words, for the first-use message and the refusal listing the built ones.
std::string describe(const Shape& s);

}  // namespace drb::cosim
