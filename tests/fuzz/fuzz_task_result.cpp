// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a Slurm task's result as the gather reads it. A result file is whatever a task (or anyone
// with the work folder) left there: any JSON the checks accept (result_problem returns "") must go through
// the table, the CSV and the JSON report without an exception; anything they refuse is resubmitted. A
// crash, an escaping exception or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tb/drbsim/loader.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/run_cache.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const drb::ScenarioSet set = drb::load_scenarios("", "fuzz", {"topology.k=4", "sweep.traffic.rate=0.1,0.2"});
  nlohmann::json r;
  try {
    r = nlohmann::json::parse(reinterpret_cast<const char*>(data), reinterpret_cast<const char*>(data) + size);
  } catch (const nlohmann::json::exception&) {
    return 0;  // not JSON: the gather counts it as missing
  }
  if (!drb::result_problem(r).empty()) return 0;
  const std::vector<nlohmann::json> results{r, r};
  try {
    drb::report_table(set, results);
    drb::report_csv(set, results);
    drb::dump_json(drb::report_json(set, results), 1);
  } catch (const std::exception&) {
    std::abort();  // an accepted result the report cannot read
  }
  return 0;
}
