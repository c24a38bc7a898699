// drbsim sub-commands other than simulation.
#pragma once
#include <string>
#include <vector>

namespace drb {

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides);
// scenario_path: the scenario file ("" if none), which no output may overwrite.
int run_topology_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                         const std::string& scenario_path);
int run_metapaths_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                          const std::string& scenario_path);

}  // namespace drb
