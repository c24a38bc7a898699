// SPDX-License-Identifier: Apache-2.0
// Scenario keys of link faults at run time (docs/faults.md) and their cross-checks; validate() resolves the
// links named into graph channels.
#include <algorithm>
#include <climits>
#include <map>

#include "models/topology/interconnect.h"
#include "models/util/rng.h"
#include "models/routing/source_needs.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/keys.h"

namespace drb {

void add_fault_keys(std::vector<KeyDef>& k) {
  using json = nlohmann::json;
  auto add = [&k](auto&&... a) { add_key(k, std::forward<decltype(a)>(a)...); };
  add("faults.links", "",
      "links that fail: a list of a>b (the channel from element a to its neighbour b) or a-b (both directions); "
      "on a direct network an element is the router of that node",
      [](Scenario& s, const std::string& v) { s.fault_links = v; }, [](const Scenario& s) { return json(s.fault_links); });
  add("faults.random_links", "0",
      "links (both directions) that fail besides faults.links, drawn from the network's links with the run's seed",
      [](Scenario& s, const std::string& v) { s.fault_random = static_cast<int>(to_int("faults.random_links", v, 0, 1 << 20)); },
      [](const Scenario& s) { return json(s.fault_random); });
  add("faults.at", "0",
      "cycle the links fail: a packet crossing one then completes, and the link takes no new head",
      [](Scenario& s, const std::string& v) { s.net.faults.at = to_int("faults.at", v, 0, INT64_MAX / 4); },
      [](const Scenario& s) { return json(s.net.faults.at); });
  add("faults.repair", "never", "cycle the failed links are back in service: never | a cycle after faults.at",
      [](Scenario& s, const std::string& v) {
        s.net.faults.repair = v == "never" ? -1 : to_int("faults.repair", v, 1, INT64_MAX / 4);
      },
      [](const Scenario& s) { return s.net.faults.repair < 0 ? json("never") : json(s.net.faults.repair); });
  add("faults.unroutable", "fail",
      "pairs the routing cannot route under the faults (their messages are not accepted): fail (exit 3 naming "
      "them, after the run) | report (listed in the results' faults section, exit 0)",
      [](Scenario& s, const std::string& v) { s.net.faults.report = to_enum("faults.unroutable", v, {"fail", "report"}) == "report"; },
      [](const Scenario& s) { return json(s.net.faults.report ? "report" : "fail"); });
}

namespace {

// Per (from, to) element pair, its channels (parallel trunk members included).
std::map<std::pair<int, int>, std::vector<int>> channels_by_pair(const NetworkGraph& g) {
  std::map<std::pair<int, int>, std::vector<int>> m;
  for (size_t c = 0; c < g.channels().size(); ++c) m[{g.channels()[c].from, g.channels()[c].to}].push_back(static_cast<int>(c));
  return m;
}

}  // namespace

void check_faults(Scenario& s, const Interconnect& ic) {
  FaultParams& f = s.net.faults;
  f.channels.clear();
  const bool any = !s.fault_links.empty() || s.fault_random > 0;
  if (!any) return;  // its keys are then refused by tb/drbsim/scopes.cpp
  if (f.repair >= 0 && f.repair <= f.at) throw ConfigError("faults.repair", "must come after faults.at");
  if (s.traffic.closed.active > 0) throw ConfigError("faults.links", "link faults with closed-loop traffic are not modelled");
  if (s.net.power.on) throw ConfigError("faults.links", "link faults together with power.mechanism=on are not modelled");
  if (s.net.any_rtl())
    throw ConfigError("faults.links", "link faults are not covered by the RTL blocks");
  if (s.net.routing.tie_random) throw ConfigError("routing.tie", "link faults need fixed ring ties (routing.tie=random draws them per packet)");
  const std::string& alg = s.net.algorithm;
  if (source_needs(alg).multistep()) {  // path policies choose among the paths left open
    if (s.net.faults.at != 0 || s.net.faults.repair >= 0)
      throw ConfigError(s.net.faults.at != 0 ? "faults.at" : "faults.repair",
                        alg + "'s paths are chosen with the faults present from cycle 0 and never repaired");
    if (s.net.ack_mode != AckMode::Ideal)
      throw ConfigError("drb.ack_mode", "acks travelling in the network under link faults are not modelled: use ideal");
  }
  if (ic.terminals() > 1024)  // the routable-pair analysis keeps state per (element, arrival, destination)
    throw ConfigError("faults.links", "link faults are analysed on networks of up to 1024 terminals (its state "
                                      "grows with the square of the terminals), this one has " +
                                          std::to_string(ic.terminals()));
  const NetworkGraph& g = ic.graph();
  const int E = ic.elements();
  const auto by_pair = channels_by_pair(g);
  auto channels_between = [&by_pair](int a, int b) {
    auto it = by_pair.find({a, b});
    return it == by_pair.end() ? std::vector<int>{} : it->second;
  };
  std::vector<uint8_t> dead(g.channels().size(), 0);
  std::map<std::pair<int, int>, std::string> named;  // direction -> the item that failed it
  size_t start = 0;
  const std::string& v = s.fault_links;
  while (start <= v.size() && !v.empty()) {
    const size_t end = std::min(v.find(',', start), v.size());
    const std::string item = v.substr(start, end - start);
    start = end + 1;
    const size_t op = item.find_first_of(">-");
    if (op == std::string::npos || op == 0 || op + 1 >= item.size())
      throw ConfigError("faults.links", "'" + item + "' is not a>b or a-b");
    const int a = static_cast<int>(to_int("faults.links", item.substr(0, op), 0, E - 1));
    const int b = static_cast<int>(to_int("faults.links", item.substr(op + 1), 0, E - 1));
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{a, b}, {b, a}}) {
      if (item[op] == '>' && x != a) continue;
      const std::vector<int> ch = channels_between(x, y);
      if (ch.empty()) throw ConfigError("faults.links", "no channel from element " + std::to_string(x) + " to " + std::to_string(y));
      // A link named twice would fail once: the list would promise more faults than the run has.
      if (!named.emplace(std::make_pair(x, y), item).second)
        throw ConfigError("faults.links", "'" + item + "' names the channel " + std::to_string(x) + ">" + std::to_string(y) +
                                              " that '" + named[{x, y}] + "' already fails");
      for (int c : ch) dead[c] = 1;
    }
  }
  if (s.fault_random > 0) {  // undirected links: element pairs joined both ways, each drawn at most once
    std::vector<std::pair<int, int>> links;
    for (const auto& [ab, ch] : by_pair)  // besides faults.links: none of those is drawn again
      if (ab.first < ab.second && by_pair.count({ab.second, ab.first}) && !named.count(ab) &&
          !named.count({ab.second, ab.first}))
        links.push_back(ab);
    if (s.fault_random > static_cast<int>(links.size()))
      throw ConfigError("faults.random_links", "the network has " + std::to_string(links.size()) + " links" +
                                                   (named.empty() ? "" : " besides those of faults.links"));
    Rng rng = Rng::stream(s.net.seed, 0xFA17);
    for (int i = 0; i < s.fault_random; ++i) {  // partial Fisher-Yates: the first fault_random of a shuffle
      const size_t j = i + static_cast<size_t>(rng.next() % (links.size() - i));
      std::swap(links[i], links[j]);
      for (const auto& [x, y] : {links[i], std::make_pair(links[i].second, links[i].first)})
        for (int c : channels_between(x, y)) dead[c] = 1;
    }
  }
  for (size_t c = 0; c < dead.size(); ++c)
    if (dead[c]) f.channels.push_back(static_cast<int>(c));
}

}  // namespace drb
