// SPDX-License-Identifier: Apache-2.0
// The per-event energy model (stats.energy, docs/energy.md): the OSU018 table against its formulas worked
// by hand; the user's table read and refused with its line; one packet on a known path costing exactly
// what its hops add up to; leakage over the window; the power time series against the window's total.
#include <gtest/gtest.h>

#include <fstream>

#include "models/power/energy.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

// Every event a known, distinct power of two: a total identifies which events were counted how often.
const char* kRound =
    "# a hand table\nbuffer_write 1\nbuffer_read 2\nsw_alloc 4\ncrossbar 8\nroute 16\nvc_alloc 32\nlink 64\n"
    "leak_router 0\nleak_link 0\n";

nlohmann::json energy_of(const std::vector<std::string>& extra) {
  const std::string trace = test_tmp("one.trace"), table = test_tmp("round.tab"), json = test_tmp("e.json");
  std::ofstream(trace) << "0 0 3 4\n";  // one 4-flit message, node 0 to node 3
  std::ofstream(table) << kRound;
  std::vector<std::string> args{"topology.kind=mesh", "topology.k=4", "traffic.pattern=trace", "traffic.trace=" + trace,
                                "sim.warmup=0", "sim.measure=1000", "stats.energy=true", "energy.table=" + table,
                                "out.json=" + json};
  args.insert(args.end(), extra.begin(), extra.end());
  const Exec e = drbsim_argv(args);
  EXPECT_EQ(e.code, 0) << e.err;
  return nlohmann::json::parse(slurp(json))["runs"][0]["result"]["energy"];
}

}  // namespace

// The table for a 5-port router, 2 VCs of 8 flits, 64-bit flits, worked by hand from the cells' numbers
// (Vdd^2 = 3.24; a = 0.25):
//   buffer_write = 64 (0.0279235 + 0.25 x 0.00882947) 3.24      = 6.247937
//   buffer_read  = 64 x 0.25 x 7 x 0.0173455 x 3.24             = 6.294335
//   crossbar     = 64 x 0.25 x 4 x 0.0173455 x 3.24             = 3.596763
//   route        = 146.1 x 0.25 x 0.0125 x 3.24                 = 1.479263
//   vc_alloc     = 26110.4 / 40 x 0.25 x 0.0125 x 3.24          = 6.609195
//   sw_alloc     = 3613.4 / 40 x 0.25 x 0.0125 x 3.24           = 0.914642
//   link         = 64 x 0.25 x 0.2 x 3.24                       = 10.368 per mm
//   leak_router  = (5x2x8x64 x 0.160725 + 5x4x64 x 0.0870033 + (5x146.1 + 26110.4 + 3613.4) x 0.0393659) 1e-6
//                = (822.912 + 111.364224 + 1198.860928) 1e-6 mW  = 0.002133137
TEST(Energy, TheOsu018TableIsItsFormulas) {
  const EnergyTable t = osu018_table(5, 2, 8, 64);
  EXPECT_NEAR(t.buffer_write, 6.247937, 1e-5);
  EXPECT_NEAR(t.buffer_read, 6.294335, 1e-5);
  EXPECT_NEAR(t.crossbar, 3.596763, 1e-5);
  EXPECT_NEAR(t.route, 1.479263, 1e-5);
  EXPECT_NEAR(t.vc_alloc, 6.609195, 1e-5);
  EXPECT_NEAR(t.sw_alloc, 0.914642, 1e-5);
  EXPECT_NEAR(t.link, 10.368, 1e-9);
  EXPECT_NEAR(t.leak_router, 0.002133137, 1e-9);
  EXPECT_EQ(t.leak_link, 0.0);
  // The datapath parts scale with the flit's bits, the read mux with the depth, the crossbar with the ports.
  EXPECT_NEAR(osu018_table(5, 2, 8, 128).buffer_write, 2 * t.buffer_write, 1e-9);
  EXPECT_NEAR(osu018_table(5, 2, 16, 64).buffer_read, t.buffer_read * 15 / 7, 1e-9);
  EXPECT_NEAR(osu018_table(9, 2, 8, 64).crossbar, 2 * t.crossbar, 1e-9);
}

TEST(Energy, AUserTableOverridesWhatItNamesAndIsRefusedWithItsLine) {
  const EnergyTable base = osu018_table(5, 2, 8, 64);
  const EnergyTable t = parse_energy_table("# mine\nlink 3.5   # 45 nm\n\nroute 0\n", base);
  EXPECT_EQ(t.link, 3.5);
  EXPECT_EQ(t.route, 0.0);
  EXPECT_EQ(t.buffer_write, base.buffer_write);
  const std::vector<std::pair<std::string, std::string>> bad{
      {"link 1\nlnk 2\n", "energy.table: line 2: unknown name 'lnk'"},
      {"link\n", "energy.table: line 1: expected: <name> <value>"},
      {"link 1 2\n", "energy.table: line 1: expected"},
      {"link -1\n", "energy.table: line 1: link must be a number 0..1e9, got '-1'"},
      {"link nan\n", "must be a number"},
      {"link 1e99\n", "must be a number"},
      {"link 1x\n", "must be a number"},
      {"link 1\n\nlink 2\n", "energy.table: line 3: link given twice"},
      {"", "energy.table: names no entry"},
      {"# only a comment\n\n", "energy.table: names no entry"},
  };
  for (const auto& [text, want] : bad) {
    try {
      parse_energy_table(text, base);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  }
}

// One 4-flit packet from node 0 to node 3 of a 4x4 mesh: DOR crosses routers 0, 1, 2, 3 and the three
// links between them. Per router 4 flits x (1 + 2 + 4 + 8) + 1 head x (16 + 32) = 108, four routers 432;
// per link 4 flits x 64 pJ x 1 mm = 256, three links 768: 1,200 pJ, 300 per flit.
TEST(Energy, OnePacketOnAKnownPathCostsItsHops) {
  const nlohmann::json e = energy_of({});
  EXPECT_EQ(e["total_pj"].get<double>(), 1200.0);
  EXPECT_EQ(e["breakdown_pj"]["buffer"].get<double>(), 4 * 4 * 3.0);
  EXPECT_EQ(e["breakdown_pj"]["sw_alloc"].get<double>(), 4 * 4 * 4.0);
  EXPECT_EQ(e["breakdown_pj"]["crossbar"].get<double>(), 4 * 4 * 8.0);
  EXPECT_EQ(e["breakdown_pj"]["route"].get<double>(), 4 * 16.0);
  EXPECT_EQ(e["breakdown_pj"]["vc_alloc"].get<double>(), 4 * 32.0);
  EXPECT_EQ(e["breakdown_pj"]["link"].get<double>(), 3 * 4 * 64.0);
  EXPECT_EQ(e["per_flit_pj"].get<double>(), 300.0);
  EXPECT_EQ(e["per_packet_pj"].get<double>(), 1200.0);
  // Per router: 108 in routers 1 and 2 plus the 256 of the link each drives; router 3 ejects (no link).
  const auto& el = e["elements_pj"];
  EXPECT_EQ(el[0].get<double>(), 108.0 + 256);
  EXPECT_EQ(el[1].get<double>(), 108.0 + 256);
  EXPECT_EQ(el[2].get<double>(), 108.0 + 256);
  EXPECT_EQ(el[3].get<double>(), 108.0);
  EXPECT_EQ(el[4].get<double>(), 0.0);
  // Links twice as long cost twice as much; so does a packet twice as long in every per-flit part.
  EXPECT_EQ(energy_of({"energy.link_mm=2"})["breakdown_pj"]["link"].get<double>(), 2 * 768.0);
}

// Leakage: 1 mW per router for the 1,000-cycle window at 1 ns: 16 routers x 1,000 pJ; at 2 ns a cycle, twice.
TEST(Energy, LeakageIsPowerOverTheWindow) {
  const std::string table = test_tmp("leak.tab");
  std::ofstream(table) << "leak_router 1\n";
  for (const double ns : {1.0, 2.0}) {
    const std::string json = test_tmp("leak.json");
    const Exec e = drbsim_argv({"topology.kind=mesh", "topology.k=4", "traffic.rate=0", "sim.warmup=0", "sim.measure=1000",
                                "stats.energy=true", "energy.table=" + table, "sim.clock_ns=" + std::to_string(ns),
                                "out.json=" + json});
    ASSERT_EQ(e.code, 0) << e.err;
    const auto en = nlohmann::json::parse(slurp(json))["runs"][0]["result"]["energy"];
    EXPECT_NEAR(en["leakage_pj"].get<double>(), 16 * 1000 * ns, 1e-6);
    EXPECT_NEAR(en["power_mw"].get<double>(), 16.0, 1e-9);
  }
}

// Power over time: on a steady uniform load the bins' power averages near the window's power.
TEST(Energy, PowerOverTimeAgreesWithTheWindow) {
  const std::string json = test_tmp("ts.json");
  const Exec e = drbsim_argv({"topology.k=4", "traffic.rate=0.2", "sim.warmup=1000", "sim.measure=8000",
                              "stats.energy=true", "stats.time_bin=1000", "out.json=" + json});
  ASSERT_EQ(e.code, 0) << e.err;
  const auto r = nlohmann::json::parse(slurp(json))["runs"][0]["result"];
  double sum = 0;
  int n = 0;
  for (const auto& b : r["time_series"])
    if (b["start"].get<int64_t>() >= 1000 && b["start"].get<int64_t>() < 9000) sum += b["power_mw"].get<double>(), ++n;
  ASSERT_GT(n, 4);
  EXPECT_NEAR(sum / n, r["energy"]["power_mw"].get<double>(), 0.05 * r["energy"]["power_mw"].get<double>());
}

TEST(Energy, KeysThatCannotActAreRefused) {
  const std::string bad = test_tmp("bad.tab");
  std::ofstream(bad) << "link 1\nlink 2\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"energy.link_mm=2"}, "energy.link_mm: configures the energy model, which is off: set stats.energy=true"},
      {{"stats.energy=true", "energy.table=" + bad}, "energy.table: line 2: link given twice"},
      {{"stats.energy=true", "energy.table=" + ::testing::TempDir()}, "energy.table: "},
      {{"stats.energy=true", "energy.table=/dev/zero"}, "energy.table: "},
      {{"stats.energy=true", "energy.table=/dev/null"}, "energy.table: names no entry"},
  };
  for (const auto& [args, want] : cases) {
    std::vector<std::string> a{"topology.k=4", "sim.measure=100", "sim.warmup=0"};
    a.insert(a.end(), args.begin(), args.end());
    const Exec e = drbsim_argv(a);
    EXPECT_EQ(e.code, 2) << e.err;
    EXPECT_NE(e.err.find("drbsim: error: " + want), std::string::npos) << e.err;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  }
}
