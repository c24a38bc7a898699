// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/run_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "tb/drbsim/keys.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/runner.h"
#include "tb/drbsim/version.h"

namespace drb {

uint64_t fnv1a(const char* p, size_t n, uint64_t h) {
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
  return h;
}

namespace {

// Keys that say where results go or how runs are scheduled and guarded, never what they are.
bool outside_the_result(const std::string& k) {
  static const char* const kSchedule[] = {"sim.jobs", "sim.progress", "sim.strict", "sim.mem_limit",
                                          "sim.max_runs", "sim.max_cycles", "sim.max_seconds", "sim.huge_pages"};
  for (const char* s : kSchedule)
    if (k == s) return true;
  return is_output_key(k);
}

// The name of a run's result: a hash of drbsim's version line, the run's keys, and the text of its trace,
// network and energy table files.
std::string run_name(const Scenario& s) {
  uint64_t h = fnv1a(version_line() + "\n");
  const nlohmann::json keys = echo_scenario(s);
  for (auto it = keys.begin(); it != keys.end(); ++it)
    if (!outside_the_result(it.key())) h = fnv1a(it.key() + "=" + it.value().dump() + "\n", h);
  if (s.net.topo.graph_text) h = fnv1a(*s.net.topo.graph_text + "\n", h);
  if (s.stats.energy_text) h = fnv1a(*s.stats.energy_text + "\n", h);
  if (!s.traffic.trace.empty()) {  // streamed: a trace may be large
    std::ifstream in(s.traffic.trace, std::ios::binary);
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) h = fnv1a(buf, static_cast<size_t>(in.gcount()), h);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace

std::string read_result(const std::string& path, nlohmann::json& r) {
  std::ifstream in(path);
  if (!in) return "missing";
  try {
    r = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    return "not JSON";
  }
  return result_problem(r);
}

std::string result_problem(const nlohmann::json& r) {
  if (!r.is_object() || r.empty()) return "not a result object";
  if (r.contains("error")) {
    if (!r["error"].is_string() || !r.contains("kind") || !r["kind"].is_string() ||
        (r.contains("key") && !r["key"].is_string()))
      return "a malformed error record";
    for (const char* k : kFailureKinds)
      if (r["kind"] == k) return "";
    return "an error of unknown kind";
  }
  // What the table, CSV and plot read of every run.
  for (const char* k : {"accepted_flits_per_node_cycle", "offered_flits_per_node_cycle", "rejection_rate"})
    if (!r.contains(k) || !r[k].is_number()) return std::string("no number ") + k;
  for (const char* k : {"latency", "network_latency", "latency_after_reorder", "hops"})
    if (!r.contains(k) || !r[k].is_object() || !r[k].contains("mean") || !r[k]["mean"].is_number())
      return std::string("no ") + k + ".mean";
  if (!r.contains("cycles") || !r["cycles"].is_object()) return "no cycles";
  return "";
}

RunCache run_cache(const ScenarioSet& set) {
  RunCache c;
  c.dir = set.runs[0].out.runs;
  if (c.dir.empty()) return c;
  const std::string shown = "'" + printable(c.dir) + "'";
  if (!make_parent(c.dir + "/")) throw ConfigError("out.runs", "cannot create the folder " + shown + ": " + std::strerror(errno));
  struct stat st {};
  if (stat(c.dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) throw ConfigError("out.runs", shown + " is not a folder");
  if (access(c.dir.c_str(), W_OK | X_OK) != 0) throw ConfigError("out.runs", "cannot write in " + shown);
  for (const Scenario& s : set.runs) c.files.push_back(c.dir + "/" + run_name(s) + ".json");
  return c;
}

bool RunCache::load(int i, nlohmann::json& r) const {
  return !dir.empty() && read_result(files[static_cast<size_t>(i)], r).empty() && !r.contains("error");
}

void RunCache::save(int i, const nlohmann::json& r) const {
  if (dir.empty() || r.contains("error")) return;
  const std::string& f = files[static_cast<size_t>(i)];
  write_replacing("out.runs", f + ".tmp" + std::to_string(getpid()), f, dump_json(r));
}

}  // namespace drb
