// The built-in default scenario (drbsim with no argument).
#pragma once

namespace drb {

// DOR vs minimal adaptive on an 8x8 torus under matrix transpose: both get the same 4 VCs x 8 flits.
inline const char* kDefaultScenario = R"(# built-in: DOR vs adaptive, 8x8 torus, matrix transpose
topology: {kind: torus, k: 8, n: 2}
router: {vcs: 4, buffer: 8}
traffic: {pattern: transpose, injection: bernoulli, length: 10, source_queue: 64}
sim: {warmup: 5000, measure: 20000}
stats: {links: false}
out: {json: out/demo.json, csv: out/demo.csv, plot: out/demo.png}
sweep:
  routing.algorithm: [dor, adaptive]
  traffic.rate: [0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35]
)";

}  // namespace drb
