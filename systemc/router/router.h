// SPDX-License-Identifier: Apache-2.0
// The router as an SC_MODULE: a named node of the hierarchy (for reports and waveforms) around the
// plain C++ RouterCore that does the per-cycle work. No process of its own: the fabric's single clocked
// method steps every core (toolchain measurement: ~5x faster than one method per router).
#pragma once
#include <systemc>

#include "systemc/router/router_core.h"

namespace drb {

class Router : public sc_core::sc_module {
 public:
  Router(sc_core::sc_module_name name, RouterCore& core) : sc_module(name), core_(core) {}
  RouterCore& core() { return core_; }
  const char* kind() const override { return "drb::Router"; }

 private:
  RouterCore& core_;
};

}  // namespace drb
