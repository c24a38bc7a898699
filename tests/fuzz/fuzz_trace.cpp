// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the trace reader (traffic.pattern=trace) on a 16-node network. A ConfigError naming
// traffic.trace and a line is the expected answer; anything else, or a record the checks should have
// refused, is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "tb/drbsim/keys.h"
#include "tb/traffic/trace.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  try {
    const drb::TraceSummary s = drb::scan_trace(in, 16);
    if (s.messages < 1 || s.max_length < 1 || s.max_length > drb::kTraceMaxLength || s.last_cycle < 0) std::abort();
  } catch (const drb::ConfigError& e) {
    if (e.key != "traffic.trace" || e.reason.rfind("line ", 0) != 0) {
      if (e.reason != "the trace has no message line") std::abort();
    }
  }
  return 0;
}
