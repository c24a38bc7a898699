// SPDX-License-Identifier: Apache-2.0
// Memory footprint of a fabric before it is built: each unit reports the bytes it allocates for a
// configuration (from the sizes of its own members), so a front end can refuse a network that would not
// fit before elaborating it. Static parts are exact up to the allocator's rounding; parts that depend on
// the traffic (queued messages, packets in flight, per-pair state) are given per item, for the caller to
// multiply by its own bound.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace drb {

// Bytes glibc's malloc takes for a request: 8 bytes of header, 16-byte granules, 32 at least.
inline double heap_bytes(double request) {
  if (request <= 0) return 0;
  const double b = std::max(32.0, request + 8);
  return b + (16 - static_cast<uint64_t>(b) % 16) % 16;
}

struct Footprint {
  struct Part {
    std::string what;
    double bytes;
    std::string key;  // the setting that sizes it, where one does ("" for the network's own size)
  };
  std::vector<Part> parts;
  void add(const std::string& what, double bytes, const std::string& key = "") {
    if (bytes > 0) parts.push_back({what, bytes, key});
  }
  double total() const {
    double t = 0;
    for (const Part& p : parts) t += p.bytes;
    return t;
  }
  const Part& largest() const {
    return *std::max_element(parts.begin(), parts.end(), [](const Part& a, const Part& b) { return a.bytes < b.bytes; });
  }
};

// The memory this process may use: the lower of physical memory and its cgroup limit (0 if unknown).
uint64_t machine_memory();
// "12.0 MiB": bytes in binary units, one decimal below 10.
std::string format_bytes(double b);

// Per-item sizes of the traffic-dependent state, for the caller's bounds.
struct FabricItemBytes {
  double message = 0;   // a message in a source queue (pool slot and queue entry)
  double packet = 0;    // a packet in flight (pool slot with its path)
  double pair = 0;      // per (source, destination) pair that has exchanged a message: sequence and reorder state
  double drb_channel = 0;  // per pair under DRB: the source's metapath
};

}  // namespace drb
