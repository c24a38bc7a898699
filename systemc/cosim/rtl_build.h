// SPDX-License-Identifier: Apache-2.0
// A drb_router configuration no Verilated model of the build has, verilated on first use: the header-package
// generator, Verilator and the compiler the project was configured with turn rtl/ into a library of its own (Verilator's runtime
// inside, symbols bound within it), cached under the build folder by a hash of the parameters and every
// source, and loaded once per process. The tools are run directly, never through a shell; every argument
// is a path fixed at configure time or a number.
#pragma once
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "systemc/cosim/router_ports.h"

namespace drb::cosim {

// Why a new configuration cannot be verilated here ("key: reason"), or "" if it can.
std::string rtl_build_unavailable();
// The factory of the configuration with these Verilator parameters (-G...) and a header package generated
// for `layout` (the network's own, so any size the model runs), built if not cached (a line on stderr says
// so; about a minute on 2 cores). `what` describes it for that line. std::runtime_error if the generator,
// Verilator or the compiler fails (the log's path in the message).
MakeRouterPorts load_router_ports(const std::vector<std::string>& params, const LayoutParams& layout,
                                  const std::string& what);

}  // namespace drb::cosim
