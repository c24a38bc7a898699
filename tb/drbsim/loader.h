// SPDX-License-Identifier: Apache-2.0
// Scenario loading: built-in defaults, then a YAML file, then key=value overrides; `sweep.<key>` lists
// expand into one run per combination. validate() checks what no single key can (combinations) and
// derives the network parameters the routing algorithm implies. Every problem is a ConfigError.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "tb/drbsim/interconnects.h"
#include "tb/drbsim/keys.h"

namespace drb {

struct ScenarioSet {
  std::vector<Scenario> runs;
  std::vector<std::string> swept;  // swept keys, in expansion order
  std::string source;              // scenario file, or "built-in"
  std::vector<std::pair<std::string, std::string>> warnings;  // key, reason: keys that act in no run
};

// yaml_text: contents of a scenario file (or a built-in scenario); origin names it in messages.
ScenarioSet load_scenarios(const std::string& yaml_text, const std::string& origin,
                           const std::vector<std::string>& overrides);
std::string read_file(const std::string& path);  // throws ConfigError("scenario", ...) on failure
void validate(Scenario& s);
// The same with the networks of the set's earlier runs at hand (built once per distinct topology).
void validate(Scenario& s, InterconnectCache& interconnects);
// What the scenario's source path policies are made from (drb.*, prdrb.*, the traffic's mean length).
SourceParams source_params(const Scenario& s);
// A std::invalid_argument from the library ("key: reason") as the front end's keyed error.
ConfigError keyed_error(const std::invalid_argument& e);
// The head-flit layout of a run on t: network size and dimensions, al.width, ni.seq_bits, the longest packet
// and whether tie bits travel (routing.tie=random).
LayoutParams header_layout(const Scenario& s, const class Interconnect& ic);

}  // namespace drb
