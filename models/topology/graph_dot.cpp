// SPDX-License-Identifier: Apache-2.0
#include "models/topology/graph_dot.h"

#include <string>

namespace drb {

namespace {

// A DOT double-quoted string: quotes and backslashes escaped, nothing else interpreted.
std::string quoted(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c == '\n' ? ' ' : c;
  }
  return o + "\"";
}

}  // namespace

std::string graph_dot(const NetworkGraph& g, const std::string& name, const std::vector<std::string>& element_names) {
  const auto& el = g.elements();
  const auto& ch = g.channels();
  const auto& te = g.terminals();
  std::string d = "digraph " + quoted(name) + " {\n";
  d += "  // " + std::to_string(el.size()) + " elements, " + std::to_string(ch.size()) + " channels, " +
       std::to_string(te.size()) + " terminals\n";
  d += "  label=" + quoted(name) + ";\n  overlap=false;\n  node [fontsize=10];\n  edge [fontsize=8, arrowsize=0.5];\n";
  for (size_t e = 0; e < el.size(); ++e) {
    const std::string id = (el[e].kind == ElementKind::Router ? "R" : "S") + std::to_string(e);
    const std::string label = e < element_names.size() ? element_names[e] + " (" + id + ")" : id;
    const std::string q = quoted(label);  // names come from the user's file: escaped, then DOT's line break
    d += "  e" + std::to_string(e) + " [shape=box, label=" + q.substr(0, q.size() - 1) + "\\n" +
         std::to_string(el[e].ports) + " ports\"];\n";
  }
  for (size_t t = 0; t < te.size(); ++t)
    d += "  t" + std::to_string(t) + " [shape=ellipse, label=\"T" + std::to_string(t) + "\"];\n";
  for (const GraphChannel& c : ch)
    d += "  e" + std::to_string(c.from) + " -> e" + std::to_string(c.to) + " [taillabel=\"" +
         std::to_string(c.from_port) + "\", headlabel=\"" + std::to_string(c.to_port) +
         (c.extra ? "\", label=\"+" + std::to_string(c.extra) : "") + "\"];\n";
  for (size_t t = 0; t < te.size(); ++t)
    for (int k = 0; k < te[t].channels; ++k) {
      d += "  t" + std::to_string(t) + " -> e" + std::to_string(te[t].inject.element) + " [style=dashed, headlabel=\"" +
           std::to_string(te[t].inject.port + k) + "\"];\n";
      d += "  e" + std::to_string(te[t].eject.element) + " -> t" + std::to_string(t) + " [style=dashed, taillabel=\"" +
           std::to_string(te[t].eject.port + k) + "\"];\n";
    }
  return d + "}\n";
}

}  // namespace drb
