// SPDX-License-Identifier: Apache-2.0
// The files of a scenario's runs: what they write (out.*, trace.vcd) and read (the scenario file, --args-file,
// traces), for the checks of tb/io/outputs.h.
#pragma once
#include <string>
#include <vector>

#include "tb/drbsim/keys.h"
#include "tb/io/outputs.h"

namespace drb {

struct ScenarioSet;

// The files a run command writes: out.json (or the JSON beside out.plot), out.csv, out.plot, trace.vcd.
std::vector<OutputFile> run_outputs(const Scenario& s);
// Whether a scenario key names an output file (out.*, trace.vcd): where results go, never part of them.
bool is_output_key(const std::string& key);
// The files a set reads: `given` (the scenario file, --args-file) and every run's traffic.trace.
std::vector<InputFile> run_inputs(const ScenarioSet& set, std::vector<InputFile> given);

}  // namespace drb
