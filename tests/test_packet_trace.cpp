// SPDX-License-Identifier: Apache-2.0
// The per-packet event trace (trace.packets) read back: at zero load every hop's stage cycles follow the
// pipeline of docs/architecture.md ("A flit's walk": VC request at a + rc, switch at a + rc + va, next
// router at a + rc + va + sa + st + link), the hops are the DOR path's and the packet's latency is the
// zero-load formula T0; trace.watch and the window keep only what they name.
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support.h"

namespace drb::test {
namespace {

struct Hop {
  int64_t cycle, va_req, va_grant, sa, link, wait;
  std::string element, in, out;
  int in_vc, out_vc;
};
struct Traced {
  int64_t inject = -1, gen = -1, eject = -1, latency = -1;
  int src = -1, dest = -1, node = -1, hops = -1;
  std::vector<Hop> path;
};

std::map<uint64_t, Traced> read_packets(const std::string& path) {
  std::istringstream in(slurp(path));
  std::map<uint64_t, Traced> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream l(line);
    int64_t cycle;
    uint64_t id;
    std::string pkt, ev, w;
    l >> cycle >> pkt >> id >> ev;
    Traced& t = out[id];
    if (ev == "inject") {
      l >> w >> t.src >> w >> t.dest >> w >> t.gen;
      t.inject = cycle;
    } else if (ev == "hop") {
      Hop h{};
      h.cycle = cycle;
      l >> h.element >> w >> h.in >> w >> h.in_vc >> w >> h.va_req >> w >> h.va_grant >> w >> h.sa >> w >> h.link >> w >>
          h.out >> w >> h.out_vc >> w >> h.wait;
      t.path.push_back(h);
    } else if (ev == "eject") {
      l >> w >> t.node >> w >> t.hops >> w >> t.latency;
      t.eject = cycle;
    } else {
      ADD_FAILURE() << "unknown event: " << line;
    }
  }
  return out;
}

std::string file_with(const std::string& name, const std::string& text) {
  const std::string p = test_tmp(name);
  std::ofstream(p) << text;
  return p;
}

// Delays all different, so a stage swapped or missed shows.
constexpr int rc = 2, va = 1, sa = 1, st = 2, link = 3, inj = 2, ej = 1, L = 4;
const std::string kDelays = " router.delay.rc=2 router.delay.va=1 router.delay.sa=1 router.delay.st=2 "
                            "router.delay.link=3 ni.inject_delay=2 ni.eject_delay=1 router.buffer=16";

TEST(PacketTrace, ZeroLoadHopsFollowThePipeline) {
  // One 4-flit message from node 0 to node 15 of a 4x4 mesh: DOR takes 3 hops in x, then 3 in y.
  const std::string tr = file_with("pt_one.trace", "10 0 15 4\n"), out = test_tmp("pt_one.txt");
  const Exec e = drbsim("topology.kind=mesh topology.k=4 traffic.pattern=trace traffic.trace=" + tr +
                        " sim.warmup=0 stats.links=false trace.packets=" + out + kDelays);
  ASSERT_EQ(e.code, 0) << e.err;
  const auto pk = read_packets(out);
  ASSERT_EQ(pk.size(), 1u);
  const Traced& t = pk.begin()->second;
  const int H = 6;
  ASSERT_EQ(static_cast<int>(t.path.size()), H + 1) << "six links, seven routers";
  EXPECT_EQ(t.src, 0);
  EXPECT_EQ(t.dest, 15);
  EXPECT_EQ(t.gen, 10);
  EXPECT_EQ(t.path.front().in, "local");
  EXPECT_EQ(t.path.back().out, "local");
  const std::vector<std::string> ports{"+x", "+x", "+x", "+y", "+y", "+y", "local"};
  int64_t arrive = t.inject + inj;  // the head reaches the first router
  for (size_t i = 0; i < t.path.size(); ++i) {
    const Hop& h = t.path[i];
    EXPECT_EQ(h.element, "router_" + std::to_string(i < 4 ? i : 3 + 4 * (i - 3))) << i;
    EXPECT_EQ(h.out, ports[i]) << i;
    EXPECT_EQ(h.va_req, arrive + rc) << "hop " << i;
    EXPECT_EQ(h.va_grant, h.va_req) << "hop " << i << ": no contention";
    EXPECT_EQ(h.sa, h.va_grant + va) << "hop " << i;
    EXPECT_EQ(h.cycle, h.sa);
    EXPECT_EQ(h.link, h.sa + sa + st) << "hop " << i;
    EXPECT_EQ(h.wait, 0) << "hop " << i;
    arrive = h.link + (i + 1 < t.path.size() ? link : 0);
  }
  EXPECT_EQ(t.eject, t.path.back().link + ej + (L - 1)) << "the tail ejects L - 1 cycles behind the head";
  EXPECT_EQ(t.node, 15);
  EXPECT_EQ(t.hops, H);
  const int64_t T0 = inj + (H + 1) * (rc + va + sa + st) + H * link + ej + (L - 1);
  EXPECT_EQ(t.eject - t.inject, T0) << "docs/architecture.md's zero-load formula";
}

TEST(PacketTrace, WatchAndWindowKeepOnlyWhatTheyName) {
  const std::string tr = file_with("pt_three.trace", "10 0 15 4\n200 5 9 4\n400 3 12 4\n");
  const std::string all = test_tmp("pt_all.txt"), some = test_tmp("pt_some.txt");
  const std::string base = "topology.kind=mesh topology.k=4 traffic.pattern=trace traffic.trace=" + tr +
                           " sim.warmup=0 stats.links=false" + kDelays;
  ASSERT_EQ(drbsim(base + " trace.packets=" + all).code, 0);
  const auto every = read_packets(all);
  ASSERT_EQ(every.size(), 3u);
  std::vector<uint64_t> ids;
  for (const auto& [id, t] : every) ids.push_back(id);
  // Watch the first and the last packet, over a window that ends before the last one is generated.
  const Exec e = drbsim(base + " trace.packets=" + some + " trace.watch=" + std::to_string(ids[0]) + "," +
                        std::to_string(ids[2]) + " trace.start=0 trace.end=300");
  ASSERT_EQ(e.code, 0) << e.err;
  const auto got = read_packets(some);
  ASSERT_EQ(got.size(), 1u) << "the second is not watched, the third is outside the window";
  ASSERT_TRUE(got.count(ids[0]));
  const Traced &a = got.at(ids[0]), &b = every.at(ids[0]);
  EXPECT_EQ(a.inject, b.inject);
  EXPECT_EQ(a.eject, b.eject);
  ASSERT_EQ(a.path.size(), b.path.size());
  for (size_t i = 0; i < a.path.size(); ++i) EXPECT_EQ(a.path[i].sa, b.path[i].sa);
}

}  // namespace
}  // namespace drb::test
