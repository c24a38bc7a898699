// SPDX-License-Identifier: Apache-2.0
// Micro-benchmarks of the blocks and functions the router runs per flit or per packet:
//   build/tb/models_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include "models/blocks/al.h"
#include "models/blocks/dec.h"
#include "models/blocks/gmr.h"
#include "models/blocks/xbar_arbiter.h"
#include "models/drb/metapath.h"
#include "models/packet/header.h"
#include "models/routing/routing.h"
#include "models/util/rng.h"

using namespace drb;

namespace {

void BM_HeaderEncodeDecode(benchmark::State& st) {
  const HeaderLayout lay(LayoutParams{64, 16, 16, 2, 64});
  const uint32_t via[2] = {5, 9};
  Header h = make_data_header(3, 60, via, 2, 1234, 10);
  for (auto _ : st) {
    h.latency = (h.latency + 1) & 0xffff;
    benchmark::DoNotOptimize(lay.decode(lay.encode(h)));
  }
}
BENCHMARK(BM_HeaderEncodeDecode);

void BM_DecStep(benchmark::State& st) {
  const uint32_t via[2] = {5, 9};
  const Header h0 = make_data_header(3, 60, via, 2, 0, 10);
  uint32_t node = 0;
  for (auto _ : st) {
    Header h = h0;
    benchmark::DoNotOptimize(dec_step(h, node));
    node = (node + 1) & 63;
  }
}
BENCHMARK(BM_DecStep);

void BM_AlEnqResume(benchmark::State& st) {
  const LatencyAccumulator al(16, 1);
  uint32_t lat = 0;
  int64_t t = 0;
  for (auto _ : st) {
    lat = al.resume(al.enq(lat, al.timer(t)), al.timer(t + 7));
    ++t;
  }
  benchmark::DoNotOptimize(lat);
}
BENCHMARK(BM_AlEnqResume);

void BM_GmrFire(benchmark::State& st) {
  const Gmr gmr(40, false);
  Header h = make_data_header(3, 60, nullptr, 0, 0, 10);
  for (auto _ : st) {
    h.latency = (h.latency + 13) & 0xff;
    h.early_sent = false;
    benchmark::DoNotOptimize(gmr.fire(h));
  }
}
BENCHMARK(BM_GmrFire);

void BM_XbarArbiter(benchmark::State& st) {
  XbarArbiter arb(static_cast<int>(st.range(0)));
  Rng rng(1);
  const uint64_t mask = (uint64_t{1} << st.range(0)) - 1;
  for (auto _ : st) {
    const uint64_t req = rng.next() & mask, prio = rng.next() & req & 0x3;
    const int g = arb.arbitrate(req, prio);
    arb.update(g, true);
    benchmark::DoNotOptimize(g);
  }
}
BENCHMARK(BM_XbarArbiter)->Arg(5)->Arg(9)->Arg(21);

void BM_DorRoute(benchmark::State& st) {
  const auto topo = make_topology(TopologyParams{"torus", {static_cast<int>(st.range(0)), static_cast<int>(st.range(0))}, 2, 0});
  const auto rf = make_routing("dor", *topo, {});
  Rng rng(2);
  RouteSet rs;
  const int n = topo->nodes();
  for (auto _ : st) {
    const Header h = make_data_header(0, static_cast<uint32_t>(rng.below(n)), nullptr, 0, 0, 1);
    rf->route(static_cast<int>(rng.below(n)), h, rs);
    benchmark::DoNotOptimize(rs.n);
  }
}
BENCHMARK(BM_DorRoute)->Arg(8)->Arg(64)->Arg(128);  // 128x128 is past the next-hop table

void BM_MetapathSelectAndReport(benchmark::State& st) {
  std::vector<Msp> cand(3);
  for (int i = 0; i < 3; ++i) cand[i].t_tx = 40 + 4 * i, cand[i].n = i ? 1 : 0, cand[i].node[0] = 10 + i;
  Metapath mp(cand, MetapathParams{});
  mp.on_latency(0, 400, true, 0);  // open all three
  Rng rng(3);
  int64_t t = 1;
  for (auto _ : st) {
    const int i = mp.select(rng.below(mp.total()));
    mp.on_latency(i, static_cast<uint32_t>(rng.below(60)), true, t++);
    benchmark::DoNotOptimize(i);
  }
}
BENCHMARK(BM_MetapathSelectAndReport);

}  // namespace

BENCHMARK_MAIN();
