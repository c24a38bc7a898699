// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/version.h"

#include "systemc/fabric/vp_fabric.h"

namespace drb {

const char* version() { return DRB_VERSION; }

std::string version_line() {
  return std::string("drbsim ") + version() + " (results schema " + std::to_string(kResultsSchema) + ", commit " +
         commit() + ")";
}

nlohmann::json provenance() {
  return {{"version", version()}, {"results_schema", kResultsSchema}, {"commit", commit()}};
}

}  // namespace drb
