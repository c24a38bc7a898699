// SPDX-License-Identifier: Apache-2.0
// The built-in default scenario (drbsim with no argument).
#pragma once

namespace drb {

// The DRB thesis' hot spot on an 8x8 torus (tb/scenarios/hotspot_8x8.yaml): static routing against DRB,
// both with the same 8 VCs x 4 flits per port, loads from continuous injection (10 cycles per message)
// down to 120 cycles per message.
inline const char* kDefaultScenario = R"(# built-in: hot spot, static (DOR) vs DRB, 8x8 torus
topology: {kind: torus, k: 8, n: 2}
routing: {tie: positive, vc_classes: dateline}  # the thesis router (docs/router-saturation.md)
router: {vcs: 8, buffer: 4}
traffic:
  pattern: channels
  injection: exponential
  length: 10
  interval: 20
  channels: "25>58,19>50,8>42,4>34,16>33,20>35"
  source_queue: 16
drb:
  supernode: table
  table: "25>58=1|57; 19>50=51|59; 8>42=40|48; 4>34=36|44"
sim: {warmup: 10000, measure: 40000}
stats: {links: false}
out: {json: out/demo.json, csv: out/demo.csv, plot: out/demo.png}
sweep:
  routing.algorithm: [dor, drb]
  traffic.interval: [10, 15, 20, 30, 40, 60, 80, 120]
)";

}  // namespace drb
