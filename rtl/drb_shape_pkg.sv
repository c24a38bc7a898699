// SPDX-License-Identifier: Apache-2.0
//
// Constant functions of the network families' shapes, shared by drb_router and its route compute units
// (drb_updown_rc, drb_flatfly_rc, drb_hybrid_rc): one definition of a power and of a router's port count.

package drb_shape_pkg;

  // b^e, for constants (Yosys 0.23 takes no `return` in constant functions).
  function automatic int unsigned ipow(int unsigned b, int unsigned e);
    ipow = 1;
    for (int unsigned j = 0; j < e; j++) ipow = ipow * b;
  endfunction

  // A router's or switch's port count per family (drb_router's Family): a k-ary n-cube router 2n + 1, a
  // k-ary n-tree switch 2 tree_k, a flattened butterfly switch n (k - 1) + its terminals, a binary hypercube
  // router n + 1, a hybrid's router n + its terminals, a hybrid's crossbar k, a hybrid's fat-tree switch
  // 2 tree_k (the subnet's arity), a RUFT switch (a hybrid's or a RUFT's) tree_k.
  function automatic int unsigned router_ports(int unsigned family, int unsigned dims, int unsigned tree_k,
                                               int unsigned k, int unsigned conc);
    router_ports = (family == 0) ? 2 * dims + 1 : (family == 1 || family == 6) ? 2 * tree_k :
                   (family == 2) ? dims * (k - 1) + conc : (family == 3) ? dims + 1 : (family == 4) ? dims + conc :
                   (family == 5) ? k : tree_k;
  endfunction

endpackage
