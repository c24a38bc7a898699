// SPDX-License-Identifier: Apache-2.0
// Output of a scenario set: a table on stdout, one JSON document (configuration, open choices, seed,
// results; no wall-clock figures so that the same seed gives the same bytes), one CSV row per run.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tb/drbsim/loader.h"

namespace drb {

class Interconnect;

nlohmann::json model_choices(const Scenario& s, const Interconnect& ic);  // every choice the specification leaves open
nlohmann::json report_json(const ScenarioSet& set, const std::vector<nlohmann::json>& results);
std::string report_table(const ScenarioSet& set, const std::vector<nlohmann::json>& results);
std::string report_csv(const ScenarioSet& set, const std::vector<nlohmann::json>& results);
// j as text (indent as nlohmann's dump). Strings from the user's input (paths, keys in error messages) may
// hold bytes that are not UTF-8: they are replaced (U+FFFD) instead of failing the whole document.
std::string dump_json(const nlohmann::json& j, int indent = -1);

}  // namespace drb
