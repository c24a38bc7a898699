// SPDX-License-Identifier: Apache-2.0
// drbsim compare A.json B.json: two results files run by run, metric by metric, against tolerances; one line
// per metric that moved and exit 1, or exit 0. The regression check of a user's own scenarios (docs/regression.md).
#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <iostream>
#include <ostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "tb/drbsim/commands.h"
#include "tb/drbsim/keys.h"
#include "tb/drbsim/runner.h"
#include "tb/io/inputs.h"
#include "tb/io/key_error.h"

namespace drb {

namespace {

using json = nlohmann::json;

// A results file with per-pair statistics of a 1024-node network is ~100 MB; a larger file is refused
// before it is parsed (the parser holds several times the text).
constexpr size_t kMaxResultsBytes = size_t{256} << 20;

// The table's columns (report_table), the default set.
const std::vector<std::string> kTableMetrics = {
    "offered_flits_per_node_cycle", "accepted_flits_per_node_cycle", "rejection_rate", "latency.mean",
    "latency.stddev", "latency.p99", "network_latency.mean", "hops.mean", "latency_after_reorder.mean"};

json parse_results(const std::string& key, const std::string& path, const std::string& text) {
  // drbsim's results nest a few levels; a deeper file is refused while parsing (metrics=all walks it recursively).
  constexpr int kMaxDepth = 64;
  const json::parser_callback_t depth = [&](int d, json::parse_event_t, json&) {
    if (d > kMaxDepth) throw ConfigError(key, "'" + printable(path) + "' nests deeper than " + std::to_string(kMaxDepth));
    return true;
  };
  json doc = json::parse(text, depth, false);
  if (doc.is_discarded()) throw ConfigError(key, "'" + printable(path) + "' is not JSON");
  if (!doc.is_object() || !doc.contains("runs") || !doc["runs"].is_array() || !doc.contains("results_schema"))
    throw ConfigError(key, "'" + printable(path) + "' is not a drbsim results file (no results_schema and runs)");
  for (const json& r : doc["runs"])
    if (!r.is_object() || !r.contains("result") || !r["result"].is_object())
      throw ConfigError(key, "'" + printable(path) + "' has a run without a result object");
  return doc;
}

// The value at a dotted path (object keys, array indices), or null.
const json* at(const json& r, const std::string& path) {
  const json* v = &r;
  size_t b = 0;
  while (b <= path.size()) {
    const size_t e = std::min(path.find('.', b), path.size());
    const std::string part = path.substr(b, e - b);
    if (v->is_object()) {
      auto it = v->find(part);
      if (it == v->end()) return nullptr;
      v = &*it;
    } else if (v->is_array() && !part.empty() && part.find_first_not_of("0123456789") == std::string::npos &&
               part.size() < 10 && std::stoul(part) < v->size()) {
      v = &(*v)[std::stoul(part)];
    } else {
      return nullptr;
    }
    b = e + 1;
  }
  return v;
}

// Every numeric leaf below r, by dotted path (metrics=all).
void leaves(const json& r, const std::string& prefix, std::set<std::string>& out) {
  if (r.is_number()) {
    out.insert(prefix);
  } else if (r.is_object()) {
    for (auto it = r.begin(); it != r.end(); ++it) leaves(*it, prefix.empty() ? it.key() : prefix + "." + it.key(), out);
  } else if (r.is_array()) {
    for (size_t i = 0; i < r.size(); ++i) leaves(r[i], prefix + "." + std::to_string(i), out);
  }
}

std::string run_name(const json& run, size_t i) {
  std::string s = "run " + std::to_string(i + 1);
  std::string sw;
  if (run.contains("swept") && run["swept"].is_object())
    for (auto it = run["swept"].begin(); it != run["swept"].end(); ++it)
      sw += (sw.empty() ? "" : " ") + it.key().substr(it.key().rfind('.') + 1) + "=" +
            (it->is_string() ? it->get<std::string>() : it->dump());
  return sw.empty() ? s : s + " (" + sw + ")";
}

std::string num(double v) { return fmt::format("{:.6g}", v); }

}  // namespace

int run_compare_command(const std::vector<std::string>& args) {
  std::vector<std::string> files, options;
  for (const std::string& a : args) {
    if (a.find('=') != std::string::npos) {
      options.push_back(a);
    } else if (files.size() == 2) {
      throw ConfigError(a, "unexpected argument (compare takes two results files)");
    } else {
      files.push_back(a);
    }
  }
  if (files.size() != 2) throw ConfigError("compare", "needs two results files: drbsim compare A.json B.json");
  const std::string a = read_input("compare", files[0], kMaxResultsBytes, "results file");
  const std::string b = read_input("compare", files[1], kMaxResultsBytes, "results file");
  return compare_results(a, files[0], b, files[1], options, std::cout);
}

int compare_results(const std::string& a_text, const std::string& a_name, const std::string& b_text,
                    const std::string& b_name, const std::vector<std::string>& args, std::ostream& os) {
  double rel = 0.01, abs_tol = 1e-9;
  std::string metrics = "table";
  std::map<std::string, double> per_metric;  // relative tolerance of one metric
  for (const std::string& a : args) {
    const size_t eq = a.find('=');
    if (eq == std::string::npos) throw ConfigError(a, "not an option (rel=, abs=, metrics= or METRIC=)");
    const std::string k = a.substr(0, eq), v = a.substr(eq + 1);
    if (k == "rel") {
      rel = to_double("rel", v, 0, 1e9);
    } else if (k == "abs") {
      abs_tol = to_double("abs", v, 0, 1e300);
    } else if (k == "metrics") {
      if (v.empty()) throw ConfigError("metrics", "needs table, all or a comma-separated list of metrics");
      metrics = v;
    } else {
      per_metric[k] = to_double(k, v, 0, 1e9);
    }
  }
  const json a = parse_results("compare", a_name, a_text), b = parse_results("compare", b_name, b_text);
  const json &ra = a["runs"], &rb = b["runs"];

  // The metrics compared: the table's, every numeric leaf of either file, or the list given; each metric
  // with a tolerance of its own must be one of them and name a value of some run.
  std::vector<std::string> names;
  const bool all = metrics == "all";
  if (metrics == "table") {
    names = kTableMetrics;
  } else if (!all) {
    for (size_t p = 0; p <= metrics.size();) {
      const size_t e = std::min(metrics.find(',', p), metrics.size());
      if (e > p) names.push_back(metrics.substr(p, e - p));
      p = e + 1;
    }
  }
  auto known = [&](const std::string& m) {
    for (const json* runs : {&ra, &rb})
      for (const json& r : *runs)
        if (const json* v = at(r["result"], m); v && v->is_number()) return true;
    return false;
  };
  if (!all && metrics != "table")  // a metric asked for by name must exist (the table's may be absent: closed loops)
    for (const std::string& m : names)
      if (!known(m)) throw ConfigError("metrics", "'" + printable(m) + "' is no numeric value of any run");
  for (const auto& [m, t] : per_metric)
    if (!known(m)) throw ConfigError(m, "no run has a numeric value by that name (a tolerance must name a metric)");

  int moved = 0, compared = 0;  // moved: the lines printed (a metric beyond tolerance or a run that differs)
  auto line = [&](const std::string& s) {
    os << s << "\n";
    ++moved;
  };
  if (ra.size() != rb.size()) line(fmt::format("runs: {} in A, {} in B (the first {} compared)", ra.size(), rb.size(),
                                               std::min(ra.size(), rb.size())));
  for (size_t i = 0; i < std::min(ra.size(), rb.size()); ++i) {
    const json &x = ra[i], &y = rb[i];
    const std::string name = run_name(x, i);
    // Runs pair up by position and must have the same swept values; their seeds may differ (a comparison
    // across seeds is a statistical one, with tolerances to match).
    if (x.value("swept", json::object()) != y.value("swept", json::object())) {
      line(name + ": not the same run in B, whose run " + std::to_string(i + 1) + " is " + run_name(y, i));
      continue;
    }
    const json &p = x["result"], &q = y["result"];
    const bool fa = p.contains("error"), fb = q.contains("error");
    if (fa || fb) {
      if (fa != fb || p.value("kind", "") != q.value("kind", ""))
        line(name + ": " + (fa ? "failed (" + p.value("kind", std::string("?")) + ")" : std::string("ran")) + " in A, " +
             (fb ? "failed (" + q.value("kind", std::string("?")) + ")" : std::string("ran")) + " in B");
      continue;
    }
    std::vector<std::string> these = names;
    if (all) {
      std::set<std::string> s;
      leaves(p, "", s);
      leaves(q, "", s);
      these.assign(s.begin(), s.end());
    }
    for (const std::string& m : these) {
      const json *u = at(p, m), *v = at(q, m);
      const bool nu = u && u->is_number(), nv = v && v->is_number();
      if (!nu && !nv) continue;  // neither run has it (e.g. reorder statistics of a run without reordering)
      ++compared;
      if (nu != nv) {
        line(fmt::format("{}: {} {} in A, {} in B", name, m, nu ? num(u->get<double>()) : "missing",
                         nv ? num(v->get<double>()) : "missing"));
        continue;
      }
      const double va = u->get<double>(), vb = v->get<double>(), d = std::fabs(vb - va);
      const auto t = per_metric.find(m);
      const double r = t == per_metric.end() ? rel : t->second;
      if (d <= abs_tol || d <= r * std::fabs(va)) continue;
      const std::string change =
          va != 0 ? fmt::format("{:+.2f} %", 100.0 * (vb - va) / std::fabs(va)) : fmt::format("{:+.6g}", vb - va);
      line(fmt::format("{}: {} {} -> {} ({}, allowed {:g} %)", name, m, num(va), num(vb), change, 100.0 * r));
    }
  }
  os << fmt::format("compare: {} runs, {} metrics compared, {} moved\n", std::min(ra.size(), rb.size()),
                           compared, moved);
  return moved ? 1 : kExitOk;
}

}  // namespace drb
