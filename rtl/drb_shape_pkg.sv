// SPDX-License-Identifier: Apache-2.0
//
// Constant functions of the network families' shapes, shared by drb_router and its route compute units
// (drb_dor_rc, drb_updown_rc, drb_flatfly_rc, drb_hybrid_rc) and drb_port_shape: one definition of a power, of a
// k-ary n-cube dimension's radix and stride, and of a router's port count.

package drb_shape_pkg;

  // b^e, for constants (Yosys 0.23 takes no `return` in constant functions).
  function automatic int unsigned ipow(int unsigned b, int unsigned e);
    ipow = 1;
    for (int unsigned j = 0; j < e; j++) ipow = ipow * b;
  endfunction

  // A k-ary n-cube's dimension d: its radix (one byte per dimension in radix, low byte first; all k when
  // radix is 0) and the id stride of its coordinate (drb_dor_rc's and drb_port_shape's Radix and K).
  function automatic int unsigned dim_radix(logic [63:0] radix, int unsigned k, int unsigned d);
    if (radix == 64'h0) dim_radix = k;
    else dim_radix = 32'(radix[8*d +: 8]);
  endfunction
  function automatic int unsigned dim_stride(logic [63:0] radix, int unsigned k, int unsigned d);
    dim_stride = 1;
    for (int unsigned i = 0; i < d; i++) dim_stride = dim_stride * dim_radix(radix, k, i);
  endfunction

  // A router's or switch's port count per family (drb_router's Family): a k-ary n-cube router 2n + 1, a
  // k-ary n-tree switch 2 tree_k, a flattened butterfly switch n (k - 1) + its terminals, a binary hypercube
  // router n + 1, a hybrid's router n + its terminals, a hybrid's crossbar k, a hybrid's fat-tree switch
  // 2 tree_k (the subnet's arity), a RUFT switch (a hybrid's or a RUFT's) tree_k, a midimew router 5 (its
  // two jump rings, dims 2).
  function automatic int unsigned router_ports(int unsigned family, int unsigned dims, int unsigned tree_k,
                                               int unsigned k, int unsigned conc);
    router_ports = (family == 0 || family == 9) ? 2 * dims + 1 : (family == 1 || family == 6) ? 2 * tree_k :
                   (family == 2) ? dims * (k - 1) + conc : (family == 3) ? dims + 1 : (family == 4) ? dims + conc :
                   (family == 5) ? k : tree_k;
  endfunction

  // The routers whose one terminal hangs on the last port (the local port), where DEC compares with the
  // router's own id: a k-ary n-cube's, a hypercube's and a midimew's; elsewhere DEC acts at the switch or
  // router the destination terminal hangs on, on the port route compute finds.
  function automatic bit local_port_router(int unsigned family);
    local_port_router = (family == 0 || family == 3 || family == 9);
  endfunction

endpackage
