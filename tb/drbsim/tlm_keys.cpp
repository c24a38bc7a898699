// SPDX-License-Identifier: Apache-2.0
// Scenario keys of the NIs' TLM-2.0 host adapters (systemc/ni/tlm_map.h; docs/integration.md). They act in a
// virtual platform (VpFabric) only: drbsim's own traffic sends no TLM transactions, and refuses them.
#include <climits>

#include "systemc/ni/tlm_map.h"
#include "tb/drbsim/keys.h"

namespace drb {

void add_tlm_keys(std::vector<KeyDef>& k) {
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("tlm.window", "65536",
      "virtual platform: bytes of address space per node, node n answering [n x window, (n + 1) x window) "
      "(unless tlm.map); a transaction must lie in one window",
      [](Scenario& s, const std::string& v) {
        s.tlm.window = static_cast<uint64_t>(to_int("tlm.window", v, 1, static_cast<int64_t>(kMaxTlmWindow)));
      },
      [](const Scenario& s) { return json(s.tlm.window); });
  add("tlm.map", "",
      "virtual platform: the address map as a file of lines 'NODE BASE SIZE' (decimal or 0x hex; a node not "
      "listed answers no address); windows may not overlap",
      [](Scenario& s, const std::string& v) { s.tlm_map = v; }, [](const Scenario& s) { return json(s.tlm_map); });
  add("tlm.flit_bytes", "16", "virtual platform: payload bytes per flit (a message is 1 head flit + ceil(bytes / this))",
      [](Scenario& s, const std::string& v) { s.tlm.flit_bytes = static_cast<int>(to_int("tlm.flit_bytes", v, 1, kMaxFlitBytes)); },
      [](const Scenario& s) { return json(s.tlm.flit_bytes); });
  add("tlm.max_burst", "4096", "virtual platform: the longest READ or WRITE in bytes (longer: TLM_BURST_ERROR_RESPONSE)",
      [](Scenario& s, const std::string& v) { s.tlm.max_burst = static_cast<uint32_t>(to_int("tlm.max_burst", v, 1, kMaxBurst)); },
      [](const Scenario& s) { return json(s.tlm.max_burst); });
  add("tlm.posted_writes", "true",
      "virtual platform: a WRITE returns once its message is queued (true), or once the remote target has "
      "answered, with its status (false)",
      [](Scenario& s, const std::string& v) { s.tlm.posted_writes = to_bool("tlm.posted_writes", v); },
      [](const Scenario& s) { return json(s.tlm.posted_writes); });
  add("tlm.decoupled", "false",
      "virtual platform: loosely timed with temporal decoupling: b_transport returns at once, the fabric's "
      "latency (learned from the pair's last messages) annotated into the delay, the access made on the remote "
      "target at once, the messages sent at their times (docs/integration.md, Timing)",
      [](Scenario& s, const std::string& v) { s.tlm.decoupled = to_bool("tlm.decoupled", v); },
      [](const Scenario& s) { return json(s.tlm.decoupled); });
}

}  // namespace drb
