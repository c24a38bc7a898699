// SPDX-License-Identifier: Apache-2.0
// drbsim sub-commands other than simulation.
#pragma once
#include <string>
#include <vector>

#include "tb/io/inputs.h"

namespace drb {

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides);
// inputs: the files the command line named (scenario file, --args-file), which no output may overwrite.
int run_topology_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                         const std::vector<InputFile>& inputs);
int run_metapaths_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                          const std::vector<InputFile>& inputs);

}  // namespace drb
