// SPDX-License-Identifier: Apache-2.0
// A 2x2 mesh of DRB routers and NIs wired by hand in a user's sc_main: each Router and Ni is an sc_module
// with a clock input and channel ports, each Link one channel between two ports. Uniform traffic runs for
// a while; a table shows per node the messages delivered and their mean latency in cycles. With a second
// argument the design's waveform (VC states, credits, flits per port) goes to that VCD file.
//   handwired_mesh [cycles] [waves.vcd]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "systemc/face/face.h"

namespace {

struct Latency : drb::NetObserver {
  std::vector<long> n = std::vector<long>(4), sum = std::vector<long>(4);
  void message_delivered(const drb::Message& m, int64_t now) override {
    ++n[m.dst];
    sum[m.dst] += now - m.t_gen;
  }
};

}  // namespace

int sc_main(int argc, char** argv) {
  const long cycles = argc > 1 ? std::atol(argv[1]) : 5000;
  if (cycles < 1 || cycles > 100000000) {
    std::fprintf(stderr, "handwired_mesh: cycles must be 1..100000000\n");
    return 2;
  }
  drb::NetParams p;  // the same keys drbsim takes: a 2x2 mesh, DOR, 2 VCs of 8 flits
  p.topo.kind = "mesh";
  p.topo.k = {2, 2};
  p.algorithm = "dor";
  drb::ElementSetup setup(p);
  drb::face::Channels channels("channels", setup);

  std::vector<std::unique_ptr<drb::face::Router>> r;
  std::vector<std::unique_ptr<drb::face::Ni>> ni;
  for (int i = 0; i < 4; ++i) {
    r.push_back(std::make_unique<drb::face::Router>(("router_" + std::to_string(i)).c_str(), channels, i));
    ni.push_back(std::make_unique<drb::face::Ni>(("ni_" + std::to_string(i)).c_str(), channels, i));
  }
  // Routers 0 1 / 2 3; ports by dimension and direction, the local port last.
  const drb::Topology& t = *setup.ic->direct();
  const int px = t.port(0, +1), mx = t.port(0, -1), py = t.port(1, +1), my = t.port(1, -1), local = t.local_port();
  drb::face::Link l01("l01"), l10("l10"), l23("l23"), l32("l32"), l02("l02"), l20("l20"), l13("l13"), l31("l31");
  r[0]->out[px](l01), r[1]->in[mx](l01);
  r[1]->out[mx](l10), r[0]->in[px](l10);
  r[2]->out[px](l23), r[3]->in[mx](l23);
  r[3]->out[mx](l32), r[2]->in[px](l32);
  r[0]->out[py](l02), r[2]->in[my](l02);
  r[2]->out[my](l20), r[0]->in[py](l20);
  r[1]->out[py](l13), r[3]->in[my](l13);
  r[3]->out[my](l31), r[1]->in[py](l31);
  std::vector<std::unique_ptr<drb::face::Link>> inj, ej;
  for (int i = 0; i < 4; ++i) {
    inj.push_back(std::make_unique<drb::face::Link>(("inject_" + std::to_string(i)).c_str()));
    ej.push_back(std::make_unique<drb::face::Link>(("eject_" + std::to_string(i)).c_str()));
    ni[i]->inject[0](*inj[i]), r[i]->in[local](*inj[i]);
    r[i]->out[local](*ej[i]), ni[i]->eject[0](*ej[i]);
  }

  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);  // the user's clock
  channels.clk(clk);
  for (auto& x : r) x->clk(clk);
  for (auto& x : ni) x->clk(clk);

  Latency lat;
  channels.add_observer(&lat);
  unsigned long x = 12345;
  channels.add_cycle_hook([&](int64_t now) {  // each node starts a 4-flit message every ~10 cycles
    for (int s = 0; s < 4; ++s) {
      x = x * 6364136223846793005UL + 1442695040888963407UL;
      if ((x >> 33) % 10 == 0) ni[s]->submit(static_cast<int>((s + 1 + (x >> 40) % 3) % 4), 4, now);
    }
  });
  if (argc > 2) {
    try {
      channels.trace(argv[2]);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "handwired_mesh: %s\n", e.what());
      return 2;
    }
  }
  sc_core::sc_start(static_cast<double>(cycles), sc_core::SC_NS);
  try {
    channels.rethrow();  // a stall or a scoreboard failure paused the run
    channels.close_trace();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "handwired_mesh: %s\n", e.what());
    return 1;
  }

  std::printf("%-6s %10s %14s\n", "node", "delivered", "mean latency");
  for (int i = 0; i < 4; ++i)
    std::printf("ni_%-3d %10ld %14.2f\n", i, lat.n[i], lat.n[i] ? static_cast<double>(lat.sum[i]) / lat.n[i] : 0.0);
  return 0;
}
