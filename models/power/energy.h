// SPDX-License-Identifier: Apache-2.0
// Per-event energy (docs/energy.md): what a flit costs in each router it crosses (buffer write and read,
// switch allocation, crossbar) and on each link (per mm), what a head costs per router (route compute, VC
// allocation), and leakage per router and per mm of link. Counted from the run's channel counters, so the
// model adds nothing to a cycle.
//
// The default table is derived from the OSU 0.18 um standard cells (osu018_stdcells.lib, Debian's
// qflow-tech-osu018, the synthesis flow's library): switched capacitance times Vdd^2, with the cells' pin
// capacitances and leakage and the synthesized blocks' NAND2-equivalent gate counts (synth/baseline.json).
// Every constant and formula is below and in docs/energy.md; energy.table=F replaces the table with yours.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace drb {

struct EnergyTable {
  // pJ per flit leaving a router (each flit was written once into its input buffer and is read, granted
  // the switch and crosses the crossbar once per router).
  double buffer_write = 0, buffer_read = 0, sw_alloc = 0, crossbar = 0;
  // pJ per head leaving a router: its route is computed and an output VC allocated once per router.
  double route = 0, vc_alloc = 0;
  double link = 0;                   // pJ per flit per mm of link
  double leak_router = 0;            // mW per router
  double leak_link = 0;              // mW per mm of link
};

// OSU018 constants (osu018_stdcells.lib: nom_voltage, pin capacitances in pF, cell_leakage_power in nW).
namespace osu018 {
constexpr double kVdd = 1.8;
constexpr double kDffClk = 0.0279235, kDffD = 0.00882947, kDffLeak = 0.160725;  // DFFPOSX1
constexpr double kMuxIn = 0.0173455, kMuxLeak = 0.0870033;                        // MUX2X1, pin A
constexpr double kNandIn = 0.0125, kNandLeak = 0.0393659;                         // NAND2X1, pin A
// Rising transitions per data bit and event for random data (a bit is 0 then 1 with probability 1/4): the
// supply delivers C Vdd^2 per rising transition.
constexpr double kActivity = 0.25;
// Wire capacitance per mm: not in a cell library. 0.2 pF/mm, a 0.18 um global wire (the usual planning
// figure); energy.table sets the link energy directly for your process.
constexpr double kWirePfPerMm = 0.2;
// NAND2-equivalent gates (synth/baseline.json, OSU018): the DOR route compute, the 40x40 VC allocator and
// the 5-port 8-VC switch allocator. Per event, the slice of one requester (of 40 input VCs) switches.
constexpr double kRouteGates = 146.1, kVcAllocGates = 26110.4, kSwAllocGates = 3613.4, kRequesters = 40;
}  // namespace osu018

// The table for a router of `ports` ports (network and terminal), `vcs` VCs of `depth` flits, on flits
// of `flit_bits` bits:
//   buffer_write = W (C_clk + a C_d) V^2          W flip-flops clocked, their inputs switching
//   buffer_read  = W a (D - 1) C_mux V^2           a D-entry read multiplexer per bit
//   crossbar     = W a (P - 1) C_mux V^2           an input bit drives a mux input of every other output
//   sw_alloc     = G_sa / 40 a C_nand V^2          one requester's slice of the switch allocator
//   route        = G_rc a C_nand V^2
//   vc_alloc     = G_va / 40 a C_nand V^2
//   link         = W a C_wire V^2                  per mm
//   leak_router  = (P V D W L_dff + P (P - 1) W L_mux + (P G_rc + G_va + G_sa) L_nand) 1e-6 mW
//   leak_link    = 0 (repeaters' leakage at 0.18 um is below the table's precision)
EnergyTable osu018_table(int ports, int vcs, int depth, int flit_bits);

// Reads a table: one "name value" per line (names as the fields above), '#' comments; fields not given
// keep `base`'s values. std::invalid_argument "energy.table: line N: ..." on anything else, and on a text
// that names no entry.
EnergyTable parse_energy_table(const std::string& text, const EnergyTable& base);

// What one run counted, per element and per network channel, in the measured window.
struct EnergyCounts {
  std::vector<uint64_t> flits_out, heads_out;  // per element: flits and heads that left it (any output)
  struct Link {
    int from = -1;  // the sending element
    uint64_t flits = 0;
    double mm = 1;
  };
  std::vector<Link> links;                     // per network channel
};

struct EnergyReport {
  double buffer = 0, sw_alloc = 0, crossbar = 0, route = 0, vc_alloc = 0, link = 0, leakage = 0;  // pJ
  std::vector<double> per_element;  // pJ: dynamic and leakage of the element and of the links it drives
  double total() const { return buffer + sw_alloc + crossbar + route + vc_alloc + link + leakage; }
};

// tables: one per element (or one for all); window_ns: the measured window's length.
EnergyReport account_energy(const std::vector<EnergyTable>& tables, const EnergyCounts& c, double window_ns);

}  // namespace drb
