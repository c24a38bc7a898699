// SPDX-License-Identifier: Apache-2.0
// What the NIs' TLM-2.0 host adapters are configured with (the tlm.* keys; docs/integration.md): the
// address map that names a target node by address, the bytes a flit carries, the longest burst, and whether
// writes are posted. Plain C++: the map is checked and decoded here, the sockets live in ni_host.h.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace drb {

// One target's window of the address map: node `node` answers [base, base + size).
struct TlmWindow {
  int node = 0;
  uint64_t base = 0, size = 0;
};

constexpr uint64_t kNodeWindow = 0x10000;  // tlm.window's default: 64 KiB of address space per node

struct TlmParams {
  uint64_t window = kNodeWindow;   // tlm.window: with no map, node n answers [n * window, (n + 1) * window)
  std::vector<TlmWindow> map;   // tlm.map: the windows instead (a node not listed answers no address)
  int flit_bytes = 16;          // tlm.flit_bytes: payload bytes per flit (a message is 1 head + ceil(bytes / this))
  uint32_t max_burst = 4096;    // tlm.max_burst: the longest READ or WRITE, bytes
  bool posted_writes = true;    // tlm.posted_writes: a WRITE returns once queued (true) or once the target answered
  bool decoupled = false;       // tlm.decoupled: LT with temporal decoupling (ni_host.h)
};

// The ranges of the scalar fields (the keys read them too).
constexpr uint64_t kMaxTlmWindow = uint64_t{1} << 48;
constexpr int kMaxFlitBytes = 1024;
constexpr uint32_t kMaxBurst = 1u << 20;
constexpr size_t kMaxTlmWindows = 65536;  // tlm.map lines that name a window (the fabric's node limit)

// The address map of a fabric with `nodes` terminals, checked: throws std::invalid_argument("tlm.<field>:
// reason") for a field out of range, a window of size zero, past 2^64, beyond the nodes, a node given twice,
// or two windows that overlap (naming both nodes).
class AddressMap {
 public:
  AddressMap(const TlmParams& p, int nodes);
  // The node and offset of [addr, addr + len): false when no window holds all of it.
  bool decode(uint64_t addr, uint64_t len, int& node, uint64_t& offset) const;
  bool answers(int node) const;  // the node has a window
  uint64_t base(int node) const;  // its window's first address (answers(node) must hold)

 private:
  uint64_t window_ = 0;                 // the uniform map, or 0 with explicit windows
  int nodes_ = 0;
  std::vector<TlmWindow> sorted_;       // explicit windows by base
  std::vector<int64_t> base_of_;        // per node: its base, -1 without a window (explicit map)
};

// The windows of a map file's text: lines "NODE BASE SIZE" (decimal or 0x hex, '#' comments); every
// problem throws std::invalid_argument("tlm.map: line N: reason"). At most kMaxTlmWindows windows.
std::vector<TlmWindow> parse_tlm_map(const std::string& text);

// The flits of a message carrying `bytes` payload bytes: the head flit plus ceil(bytes / flit_bytes).
inline int tlm_flits(uint64_t bytes, int flit_bytes) {
  return 1 + static_cast<int>((bytes + static_cast<uint64_t>(flit_bytes) - 1) / static_cast<uint64_t>(flit_bytes));
}

}  // namespace drb
