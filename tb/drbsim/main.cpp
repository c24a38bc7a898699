// SPDX-License-Identifier: Apache-2.0
// drbsim: the scenario runner. `drbsim [scenario.yaml] [key=value ...]`; see --help.
#include <systemc>  // declares sc_main with C linkage
#include <unistd.h>  // access

#include <fstream>

#include "tb/drbsim/slurm.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "tb/drbsim/builtin.h"
#include "tb/drbsim/commands.h"
#include "tb/drbsim/guards.h"
#include "tb/io/inputs.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/run_cache.h"
#include "tb/drbsim/runner.h"
#include "tb/drbsim/scopes.h"
#include "tb/drbsim/version.h"

using namespace drb;

namespace {

const char* kUsage = R"(usage: drbsim [scenario.yaml] [key=value ...] [sweep.key=v1,v2,...]
       drbsim metapaths [scenario.yaml] [key=value ...]   zero-load metapath study (source node 0)
       drbsim header [key=value ...]                      head-flit layout for a configuration
       drbsim topology [--json] [scenario.yaml] [key=value ...]   structural figures counted on the network graph
                                                          (--json: as one JSON line instead of the table)
       drbsim compare A.json B.json [rel=0.01] [abs=1e-9] [metrics=table|all|m1,m2] [METRIC=rel ...]
                                                          results files run by run against tolerances: one
                                                          line per metric that moved, exit 1 if any did
       drbsim --help | --keys-markdown | --version
       drbsim --slurm [--slurm-partition=P] [--slurm-time=1:00:00] [--slurm-throttle=N] [--slurm-dir=out/slurm]
              [--slurm-poll=10] [scenario.yaml] [key=value ...]   the runs as a Slurm job array (docs/slurm.md)

With no scenario and no key, runs the built-in demo (the DRB thesis' hot spot on an 8x8 torus, static
routing vs DRB) and writes out/demo.json, out/demo.csv and out/demo.png. Keys given on the command line override the
scenario file; `sweep.KEY=a,b,c` runs one simulation per value (use ';' between list values), each in
its own process, sim.jobs at a time. Exit codes: 0 ok, 1 compare found a metric that moved, 2 bad
input (refused before anything runs), 3 a
run failed (scoreboard, stall or incomplete drain) or its results could not be written. --version prints the
version, the results schema and the git commit, which every JSON and CSV drbsim writes also carries.

Keys [default]:)";

void print_error(const std::string& key, const std::string& reason);

// The plotting script drbsim runs for out.plot: in the data folder beside its own folder (DRB_DATA_FROM_BIN,
// ../share/drb), in the build tree as once installed, so an installed or moved prefix plots without the
// source tree. Empty if drbsim cannot name its own file.
std::string plot_script() {
  const std::string self = own_executable();
  return self.empty() ? "" : self.substr(0, self.find_last_of('/')) + "/" DRB_DATA_FROM_BIN "/plot_runs.py";
}

int simulate(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides,
             const std::vector<InputFile>& inputs, const SlurmOptions& slurm, const std::vector<std::string>& plain) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  const Scenario& s0 = set.runs[0];
  for (const char* k : {"out.dot", "out.topology_plot", "out.network"})  // the graph's files are drbsim topology's
    if (s0.is_set(k)) throw ConfigError(k, "written by drbsim topology, not by a simulation run");
  refuse_platform_keys(s0, "run");
  const std::vector<OutputFile> outs = run_outputs(s0);
  check_memory(set);                   // before elaborating: refuse what would not fit
  check_outputs(outs, run_inputs(set, inputs));  // before simulating: a run's results must have somewhere to go
  const std::string script = s0.out.plot.empty() ? "" : plot_script();  // found before anything runs
  if (!s0.out.plot.empty() && (script.empty() || access(script.c_str(), R_OK) != 0))
    throw OutputError("out.plot", "no plotting script at '" + printable(script) +
                                      "' (drbsim reads it from ../share/drb beside its own folder)");
  const RunCache cache = run_cache(set);  // out.runs: made and checked before anything runs
  print_warnings(set);                 // keys that act in none of the runs, once the set is accepted
  std::fprintf(stderr, "[drbsim] %s: %zu run%s\n", printable(origin).c_str(), set.runs.size(),
               set.runs.size() > 1 ? "s" : "");
  const std::vector<nlohmann::json> results = slurm.on ? run_slurm(set, plain, yaml, slurm, cache)
                                                        : run_all(set, false, cache.dir.empty() ? nullptr : &cache);
  const nlohmann::json doc = report_json(set, results);
  if (yaml == kDefaultScenario)  // the demo says what it shows
    std::cout << "Static routing (dor) vs DRB on the DRB thesis' hot spot, 8x8 torus; interval = cycles per message "
                 "per channel (10: continuous), latency in cycles; plot: " << s0.out.plot << "\n";
  std::cout << report_table(set, results) << std::flush;
  for (const OutputFile& o : outs) {
    if (o.key == "trace.vcd" || o.key == "out.trace" || o.key == "trace.packets") continue;  // written by the run
    if (o.key == "out.plot" && o.path == s0.out.plot) {
      // The plotting script runs from an argument vector (never a shell) on the JSON just written.
      const std::string& json = outs.front().path;
      const int rc = run_program({"/usr/bin/python3", script, json, o.path});
      if (rc != 0)
        throw OutputError("out.plot", "plotting '" + o.path + "' failed (" +
                                          (rc < 0 ? std::string("python3 did not run") : "exit " + std::to_string(rc)) +
                                          "; it needs python3-matplotlib)");
    } else {
      write_output(o.key, o.path, o.key == "out.csv" ? report_csv(set, results) : dump_json(doc, 1) + "\n");
    }
    std::fprintf(stderr, "[drbsim] wrote %s\n", printable(o.path).c_str());
  }
  // A run that measured nothing printed a table of zeros: said on stderr, and a failure under sim.strict.
  int empty = 0;  // of runs under sim.strict
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].contains("measured_nothing")) {
      const Scenario& s = set.runs[i];
      empty += s.sim.strict;
      std::fprintf(stderr,
                   "drbsim: warning: sim.warmup: run %zu of %zu measured no packet in cycles %lld-%lld (offered %s "
                   "messages in that window; a trace or a schedule may end before the warm-up does)\n",
                   i + 1, results.size(), static_cast<long long>(s.sim.warmup),
                   static_cast<long long>(s.sim.warmup + s.sim.measure),
                   results[i]["offered_messages"].dump().c_str());
    }
  int failed = 0;
  for (auto& r : results)
    if (r.contains("error")) {
      ++failed;
      const std::string& err = r["error"].get_ref<const std::string&>();
      if (r.contains("key"))  // an input or output failed the run: named as bad input is, but exit 3
        print_error(r["key"], err.substr(std::min(err.size(), r["key"].get_ref<const std::string&>().size() + 2)));
      else
        std::fprintf(stderr, "drbsim: run failed (%s): %s\n", r["kind"].get_ref<const std::string&>().c_str(),
                     printable(err, 800).c_str());
    }
  return failed || empty ? kExitSimFailure : kExitOk;
}

// One line on stderr whatever the key or reason hold: control characters are shown escaped and an
// overlong line is cut (keys and values come from the user's input).
void print_error(const std::string& key, const std::string& reason) {
  std::cerr << "drbsim: error: " << printable(key, 120) << ": " << printable(reason, 800) << "\n";
}

int dispatch(std::vector<std::string> args) {
  if (!args.empty() && args[0] == "compare") return run_compare_command({args.begin() + 1, args.end()});
  std::string cmd = "run";
  if (!args.empty() && (args[0] == "metapaths" || args[0] == "header" || args[0] == "topology")) {
    cmd = args[0];
    args.erase(args.begin());
  }
  std::string yaml, origin = "built-in", path;
  std::vector<InputFile> inputs;
  std::vector<std::string> overrides, plain;
  SlurmOptions slurm;
  std::string slurm_opt;  // the last --slurm-* option given
  int run_index = -1;
  bool json_only = false;
  std::string result;
  // --args-file F: the arguments as a JSON array of strings (a Slurm task gets its run this way, with no
  // shell between).
  std::vector<std::string> expanded;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--args-file") {
      expanded.push_back(args[i]);
      continue;
    }
    if (i + 1 >= args.size()) throw ConfigError("--args-file", "needs a file");
    const std::vector<std::string> more = read_args_file(args[++i], kMaxScenarioBytes);
    expanded.insert(expanded.end(), more.begin(), more.end());
    inputs.push_back({"--args-file", args[i]});
  }
  args = expanded;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (parse_slurm_option(a, slurm)) {
      if (a != "--slurm") slurm_opt = a.substr(0, a.find('='));
      continue;
    }
    if (a == "--run-index" || a == "--result") {  // a Slurm task (written by --slurm, not for users)
      if (i + 1 >= args.size()) throw ConfigError(a, "needs a value");
      if (a == "--run-index") {
        run_index = static_cast<int>(to_int("--run-index", args[++i], 0, 1 << 30));
      } else if ((result = args[++i]).empty()) {
        throw ConfigError("--result", "needs a file name");
      }
      continue;
    }
    if (a == "--help" || a == "-h") {
      std::cout << kUsage << keys_help();
      return kExitOk;
    }
    if (a == "--version") {
      std::cout << version_line() << "\n";
      return kExitOk;
    }
    if (a == "--json") {  // drbsim topology: the JSON alone on stdout
      json_only = true;
      continue;
    }
    if (a == "--keys-markdown") {
      std::cout << keys_markdown();
      return kExitOk;
    }
    if (a.rfind("--", 0) == 0) throw ConfigError(a, "unknown option (see --help)");
    plain.push_back(a);
    if (a.find('=') != std::string::npos) {
      overrides.push_back(a);
    } else if (path.empty()) {
      yaml = read_file(a);
      origin = path = a;
      inputs.push_back({"scenario", a});
      if (yaml.empty()) yaml = "{}";
    } else {
      throw ConfigError(a, "unexpected argument (one scenario file, then key=value overrides)");
    }
  }
  if (!slurm_opt.empty() && !slurm.on) throw ConfigError(slurm_opt, "configures --slurm, which is not given");
  if (slurm.on && cmd != "run") throw ConfigError("--slurm", "submits simulation runs; drbsim " + cmd + " runs none");
  if (run_index >= 0 && slurm.on) throw ConfigError("--slurm", "a task (--run-index) runs its one run itself");
  // A Slurm task's options (written by --slurm): only together, and only where a simulation runs.
  if (run_index >= 0 || !result.empty()) {
    const char* opt = run_index >= 0 ? "--run-index" : "--result";
    if (cmd != "run") throw ConfigError(opt, "is a Slurm task's option; drbsim " + cmd + " runs no simulation");
    if (run_index < 0) throw ConfigError("--result", "names a Slurm task's result file; it needs --run-index");
    if (result.empty()) throw ConfigError("--run-index", "a task needs its result file (--result)");
  }
  if (cmd == "metapaths") return run_metapaths_command(yaml, origin, overrides, inputs);
  if (cmd == "header") return run_header_command(yaml, origin, overrides);
  if (json_only && cmd != "topology") throw ConfigError("--json", "only drbsim topology prints JSON on stdout (runs: out.json)");
  if (cmd == "topology") return run_topology_command(yaml, origin, overrides, inputs, json_only);
  if (yaml.empty() && overrides.empty()) yaml = kDefaultScenario;
  if (run_index >= 0) return run_slurm_task(load_scenarios(yaml, origin, overrides), run_index, result, inputs);
  return simulate(yaml, origin, overrides, inputs, slurm, plain);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  // Nothing escapes: bad input is exit 2, a failed run or output exit 3, each with one line naming the key.
  try {
    return dispatch(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const ConfigError& e) {
    print_error(e.key, e.reason);
    return kExitBadInput;
  } catch (const OutputError& e) {
    print_error(e.key, e.reason);
    return kExitSimFailure;
  } catch (const std::bad_alloc&) {
    print_error("sim.mem_limit", "out of memory although the estimate fitted; lower sim.mem_limit to refuse such runs");
    return kExitSimFailure;
  } catch (const std::exception& e) {
    print_error("internal", e.what());
    return kExitSimFailure;
  }
}

// Our own entry point: silence the kernel banner (users read the table and errors), then let SystemC
// set itself up and call sc_main as usual.
int main(int argc, char* argv[]) {
  // An output whose reader went away (a pipe, a FIFO) fails its write with EPIPE, reported naming the key,
  // instead of killing the process.
  std::signal(SIGPIPE, SIG_IGN);
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
