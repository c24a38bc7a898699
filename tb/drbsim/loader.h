// SPDX-License-Identifier: Apache-2.0
// Scenario loading: built-in defaults, then a YAML file, then key=value overrides; `sweep.<key>` lists
// expand into one run per combination. validate() checks what no single key can (combinations) and
// derives the network parameters the routing algorithm implies. Every problem is a ConfigError.
#pragma once
#include <memory>
#include <string>
#include <vector>

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
// The scenario's supernode construction (drb.supernode, drb.dga_rule, drb.row_style) on t; ConfigError
// if the method does not fit the topology.
std::unique_ptr<class SupernodeConstruction> make_construction(const Scenario& s, const class Topology& t);
// The same on a network without a direct-network helper (sga, dga, static, random on the graph). The
// construction holds terminals^2 distances; check_graph_construction refuses what make would, building nothing.
std::unique_ptr<class GraphSupernodes> make_graph_construction(const Scenario& s, const class Interconnect& ic);
void check_graph_construction(const Scenario& s, const class Interconnect& ic);
// The scenario's DRB world on ic (models/drb/drb_world.h), `rf` its static relation (make_static_relation):
// the direct networks' construction where the topology has coordinates, the graph's otherwise. Under
// drb.supernode=table the world serves distances only, with the static construction. ConfigError as above.
std::unique_ptr<class DrbWorld> make_drb_world(const Scenario& s, const class Interconnect& ic,
                                               const class RoutingRelation& rf);
// The head-flit layout of a run on t: network size and dimensions, al.width, ni.seq_bits, the longest packet
// and whether tie bits travel (routing.tie=random).
LayoutParams header_layout(const Scenario& s, const class Interconnect& ic);

}  // namespace drb
