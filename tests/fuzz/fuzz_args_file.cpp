// SPDX-License-Identifier: Apache-2.0
// Fuzz target: --args-file, the JSON array of arguments a Slurm task (or a user) hands drbsim, then the
// scenario loader on the key=value arguments it held. A ConfigError naming --args-file is the answer to a
// malformed file, any keyed ConfigError to bad keys; an accepted file must hold only whole, NUL-free
// arguments. Anything else escaping (another exception, a crash, a sanitizer report, a timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tb/io/inputs.h"
#include "tb/drbsim/keys.h"
#include "tb/drbsim/loader.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> args;
  try {
    args = drb::parse_args_text(text, "'fuzz'");
  } catch (const drb::ConfigError& e) {
    if (e.key != "--args-file" || e.reason.empty()) std::abort();
    return 0;
  }
  if (args.empty()) std::abort();
  std::vector<std::string> overrides;
  for (const std::string& a : args) {
    if (a.find('\0') != std::string::npos || a == "--args-file") std::abort();
    if (a.find('=') != std::string::npos) overrides.push_back(a);
  }
  // Confirmed sweeps and windows are the user's to ask for, not the fuzzer's (one input would run for long).
  if (text.find("max_runs") != std::string::npos || text.find("max_seconds") != std::string::npos) return 0;
  try {
    drb::load_scenarios("", "fuzz", overrides);
  } catch (const drb::ConfigError& e) {
    if (e.key.empty() && e.reason.empty()) std::abort();
  }
  return 0;
}
