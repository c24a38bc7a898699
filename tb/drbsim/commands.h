// SPDX-License-Identifier: Apache-2.0
// drbsim sub-commands other than simulation.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "tb/io/inputs.h"

namespace drb {

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides);
// inputs: the files the command line named (scenario file, --args-file), which no output may overwrite.
// json_only (--json): the figures as one JSON line on stdout instead of the table.
int run_topology_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                         const std::vector<InputFile>& inputs, bool json_only = false);
int run_metapaths_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
                          const std::vector<InputFile>& inputs);

// drbsim compare A.json B.json [rel=R] [abs=A] [metrics=table|all|m1,m2] [METRIC=R]: one line per metric that
// moved beyond its tolerance, exit 1 if any did, else 0 (docs/regression.md).
int run_compare_command(const std::vector<std::string>& args);
// The same on two results files' texts (names for messages) and the options alone, writing to os.
int compare_results(const std::string& a_text, const std::string& a_name, const std::string& b_text,
                    const std::string& b_name, const std::vector<std::string>& options, std::ostream& os);

}  // namespace drb
