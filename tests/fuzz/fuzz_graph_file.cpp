// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the network file reader (topology.kind=file). Text it accepts must build an interconnect
// whose graph is consistent (every channel between existing ports, each port side taken once, terminals
// inside their elements), and whose deterministic relation routes every terminal to every other within
// the element count; text it refuses must be refused with std::invalid_argument naming topology.file.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "models/packet/header.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"

extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  drb::TopologyParams tp;
  tp.kind = "file";
  tp.graph_text = std::make_shared<const std::string>(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<drb::Interconnect> ic;
  try {
    ic = drb::make_interconnect(tp);
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).rfind("topology.file: ", 0) != 0) std::abort();
    return 0;
  }
  const drb::NetworkGraph& g = ic->graph();
  for (const drb::GraphChannel& c : g.channels())
    if (g.out(c.from, c.from_port) < 0 || g.in(c.to, c.to_port) < 0) std::abort();
  std::unique_ptr<drb::RoutingRelation> rel;
  try {
    rel = drb::make_static_relation(*ic, {});
  } catch (const std::invalid_argument&) {
    return 0;  // up*/down* cannot reach every terminal of this graph
  }
  drb::RouteSet rs;
  for (int s = 0; s < ic->terminals(); ++s)
    for (int d = 0; d < ic->terminals(); ++d) {
      drb::Header h = drb::make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), std::vector<uint32_t>{}, 0, 1);
      int e = g.terminals()[s].inject.element;
      for (int hops = 0; e != ic->eject_element(d); ++hops) {
        if (hops > ic->elements()) std::abort();
        rel->route(e, h, rs);
        if (rs.n < 1) std::abort();
        const int ch = g.out(e, rs.c[0].port);
        if (ch < 0) std::abort();
        rel->on_hop(e, rs.c[0].port, h);
        e = g.channels()[ch].to;
      }
    }
  return 0;
}
