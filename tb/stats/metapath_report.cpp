// SPDX-License-Identifier: Apache-2.0
#include "tb/stats/metapath_report.h"

#include <fmt/format.h>

#include <cmath>

namespace drb {

namespace {

nlohmann::json number(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); }

std::string cell(double v, int width, int precision) {
  if (std::isnan(v)) return fmt::format("{:>{}}", "-", width);
  return fmt::format("{:>{}.{}f}", v, width, precision);
}

}  // namespace

nlohmann::json metapath_row_json(const MetapathStudyRow& r) {
  nlohmann::json j;
  j["topology"] = r.topology;
  j["kind"] = r.kind;
  j["nodes"] = r.nodes;
  j["method"] = r.method;
  j["family"] = r.family;
  j["size"] = r.size;
  if (r.family == "plane") j["size2"] = r.size2;
  if (!r.dga_rule.empty()) j["dga_rule"] = r.dga_rule;
  if (!r.line_style.empty()) j["line_style"] = r.line_style;
  j["included_destinations"] = r.included;
  j["static_distance"] = number(r.static_distance);
  j["average_distance"] = number(r.average_distance);
  j["std_dev"] = number(r.std_dev);
  j["elongation_pct"] = number(r.elongation_pct);
  j["min_distance"] = number(r.min_distance);
  j["max_distance"] = number(r.max_distance);
  j["supernode_nodes"] = r.supernode_nodes;
  j["supernode_nodes_mean"] = number(r.supernode_nodes_mean);
  j["link_use"] = number(r.link_use);
  j["link_use_src"] = number(r.link_use_src);
  j["link_use_dst"] = number(r.link_use_dst);
  j["link_use_grade"] = link_use_grade_name(r.link_use_grade);
  return j;
}

std::string metapath_table(const std::vector<MetapathStudyRow>& rows) {
  std::string out = fmt::format("{:<24} {:<12} {:<5} {:>6} {:>9} {:>8} {:>9} {:>8} {:>8} {:>8} {:>8}  {}\n",
                                "topology", "method", "rule", "dests", "avg dist", "std dev", "elong %",
                                "SN nodes", "min", "max", "link use", "grade");
  for (const auto& r : rows) {
    out += fmt::format("{:<24} {:<12} {:<5} {:>6} {} {} {} {:>8} {} {} {}  {}\n", r.topology, r.method,
                       r.dga_rule.empty() ? "-" : r.dga_rule, r.included, cell(r.average_distance, 9, 3),
                       cell(r.std_dev, 8, 3), cell(r.elongation_pct, 9, 2), r.supernode_nodes,
                       cell(r.min_distance, 8, 3), cell(r.max_distance, 8, 3), cell(r.link_use, 8, 3),
                       link_use_grade_name(r.link_use_grade));
  }
  return out;
}

}  // namespace drb
