// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the traffic.channels list parser (src>dst[@interval],...) and, for what it accepts, the
// pattern checks of a 64-node torus. A ConfigError is the expected answer; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "tb/drbsim/loader.h"

// The libraries link libsystemc, whose main() needs an sc_main; libFuzzer's main() is the one that runs.
extern "C" int sc_main(int, char**) { return 0; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  static const drb::Scenario base = [] {
    drb::Scenario s = drb::default_scenario();
    s.traffic.pattern = "channels";
    s.traffic.interval = 100;
    return s;
  }();
  drb::Scenario s = base;
  try {
    drb::find_key("traffic.channels")->set(s, text);
    for (const drb::ChannelSpec& c : s.traffic.channels)
      if (c.src < 0 || c.dst < 0 || !(c.interval == 0 || c.interval >= 1)) std::abort();  // parser let it through
    s.explicit_keys.push_back("traffic.channels");
    drb::validate(s);
  } catch (const drb::ConfigError&) {
  }
  return 0;
}
