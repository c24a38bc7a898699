#include "tb/drbsim/slurm.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "tb/drbsim/keys.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/runner.h"

namespace drb {

namespace {

std::string abs_path(const std::string& p) {
  if (p.empty() || p[0] == '/') return p;
  char cwd[4096];
  return std::string(getcwd(cwd, sizeof cwd) ? cwd : ".") + "/" + p;
}

uint64_t fnv(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

bool complete(const std::string& result) {
  std::ifstream in(result);
  return in && nlohmann::json::accept(in);
}

}  // namespace

bool parse_slurm_option(const std::string& arg, SlurmOptions& o) {
  if (arg == "--slurm") return o.on = true;
  const auto eq = arg.find('=');
  if (arg.rfind("--slurm-", 0) != 0 || eq == std::string::npos) return false;
  const std::string opt = arg.substr(0, eq), v = arg.substr(eq + 1);
  auto plain = [&](const std::string& s) {  // goes into an #SBATCH line: no spaces, quotes or newlines
    for (char c : s)
      if (!(isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.' || c == ','))
        throw ConfigError(opt, "'" + s + "' has a character other than letters, digits and - _ : . ,");
    return s;
  };
  if (opt == "--slurm-partition") o.partition = plain(v);
  else if (opt == "--slurm-time") o.time = plain(v);
  else if (opt == "--slurm-throttle") o.throttle = static_cast<int>(to_int(opt, v, 0, 1 << 20));
  else if (opt == "--slurm-poll") o.poll = static_cast<double>(to_int(opt, v, 1, 3600));
  else if (opt == "--slurm-dir") {
    if (v.empty() || v.find('\n') != std::string::npos) throw ConfigError(opt, "needs a folder name");
    o.dir = v;
  } else {
    return false;
  }
  return true;
}

std::vector<nlohmann::json> run_slurm(const ScenarioSet& set, const std::vector<std::string>& args, const std::string& yaml,
                                      const SlurmOptions& o) {
  // The work folder: one per (arguments, scenario text), so a rerun of the same sweep finds its results.
  std::string key = yaml;
  std::vector<std::string> task_args;
  for (size_t i = 0; i < args.size(); ++i) {
    // The scenario file (the one argument without '=') by absolute path: tasks start in another folder.
    task_args.push_back(args[i].find('=') == std::string::npos ? abs_path(args[i]) : args[i]);
    key += '\n' + args[i];
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv(key)));
  const std::string work = abs_path(o.dir) + "/" + hex;
  if (!make_parent(work + "/logs/")) throw ConfigError("--slurm-dir", "cannot create '" + work + "'");
  const int total = static_cast<int>(set.runs.size());
  auto result = [&](int i) { return work + "/run_" + std::to_string(i) + ".json"; };
  std::vector<int> todo;
  for (int i = 0; i < total; ++i)
    if (!complete(result(i))) todo.push_back(i);
  if (!todo.empty()) {
    {
      std::ofstream a(work + "/args.txt");
      for (auto& x : task_args) a << x << '\n';
      std::ofstream p(work + "/pending.txt");
      for (int i : todo) p << i << '\n';
    }
    char self[4096] = {0};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) throw std::runtime_error("slurm: cannot find drbsim itself");
    if (work.find('\'') != std::string::npos || std::string(self).find('\'') != std::string::npos)
      throw ConfigError("--slurm-dir", "the work folder and drbsim's path may not contain a quote (they go into the job script)");
    const std::string script = work + "/array.sh";
    {
      std::ofstream s(script);
      s << "#!/bin/bash\n"
        << "#SBATCH --job-name=drbsim\n"
        << "#SBATCH --array=0-" << todo.size() - 1 << (o.throttle > 0 ? "%" + std::to_string(o.throttle) : "") << "\n"
        << "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n"
        << "#SBATCH --time=" << o.time << "\n";
      if (!o.partition.empty()) s << "#SBATCH --partition=" << o.partition << "\n";
      s << "#SBATCH --output=" << work << "/logs/%A_%a.out\n"
        << "# Task i runs the run named on line i + 1 of pending.txt; drbsim reads its arguments from args.txt.\n"
        << "idx=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" '" << work << "/pending.txt')\n"
        << "exec '" << self << "' --args-file '" << work << "/args.txt' --run-index \"$idx\" --result '" << work
        << "/run_'\"$idx\".json\n";
    }
    std::string out;
    const int rc = run_program({"sbatch", "--parsable", script}, &out);
    if (rc != 0) throw std::runtime_error("slurm: sbatch " + std::string(rc < 0 ? "could not be run (is Slurm installed?)" : "failed (exit " + std::to_string(rc) + ")") + ": " + out);
    const std::string job = out.substr(0, out.find_first_of(";\n"));
    std::fprintf(stderr, "[drbsim] slurm: job %s, %zu of %d runs (%d done before), work folder %s\n", job.c_str(),
                 todo.size(), total, total - static_cast<int>(todo.size()), work.c_str());
    // Wait until every result is there, or the array has left the queue.
    for (;;) {
      size_t done = 0;
      for (int i : todo) done += complete(result(i));
      if (done == todo.size()) break;
      std::string q;
      const int qrc = run_program({"squeue", "-h", "-j", job, "-o", "%T"}, &q);
      if (qrc != 0 || q.find_first_not_of(" \n") == std::string::npos) break;  // no task left queued or running
      std::fprintf(stderr, "[drbsim] slurm: %zu/%zu runs done\n", done, todo.size());
      std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int64_t>(o.poll * 1000)));
    }
  }
  std::vector<nlohmann::json> results(total);
  std::vector<int> missing;
  for (int i = 0; i < total; ++i) {
    std::ifstream in(result(i));
    try {
      results[i] = nlohmann::json::parse(in);
    } catch (...) {
      missing.push_back(i);
    }
  }
  if (!missing.empty()) {
    std::string l;
    for (int i : missing) l += (l.empty() ? "" : ", ") + std::to_string(i);
    throw std::runtime_error("slurm: runs " + l + " left no result (see " + work + "/logs); run the same command again to "
                             "submit only those");
  }
  return results;
}

int run_slurm_task(const ScenarioSet& set, int index, const std::string& result) {
  if (index < 0 || index >= static_cast<int>(set.runs.size()))
    throw ConfigError("--run-index", std::to_string(index) + " is not a run of this set (0.." + std::to_string(set.runs.size() - 1) + ")");
  const nlohmann::json r = run_guarded(set.runs[index], run_context(set, index));
  const std::string tmp = result + ".tmp";
  {
    std::ofstream out(tmp);
    out << r.dump();
    if (!out) throw std::runtime_error("slurm: cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), result.c_str()) != 0) throw std::runtime_error("slurm: cannot write " + result);
  return kExitOk;
}

}  // namespace drb
