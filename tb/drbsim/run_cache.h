// SPDX-License-Identifier: Apache-2.0
// Finished runs kept on disk (out.runs=DIR): each run's result goes to DIR/<16 hex digits>.json the moment
// it finishes, named after everything that determines it (drbsim's version and commit, the run's keys except
// where its outputs go and how it is scheduled, the text of its trace file). A sweep killed half-way and
// started again takes the runs already there instead of simulating them, and a sweep that adds a load or a
// seed reuses the runs it shares with an earlier one. Failed runs are not kept (they run again). Slurm
// tasks keep their runs here too (tb/drbsim/slurm.h): one folder serves local sweeps and the cluster. The
// experiment runners keep summaries instead (tb/experiments/runcache.py): a whole result is 100 KB on a
// 16x16 torus and the thesis-scale experiments make 22,000 runs.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tb/drbsim/loader.h"
#include "tb/io/inputs.h"

namespace drb {

struct RunCache {
  std::string dir;                 // empty: out.runs not set
  std::vector<std::string> files;  // per run of the set, its result file in dir
  // Run i's kept result into r: false if there is none or it is not a valid result.
  bool load(int i, nlohmann::json& r) const;
  // Keeps run i's result (written beside and renamed into place); a failed run is not kept.
  void save(int i, const nlohmann::json& r) const;
};

// The cache of a set (out.runs of its first run): the folder is created and checked before anything runs
// (ConfigError naming out.runs). inputs: the files the command line named.
RunCache run_cache(const ScenarioSet& set);

// FNV-1a over n bytes, continuing from h: names kept runs and Slurm's work folders.
constexpr uint64_t kFnvOffset = 1469598103934665603ull;
uint64_t fnv1a(const char* p, size_t n, uint64_t h = kFnvOffset);
inline uint64_t fnv1a(const std::string& s, uint64_t h = kFnvOffset) { return fnv1a(s.data(), s.size(), h); }

// A result file as written by a run: the parsed JSON and what is wrong with it ("" if nothing).
std::string read_result(const std::string& path, nlohmann::json& r);
// What is wrong with a result as the table, CSV and plot read it ("" if nothing): a results object with the
// fields they read, or an error record of a known kind.
std::string result_problem(const nlohmann::json& r);

}  // namespace drb
