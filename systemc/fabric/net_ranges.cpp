// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/net_ranges.h"

#include <stdexcept>

#include "models/topology/interconnect.h"

namespace drb {

const std::vector<NetRange>& net_ranges() {
  static const std::vector<NetRange> t{
      {"router.vcs", 0, 64, [](NetParams& p) -> int& { return p.vcs; }},
      {"router.buffer", 0, 4096, [](NetParams& p) -> int& { return p.depth; }},
      {"router.delay.rc", 0, 64, [](NetParams& p) -> int& { return p.d_rc; }},
      {"router.delay.va", 0, 64, [](NetParams& p) -> int& { return p.d_va; }},
      {"router.delay.sa", 0, 64, [](NetParams& p) -> int& { return p.d_sa; }},
      {"router.delay.st", 0, 64, [](NetParams& p) -> int& { return p.d_st; }},
      {"router.delay.link", 1, 64, [](NetParams& p) -> int& { return p.d_link; }},
      {"router.delay.credit", 1, 64, [](NetParams& p) -> int& { return p.d_credit; }},
      {"router.delay.dec", 0, 64, [](NetParams& p) -> int& { return p.d_dec; }},
      {"al.width", 4, 32, [](NetParams& p) -> int& { return p.al_width; }},
      {"al.tick", 1, 1 << 16, [](NetParams& p) -> int& { return p.al_tick; }},
      {"ni.inject_delay", 1, 64, [](NetParams& p) -> int& { return p.d_inj; }},
      {"ni.eject_delay", 1, 64, [](NetParams& p) -> int& { return p.d_ej; }},
      {"ni.max_packet_flits", 0, 4096, [](NetParams& p) -> int& { return p.max_packet_flits; }},
      {"ni.seq_bits", 4, 32, [](NetParams& p) -> int& { return p.seq_bits; }},
  };
  return t;
}

const NetRange& net_range(const std::string& key) {
  for (const NetRange& r : net_ranges())
    if (key == r.key) return r;
  throw std::logic_error("net_range: no range for key " + key);
}

void check_net_ranges(const NetParams& params) {
  NetParams p = params;  // ref() takes a mutable object; the copy is never changed
  for (const NetRange& r : net_ranges()) {
    const int v = r.ref(p);
    if (v < r.lo || v > r.hi)
      throw std::invalid_argument(std::string(r.key) + ": value " + std::to_string(v) + " out of range [" +
                                  std::to_string(r.lo) + ", " + std::to_string(r.hi) + "]");
  }
  for (int k : p.topo.k)
    if (k < 1 || k > (1 << 20))
      throw std::invalid_argument("topology.k: value " + std::to_string(k) + " out of range [1, 1048576]");
  const NetworkSize size = network_size(p.topo);
  if (size.terminals > 65535 || size.elements > 65535)
    throw std::invalid_argument("topology: the network has more than 65535 nodes or elements (router ids are 16-bit "
                                "in traces)");
}

}  // namespace drb
