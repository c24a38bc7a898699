// SPDX-License-Identifier: Apache-2.0
// Where each key family acts, declared once (docs/robustness.md, "Keys that cannot act"). validate() notes
// the keys the user set that its run cannot act on; a key that acts in none of a set's runs is refused
// (exit 2) or, for the families that scenario files shared across networks carry, warned about once. A
// sweep may set a key for some of its runs only: a key that acts in one run is not reported.
#pragma once
#include <string>
#include <vector>

#include "tb/drbsim/loader.h"

namespace drb {

class Interconnect;

// From validate(), once the run's interconnect and routing relations exist: `reads` holds the RoutingKey
// bits (models/routing/relation.h) of the relations the run routes with.
void note_inert_keys(Scenario& s, const Interconnect& ic, unsigned reads);
// From load_scenarios(), after every run is validated: ConfigError for a refused key inert in every run;
// the warned ones go to set.warnings.
void check_inert(ScenarioSet& set);
// The tlm.* keys act in a virtual platform only: drbsim refuses them, naming the command.
void refuse_platform_keys(const Scenario& s, const std::string& command);
// A command that simulates nothing refuses the outputs it does not write (`writes`: those it does) and, if it
// studies the network's structure or paths, the link faults, which its figures do not show.
void check_command_keys(const ScenarioSet& set, const std::string& command, const std::vector<std::string>& writes,
                        bool studies_network);
// The set's warnings on stderr, "drbsim: warning: KEY: reason", each once per process.
void print_warnings(const ScenarioSet& set);

}  // namespace drb
