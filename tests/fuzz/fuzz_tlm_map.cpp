// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the address map file (tlm.map: lines NODE BASE SIZE). The first byte picks the node count
// (1..256). A map the parser and the checks accept must decode every window's first and last byte to its
// node, and any address it decodes must lie in the window of the node it names.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "systemc/ni/tlm_map.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const int nodes = 1 + data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  drb::TlmParams p;
  try {
    p.map = drb::parse_tlm_map(text);
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).rfind("tlm.map: ", 0) != 0) std::abort();
    return 0;
  }
  try {
    const drb::AddressMap m(p, nodes);
    for (const drb::TlmWindow& w : p.map) {
      int node = -1;
      uint64_t off = 1;
      if (!m.decode(w.base, 1, node, off) || node != w.node || off != 0) std::abort();
      if (!m.decode(w.base + (w.size - 1), 1, node, off) || node != w.node || off != w.size - 1) std::abort();
      if (m.decode(w.base, w.size, node, off) != true || m.base(w.node) != w.base) std::abort();
      // Past the window's end: another node's window or nothing, never this node at an offset past its size.
      if (w.base + (w.size - 1) != UINT64_MAX && m.decode(w.base + w.size, 1, node, off) && node == w.node) std::abort();
    }
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).rfind("tlm.", 0) != 0) std::abort();
  }
  return 0;
}
