// SPDX-License-Identifier: Apache-2.0
// What the statistics collectors read (stats.* keys; tb/drbsim fills it from a scenario).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace drb {

struct StatsParams {
  bool per_pair = false;
  bool links = true;
  int hist_bin = 10;
  int64_t time_bin = 0;
  // stats.energy: the per-event energy model (models/power/energy.h) over the measured window.
  bool energy = false;
  std::string energy_table;                           // energy.table: the user's table file ("": OSU018's)
  std::shared_ptr<const std::string> energy_text;     // its text, read by the front end before the run
  double link_mm = 1;                                 // energy.link_mm: mm of wire per link of router.delay.link
  int flit_bits = 0;                                  // energy.flit_bits (0: the head flit's width)
  // Set by the front end from other keys: the head flit's width and sim.clock_ns (energy to power).
  int head_bits = 0;
  double clock_ns = 1;
  int bits() const { return flit_bits > 0 ? flit_bits : head_bits; }
};

}  // namespace drb
