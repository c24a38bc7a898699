// SPDX-License-Identifier: Apache-2.0
// Fuzz target: drbsim compare on two results files that anyone may have written. The input is split at its
// first NUL into A and B (no NUL: A and B are the same text) and compared with the default metrics, with every
// numeric leaf and with a per-metric tolerance. A refusal is a ConfigError (exit 2 in drbsim); a crash, any
// other exception or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tb/drbsim/commands.h"
#include "tb/io/key_error.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string in(reinterpret_cast<const char*>(data), size);
  const size_t nul = in.find('\0');
  const std::string a = in.substr(0, nul), b = nul == std::string::npos ? a : in.substr(nul + 1);
  for (const std::vector<std::string>& opts : std::vector<std::vector<std::string>>{
           {}, {"metrics=all"}, {"rel=0", "latency.mean=0.5", "abs=1"}}) {
    std::ostringstream out;
    try {
      const int rc = drb::compare_results(a, "A", b, "B", opts, out);
      if (rc != 0 && rc != 1) std::abort();
    } catch (const drb::ConfigError&) {
      // refused, naming the argument
    } catch (const std::exception&) {
      std::abort();
    }
  }
  return 0;
}
