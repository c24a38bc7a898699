// SPDX-License-Identifier: Apache-2.0
#include "systemc/cosim/rtl_config.h"

#if DRB_HAVE_RTL
#include "drb_rtl_pkg.h"  // generated with the SystemVerilog package: the real layout of the RTL
#endif

namespace drb::cosim {

#if DRB_HAVE_RTL
bool rtl_built() { return true; }
LayoutParams rtl_layout() {
  return LayoutParams{rtl_pkg::kNodes, rtl_pkg::kLatencyBits, rtl_pkg::kSeqBits, rtl_pkg::kDims, rtl_pkg::kMaxLength};
}
#else
bool rtl_built() { return false; }
LayoutParams rtl_layout() { return LayoutParams{}; }
#endif

std::string rtl_unsupported(Block b, const NetParams& p, int nodes, int dims, int router_ports) {
  if (!rtl_built()) return "this build has no RTL (configured with DRB_NO_RTL)";
  if (b == Block::Xbar) {
    // The RTL arbiter is the round-robin crossbar arbiter of separable allocation.
    if (p.sa_islip) return "router.alloc.sa=islip has no RTL crossbar arbiter block (router.impl=rtl runs iSLIP in the whole router)";
    if (p.age_arbiter) return "router.arbiter=age has no RTL crossbar arbiter yet (use rr with RTL blocks)";
    if (rtl_xbar_covers(router_ports)) return "";
    return "no Verilated crossbar arbiter for routers of " + std::to_string(router_ports) +
           " ports (instances exist for 3 and 5, see rtl/CMakeLists.txt)";
  }
  if (b == Block::Va || b == Block::Sa) {
    // The RTL allocators are separable with round-robin arbiters (the switch allocator's output stage is the
    // crossbar arbiter), Verilated for the routers rtl_alloc_covers lists.
    const bool va = b == Block::Va;
    const std::string what = va ? "VC allocator" : "switch allocator";
    if (va ? p.va_islip : p.sa_islip)
      return std::string("router.alloc.") + (va ? "va" : "sa") + "=islip has no RTL " + what +
             " block (router.impl=rtl runs iSLIP in the whole router)";
    if (p.age_arbiter) return "router.arbiter=age has no RTL " + what + " yet (use rr with RTL blocks)";
    if (rtl_alloc_covers(router_ports, p.vcs)) return "";
    return "no Verilated " + what + " for routers of " + std::to_string(router_ports) + " ports and " +
           std::to_string(p.vcs) + " VCs (instances: 5 ports with 2, 4 or 8 VCs, 3 ports with 2 or 4; "
           "rtl/CMakeLists.txt)";
  }
  const LayoutParams g = rtl_layout();
  // "<what> <have>, the RTL header package <verb> <gen> (reconfigure with -DDRB_HDR_<var>=<have>)"
  auto refuse = [](const std::string& what, int have, const std::string& verb, int gen, const char* var) {
    return what + " " + std::to_string(have) + ", the RTL header package " + verb + " " + std::to_string(gen) +
           " (reconfigure with -DDRB_HDR_" + var + "=" + std::to_string(have) + ")";
  };
  if (p.al_width != g.latency_bits) return refuse("al.width is", p.al_width, "has W =", g.latency_bits, "LATENCY_BITS");
  if (b == Block::Al) return "";
  if (nodes > g.nodes) return refuse("the network has nodes:", nodes, "holds at most", g.nodes, "NODES");
  if (dims > g.dims) return refuse("the network routes dimensions:", dims, "holds at most", g.dims, "DIMS");
  if (p.routing.tie_random)  // the Verilated blocks' header carries no tie bits: they would be lost in them
    return "routing.tie=random needs the header's tie bits, which the RTL header package does not carry "
           "(use routing.tie=positive or negative with RTL blocks)";
  if (p.seq_bits > g.seq_bits) return refuse("ni.seq_bits is", p.seq_bits, "has", g.seq_bits, "SEQ_BITS");
  if (p.max_length > g.max_length)
    return refuse("the longest packet has flits:", p.max_length, "holds at most", g.max_length, "MAX_LENGTH");
  if (b == Block::Gmr && p.gmr_threshold >= (uint64_t{1} << g.latency_bits))
    return "drb2.threshold " + std::to_string(p.gmr_threshold) + " does not fit the RTL's " +
           std::to_string(g.latency_bits) + "-bit threshold register";
  return "";
}

}  // namespace drb::cosim
