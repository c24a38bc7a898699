// SPDX-License-Identifier: Apache-2.0
// Sweeps on a Slurm cluster (docs/slurm.md): the runs of a scenario set go out as one job array, each task
// one `drbsim --args-file args.json --run-index I --result R`; drbsim waits for the array to leave the queue and
// gathers the results in run order, so the table, JSON, CSV and plot are those of a local run, byte for
// byte. Results live in a work folder keyed by the arguments and the scenario file's text: a run whose
// result is there is not submitted again (resume after a failed or cancelled array).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tb/io/inputs.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/run_cache.h"

namespace drb {

struct SlurmOptions {
  bool on = false;            // --slurm
  std::string partition;      // --slurm-partition (empty: the cluster's default); Slurm's name format
  std::string time = "1:00:00";  // --slurm-time: per task, in one of Slurm's time formats
  int throttle = 0;           // --slurm-throttle: tasks running at once (0: no limit)
  std::string dir = "out/slurm";  // --slurm-dir: work folders go under it (a shared filesystem)
  double poll = 10;           // --slurm-poll: seconds between queue checks
};

// Parses one --slurm* option into o (ConfigError naming the option on a bad value); false if arg is not one.
bool parse_slurm_option(const std::string& arg, SlurmOptions& o);

// args: drbsim's arguments as given (scenario path and key=value overrides, no options), yaml: the scenario
// text. Returns the results of set.runs in order, as run_all would. With out.runs (cache) the kept runs are
// not submitted and each task keeps its run there too, so a sweep moves between the cluster and a local
// machine on one folder of finished runs.
std::vector<nlohmann::json> run_slurm(const ScenarioSet& set, const std::vector<std::string>& args, const std::string& yaml,
                                      const SlurmOptions& o, const RunCache& cache);

// The task side: run set.runs[index] after the memory and output checks of any run (inputs: the files the
// command line named) and write its result (or error object) to `result` atomically.
int run_slurm_task(const ScenarioSet& set, int index, const std::string& result, const std::vector<InputFile>& inputs);

// A task's result is checked as a kept run's is: result_problem in tb/drbsim/run_cache.h.

}  // namespace drb
