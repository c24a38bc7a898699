// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the scenario loader (YAML text, then key=value overrides) with every per-run check and the
// memory estimate. Input: YAML, then a line "%%", then one override per line. A ConfigError is the
// expected answer to bad input; anything else escaping (another exception, a crash, a sanitizer report,
// a timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tb/drbsim/guards.h"
#include "tb/drbsim/interconnects.h"
#include "tb/drbsim/loader.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string in(reinterpret_cast<const char*>(data), size);
  const size_t cut = in.find("\n%%\n");
  const std::string yaml = in.substr(0, cut);
  std::vector<std::string> overrides;
  if (cut != std::string::npos) {
    const std::string rest = in.substr(cut + 4);
    size_t from = 0;
    while (from <= rest.size()) {
      const size_t nl = rest.find('\n', from);
      overrides.push_back(rest.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
      if (nl == std::string::npos) break;
      from = nl + 1;
    }
  }
  // A user may confirm a sweep of up to 10^5 runs or windows of any length; the fuzzer must not, or one
  // input would validate 10^5 runs. Inputs that raise those confirmations are skipped.
  if (in.find("max_runs") != std::string::npos) return 0;
  try {
    const drb::ScenarioSet set = drb::load_scenarios(yaml, "fuzz", overrides);
    if (set.runs.empty()) std::abort();  // a loaded set always has a run
    drb::InterconnectCache interconnects;  // as check_memory: each network built once a set
    for (const drb::Scenario& s : set.runs) drb::estimate_memory(s, interconnects);
  } catch (const drb::ConfigError& e) {
    if (e.key.empty() && e.reason.empty()) std::abort();  // a refusal always says something
  }
  return 0;
}
