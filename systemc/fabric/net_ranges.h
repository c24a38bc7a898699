// SPDX-License-Identifier: Apache-2.0
// The router's and NI's integer parameters with their keys and ranges, defined once: drbsim's keys parse
// into NetParams with these bounds, and ElementSetup checks a NetParams filled in code (the SystemC face's
// typed API, docs/integration.md) against the same table before it builds anything, so a typed design is
// held to what the keys allow. The topology's fields are checked by make_interconnect, which names their
// keys; check_net_ranges adds the size guard that must come before it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/fabric/net_types.h"

namespace drb {

struct NetRange {
  const char* key;        // the scenario key that sets the field
  int64_t lo, hi;         // inclusive
  int& (*ref)(NetParams&);
};

const std::vector<NetRange>& net_ranges();
// The entry of a key; std::logic_error for a key the table does not hold.
const NetRange& net_range(const std::string& key);
// std::invalid_argument("key: value V out of range [lo, hi]") for the first field outside its range, and
// "topology: ..." for a network past the supported size (65535 terminals or elements, by the families'
// formulas, before anything is built) or a radix below 1.
void check_net_ranges(const NetParams& p);

}  // namespace drb
