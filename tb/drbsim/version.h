// SPDX-License-Identifier: Apache-2.0
// What built drbsim, stamped on everything it writes: the project version (CMake's project(VERSION)), the
// results schema and the git commit (docs/results.md, "Provenance").
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace drb {

// The results schema: the layout of the files drbsim writes (the run results JSON, the topology and
// metapaths JSON, the CSV columns). Raised when a field or column is renamed, removed, moved or changes its
// meaning or unit; adding a JSON field or a trailing CSV column leaves it unchanged. The simulated values
// themselves are not versioned by it: they follow the model, named by version and commit.
constexpr int kResultsSchema = 1;

const char* version();  // "major.minor.patch", as the installed package (systemc/fabric/vp_fabric.h)
const char* commit();   // 12 hex digits, "-dirty" with uncommitted changes, or "unknown" (cmake/git_commit.cmake)

// "drbsim 0.1.0 (results schema 1, commit 0123456789ab)"
std::string version_line();
// {"version": ..., "results_schema": ..., "commit": ...}: the fields every JSON output carries at its top level.
nlohmann::json provenance();

}  // namespace drb
