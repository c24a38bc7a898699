// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/slurm.h"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <thread>

#include "tb/drbsim/guards.h"
#include "tb/io/inputs.h"
#include "tb/drbsim/keys.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/run_cache.h"
#include "tb/drbsim/runner.h"
#include "tb/drbsim/version.h"

namespace drb {

namespace {

std::string abs_path(const std::string& p) {
  if (p.empty() || p[0] == '/') return p;
  char cwd[4096];
  return std::string(getcwd(cwd, sizeof cwd) ? cwd : ".") + "/" + p;
}

// The job script: Slurm's own directives (validated values only) and three commands that take every path
// from the environment sbatch was started with. No user or environment string is ever written into it.
std::string job_script(size_t tasks, const SlurmOptions& o) {
  std::string s = "#!/bin/bash\n#SBATCH --job-name=drbsim\n#SBATCH --array=0-" + std::to_string(tasks - 1) +
                  (o.throttle > 0 ? "%" + std::to_string(o.throttle) : "") + "\n";
  s += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n#SBATCH --time=" + o.time + "\n";
  if (!o.partition.empty()) s += "#SBATCH --partition=" + o.partition + "\n";
  // Relative to the job's working folder, the work folder sbatch was started in.
  s += "#SBATCH --output=logs/%A_%a.out\n";
  s += "# drbsim submits this from its work folder with DRBSIM_EXE (drbsim), DRBSIM_WORK (this folder) and\n"
       "# DRBSIM_CWD (where drbsim was run) in sbatch's environment (--export=ALL). Task i runs the run named on\n"
       "# line i + 1 of pending.txt with the arguments of args.json, from the folder drbsim was run in.\n"
       "idx=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" \"$DRBSIM_WORK/pending.txt\")\n"
       "cd \"$DRBSIM_CWD\" || exit 1\n"
       "exec \"$DRBSIM_EXE\" --args-file \"$DRBSIM_WORK/args.json\" --run-index \"$idx\" "
       "--result \"$DRBSIM_WORK/run_$idx.json\"\n";
  return s;
}

}  // namespace

bool parse_slurm_option(const std::string& arg, SlurmOptions& o) {
  if (arg == "--slurm") return o.on = true;
  const auto eq = arg.find('=');
  if (arg.rfind("--slurm-", 0) != 0 || eq == std::string::npos) return false;
  const std::string opt = arg.substr(0, eq), v = arg.substr(eq + 1);
  // The two values that go into #SBATCH lines must match Slurm's own formats exactly.
  static const std::regex time(
      "[0-9]{1,7}(:[0-5]?[0-9]){0,2}|[0-9]{1,5}-[0-9]{1,2}(:[0-5]?[0-9]){0,2}");  // man sbatch, --time
  static const std::regex partition("[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}(,[A-Za-z0-9_][A-Za-z0-9_.-]{0,63})*");
  if (opt == "--slurm-partition") {
    if (!std::regex_match(v, partition))
      throw ConfigError(opt, "'" + printable(v, 80) + "' is not a partition name (letters, digits, _ . -, not "
                             "starting with -; several separated by commas)");
    o.partition = v;
  } else if (opt == "--slurm-time") {
    if (!std::regex_match(v, time))
      throw ConfigError(opt, "'" + printable(v, 80) + "' is not a Slurm time limit (minutes, minutes:seconds, "
                             "hours:minutes:seconds, days-hours, days-hours:minutes or days-hours:minutes:seconds)");
    o.time = v;
  } else if (opt == "--slurm-throttle") {
    o.throttle = static_cast<int>(to_int(opt, v, 0, 1 << 20));
  } else if (opt == "--slurm-poll") {
    o.poll = static_cast<double>(to_int(opt, v, 1, 3600));
  } else if (opt == "--slurm-dir") {
    if (v.empty()) throw ConfigError(opt, "needs a folder name");
    o.dir = v;  // never written into the job script: any name will do
  } else {
    return false;
  }
  return true;
}

std::vector<nlohmann::json> run_slurm(const ScenarioSet& set, const std::vector<std::string>& args, const std::string& yaml,
                                      const SlurmOptions& o, const RunCache& cache) {
  // The work folder: one per (build, arguments, scenario text), so a rerun of the same sweep finds its results
  // and a rebuilt drbsim never gathers results another build made.
  std::string key = version_line() + '\n' + yaml;
  std::vector<std::string> task_args;
  for (const std::string& a : args) {
    // The scenario file (the one argument without '=') by absolute path: tasks start in another folder.
    task_args.push_back(a.find('=') == std::string::npos ? abs_path(a) : a);
    key += '\n' + a;
  }
  // args.json carries the arguments as JSON strings, which hold any text exactly; text that is not UTF-8
  // cannot be one.
  for (const std::string& a : task_args) {
    try {
      (void)nlohmann::json(a).dump();
    } catch (const nlohmann::json::exception&) {
      throw ConfigError(a.substr(0, a.find('=')), "is not UTF-8 text, which a Slurm task's argument file carries");
    }
  }
  const std::string args_json = nlohmann::json(task_args).dump() + "\n";
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
  const std::string work = abs_path(o.dir) + "/" + hex;
  const std::string shown = "'" + printable(work) + "'";
  if (!make_parent(work + "/logs/")) throw ConfigError("--slurm-dir", "cannot create " + shown);
  const int total = static_cast<int>(set.runs.size());
  auto result = [&](int i) { return work + "/run_" + std::to_string(i) + ".json"; };
  // A run is done when its task left a result, or when out.runs keeps it (from a local sweep or a task).
  auto done_run = [&](int i, nlohmann::json& r) { return cache.load(i, r) || read_result(result(i), r).empty(); };
  std::vector<int> todo;
  nlohmann::json unused;
  for (int i = 0; i < total; ++i)
    if (!done_run(i, unused)) todo.push_back(i);
  if (!todo.empty()) {
    std::string pending;
    for (int i : todo) pending += std::to_string(i) + "\n";
    write_output("--slurm-dir", work + "/args.json", args_json);
    write_output("--slurm-dir", work + "/pending.txt", pending);
    write_output("--slurm-dir", work + "/array.sh", job_script(todo.size(), o));
    const std::string self = own_executable();
    if (self.empty()) throw OutputError("--slurm", "cannot find drbsim itself");
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) throw ConfigError("--slurm", "cannot name the current folder for the tasks");
    const ProgramPlace place{work, {"DRBSIM_EXE=" + self, "DRBSIM_WORK=" + work, std::string("DRBSIM_CWD=") + cwd}};
    std::string out;
    const int rc = run_program({"sbatch", "--parsable", "--export=ALL", "array.sh"}, &out, place);
    if (rc != 0)
      throw OutputError("--slurm", "sbatch " + std::string(rc < 0 ? "could not be run (is Slurm installed?)"
                                                                 : "failed (exit " + std::to_string(rc) + ")") +
                                       ": " + printable(out));
    // --parsable prints "jobid" or "jobid;cluster".
    static const std::regex job_id("([0-9]+)(;[^\\n]*)?\\n?");
    std::smatch m;
    if (!std::regex_match(out, m, job_id)) throw OutputError("--slurm", "sbatch printed no job id: " + printable(out));
    const std::string job = m[1];
    std::fprintf(stderr, "[drbsim] slurm: job %s, %zu of %d runs (%d done before), work folder %s\n", job.c_str(),
                 todo.size(), total, total - static_cast<int>(todo.size()), shown.c_str());
    // Wait until every result is there, or the array has left the queue.
    for (;;) {
      size_t done = 0;
      for (int i : todo) done += done_run(i, unused);
      if (done == todo.size()) break;
      std::string q;
      const int qrc = run_program({"squeue", "-h", "-j", job, "-o", "%T"}, &q);
      if (qrc != 0 || q.find_first_not_of(" \n") == std::string::npos) break;  // no task left queued or running
      std::fprintf(stderr, "[drbsim] slurm: %zu/%zu runs done\n", done, todo.size());
      std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int64_t>(o.poll * 1000)));
    }
  }
  // A result is trusted only as far as it has the shape of one: anything else counts as missing and is
  // submitted again by the next call.
  std::vector<nlohmann::json> results(total);
  std::string missing;
  for (int i = 0; i < total; ++i) {
    if (cache.load(i, results[i])) continue;
    const std::string why = read_result(result(i), results[i]);
    if (!why.empty()) missing += (missing.empty() ? "" : ", ") + std::to_string(i) + " (" + why + ")";
  }
  if (!missing.empty())
    throw OutputError("--slurm", "runs " + missing + " left no result (see " + printable(work) +
                                     "/logs); run the same command again to submit only those");
  return results;
}

int run_slurm_task(const ScenarioSet& set, int index, const std::string& result, const std::vector<InputFile>& inputs) {
  if (index >= static_cast<int>(set.runs.size()))
    throw ConfigError("--run-index", std::to_string(index) + " is not a run of this set (0.." +
                                         std::to_string(set.runs.size() - 1) + ")");
  // A task is a run like any other: the same memory and output checks before anything is built.
  ScenarioSet one;
  one.runs.push_back(set.runs[index]);
  one.swept = set.swept;
  one.source = set.source;
  check_memory(one);
  // The result is written beside itself and renamed into place: it must be a regular file (or not exist yet)
  // and none of the inputs.
  struct stat st {};
  if (stat(result.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw ConfigError("--result", "'" + printable(result) + "' is not a regular file; a task's result is renamed into place");
  const std::string tmp = result + ".tmp";
  std::vector<OutputFile> outs{{"--result", result}, {"--result", tmp}};
  for (const OutputFile& o : run_outputs(one.runs[0]))
    if (o.key == "trace.vcd" || o.key == "out.trace") outs.push_back(o);  // the ones the run writes itself
  check_outputs(outs, run_inputs(one, inputs));
  const RunCache cache = run_cache(one);  // out.runs: the run is kept there as a local run would be
  const nlohmann::json r = run_guarded(one.runs[0], run_context(set, index));
  write_replacing("--result", tmp, result, dump_json(r));
  cache.save(0, r);
  return kExitOk;
}

}  // namespace drb
