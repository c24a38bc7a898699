// SPDX-License-Identifier: Apache-2.0
// Scenario keys of PR-DRB (docs/prdrb.md): the router monitoring and the source's solution database. The
// metapath itself (threshold, band, s_max, supernodes) is configured with DRB's keys.
#include <climits>

#include "tb/drbsim/keys.h"

namespace drb {

void add_prdrb_keys(std::vector<KeyDef>& k) {
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("prdrb.th_router", "0", "Th_router in cycles: a router captures the contending flows of a message whose wait "
      "there (or accumulated latency, prdrb.trigger) exceeds it (0: the message length in flits)",
      [](Scenario& s, const std::string& v) { s.prdrb.th_router = to_int("prdrb.th_router", v, 0, INT32_MAX); },
      [](const Scenario& s) { return json(s.prdrb.th_router); });
  add("prdrb.trigger", "local", "what is compared with Th_router: this router's wait (local) or the latency "
      "accumulated so far (accumulated)",
      [](Scenario& s, const std::string& v) { s.prdrb.trigger = to_enum("prdrb.trigger", v, {"local", "accumulated"}); },
      [](const Scenario& s) { return json(s.prdrb.trigger); });
  add("prdrb.f_max", "4", "F_max, most contending flows captured per message (1-8)",
      [](Scenario& s, const std::string& v) { s.prdrb.f_max = static_cast<int>(to_int("prdrb.f_max", v, 1, 8)); },
      [](const Scenario& s) { return json(s.prdrb.f_max); });
  add("prdrb.capture", "link", "which flows are captured: link (the packets holding the other VCs of the output it "
      "leaves on, then those queued behind it) | buffer (only those queued behind it in its VC)",
      [](Scenario& s, const std::string& v) { s.prdrb.capture = to_enum("prdrb.capture", v, {"link", "buffer"}); },
      [](const Scenario& s) { return json(s.prdrb.capture); });
  add("prdrb.w_stable", "8", "W_stable: acks in a row with an unchanged metapath size (inside the band, or full) "
      "before the configuration is stored",
      [](Scenario& s, const std::string& v) { s.prdrb.w_stable = static_cast<int>(to_int("prdrb.w_stable", v, 1, 1 << 20)); },
      [](const Scenario& s) { return json(s.prdrb.w_stable); });
  add("prdrb.match", "jaccard", "when a stored solution applies: jaccard (flow signatures with Jaccard similarity >= "
      "prdrb.theta) | exact (equal signatures) | key (any solution of the pair)",
      [](Scenario& s, const std::string& v) { s.prdrb.match = to_enum("prdrb.match", v, {"jaccard", "exact", "key"}); },
      [](const Scenario& s) { return json(s.prdrb.match); });
  add("prdrb.theta", "0.5", "θ_match, the Jaccard similarity a stored signature needs (0-1]",
      [](Scenario& s, const std::string& v) { s.prdrb.theta = to_double("prdrb.theta", v, 1e-9, 1); },
      [](const Scenario& s) { return json(s.prdrb.theta); });
  add("prdrb.e_max", "4", "E_max, stored solutions per (source, destination); the least recently used goes",
      [](Scenario& s, const std::string& v) { s.prdrb.e_max = static_cast<int>(to_int("prdrb.e_max", v, 1, 1024)); },
      [](const Scenario& s) { return json(s.prdrb.e_max); });
  add("prdrb.apply", "threshold", "when a stored solution is looked up: threshold (only when Latency(MP*) passes "
      "the metapath threshold, Table 2 as printed) | pattern (also on every ack that brings a captured pattern)",
      [](Scenario& s, const std::string& v) { s.prdrb.apply = to_enum("prdrb.apply", v, {"threshold", "pattern"}); },
      [](const Scenario& s) { return json(s.prdrb.apply); });
  add("prdrb.disjoint", "links", "alternative MSPs from the supernodes: only those sharing no link with the original "
      "path (links) or any (none); drb.supernode=table lists them explicitly",
      [](Scenario& s, const std::string& v) { s.prdrb.disjoint = to_enum("prdrb.disjoint", v, {"links", "none"}); },
      [](const Scenario& s) { return json(s.prdrb.disjoint); });
}

}  // namespace drb

namespace drb {

void check_prdrb(Scenario& s, int max_packet_flits) {
  if (s.net.any_rtl())
    throw ConfigError("routing.algorithm", "prdrb's router monitoring (the flow capture) is not covered by the RTL blocks");
  CaptureParams& c = s.net.capture;
  c.on = true;
  c.th_router = static_cast<uint32_t>(s.prdrb.th_router > 0 ? s.prdrb.th_router : max_packet_flits);
  c.accumulated = s.prdrb.trigger == "accumulated";
  c.f_max = s.prdrb.f_max;
  c.buffer_only = s.prdrb.capture == "buffer";
}

}  // namespace drb
