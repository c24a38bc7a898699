// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the DRB table parser (drb.table: src>dst=i|i+j|...;...). The first byte picks the node
// count (2..257). Every MSP it returns must name nodes of the network and hold one or two intermediates.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <stdexcept>

#include "systemc/fabric/source_policies.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const int nodes = 2 + data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const auto t = drb::parse_msp_table(text, nodes);
    for (const auto& [pair, alts] : t) {
      if (pair.first < 0 || pair.first >= nodes || pair.second < 0 || pair.second >= nodes) std::abort();
      for (const auto& msp : alts) {
        if (msp.empty() || msp.size() > 2) std::abort();
        for (uint32_t n : msp)
          if (n >= static_cast<uint32_t>(nodes)) std::abort();
      }
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
