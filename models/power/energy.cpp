// SPDX-License-Identifier: Apache-2.0
#include "models/power/energy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "models/util/text_lines.h"

namespace drb {

EnergyTable osu018_table(int ports, int vcs, int depth, int flit_bits) {
  using namespace osu018;
  const double v2 = kVdd * kVdd, a = kActivity, W = flit_bits, P = ports, V = vcs, D = depth;
  EnergyTable t;
  t.buffer_write = W * (kDffClk + a * kDffD) * v2;
  t.buffer_read = W * a * (D - 1) * kMuxIn * v2;
  t.crossbar = W * a * (P - 1) * kMuxIn * v2;
  t.sw_alloc = kSwAllocGates / kRequesters * a * kNandIn * v2;
  t.route = kRouteGates * a * kNandIn * v2;
  t.vc_alloc = kVcAllocGates / kRequesters * a * kNandIn * v2;
  t.link = W * a * kWirePfPerMm * v2;
  t.leak_router = (P * V * D * W * kDffLeak + P * (P - 1) * W * kMuxLeak +
                   (P * kRouteGates + kVcAllocGates + kSwAllocGates) * kNandLeak) * 1e-6;
  t.leak_link = 0;
  return t;
}

EnergyTable parse_energy_table(const std::string& text, const EnergyTable& base) {
  EnergyTable t = base;
  std::pair<const char*, double*> fields[] = {
      {"buffer_write", &t.buffer_write}, {"buffer_read", &t.buffer_read}, {"sw_alloc", &t.sw_alloc},
      {"crossbar", &t.crossbar},         {"route", &t.route},             {"vc_alloc", &t.vc_alloc},
      {"link", &t.link},                 {"leak_router", &t.leak_router}, {"leak_link", &t.leak_link}};
  std::vector<bool> seen(std::size(fields), false);
  for_each_line(text, [&](int line, const std::string& s) {
    const std::vector<std::string> tok = split_words(s);
    if (tok.empty()) return;
    auto fail = [&](const std::string& why) {
      throw std::invalid_argument("energy.table: line " + std::to_string(line) + ": " + why);
    };
    if (tok.size() != 2) fail("expected: <name> <value>");
    size_t k = 0;
    while (k < std::size(fields) && tok[0] != fields[k].first) ++k;
    if (k == std::size(fields))
      fail("unknown name '" + tok[0].substr(0, 40) +
           "' (buffer_write, buffer_read, sw_alloc, crossbar, route, vc_alloc, link, leak_router, leak_link)");
    if (seen[k]) fail(tok[0] + " given twice");
    seen[k] = true;
    char* end = nullptr;
    const double v = std::strtod(tok[1].c_str(), &end);
    if (end != tok[1].c_str() + tok[1].size() || !std::isfinite(v) || v < 0 || v > 1e9)
      fail(tok[0] + " must be a number 0..1e9, got '" + tok[1].substr(0, 40) + "'");
    *fields[k].second = v;
  });
  // An empty text (a FIFO with no writer, /dev/null, a file of comments) would silently change nothing.
  if (std::find(seen.begin(), seen.end(), true) == seen.end())
    throw std::invalid_argument("energy.table: names no entry (leave the key out for the default table)");
  return t;
}

EnergyReport account_energy(const std::vector<EnergyTable>& tables, const EnergyCounts& c, double window_ns) {
  EnergyReport r;
  const size_t n = c.flits_out.size();
  r.per_element.assign(n, 0.0);
  auto table = [&](size_t e) -> const EnergyTable& { return tables.size() == 1 ? tables[0] : tables[e]; };
  for (size_t e = 0; e < n; ++e) {
    const EnergyTable& t = table(e);
    const double f = static_cast<double>(c.flits_out[e]), h = static_cast<double>(c.heads_out[e]);
    const double parts[] = {f * (t.buffer_write + t.buffer_read), f * t.sw_alloc, f * t.crossbar, h * t.route,
                            h * t.vc_alloc, t.leak_router * window_ns};  // mW x ns = pJ
    r.buffer += parts[0];
    r.sw_alloc += parts[1];
    r.crossbar += parts[2];
    r.route += parts[3];
    r.vc_alloc += parts[4];
    r.leakage += parts[5];
    for (double p : parts) r.per_element[e] += p;
  }
  for (const EnergyCounts::Link& l : c.links) {
    const EnergyTable& t = table(static_cast<size_t>(l.from));
    const double dyn = static_cast<double>(l.flits) * t.link * l.mm, leak = t.leak_link * l.mm * window_ns;
    r.link += dyn;
    r.leakage += leak;
    r.per_element[static_cast<size_t>(l.from)] += dyn + leak;
  }
  return r;
}

}  // namespace drb
