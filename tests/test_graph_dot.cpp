// SPDX-License-Identifier: Apache-2.0
// The network graph as DOT (drbsim topology out.dot, out.topology_plot): parsed back, the file gives the
// graph's elements, terminals and channels with their ports, and its attachments; Graphviz reads it; the
// picture is drawn; what cannot be drawn is refused before anything is written.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "models/topology/graph_dot.h"
#include "models/topology/interconnect.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

struct Parsed {
  std::set<int> elements, terminals;
  std::set<std::tuple<int, int, int, int>> channels;  // from, from port, to, to port
  std::set<std::pair<int, int>> inject, eject;        // (terminal, element)
  std::string name;
};

Parsed parse(const std::string& dot) {
  Parsed p;
  static const std::regex node(R"re(^  ([et])(\d+) \[shape=)re"),
      edge(R"re(^  e(\d+) -> e(\d+) \[taillabel="(\d+)", headlabel="(\d+)")re"),
      inj(R"re(^  t(\d+) -> e(\d+) \[style=dashed)re"), ej(R"re(^  e(\d+) -> t(\d+) \[style=dashed)re"),
      head(R"re(^digraph "(.*)" \{$)re");
  std::istringstream in(dot);
  std::smatch m;
  for (std::string l; std::getline(in, l);) {
    if (std::regex_search(l, m, head)) p.name = m[1];
    else if (std::regex_search(l, m, node)) (m[1] == "e" ? p.elements : p.terminals).insert(std::stoi(m[2]));
    else if (std::regex_search(l, m, edge))
      p.channels.insert({std::stoi(m[1]), std::stoi(m[3]), std::stoi(m[2]), std::stoi(m[4])});
    else if (std::regex_search(l, m, inj)) p.inject.insert({std::stoi(m[1]), std::stoi(m[2])});
    else if (std::regex_search(l, m, ej)) p.eject.insert({std::stoi(m[2]), std::stoi(m[1])});
  }
  return p;
}

TEST(GraphDot, ParsedBackItIsTheGraph) {
  for (const auto& [kind, k, n] : {std::tuple<std::string, int, int>{"torus", 4, 2}, {"fattree", 2, 3}, {"hypercube", 2, 3}}) {
    TopologyParams tp;
    tp.kind = kind;
    tp.k = kind == "torus" ? std::vector<int>(n, k) : std::vector<int>{k};
    tp.n = n;
    const auto ic = make_interconnect(tp);
    const NetworkGraph& g = ic->graph();
    const Parsed p = parse(graph_dot(g, ic->describe()));
    EXPECT_EQ(p.name, ic->describe());
    EXPECT_EQ(p.elements.size(), g.elements().size()) << kind;
    EXPECT_EQ(p.terminals.size(), g.terminals().size()) << kind;
    std::set<std::tuple<int, int, int, int>> want;
    for (const GraphChannel& c : g.channels()) want.insert({c.from, c.from_port, c.to, c.to_port});
    EXPECT_EQ(p.channels, want) << kind;
    for (size_t t = 0; t < g.terminals().size(); ++t) {
      EXPECT_TRUE(p.inject.count({static_cast<int>(t), g.terminals()[t].inject.element})) << kind << " T" << t;
      EXPECT_TRUE(p.eject.count({static_cast<int>(t), g.terminals()[t].eject.element})) << kind << " T" << t;
    }
  }
  // By hand: a 4x4 torus has 16 routers of 5 ports, 4 x 16 channels and a terminal on each router's port 4.
  TopologyParams tp;
  tp.k = {4, 4};
  const std::string dot = graph_dot(make_interconnect(tp)->graph(), "torus 4x4");
  EXPECT_NE(dot.find("// 16 elements, 64 channels, 16 terminals"), std::string::npos);
  EXPECT_NE(dot.find("  e5 [shape=box, label=\"R5\\n5 ports\"];"), std::string::npos);
  EXPECT_NE(dot.find("  t5 -> e5 [style=dashed, headlabel=\"4\"];"), std::string::npos);
  // A name with quotes stays one DOT string.
  EXPECT_NE(graph_dot(make_interconnect(tp)->graph(), "a \"b\"").find("digraph \"a \\\"b\\\"\" {"), std::string::npos);
}

TEST(GraphDot, TopologyWritesItGraphvizReadsItAndDrawsIt) {
  const std::string dot = test_tmp("t.dot"), png = test_tmp("t.png");
  std::remove(png.c_str());
  const Exec e = drbsim_argv({"topology", "topology.kind=fattree", "topology.k=2", "topology.n=3", "out.dot=" + dot,
                              "out.topology_plot=" + png});
  ASSERT_EQ(e.code, 0) << e.err;
  std::ifstream in(dot);
  const Parsed p = parse(std::string(std::istreambuf_iterator<char>(in), {}));
  EXPECT_EQ(p.name, "2-ary 3-tree");
  EXPECT_EQ(p.elements.size(), 12u);  // 3 levels of 4 switches
  EXPECT_EQ(p.channels.size(), 32u);  // 2 x 16 links between the levels
  EXPECT_EQ(std::system(("dot -Tcanon " + dot + " > /dev/null").c_str()), 0) << "Graphviz refused the DOT file";
  std::ifstream pic(png, std::ios::binary);
  char magic[8] = {0};
  pic.read(magic, 8);
  EXPECT_EQ(std::string(magic, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

TEST(GraphDot, WhatCannotBeDrawnIsRefusedBeforeAnythingIsWritten) {
  const std::string dot = test_tmp("never.dot");
  std::remove(dot.c_str());
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"topology", "topology.k=64", "out.topology_plot=" + test_tmp("big.png"), "out.dot=" + dot},
       "drbsim: error: out.topology_plot: 4096 elements are more than a drawing shows"},
      {{"topology", "out.topology_plot=" + test_tmp("x.jpg"), "out.dot=" + dot}, "must end in .png, .svg or .pdf"},
      {{"topology", "sweep.topology.k=4;6", "out.dot=" + dot}, "drbsim: error: out.dot: a sweep of 2 networks"},
      {{"topology.k=4", "out.dot=" + dot}, "drbsim: error: out.dot: written by drbsim topology"},
      {{"metapaths", "topology.k=4", "out.dot=" + dot}, "drbsim: error: out.dot:"},
  };
  for (const auto& [args, want] : cases) {
    const Exec e = drbsim_argv(args);
    EXPECT_EQ(e.code, 2) << want << ": " << e.err;
    EXPECT_NE(e.err.find(want), std::string::npos) << e.err;
    EXPECT_FALSE(std::ifstream(dot).good()) << want;
  }
}

}  // namespace
