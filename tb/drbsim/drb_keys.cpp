// SPDX-License-Identifier: Apache-2.0
// Scenario keys of the DRB policy, the acks and GMR (the parameters the thesis leaves open).
#include <climits>

#include "tb/drbsim/keys.h"

namespace drb {

void add_drb_keys(std::vector<KeyDef>& k) {
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("drb.supernode", "sga:2",
      "supernode construction: static | row:R | column:R | plane:AxB | subcube:J | sga:R | dga:R | random "
      "(docs/metapath-study.md), or table (drb.table); DRB's alternative paths come from it",
      [](Scenario& s, const std::string& v) { s.drb.supernode = v; }, [](const Scenario& s) { return json(s.drb.supernode); });
  add("drb.table", "", "explicit MSPs for drb.supernode=table: src>dst=i|i+j|...;... (node ids; channels not "
      "listed take the static path)",
      [](Scenario& s, const std::string& v) { s.drb.table = v; }, [](const Scenario& s) { return json(s.drb.table); });
  add("drb.row_style", "auto", "lines and planes start at the source (start) or are centred on it (centred); auto: "
      "start on tori and meshes, centred on the midimew",
      [](Scenario& s, const std::string& v) { s.drb.row_style = to_enum("drb.row_style", v, {"auto", "start", "centred"}); },
      [](const Scenario& s) { return json(s.drb.row_style); });
  add("drb.dga_rule", "none", "double-gravity-area overlap rule (none | a | b | c, see docs/metapath-study.md)",
      [](Scenario& s, const std::string& v) { s.drb.dga_rule = to_enum("drb.dga_rule", v, {"none", "a", "b", "c"}); },
      [](const Scenario& s) { return json(s.drb.dga_rule); });
  add("drb.s_max", "3", "most MSPs in a metapath (the static path plus s_max-1 alternatives)",
      [](Scenario& s, const std::string& v) { s.drb.s_max = static_cast<int>(to_int("drb.s_max", v, 1, 64)); },
      [](const Scenario& s) { return json(s.drb.s_max); });
  add("drb.lat_umbral", "0", "LatUmbral, the latency threshold in cycles (0: 1.5 x the channel's canonical zero-load latency)",
      [](Scenario& s, const std::string& v) { s.drb.lat_umbral = to_int("drb.lat_umbral", v, 0, INT32_MAX); },
      [](const Scenario& s) { return json(s.drb.lat_umbral); });
  add("drb.tol_lat", "0", "Tol_lat, half-width of the no-change latency band in cycles (0: 0.85 x LatUmbral)",
      [](Scenario& s, const std::string& v) { s.drb.tol_lat = to_int("drb.tol_lat", v, 0, INT32_MAX); },
      [](const Scenario& s) { return json(s.drb.tol_lat); });
  add("drb.tol_bw", "1", "Tol_bw, the bandwidth factor of the resize equations",
      [](Scenario& s, const std::string& v) { s.drb.tol_bw = to_double("drb.tol_bw", v, 1e-6, 1e6); },
      [](const Scenario& s) { return json(s.drb.tol_bw); });
  add("drb.k_bw", "2", "k_bw, the bandwidth-use parameter of the resize equations",
      [](Scenario& s, const std::string& v) { s.drb.k_bw = to_double("drb.k_bw", v, 1e-6, 1e6); },
      [](const Scenario& s) { return json(s.drb.k_bw); });
  add("drb.trigger_mode", "lat_band", "resize trigger: latency band (corrected Table 4-4) or bandwidth compare (lat_band | bw_compare)",
      [](Scenario& s, const std::string& v) { s.drb.trigger_mode = to_enum("drb.trigger_mode", v, {"lat_band", "bw_compare"}); },
      [](const Scenario& s) { return json(s.drb.trigger_mode); });
  add("drb.init_latency", "zero_load", "latency assumed for a newly opened MSP (zero_load | metapath | canonical)",
      [](Scenario& s, const std::string& v) {
        s.drb.init_latency = to_enum("drb.init_latency", v, {"zero_load", "metapath", "canonical"});
      },
      [](const Scenario& s) { return json(s.drb.init_latency); });
  add("drb.bw_scale", "1048576", "BW_SCALE, fixed-point scale of MSP bandwidths",
      [](Scenario& s, const std::string& v) { s.drb.bw_scale = to_int("drb.bw_scale", v, 16, int64_t{1} << 40); },
      [](const Scenario& s) { return json(s.drb.bw_scale); });
  add("drb.ack_mode", "ideal", "ack transport (ideal | in_network | high_priority)",
      [](Scenario& s, const std::string& v) {
        const std::string m = to_enum("drb.ack_mode", v, {"ideal", "in_network", "high_priority"});
        s.net.ack_mode = m == "ideal" ? AckMode::Ideal : m == "in_network" ? AckMode::InNetwork : AckMode::HighPriority;
      },
      [](const Scenario& s) {
        return json(s.net.ack_mode == AckMode::Ideal ? "ideal" : s.net.ack_mode == AckMode::InNetwork ? "in_network" : "high_priority");
      });
  add("drb.ack_delay", "0", "forced cycles between an ack's arrival and its use at the source",
      [](Scenario& s, const std::string& v) { s.net.ack_delay = static_cast<int>(to_int("drb.ack_delay", v, 0, 1 << 20)); },
      [](const Scenario& s) { return json(s.net.ack_delay); });
  add("drb.ack_flits", "1", "ack packet length in flits",
      [](Scenario& s, const std::string& v) { s.net.ack_flits = static_cast<int>(to_int("drb.ack_flits", v, 1, 64)); },
      [](const Scenario& s) { return json(s.net.ack_flits); });
  add("drb2.threshold", "0",
      "GMR threshold register in cycles: early ack when a head's latency field exceeds it (0: 1.775 x the mean "
      "zero-load latency, the queueing at which the configuration phase grows a metapath)",
      [](Scenario& s, const std::string& v) {
        s.net.gmr_threshold = static_cast<uint32_t>(to_int("drb2.threshold", v, 0, UINT32_MAX));
        s.gmr_threshold_auto = s.net.gmr_threshold == 0;
      },
      [](const Scenario& s) { return json(s.net.gmr_threshold); });
  add("drb2.early_ack", "once", "early acks per packet (once | every_hop)",
      [](Scenario& s, const std::string& v) { s.net.gmr_every_hop = to_enum("drb2.early_ack", v, {"once", "every_hop"}) == "every_hop"; },
      [](const Scenario& s) { return json(s.net.gmr_every_hop ? "every_hop" : "once"); });
  add("drb2.queue", "4", "early acks a router may hold for local injection; more are dropped and counted",
      [](Scenario& s, const std::string& v) { s.net.gmr_queue = static_cast<int>(to_int("drb2.queue", v, 1, 1 << 16)); },
      [](const Scenario& s) { return json(s.net.gmr_queue); });
}

}  // namespace drb
