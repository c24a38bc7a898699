// SPDX-License-Identifier: Apache-2.0
// drbsim --version, and the same version, results schema and commit on every JSON and CSV drbsim writes
// (docs/results.md, "Provenance"). The version expected is the one CMakeLists.txt declares; the schema starts
// at 1.
#include <gtest/gtest.h>

#include <regex>

#include "systemc/fabric/vp_fabric.h"
#include "tests/support.h"

using namespace drb::test;
using json = nlohmann::json;

namespace {

struct Provenance {
  std::string version, schema, commit;
};

// The project(VERSION) of the top-level CMakeLists.txt.
std::string declared_version() {
  std::smatch m;
  const std::string cm = slurp(DRB_SOURCE_DIR "/CMakeLists.txt");
  EXPECT_TRUE(std::regex_search(cm, m, std::regex(R"(project\(drb [^)]*VERSION ([0-9]+\.[0-9]+\.[0-9]+))")));
  return m.size() > 1 ? m[1].str() : "?";
}

Provenance version_line() {
  const Exec e = drbsim("--version");
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(e.err, "");
  std::smatch m;
  const std::regex line(R"(drbsim (\S+) \(results schema ([0-9]+), commit ([0-9a-f]{12}(-dirty)?|unknown)\)\n)");
  EXPECT_TRUE(std::regex_match(e.out, m, line)) << "'" << e.out << "'";
  return m.size() > 3 ? Provenance{m[1], m[2], m[3]} : Provenance{};
}

void expect_stamp(const json& j, const Provenance& p, const std::string& where) {
  EXPECT_EQ(j.value("version", ""), p.version) << where;
  EXPECT_EQ(j.value("results_schema", -1), std::stoi(p.schema)) << where;
  EXPECT_EQ(j.value("commit", ""), p.commit) << where;
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> f;
  size_t from = 0;
  for (size_t c; (c = line.find(',', from)) != std::string::npos; from = c + 1) f.push_back(line.substr(from, c - from));
  f.push_back(line.substr(from));
  return f;
}

std::string temp(const std::string& name) { return test_tmp("version_" + name); }

TEST(Version, OneLineWithVersionSchemaAndCommit) {
  const Provenance p = version_line();
  EXPECT_EQ(p.version, declared_version());
  EXPECT_EQ(p.schema, "1");
  // The installed package's API reports the same build.
  EXPECT_EQ(drb::version(), p.version);
  EXPECT_EQ(drb::commit(), p.commit);
  const Exec help = drbsim("--help");
  EXPECT_NE(help.out.find("--version"), std::string::npos) << "the usage names --version";
}

TEST(Version, RunResultsJsonAndCsvCarryIt) {
  const Provenance p = version_line();
  const std::string j = temp("run.json"), c = temp("run.csv");
  const Exec e = drbsim("topology.k=4 sim.warmup=200 sim.measure=1000 sim.progress=off sweep.traffic.rate=0.1,0.2 "
                        "out.json=" + j + " out.csv=" + c);
  ASSERT_EQ(e.code, 0) << e.err;
  const json doc = json::parse(slurp(j));
  EXPECT_EQ(doc["tool"], "drbsim");
  expect_stamp(doc, p, "results JSON");
  EXPECT_EQ(doc["runs"].size(), 2u);
  for (const char* k : {"out.json", "out.csv", "out.plot", "out.trace", "trace.vcd"})
    EXPECT_FALSE(doc["config"].contains(k)) << k << ": output paths are not part of the results";
  EXPECT_TRUE(doc["config"].contains("topology.k")) << "the configuration itself is still echoed";

  // Header + one row per run, each ending in the three provenance columns.
  std::vector<std::string> lines;
  std::stringstream csv(slurp(c));
  for (std::string l; std::getline(csv, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 3u) << slurp(c);
  const std::vector<std::string> head = fields(lines[0]);
  ASSERT_GE(head.size(), 4u);
  EXPECT_EQ(std::vector<std::string>(head.end() - 4, head.end()),
            (std::vector<std::string>{"error", "version", "results_schema", "commit"}));
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> row = fields(lines[i]);
    ASSERT_EQ(row.size(), head.size()) << lines[i];
    EXPECT_EQ(row[0], i == 1 ? "0.1" : "0.2") << "the swept value leads";
    EXPECT_EQ(row[row.size() - 4], "") << "no error";
    EXPECT_EQ(std::vector<std::string>(row.end() - 3, row.end()), (std::vector<std::string>{p.version, p.schema, p.commit}));
  }
}

// topology and metapaths keep the shape of their out.json (one object, or an array of rows) and stamp each
// row; the rows topology prints on stdout with --json stay bare.
TEST(Version, TopologyAndMetapathsJsonCarryItOnEveryRow) {
  const Provenance p = version_line();
  const std::string one = temp("topo1.json"), two = temp("topo2.json"), mp = temp("mp.json");
  Exec e = drbsim("topology topology.k=4 out.json=" + one);
  ASSERT_EQ(e.code, 0) << e.err;
  const json t1 = json::parse(slurp(one));
  ASSERT_TRUE(t1.is_object());
  EXPECT_EQ(t1["terminals"], 16);
  expect_stamp(t1, p, "topology, one network");
  e = drbsim("topology --json topology.k=4");
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(json::parse(e.out)["terminals"], 16) << e.out;
  EXPECT_FALSE(json::parse(e.out).contains("version")) << e.out;

  e = drbsim("topology sweep.topology.k=4;6 out.json=" + two);
  ASSERT_EQ(e.code, 0) << e.err;
  const json t2 = json::parse(slurp(two));
  ASSERT_TRUE(t2.is_array());
  ASSERT_EQ(t2.size(), 2u);
  EXPECT_EQ(t2[1]["terminals"], 36);
  for (const json& r : t2) expect_stamp(r, p, "topology row");

  e = drbsim("metapaths topology.k=4 sweep.drb.supernode=sga:1,sga:2 out.json=" + mp);
  ASSERT_EQ(e.code, 0) << e.err;
  const json m = json::parse(slurp(mp));
  ASSERT_TRUE(m.is_array());
  ASSERT_EQ(m.size(), 2u);
  for (const json& r : m) {
    EXPECT_EQ(r["topology"], "torus 4x4");
    expect_stamp(r, p, "metapaths row");
  }
}

TEST(Version, AnOutputPathCannotBeSwept) {
  expect_refused({{"topology.k=4 sweep.out.json=" + temp("a.json") + ";" + temp("b.json"), "sweep.out.json"},
                  {"topology.k=4 sweep.out.csv=" + temp("a.csv") + ";" + temp("b.csv"), "sweep.out.csv"}});
}

}  // namespace
