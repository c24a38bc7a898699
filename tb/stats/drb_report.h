// SPDX-License-Identifier: Apache-2.0
// DRB observability for the JSON results: per channel the metapath size over time, MSP usage and acks;
// network-wide ack and early-ack counts, bytes and drops.
#pragma once
#include <nlohmann/json.hpp>

#include "systemc/fabric/network.h"

namespace drb {

// time_bin > 0 adds the mean metapath size over all channels in bins of that many cycles up to `end`.
// Channel detail is listed for at most `max_channels` channels (all aggregates are always given).
nlohmann::json drb_report(Network& net, int64_t time_bin, int64_t end, int flit_bytes = 16, size_t max_channels = 256);

}  // namespace drb
