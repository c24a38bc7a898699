// SPDX-License-Identifier: Apache-2.0
// The ports of one Verilated drb_router behind one interface, whatever its parameters: the fabric's
// adapter (rtl_router.cpp) drives every configuration through it, those compiled into the build and those
// verilated on first use into a library of their own (router_ports_dyn.cpp, loaded with dlopen). Both
// sides compile this header with the same compiler, so the interface's layout is one. The implementation
// over a Verilated model is router_ports_of.h.
#pragma once
#include <cstdint>

#include "models/packet/header.h"

namespace drb::cosim {

class RouterPorts {
 public:
  virtual ~RouterPorts() = default;
  // The asynchronous reset (assertions off meanwhile); GMR's registers are written at the first edge.
  virtual void reset(uint32_t node, uint32_t threshold, bool every_hop) = 0;
  // This cycle's inputs: a flit on input p, a credit on output p.
  virtual void drive(int p, int vc, const HeaderBits& payload, bool head, bool tail) = 0;
  virtual void drive_credit(int p, int vc) = 0;
  // The clock edge ending the cycle whose inputs were driven; the inputs are then cleared.
  virtual void edge() = 0;
  // Outputs of the current cycle.
  virtual bool out(int p, int& vc, HeaderBits& payload, bool& head, bool& tail) const = 0;
  virtual bool credit_out(int p, int& vc) const = 0;
  virtual bool ack(int p, HeaderBits& h) const = 0;
  // Observation ports (dbg_*), per input VC k = port * VCs + VC.
  virtual int state(int k) const = 0;
  virtual int out_port(int k) const = 0;
  virtual uint64_t va_req() const = 0;
  virtual uint64_t va_gnt() const = 0;
  virtual uint64_t sa_req() const = 0;
  virtual uint64_t sa_gnt() const = 0;
  virtual uint64_t sa_bid() const = 0;  // the requests that stood in the output stage (iSLIP: one per output)
  virtual uint64_t dec_pop() const = 0;
  virtual uint64_t al_wait() const = 0;
  // The outputs evaluated again with the inputs cleared by edge() (only the dbg_*_next_o read them).
  virtual void settle() = 0;
  // Next values of registers (dbg_*_next_o, after settle()): input VC k's state and flits, output VC k's
  // credits (k = port * VCs + VC).
  virtual int state_next(int k) const = 0;
  virtual int count_next(int k) const = 0;
  virtual int credits_next(int k) const = 0;
  virtual bool failed() const = 0;  // an assertion of the RTL failed
};

// The entry point of a configuration verilated on first use (router_ports_dyn.cpp).
using MakeRouterPorts = RouterPorts* (*)(int ports, int portw, int vcs, int vcw, int crw, int hw, const char* name);
constexpr const char* kMakeRouterPortsSymbol = "drb_make_router_ports";

}  // namespace drb::cosim
