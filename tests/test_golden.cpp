// SPDX-License-Identifier: Apache-2.0
// Golden results: every scenario file of tb/scenarios/, run through drbsim with short windows, must give
// the `runs` JSON stored in tests/golden/<name>.json byte for byte. It guards refactorings that must not
// change what the simulator computes (the structural work on the network graph, speed work).
//
// Regenerate only for an intended change of results, and say why in the commit:
//   DRB_UPDATE_GOLDEN=1 build/tests/test_golden
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support.h"

namespace fs = std::filesystem;
using drb::test::drbsim_argv;

namespace {

const fs::path kScenarios = fs::path(DRB_SOURCE_DIR) / "tb" / "scenarios";
const fs::path kGolden = fs::path(DRB_SOURCE_DIR) / "tests" / "golden";

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The scenario's runs, as one canonical JSON line (keys sorted by nlohmann::json's map).
// scenario: a file, or empty for key=value runs only (extra).
std::string runs_of(const fs::path& scenario, std::string* err, std::vector<std::string> extra = {}) {
  const fs::path out = fs::temp_directory_path() / ("drb_golden_" + std::to_string(::getpid()) + "_" +
                                                     scenario.stem().string() + ".json");
  std::vector<std::string> args{"sim.warmup=200", "sim.measure=1000", "stats.links=false", "sim.progress=off",
                                "out.json=" + out.string(), "out.csv=", "out.plot="};
  if (!scenario.empty()) args.insert(args.begin(), scenario.string());
  args.insert(args.end(), extra.begin(), extra.end());
  const auto e = drbsim_argv(args);
  if (e.code != 0) {
    *err = "drbsim exit " + std::to_string(e.code) + ": " + e.err;
    return "";
  }
  const std::string text = read(out);
  fs::remove(out);
  return nlohmann::json::parse(text)["runs"].dump() + "\n";
}

std::vector<fs::path> scenario_files() {
  std::vector<fs::path> v;
  for (const auto& d : fs::directory_iterator(kScenarios))
    if (d.path().extension() == ".yaml") v.push_back(d.path());
  std::sort(v.begin(), v.end());
  return v;
}

// Key sets beside the scenario files: the default router (which the files pin to the thesis router's
// classes) under DOR, adaptive routing and DRB, and the BookSim2 preset.
const std::vector<std::pair<std::string, std::vector<std::string>>> kKeySets = {
    {"keys_default_dor", {"topology.k=8", "traffic.rate=0.35", "traffic.length=4", "router.vcs=4"}},
    {"keys_default_adaptive", {"topology.k=8", "routing.algorithm=adaptive", "traffic.pattern=transpose",
                               "traffic.rate=0.3", "router.vcs=4"}},
    {"keys_default_drb", {"topology.k=8", "routing.algorithm=drb", "traffic.pattern=bitrev", "traffic.rate=0.3",
                          "router.vcs=8", "drb.ack_mode=high_priority"}},
    {"keys_preset_booksim", {"topology.k=8", "router.preset=booksim", "traffic.length=1", "traffic.rate=0.4"}},
};

// Compare with tests/golden/<name>.json, or write it when DRB_UPDATE_GOLDEN is set.
void compare_or_update(const std::string& name, const std::string& got) {
  const fs::path g = kGolden / (name + ".json");
  if (std::getenv("DRB_UPDATE_GOLDEN")) {
    fs::create_directories(kGolden);
    std::ofstream(g, std::ios::binary) << got;
    return;
  }
  ASSERT_TRUE(fs::exists(g)) << "no golden file " << g << " (see the comment at the top of this test)";
  const std::string want = read(g);
  if (got == want) return;
  // Name the first run that differs, so a failure says where to look.
  const auto a = nlohmann::json::parse(got), b = nlohmann::json::parse(want);
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  ADD_FAILURE() << name << ": runs differ from " << g.filename() << " first at run " << i << " of " << b.size()
                << (i < a.size() ? "\n  now:    " + a[i].dump().substr(0, 600) : "")
                << (i < b.size() ? "\n  stored: " + b[i].dump().substr(0, 600) : "");
}

TEST(Golden, EveryScenarioFileGivesItsStoredRuns) {
  const auto files = scenario_files();
  ASSERT_GE(files.size(), 9u);
  for (const fs::path& f : files) {
    std::string err;
    const std::string got = runs_of(f, &err);
    ASSERT_TRUE(err.empty()) << f << ": " << err;
    compare_or_update(f.stem().string(), got);
  }
}

TEST(Golden, KeySetsGiveTheirStoredRuns) {
  for (const auto& [name, keys] : kKeySets) {
    std::string err;
    const std::string got = runs_of("", &err, keys);
    ASSERT_TRUE(err.empty()) << name << ": " << err;
    compare_or_update(name, got);
  }
}

// The comparison can fail: the same file with another seed gives other runs.
TEST(Golden, AnotherSeedGivesOtherRuns) {
  const fs::path f = kScenarios / "uniform_8x8.yaml";
  std::string err;
  const std::string base = runs_of(f, &err);
  ASSERT_TRUE(err.empty()) << err;
  const std::string other = runs_of(f, &err, {"sim.seed=2"});
  ASSERT_TRUE(err.empty()) << err;
  EXPECT_NE(other, base);
}

}  // namespace
