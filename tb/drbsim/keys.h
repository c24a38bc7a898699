// SPDX-License-Identifier: Apache-2.0
// The scenario key registry: name, default, meaning, parser and echo for every key. It is the single
// source of `drbsim --help`, docs/scenarios.md and the configuration echoed into the JSON output.
#pragma once
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "tb/drbsim/scenario.h"
#include "tb/io/key_error.h"

namespace drb {

struct KeyDef {
  std::string name;
  std::string def;   // default, in command-line syntax
  std::string help;
  std::function<void(Scenario&, const std::string&)> set;
  std::function<nlohmann::json(const Scenario&)> get;
  bool list = false;  // value is a comma-separated list
};

// Appends a scalar key to a key table (the families' key files share it).
inline void add_key(std::vector<KeyDef>& k, const char* name, const char* def, const char* help,
                    std::function<void(Scenario&, const std::string&)> set,
                    std::function<nlohmann::json(const Scenario&)> get) {
  k.push_back(KeyDef{name, def, help, std::move(set), std::move(get), false});
}

// Value parsers shared by every key: each throws ConfigError(key, reason) on a malformed or out-of-range value.
int64_t to_int(const std::string& key, const std::string& v, int64_t lo, int64_t hi);
double to_double(const std::string& key, const std::string& v, double lo, double hi);
bool to_bool(const std::string& key, const std::string& v);
uint64_t to_bytes(const std::string& key, const std::string& v);  // 512M, 8G, ... (binary units)
std::string to_enum(const std::string& key, const std::string& v, const std::vector<std::string>& opts);

const std::vector<KeyDef>& scenario_keys();
void add_drb_keys(std::vector<KeyDef>& keys);  // drb_keys.cpp
void add_prdrb_keys(std::vector<KeyDef>& keys);  // prdrb_keys.cpp
void check_prdrb(Scenario& s, int max_packet_flits);  // prdrb_keys.cpp, from validate(): fills net.capture
void add_power_keys(std::vector<KeyDef>& keys);  // power_keys.cpp
class Interconnect;
struct RelationNeeds;
void check_power(const Scenario& s, const Interconnect& ic);  // power_keys.cpp, from validate()
// The power rules on the routing relation's declared needs (power_keys.cpp, from validate() once it is built).
void check_power_routing(const Scenario& s, const Interconnect& ic, const RelationNeeds& needs);
void check_closed_loop(const Scenario& s);                    // power_keys.cpp, from validate()
void add_fault_keys(std::vector<KeyDef>& keys);               // fault_keys.cpp
void check_faults(Scenario& s, const Interconnect& ic);       // fault_keys.cpp, from validate(): resolves the channels
void add_tlm_keys(std::vector<KeyDef>& keys);                 // tlm_keys.cpp
const KeyDef* find_key(const std::string& name);
std::string suggest_key(const std::string& name);  // closest known key, or ""
Scenario default_scenario();
nlohmann::json echo_scenario(const Scenario& s);
std::string keys_help();      // for --help
std::string keys_markdown();  // docs/scenarios.md table

}  // namespace drb
