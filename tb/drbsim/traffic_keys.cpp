// SPDX-License-Identifier: Apache-2.0
// Scenario keys of the offered traffic (docs/traffic.md): destination pattern, injection process, message
// lengths, the channel, background, pattern-change and variable-load forms, and the source queue.
#include <climits>

#include "tb/drbsim/key_table.h"

namespace drb {

void add_traffic_keys(KeyTable& t) {
  using json = nlohmann::json;
  t.enum_key("traffic.pattern", "uniform", "destination pattern",
             {"uniform", "bitcomp", "bitrev", "butterfly", "shuffle", "transpose", "tornado", "neighbour",
              "hotspot_nodes", "channels", "trace"},
             [](Scenario& s) -> std::string& { return s.traffic.pattern; });
  t.str_key("traffic.trace", "", "trace pattern: the trace file, one message a line: cycle source destination length "
            "[dependency] (docs/traffic.md)", [](Scenario& s) -> std::string& { return s.traffic.trace; });
  t.enum_key("traffic.injection", "bernoulli",
             "injection process: per-cycle Bernoulli, exponential inter-arrival, or self-similar ON/OFF sources with "
             "Pareto periods (traffic.onoff.*)",
             {"bernoulli", "exponential", "onoff"}, [](Scenario& s) -> std::string& { return s.traffic.injection; });
  t.dbl_key("traffic.onoff.on_shape", "1.4", "onoff injection: Pareto shape of the ON periods (> 1)", 1.000001, 10,
            [](Scenario& s) -> double& { return s.traffic.onoff.on_shape; });
  t.dbl_key("traffic.onoff.off_shape", "1.2", "onoff injection: Pareto shape of the OFF periods (> 1; H = (3 - min shape) / 2)",
            1.000001, 10, [](Scenario& s) -> double& { return s.traffic.onoff.off_shape; });
  t.dbl_key("traffic.onoff.on_mean", "64", "onoff injection: mean ON period in cycles (the OFF mean follows from the rate)",
            1, 1e12, [](Scenario& s) -> double& { return s.traffic.onoff.on_mean; });
  t.dbl_key("traffic.onoff.peak", "1", "onoff injection: flits per cycle a source sends while ON (above traffic.rate)",
            1e-6, 64, [](Scenario& s) -> double& { return s.traffic.onoff.peak; });
  t.dbl_key("traffic.rate", "0.1", "offered load in flits per node per cycle", 0, 64,
            [](Scenario& s) -> double& { return s.traffic.rate; });
  t.dbl_key("traffic.interval", "0", "offered load as mean cycles between messages per node (replaces traffic.rate)",
            0, 1e12, [](Scenario& s) -> double& { return s.traffic.interval; });
  t.add("traffic.length", "10", "message length in flits (head included); a list gives mixed lengths",
        [](Scenario& s, const std::string& v) { s.traffic.lengths = to_int_list("traffic.length", v, 1, 4096); },
        [](const Scenario& s) { return json(s.traffic.lengths); }, true);
  t.add("traffic.length_weights", "", "weights of the mixed lengths (default: equal)",
        [](Scenario& s, const std::string& v) {
          s.traffic.weights.clear();
          for (auto& t : split_items(v, ',')) s.traffic.weights.push_back(to_double("traffic.length_weights", t, 0, 1e9));
        },
        [](const Scenario& s) { return json(s.traffic.weights); }, true);
  t.add("traffic.hotspot.nodes", "", "hotspot_nodes pattern: the hot nodes",
        [](Scenario& s, const std::string& v) { s.traffic.hotspot_nodes = to_int_list("traffic.hotspot.nodes", v, 0, 1 << 20, true); },
        [](const Scenario& s) { return json(s.traffic.hotspot_nodes); }, true);
  t.dbl_key("traffic.hotspot.fraction", "0.1", "hotspot_nodes pattern: fraction of all messages sent to the hot nodes",
            0, 1, [](Scenario& s) -> double& { return s.traffic.hotspot_fraction; });
  t.bool_key("traffic.self", "false",
             "a node may send to itself, through its router (BookSim2's conventions, set by router.preset=booksim): "
             "uniform draws among all N nodes and a permutation's fixed points (transpose: x = y) send to themselves; "
             "false: uniform among the other N-1 and fixed points do not send",
             [](Scenario& s) -> bool& { return s.traffic.self; });
  t.add("traffic.channels", "", "channels pattern: src>dst[@interval],... (mean cycles between messages; without "
        "@interval a channel takes traffic.interval)",
        [](Scenario& s, const std::string& v) {
          s.traffic.channels.clear();
          for (auto& t : split_items(v, ',')) {
            const auto gt = t.find('>'), at = t.find('@');
            if (gt == std::string::npos || (at != std::string::npos && at < gt))
              throw ConfigError("traffic.channels", "expected src>dst[@interval], got '" + t + "'");
            ChannelSpec c;
            c.src = static_cast<int>(to_int("traffic.channels", t.substr(0, gt), 0, 1 << 20));
            const std::string d = at == std::string::npos ? t.substr(gt + 1) : t.substr(gt + 1, at - gt - 1);
            c.dst = static_cast<int>(to_int("traffic.channels", d, 0, 1 << 20));
            c.interval = at == std::string::npos ? 0 : to_double("traffic.channels", t.substr(at + 1), 1, 1e12);
            s.traffic.channels.push_back(c);
          }
        },
        [](const Scenario& s) {
          json a = json::array();
          for (auto& c : s.traffic.channels) a.push_back({{"src", c.src}, {"dst", c.dst}, {"interval", c.interval}});
          return a;
        },
        true);
  t.enum_key("traffic.background", "none", "background traffic added under the channels pattern", {"none", "uniform"},
             [](Scenario& s) -> std::string& { return s.traffic.background; });
  t.dbl_key("traffic.background_rate", "0", "background load in flits per node per cycle", 0, 64,
            [](Scenario& s) -> double& { return s.traffic.background_rate; });
  t.enum_key("traffic.change_pattern", "none", "pattern that replaces traffic.pattern from cycle traffic.change_at",
             {"none", "uniform", "bitcomp", "bitrev", "butterfly", "shuffle", "transpose", "tornado", "neighbour",
              "hotspot_nodes", "channels"},
             [](Scenario& s) -> std::string& { return s.traffic.change_pattern; });
  t.int_key("traffic.change_at", "0", "cycle of the pattern change", 0, INT64_MAX / 4,
            [](Scenario& s) -> int64_t& { return s.traffic.change_at; });
  t.add("traffic.schedule", "", "variable load: cycle:factor points (increasing cycles), the offered rate times the "
        "factor, linear between points and constant outside them, e.g. 0:0.02,10000:0.02,130000:1,250000:1,370000:0.02 "
        "(empty: constant rate; docs/traffic.md)",
        [](Scenario& s, const std::string& v) {
          s.traffic.schedule.clear();
          if (v.empty()) return;
          for (auto& t : split_items(v, ',')) {
            const auto c = t.find(':');
            if (c == std::string::npos) throw ConfigError("traffic.schedule", "expected cycle:factor, got '" + t + "'");
            const int64_t at = to_int("traffic.schedule", t.substr(0, c), 0, INT64_MAX / 4);
            const double f = to_double("traffic.schedule", t.substr(c + 1), 0, 1e6);
            if (!s.traffic.schedule.empty() && at <= s.traffic.schedule.back().first)
              throw ConfigError("traffic.schedule", "cycles must increase, got " + std::to_string(at) + " after " +
                                                        std::to_string(s.traffic.schedule.back().first));
            s.traffic.schedule.push_back({at, f});
          }
          if (s.traffic.schedule_max() <= 0) throw ConfigError("traffic.schedule", "every factor is 0: nothing would be offered");
        },
        [](const Scenario& s) {
          json a = json::array();
          for (auto& [t, f] : s.traffic.schedule) a.push_back({t, f});
          return a;
        },
        true);
  t.add("traffic.source_queue", "unbounded", "source queue capacity in messages (unbounded | N); full = rejected",
        [](Scenario& s, const std::string& v) {
          s.net.source_queue = v == "unbounded" ? -1 : to_int("traffic.source_queue", v, 1, INT32_MAX);
        },
        [](const Scenario& s) { return s.net.source_queue < 0 ? json("unbounded") : json(s.net.source_queue); });
}

}  // namespace drb
