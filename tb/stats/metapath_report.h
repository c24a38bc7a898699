// SPDX-License-Identifier: Apache-2.0
// Output of the zero-load metapath study: a human table and one JSON object per study row.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/drb/metapath_study.h"

namespace drb {

// Echoes topology, kind, nodes, method, family, size (size2 for planes, dga_rule, line_style where they
// apply), then every metric. NaN (no included destination) is written as null.
nlohmann::json metapath_row_json(const MetapathStudyRow& row);

// Fixed-width table with a header line and one line per row; "-" marks an undefined value.
std::string metapath_table(const std::vector<MetapathStudyRow>& rows);

}  // namespace drb
