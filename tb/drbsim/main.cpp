// drbsim: the scenario runner. `drbsim [scenario.yaml] [key=value ...]`; see --help.
#include <sys/stat.h>
#include <unistd.h>

#include <systemc>  // declares sc_main with C linkage

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "tb/drbsim/builtin.h"
#include "tb/drbsim/commands.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/runner.h"

using namespace drb;

namespace {

const char* kUsage = R"(usage: drbsim [scenario.yaml] [key=value ...] [sweep.key=v1,v2,...]
       drbsim metapaths [scenario.yaml] [key=value ...]   zero-load metapath study (source node 0)
       drbsim header [key=value ...]                      head-flit layout for a configuration
       drbsim --help | --keys-markdown

With no scenario and no key, runs the built-in demo (the DRB thesis' hot spot on an 8x8 torus, static
routing vs DRB) and writes out/demo.json, out/demo.csv and out/demo.png. Keys given on the command line override the
scenario file; `sweep.KEY=a,b,c` runs one simulation per value (use ';' between list values), each in
its own process, sim.jobs at a time. Exit codes: 0 ok, 2 bad input, 3 a run failed (scoreboard, stall
or incomplete drain).

Keys [default]:)";

void ensure_parent_dir(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos || slash == 0) return;
  const std::string dir = path.substr(0, slash);
  ensure_parent_dir(dir);
  mkdir(dir.c_str(), 0777);
}

int simulate(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  const Scenario& s0 = set.runs[0];
  std::fprintf(stderr, "[drbsim] %s: %zu run%s\n", origin.c_str(), set.runs.size(), set.runs.size() > 1 ? "s" : "");
  const std::vector<nlohmann::json> results = run_all(set);
  const nlohmann::json doc = report_json(set, results);
  std::cout << report_table(set, results) << std::flush;
  std::string json_path = s0.out.json;
  if (!s0.out.plot.empty() && json_path.empty()) json_path = s0.out.plot + ".json";
  if (!json_path.empty()) {
    ensure_parent_dir(json_path);
    write_text(json_path, doc.dump(1) + "\n");
    std::fprintf(stderr, "[drbsim] wrote %s\n", json_path.c_str());
  }
  if (!s0.out.csv.empty()) {
    ensure_parent_dir(s0.out.csv);
    write_text(s0.out.csv, report_csv(set, results));
    std::fprintf(stderr, "[drbsim] wrote %s\n", s0.out.csv.c_str());
  }
  if (!s0.out.plot.empty()) {
    ensure_parent_dir(s0.out.plot);
    const std::string cmd = "/usr/bin/python3 " DRB_SOURCE_DIR "/tb/plots/plot_runs.py '" + json_path + "' '" +
                            s0.out.plot + "'";
    if (std::system(cmd.c_str()) == 0) std::fprintf(stderr, "[drbsim] wrote %s\n", s0.out.plot.c_str());
    else std::fprintf(stderr, "[drbsim] warning: plotting failed (needs python3-matplotlib)\n");
  }
  int failed = 0;
  for (auto& r : results)
    if (r.contains("error")) {
      ++failed;
      std::fprintf(stderr, "drbsim: run failed (%s): %s\n", r["kind"].get<std::string>().c_str(),
                   r["error"].get<std::string>().c_str());
    }
  return failed ? kExitSimFailure : kExitOk;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    std::string cmd = "run";
    if (!args.empty() && (args[0] == "metapaths" || args[0] == "header")) {
      cmd = args[0];
      args.erase(args.begin());
    }
    std::string yaml, origin = "built-in";
    std::vector<std::string> overrides;
    for (const std::string& a : args) {
      if (a == "--help" || a == "-h") {
        std::cout << kUsage << keys_help();
        return kExitOk;
      }
      if (a == "--keys-markdown") {
        std::cout << keys_markdown();
        return kExitOk;
      }
      if (a.rfind("--", 0) == 0) throw ConfigError(a, "unknown option (see --help)");
      if (a.find('=') != std::string::npos) {
        overrides.push_back(a);
      } else if (origin == "built-in" && yaml.empty()) {
        yaml = read_file(a);
        origin = a;
        if (yaml.empty()) yaml = "{}";
      } else {
        throw ConfigError(a, "unexpected argument (one scenario file, then key=value overrides)");
      }
    }
    if (cmd == "metapaths") return run_metapaths_command(yaml, origin, overrides);
    if (cmd == "header") return run_header_command(yaml, origin, overrides);
    if (yaml.empty() && overrides.empty()) yaml = kDefaultScenario;
    return simulate(yaml, origin, overrides);
  } catch (const ConfigError& e) {
    std::cerr << "drbsim: error: " << e.key << ": " << e.reason << "\n";
    return kExitBadInput;
  }
}

// Our own entry point: silence the kernel banner (users read the table and errors), then let SystemC
// set itself up and call sc_main as usual.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
