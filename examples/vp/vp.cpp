// SPDX-License-Identifier: Apache-2.0
// A memory-mapped virtual platform on the DRB fabric: four DMA-like initiators copy blocks into remote
// memories through their NIs' TLM sockets (posted writes) and read them back (split reads), checking every
// byte; every node has a memory-like target behind its NI. Prints per-initiator latency.
//   vp [cycles] [--quantum NS] [--gap NS] [key=value ...]     e.g.  vp 20000 routing.algorithm=dor out.json=vp.json
// --gap: each initiator computes for NS ns between transfers (a lighter load).
// --quantum: the initiators keep a local time (tlm_quantumkeeper) and synchronise every NS ns; with
// tlm.decoupled=true the fabric answers them without waiting (docs/integration.md, Timing).
// --trace FILE: instead of the DMAs, one initiator per node of an address trace replays it (replay.h;
// traces/cpus.trace is one); with --at, approximately timed, up to four accesses in flight.
#include <drb/vp_fabric.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <vector>

#include "replay.h"

// 64 KiB of memory behind one NI, answering the fabric's WRITEs and READs (address: source window + offset).
struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> in{"in"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(drb::kNodeWindow);
  explicit Memory(sc_core::sc_module_name n) : sc_module(n) { in.register_b_transport(this, &Memory::access); }
  void access(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const uint64_t off = gp.get_address() % drb::kNodeWindow;
    if (off + gp.get_data_length() > bytes.size()) {
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    unsigned char* p = bytes.data() + off;
    if (gp.is_write()) std::copy(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length(), p);
    else std::copy(p, p + gp.get_data_length(), gp.get_data_ptr());
    delay += sc_core::sc_time(2, sc_core::SC_NS);  // access time, as a memory model would annotate it
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Copies `block`-byte blocks to the memories of the other DMA nodes in turn, then reads each back.
struct Dma : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Dma> out{"out"};
  int node;
  std::vector<int> peers;
  unsigned block = 256;
  sc_core::sc_time gap;  // computing between transfers
  int transfers = 0, errors = 0;
  sc_core::sc_time write_time, read_time;
  tlm_utils::tlm_quantumkeeper qk;
  SC_HAS_PROCESS(Dma);
  Dma(sc_core::sc_module_name n, int node, std::vector<int> peers) : sc_module(n), node(node), peers(std::move(peers)) {
    SC_THREAD(run);
  }
  bool access(bool write, uint64_t addr, std::vector<unsigned char>& data, sc_core::sc_time& took) {
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(data.data());
    gp.set_data_length(static_cast<unsigned>(data.size()));
    gp.set_streaming_width(static_cast<unsigned>(data.size()));
    sc_core::sc_time delay = qk.get_local_time();  // how far this initiator runs ahead of the kernel
    const sc_core::sc_time start = sc_core::sc_time_stamp() + delay;
    out->b_transport(gp, delay);
    qk.set(delay);  // the fabric waited the time, or annotated it (decoupled)
    took += sc_core::sc_time_stamp() + delay - start;
    if (qk.need_sync()) qk.sync();
    return gp.is_response_ok();
  }
  void run() {
    qk.reset();
    for (int k = 0;; ++k) {
      const int peer = peers[k % peers.size()];
      const uint64_t addr = peer * drb::kNodeWindow + node * 1024 + (k % 4) * block;
      std::vector<unsigned char> data(block), back(block);
      for (unsigned i = 0; i < block; ++i) data[i] = static_cast<unsigned char>(node * 31 + k * 7 + i);
      if (!access(true, addr, data, write_time)) ++errors;
      // The write is posted: read until the bytes are there (a later write to the same address cannot
      // overtake it: one source, in order).
      if (!access(false, addr, back, read_time)) ++errors;
      if (back != data) ++errors;
      ++transfers;
      qk.inc(gap);
      if (qk.need_sync()) qk.sync();
    }
  }
};

// The trace's initiators, a memory behind every node; per initiator its accesses and latencies.
int replay(drb::VpFabric& fabric, const std::string& trace, bool at, long cycles) {
  std::map<int, std::vector<Access>> by_node;
  if (const std::string err = read_trace(trace, fabric.nodes(), by_node); !err.empty()) {
    std::fprintf(stderr, "vp: --trace: %s\n", err.c_str());
    return 2;
  }
  std::vector<std::unique_ptr<Memory>> mems;
  for (int n = 0; n < fabric.nodes(); ++n) {
    mems.push_back(std::make_unique<Memory>(("mem_" + std::to_string(n)).c_str()));
    fabric.host(n).out.bind(mems.back()->in);
  }
  std::vector<std::unique_ptr<Replayer>> cpus;
  size_t total = 0;
  for (auto& [node, accesses] : by_node) {
    total += accesses.size();
    cpus.push_back(std::make_unique<Replayer>(("cpu_" + std::to_string(node)).c_str(), accesses, at, fabric.period()));
    cpus.back()->out.bind(fabric.host(node).in);
  }
  sc_core::sc_start(fabric.period() * static_cast<double>(cycles));
  fabric.check();
  try {
    fabric.finish();
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "vp: %s\n", e.what());
    return 3;
  }
  std::printf("drb %s: %ld cycles, %llu messages delivered, %s\n", drb::version(), cycles,
              static_cast<unsigned long long>(fabric.delivered_messages()), at ? "approximately timed" : "loosely timed");
  std::printf("%-8s %10s %16s %16s %7s\n", "initiator", "accesses", "write lat (ns)", "read lat (ns)", "errors");
  size_t done = 0;
  int errors = 0;
  for (auto& c : cpus) {
    std::printf("%-8s %10d %16.1f %16.1f %7d\n", c->name(), c->done,
                c->writes ? c->write_time.to_seconds() * 1e9 / c->writes : 0.0,
                c->reads ? c->read_time.to_seconds() * 1e9 / c->reads : 0.0, c->errors);
    done += static_cast<size_t>(c->done);
    errors += c->errors;
  }
  if (done < total) std::printf("%zu of %zu accesses done: run more cycles\n", done, total);
  return errors == 0 && done == total ? 0 : 1;
}

int sc_main(int argc, char* argv[]) {
  long cycles = argc > 1 ? std::atol(argv[1]) : 20000;
  std::vector<std::string> keys{"topology.k=4", "routing.algorithm=drb", "router.vcs=4"};
  double quantum_ns = 0, gap_ns = 0;
  std::string trace;
  bool at = false;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--trace" && i + 1 < argc) {
      trace = argv[++i];
    } else if (a == "--at") {
      at = true;
    } else if ((a == "--quantum" || a == "--gap") && i + 1 < argc) {
      double& v = a == "--quantum" ? quantum_ns : gap_ns;
      v = std::atof(argv[++i]);
      if (!(v >= 0 && v <= 1e9)) {
        std::fprintf(stderr, "vp: %s: '%s' is not a time in ns in [0, 1e9]\n", a.c_str(), argv[i]);
        return 2;
      }
    } else {
      keys.push_back(argv[i]);
    }
  }
  tlm::tlm_global_quantum::instance().set(sc_core::sc_time(quantum_ns, sc_core::SC_NS));
  std::unique_ptr<drb::VpFabric> fabric;
  try {
    fabric = std::make_unique<drb::VpFabric>("drb", keys);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "vp: %s\n", e.what());
    return 2;
  }
  if (at && trace.empty()) {
    std::fprintf(stderr, "vp: --at: the approximately timed initiators replay a trace (--trace FILE)\n");
    return 2;
  }
  if (!trace.empty()) return replay(*fabric, trace, at, cycles);
  const std::vector<int> dma_nodes{0, 5, 10, 15};
  std::vector<std::unique_ptr<Memory>> mems;
  std::vector<std::unique_ptr<Dma>> dmas;
  for (int n = 0; n < fabric->nodes(); ++n) {
    mems.push_back(std::make_unique<Memory>(("mem_" + std::to_string(n)).c_str()));
    fabric->host(n).out.bind(mems.back()->in);
    bool is_dma = false;
    for (int d : dma_nodes) is_dma |= d == n;
    if (is_dma) {
      std::vector<int> peers;
      for (int d : dma_nodes)
        if (d != n) peers.push_back(d);
      dmas.push_back(std::make_unique<Dma>(("dma_" + std::to_string(n)).c_str(), n, peers));
      dmas.back()->gap = sc_core::sc_time(gap_ns, sc_core::SC_NS);
      dmas.back()->out.bind(fabric->host(n).in);
    }  // the other nodes never initiate: their `in` sockets stay unbound
  }
  sc_core::sc_start(fabric->period() * static_cast<double>(cycles));
  fabric->check();
  try {
    fabric->finish();  // out.json, trace.vcd: written now, a failure reported here
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "vp: %s\n", e.what());
    return 3;
  }
  std::printf("drb %s: %ld cycles, %llu messages delivered\n", drb::version(), cycles,
              static_cast<unsigned long long>(fabric->delivered_messages()));
  std::printf("%-8s %10s %16s %16s %7s\n", "initiator", "transfers", "write lat (ns)", "read lat (ns)", "errors");
  int errors = 0, done = 0;
  for (auto& d : dmas) {
    const double n = d->transfers ? d->transfers : 1;
    std::printf("%-8s %10d %16.1f %16.1f %7d\n", d->name(), d->transfers, d->write_time.to_seconds() * 1e9 / n,
                d->read_time.to_seconds() * 1e9 / n, d->errors);
    errors += d->errors;
    done += d->transfers > 0;
  }
  return errors == 0 && done == static_cast<int>(dmas.size()) ? 0 : 1;
}
