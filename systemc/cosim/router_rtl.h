// SPDX-License-Identifier: Apache-2.0
// The Verilated RTL blocks of one router behind the calls RouterCore makes on its C++ block models
// (dec_step, LatencyAccumulator::enq/resume, Gmr::fire, XbarArbiter::arbitrate/update). The models are
// --cc and stepped from here, inside the fabric's one clocked method; headers cross the boundary as
// HeaderLayout::encode() bits of the layout the RTL was generated for. Only built in RTL mode: a router
// whose blocks are all C++ models holds no RouterRtl.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "models/blocks/dec.h"
#include "models/blocks/gmr.h"
#include "systemc/router/router_config.h"

namespace drb::cosim {

class RouterRtl {
 public:
  // Instances for the blocks p selects (p.rtl_*): one DEC, AL and GMR and one crossbar arbiter per output
  // port. gmr holds the threshold and mode written into the RTL's configuration registers. Throws
  // std::invalid_argument if this build or configuration has no RTL for a selected block (validation
  // normally refuses that first).
  RouterRtl(const RouterParams& p, const Gmr& gmr, int router, int ports);
  ~RouterRtl();
  RouterRtl(const RouterRtl&) = delete;
  RouterRtl& operator=(const RouterRtl&) = delete;

  // DEC: combinational; drives header and node id, returns the action and the header out.
  DecAction dec(Header& h, uint32_t node);
  // AL: one pass through the adder with the router's timer value.
  uint32_t al_enq(uint32_t lat, uint32_t timer);
  uint32_t al_resume(uint32_t lat, uint32_t timer);
  // GMR: a head entering an output channel; true if it fires (h leaves with early_sent set).
  bool gmr_fire(Header& h);
  // Crossbar arbiter of output port `port`: combinational grant, then the clock edge that moves the
  // RTL's pointer register. An output without requests gets no edge: the RTL pointer only moves on a
  // used grant, so skipped edges change nothing.
  int xbar_arbitrate(int port, uint64_t req, uint64_t prio);
  void xbar_update(int port, int grant, bool used);
  // VC allocator: this cycle's requests, one per waiting input VC (input VC index = port * VCs + VC, the
  // output VC it asks for = port * VCs + VC); granted[k] says whether request k won. Then the clock edge
  // that moves the RTL's pointers past the winners.
  struct VaRequest {
    int in, out;
  };
  void va_allocate(const std::vector<VaRequest>& reqs, std::vector<char>& granted);
  // Switch allocator: per input VC (port * VCs + VC) whether it bids, with priority, for which output port;
  // returns the granted input VCs as a bit mask, then the clock edge that moves the RTL's pointers.
  uint64_t sa_allocate(uint64_t req, uint64_t prio, const std::vector<int>& out_port);

  // Block evaluations so far (evidence that the RTL, not the model, ran).
  uint64_t evals() const { return evals_; }

 private:
  uint32_t al_eval(uint32_t lat, uint32_t timer, bool enq);
  struct Impl;
  std::unique_ptr<Impl> impl_;
  uint64_t evals_ = 0;
};

}  // namespace drb::cosim
