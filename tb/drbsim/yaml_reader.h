// SPDX-License-Identifier: Apache-2.0
// Reading a scenario file (tb/drbsim/yaml_reader.cpp): the loader (loader.cpp) builds and checks runs from
// what this returns.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "tb/drbsim/keys.h"

namespace drb {

struct ScenarioKeys {
  std::map<std::string, std::string> values;                // key -> value as written
  std::map<std::string, std::vector<std::string>> sweeps;  // sweep: key -> values
};
// The YAML text as keys and sweeps; origin names it in messages. Empty text: nothing.
ScenarioKeys read_scenario_keys(const std::string& yaml_text, const std::string& origin);
// A command-line sweep value "a,b,c" (';' between values of list keys, or when the value holds one).
std::vector<std::string> split_sweep(const std::string& key, const std::string& v);

}  // namespace drb
