// SPDX-License-Identifier: Apache-2.0
// Scenario keys of the link power-saving mechanism (docs/power.md; the power thesis' open parameters) and
// their cross-checks.
#include <climits>
#include <cmath>

#include "models/routing/relation.h"
#include "models/topology/interconnect.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/keys.h"

namespace drb {

void add_closed_loop_keys(std::vector<KeyDef>& k);

void add_power_keys(std::vector<KeyDef>& k) {
  add_closed_loop_keys(k);
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("power.mechanism", "off",
      "link power saving: off | on (tori and meshes with topology.trunk > 1: trunk members on and off; k-ary "
      "n-trees: up-links outside the minimal tree; docs/power.md)",
      [](Scenario& s, const std::string& v) { s.net.power.on = to_enum("power.mechanism", v, {"off", "on"}) == "on"; },
      [](const Scenario& s) { return json(s.net.power.on ? "on" : "off"); });
  add("power.u_on", "0.225", "U_on: above this utilisation of the active links one more link is turned on",
      [](Scenario& s, const std::string& v) { s.net.power.u_on = to_double("power.u_on", v, 1e-6, 1); },
      [](const Scenario& s) { return json(s.net.power.u_on); });
  add("power.u_off", "0.075",
      "U_off: below this utilisation one link is turned off (static thresholds; needs U_on >= 2 U_off)",
      [](Scenario& s, const std::string& v) { s.net.power.u_off = to_double("power.u_off", v, 1e-6, 1); },
      [](const Scenario& s) { return json(s.net.power.u_off); });
  add("power.thresholds", "static",
      "static (U_on, U_off) | dynamic (k-ary n-trees: U_off,i = U_on (i - 1) / k with i up-links on; power.u_off unused)",
      [](Scenario& s, const std::string& v) {
        s.net.power.dynamic = to_enum("power.thresholds", v, {"static", "dynamic"}) == "dynamic";
      },
      [](const Scenario& s) { return json(s.net.power.dynamic ? "dynamic" : "static"); });
  add("power.allow_oscillation", "false",
      "accept U_on < 2 U_off, which lets a trunk cycle between states at constant load (the off-map points)",
      [](Scenario& s, const std::string& v) { s.net.power.allow_oscillation = to_bool("power.allow_oscillation", v); },
      [](const Scenario& s) { return json(s.net.power.allow_oscillation); });
  add("power.t_check", "2000", "cycles between decisions (and the utilisation window)",
      [](Scenario& s, const std::string& v) { s.net.power.t_check = static_cast<int>(to_int("power.t_check", v, 2, 1000000)); },
      [](const Scenario& s) { return json(s.net.power.t_check); });
  add("power.t_on", "1000", "cycles from the decision to turn a link on until it carries flits (it draws power from the decision)",
      [](Scenario& s, const std::string& v) { s.net.power.t_on = static_cast<int>(to_int("power.t_on", v, 1, 1000000)); },
      [](const Scenario& s) { return json(s.net.power.t_on); });
  add("power.t_off", "1000", "cycles a link turning off still draws power (it carries nothing from the decision)",
      [](Scenario& s, const std::string& v) { s.net.power.t_off = static_cast<int>(to_int("power.t_off", v, 1, 1000000)); },
      [](const Scenario& s) { return json(s.net.power.t_off); });
  add("power.init", "all_on",
      "links at cycle 0: all_on (static runs) | minimum (dynamic runs: one member per trunk; the minimal tree)",
      [](Scenario& s, const std::string& v) { s.net.power.init_min = to_enum("power.init", v, {"all_on", "minimum"}) == "minimum"; },
      [](const Scenario& s) { return json(s.net.power.init_min ? "minimum" : "all_on"); });
  add("power.congestion", "auto",
      "injection-queue congestion test, every cycle (a message waiting that has not started turns every off link "
      "of its router on): on | off | auto (on for tori, off for k-ary n-trees, as the thesis)",
      [](Scenario& s, const std::string& v) {
        const std::string c = to_enum("power.congestion", v, {"auto", "on", "off"});
        s.net.power.congestion = c == "auto" ? -1 : c == "on" ? 1 : 0;
      },
      [](const Scenario& s) { return json(s.net.power.congestion < 0 ? "auto" : s.net.power.congestion ? "on" : "off"); });
  add("power.congestion_queue", "4",
      "messages waiting in a source queue, not started, that make the congestion test fire and forbid turning a "
      "link off (4: what the thesis' node holds in its four injection channels before its queue fills; 1: any "
      "waiting message)",
      [](Scenario& s, const std::string& v) {
        s.net.power.congestion_queue = static_cast<int>(to_int("power.congestion_queue", v, 1, 1 << 20));
      },
      [](const Scenario& s) { return json(s.net.power.congestion_queue); });
  add("power.width_steps", "0",
      "stage 2 on tori and meshes: halvings of the width of a trunk's last member (2: 100, 50, 25 %; a width w "
      "needs 1/w cycles per flit); 0 = stage 1 only",
      [](Scenario& s, const std::string& v) { s.net.power.width_steps = static_cast<int>(to_int("power.width_steps", v, 0, 3)); },
      [](const Scenario& s) { return json(s.net.power.width_steps); });
  add("power.member_off", "highest",
      "tori: which idle ON trunk member a check below U_off turns off: highest | lowest index",
      [](Scenario& s, const std::string& v) { s.net.power.off_lowest = to_enum("power.member_off", v, {"highest", "lowest"}) == "lowest"; },
      [](const Scenario& s) { return json(s.net.power.off_lowest ? "lowest" : "highest"); });
  add("power.member_on", "lowest", "tori: which OFF trunk member a check above U_on turns on: lowest | highest index",
      [](Scenario& s, const std::string& v) { s.net.power.on_highest = to_enum("power.member_on", v, {"lowest", "highest"}) == "highest"; },
      [](const Scenario& s) { return json(s.net.power.on_highest ? "highest" : "lowest"); });
  add("power.transitions_active", "false",
      "tori: members turning on or off count as active links in the utilisation (u = phits / active members)",
      [](Scenario& s, const std::string& v) { s.net.power.transitions_active = to_bool("power.transitions_active", v); },
      [](const Scenario& s) { return json(s.net.power.transitions_active); });
  add("power.mirror_mt", "true",
      "k-ary n-trees: minimal-tree switches also mirror an input disconnection from below on up-links k+1..2k-1 "
      "(never on up-link k)",
      [](Scenario& s, const std::string& v) { s.net.power.mirror_mt = to_bool("power.mirror_mt", v); },
      [](const Scenario& s) { return json(s.net.power.mirror_mt); });
  add("power.energy_share", "0.824", "a, the links' share of network power in the energy figure E = a P_rel T + (1 - a) T",
      [](Scenario& s, const std::string& v) { s.net.power.energy_share = to_double("power.energy_share", v, 0, 1); },
      [](const Scenario& s) { return json(s.net.power.energy_share); });
}

void add_closed_loop_keys(std::vector<KeyDef>& k) {
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("traffic.closed.active", "0",
      "closed-loop request-reply traffic (the energy study): the fraction of nodes that send requests, each "
      "keeping traffic.closed.queue messages in its source queue; every request is answered by a reply of the same "
      "length; the run ends when traffic.closed.quota messages are delivered (0: open-loop traffic)",
      [](Scenario& s, const std::string& v) { s.traffic.closed.active = to_double("traffic.closed.active", v, 0, 1); },
      [](const Scenario& s) { return json(s.traffic.closed.active); });
  add("traffic.closed.quota", "20000", "closed loop: messages (requests and replies) delivered before the run ends",
      [](Scenario& s, const std::string& v) { s.traffic.closed.quota = to_int("traffic.closed.quota", v, 2, INT64_MAX / 4); },
      [](const Scenario& s) { return json(s.traffic.closed.quota); });
  add("traffic.closed.queue", "2", "closed loop: messages an active node keeps in its source queue",
      [](Scenario& s, const std::string& v) { s.traffic.closed.queue = static_cast<int>(to_int("traffic.closed.queue", v, 1, 1 << 20)); },
      [](const Scenario& s) { return json(s.traffic.closed.queue); });
}

void check_closed_loop(const Scenario& s) {
  // Which keys the closed loop leaves unread is declared in tb/drbsim/scopes.cpp.
  if (s.traffic.closed.active > 0 && s.traffic.lengths.size() != 1)
    throw ConfigError("traffic.length", "closed-loop traffic takes one message length");
  // A replay could not reproduce a closed loop: its requests follow the deliveries of the run that made them.
  if (s.traffic.closed.active > 0 && !s.out.messages.empty())
    throw ConfigError("out.trace", "records the open-loop generator's messages; closed-loop traffic "
                                   "(traffic.closed.active > 0) is not recorded");
}

void check_power_routing(const Scenario& s, const Interconnect& ic, const RelationNeeds& needs) {
  if (!s.net.power.on || !ic.tree() || needs.multipath) return;
  throw ConfigError(blame(s, {"routing.algorithm", "power.mechanism"}),
                    "power saving on a fattree needs a routing relation with several up ports "
                    "(routing.algorithm=adaptive): " + s.net.algorithm + " up routing has a single up port, so no "
                    "up-link could go off");
}

void check_power(const Scenario& s, const Interconnect& ic) {
  const PowerParams& p = s.net.power;
  if (!p.on) return;  // its keys are then refused by tb/drbsim/scopes.cpp
  // On a direct network the mechanism acts on trunks and link widths: the families built with trunks.
  if (ic.direct() && !ic.reads("topology.trunk"))
    throw ConfigError("power.mechanism", "link power saving exists for tori, meshes and k-ary n-trees, not a " + ic.kind());
  if (ic.direct()) {
    if (ic.trunk() < 2 && p.width_steps == 0)
      throw ConfigError("power.mechanism", "on a " + ic.kind() + " without trunks only stage 2 can act: set "
                        "topology.trunk > 1 or power.width_steps > 0");
    if (p.dynamic) throw ConfigError("power.thresholds", "dynamic thresholds are the k-ary n-tree's; tori use static ones");
    if (s.is_set("power.mirror_mt")) throw ConfigError("power.mirror_mt", "is a k-ary n-tree rule");
  } else if (ic.tree()) {
    if (p.dynamic && s.is_set("power.u_off")) throw ConfigError("power.u_off", "unused with power.thresholds=dynamic");
    for (const char* key : {"power.width_steps", "power.member_off", "power.member_on", "power.transitions_active"})
      if (s.is_set(key)) throw ConfigError(key, "is a torus trunk rule; the fat-tree's up-link rules are fixed (docs/power.md)");
  } else {
    throw ConfigError("power.mechanism", "link power saving exists for tori, meshes and k-ary n-trees, not a " + ic.kind());
  }
  if (!p.dynamic) {
    if (!(p.u_on > p.u_off))
      throw ConfigError(blame(s, {"power.u_on", "power.u_off"}), "U_on must exceed U_off");
    if (p.u_on < 2 * p.u_off - 1e-12 && !p.allow_oscillation)
      throw ConfigError(blame(s, {"power.u_on", "power.u_off"}),
                        "U_on < 2 U_off lets a link go off and back on at constant load (2 -> 1 members doubles the "
                        "utilisation); set power.allow_oscillation=true to run it anyway");
  }
}

}  // namespace drb
