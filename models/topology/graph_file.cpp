// SPDX-License-Identifier: Apache-2.0
#include "models/topology/graph_file.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "models/util/text_lines.h"

namespace drb {

namespace {

[[noreturn]] void fail(int line, const std::string& why) {
  throw std::invalid_argument("topology.file: " + (line > 0 ? "line " + std::to_string(line) + ": " : std::string()) + why);
}

// A token shown in a message: cut, control characters replaced.
std::string shown(const std::string& s) {
  std::string o;
  for (char c : s.substr(0, 40)) o += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  return s.size() > 40 ? o + "..." : o;
}

// A decimal integer in [lo, hi]; no sign, no spaces, no overflow.
int number(int line, const std::string& what, const std::string& s, int lo, int hi) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    fail(line, what + " must be a number " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" + shown(s) + "'");
  const int v = std::stoi(s);
  if (v < lo || v > hi)
    fail(line, what + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + std::to_string(v));
  return v;
}

bool good_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

struct Reader {
  NetworkFile f;
  std::unordered_map<std::string, int> ids;
  std::vector<int> element_line, terminal_line;
  std::vector<std::vector<int>> in_owner, out_owner;  // per element port side: the line that took it (0: free)
  int64_t ports = 0;
  int classes_line = 0;
  int max_class = -1;

  int element(int line, const std::string& name) const {
    const auto it = ids.find(name);
    if (it == ids.end()) fail(line, "unknown element '" + shown(name) + "'");
    return it->second;
  }
  // "<element>:<port>" with the port inside the element.
  std::pair<int, int> side(int line, const std::string& tok) const {
    const size_t colon = tok.find(':');
    if (colon == std::string::npos) fail(line, "expected <element>:<port>, got '" + shown(tok) + "'");
    const int e = element(line, tok.substr(0, colon));
    const int p = number(line, "the port of '" + shown(tok) + "'", tok.substr(colon + 1), 0, kMaxRadix - 1);
    if (p >= f.graph.elements()[e].ports)
      fail(line, "element " + f.element_names[e] + " has ports 0.." + std::to_string(f.graph.elements()[e].ports - 1) +
                     ", got port " + std::to_string(p));
    return {e, p};
  }
  void take(int line, std::vector<std::vector<int>>& owner, int e, int p, const char* what) {
    int& o = owner[e][p];
    if (o) fail(line, std::string("the ") + what + " side of " + f.element_names[e] + ":" + std::to_string(p) +
                          " is already used (line " + std::to_string(o) + ")");
    o = line;
  }
  // key=value attributes after the positional tokens; each known key at most once.
  std::map<std::string, std::string> attributes(int line, const std::vector<std::string>& tok, size_t from,
                                                std::initializer_list<const char*> known) const {
    std::map<std::string, std::string> a;
    for (size_t i = from; i < tok.size(); ++i) {
      const size_t eq = tok[i].find('=');
      const std::string k = tok[i].substr(0, eq);
      if (eq == std::string::npos || std::find_if(known.begin(), known.end(), [&](const char* n) { return k == n; }) == known.end()) {
        std::string list;
        for (const char* n : known) list += (list.empty() ? "" : ", ") + std::string(n) + "=";
        fail(line, "unexpected '" + shown(tok[i]) + "' (" + (list.empty() ? "no attributes here" : "attributes: " + list) + ")");
      }
      if (!a.emplace(k, tok[i].substr(eq + 1)).second) fail(line, k + "= given twice");
    }
    return a;
  }

  void statement(int line, const std::vector<std::string>& tok, const std::string& rest) {
    const std::string& kw = tok[0];
    const bool routes_started = f.has_table;
    if (kw == "name") {
      if (!f.name.empty()) fail(line, "a second name");
      if (rest.empty()) fail(line, "name needs a text");
      if (rest.size() > 120) fail(line, "the name is longer than 120 characters");
      f.name = rest;
    } else if (kw == "element") {
      if (routes_started) fail(line, "elements come before the routes");
      if (tok.size() != 4) fail(line, "expected: element <name> router|switch <ports>");
      if (!good_name(tok[1])) fail(line, "element names are 1..64 letters, digits, '_', '-', '.'; got '" + shown(tok[1]) + "'");
      if (tok[2] != "router" && tok[2] != "switch") fail(line, "element kind is router or switch, got '" + shown(tok[2]) + "'");
      const int ports_here = number(line, "ports", tok[3], 1, kMaxRadix);
      if (static_cast<int>(f.graph.elements().size()) >= kMaxFileElements)
        fail(line, "more than " + std::to_string(kMaxFileElements) + " elements");
      if (ports + ports_here > kMaxFilePorts) fail(line, "more than " + std::to_string(kMaxFilePorts) + " ports in all");
      if (!ids.emplace(tok[1], static_cast<int>(f.element_names.size())).second)
        fail(line, "element '" + tok[1] + "' is declared twice (first at line " + std::to_string(element_line[ids[tok[1]]]) + ")");
      ports += ports_here;
      f.graph.add_element(tok[2] == "router" ? ElementKind::Router : ElementKind::Switch, ports_here);
      f.element_names.push_back(tok[1]);
      element_line.push_back(line);
      in_owner.emplace_back(ports_here, 0);
      out_owner.emplace_back(ports_here, 0);
    } else if (kw == "channel") {
      if (tok.size() < 3) fail(line, "expected: channel <element>:<port> <element>:<port> [extra=C] [dateline=D]");
      const auto [a, ap] = side(line, tok[1]);
      const auto [b, bp] = side(line, tok[2]);
      const auto at = attributes(line, tok, 3, {"extra", "dateline"});
      const int extra = at.count("extra") ? number(line, "extra", at.at("extra"), 0, 1024) : 0;
      const int dl = at.count("dateline") ? number(line, "dateline", at.at("dateline"), 0, 15) : -1;
      take(line, out_owner, a, ap, "output");
      take(line, in_owner, b, bp, "input");
      f.graph.connect(a, ap, b, bp, extra);
      f.dateline.push_back(static_cast<int8_t>(dl));
      f.dateline_bits = std::max(f.dateline_bits, dl + 1);
    } else if (kw == "terminal") {
      if (routes_started) fail(line, "terminals come before the routes");
      if (tok.size() < 2) fail(line, "expected: terminal <element>:<port> [<element>:<port>] [channels=N]");
      const bool two = tok.size() > 2 && tok[2].find('=') == std::string::npos;
      const auto inj = side(line, tok[1]);
      const auto ej = two ? side(line, tok[2]) : inj;
      const auto at = attributes(line, tok, two ? 3 : 2, {"channels"});
      const int ch = at.count("channels") ? number(line, "channels", at.at("channels"), 1, 16) : 1;
      if (static_cast<int>(f.graph.terminals().size()) >= kMaxFileTerminals)
        fail(line, "more than " + std::to_string(kMaxFileTerminals) + " terminals");
      for (const auto& [e, p] : {inj, ej})
        if (p + ch > f.graph.elements()[e].ports)
          fail(line, std::to_string(ch) + " channels from " + f.element_names[e] + ":" + std::to_string(p) +
                         " pass its last port " + std::to_string(f.graph.elements()[e].ports - 1));
      for (int k = 0; k < ch; ++k) {
        take(line, in_owner, inj.first, inj.second + k, "input");
        take(line, out_owner, ej.first, ej.second + k, "output");
      }
      f.graph.add_terminal({inj.first, inj.second}, {ej.first, ej.second}, ch);
      terminal_line.push_back(line);
    } else if (kw == "classes") {
      if (classes_line) fail(line, "a second classes statement (first at line " + std::to_string(classes_line) + ")");
      if (tok.size() < 2 || tok.size() > 17) fail(line, "classes names 1..16 VC classes");
      for (size_t i = 1; i < tok.size(); ++i) {
        if (!good_name(tok[i])) fail(line, "class names are 1..64 letters, digits, '_', '-', '.'; got '" + shown(tok[i]) + "'");
        if (std::find(f.class_names.begin(), f.class_names.end(), tok[i]) != f.class_names.end())
          fail(line, "class '" + tok[i] + "' named twice");
        f.class_names.push_back(tok[i]);
      }
      classes_line = line;
    } else if (kw == "route") {
      if (tok.size() < 4) fail(line, "expected: route <element> <terminal> <port> [class=S] [ring=D]");
      const int64_t T = static_cast<int64_t>(f.graph.terminals().size());
      if (!f.has_table) {
        if (T == 0) fail(line, "routes come after the terminals");
        if (T * static_cast<int64_t>(f.graph.elements().size()) > kMaxFileTableEntries)
          fail(line, "a route table of " + std::to_string(f.graph.elements().size()) + " elements x " + std::to_string(T) +
                         " terminals passes the " + std::to_string(kMaxFileTableEntries) + " entries the reader holds");
        f.has_table = true;
        f.table.assign(static_cast<size_t>(T) * f.graph.elements().size(), FileRoute{});
        f.route_line.assign(f.table.size(), 0);
      }
      const int e = element(line, tok[1]);
      const int t = number(line, "the terminal", tok[2], 0, static_cast<int>(T) - 1);
      const int p = number(line, "the port", tok[3], 0, f.graph.elements()[e].ports - 1);
      const auto at = attributes(line, tok, 4, {"class", "ring"});
      const int sub = at.count("class") ? number(line, "class", at.at("class"), 0, 15) : 0;
      const int ring = at.count("ring") ? number(line, "ring", at.at("ring"), 0, 15) : -1;
      if (f.graph.terminals()[t].eject.element == e)
        fail(line, "terminal " + std::to_string(t) + " ejects at " + f.element_names[e] + ": a route there is never read");
      const size_t i = static_cast<size_t>(e) * T + t;
      if (f.route_line[i])
        fail(line, "a second route at " + f.element_names[e] + " towards terminal " + std::to_string(t) + " (first at line " +
                       std::to_string(f.route_line[i]) + ")");
      f.table[i] = FileRoute{static_cast<int16_t>(p), static_cast<uint8_t>(sub), static_cast<int8_t>(ring)};
      f.route_line[i] = line;
      max_class = std::max(max_class, ring >= 0 ? (sub | 1) : sub);
      f.dateline_bits = std::max(f.dateline_bits, ring + 1);
    } else {
      fail(line, "unknown statement '" + shown(kw) + "' (name, element, channel, terminal, classes, route)");
    }
  }

  // Every terminal's injection element reaches every terminal's ejection element: strongly connected
  // components first (one search each way), then a search per distinct injection component over the
  // components, so a bidirectional network costs two searches however many terminals it has.
  void check_reach() const {
    const NetworkGraph& g = f.graph;
    const int n = static_cast<int>(g.elements().size());
    std::vector<std::vector<int>> succ(n), pred(n);
    for (const GraphChannel& c : g.channels()) succ[c.from].push_back(c.to), pred[c.to].push_back(c.from);
    std::vector<int> order, comp(n, -1);
    std::vector<char> seen(n, 0);
    std::vector<std::pair<int, size_t>> stack;
    for (int s = 0; s < n; ++s) {  // Kosaraju, iterative: finishing order on the graph
      if (seen[s]) continue;
      seen[s] = 1;
      stack.push_back({s, 0});
      while (!stack.empty()) {
        auto& [u, i] = stack.back();
        if (i < succ[u].size()) {
          const int v = succ[u][i++];
          if (!seen[v]) seen[v] = 1, stack.push_back({v, 0});
        } else {
          order.push_back(u);
          stack.pop_back();
        }
      }
    }
    int comps = 0;
    std::vector<int> q;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      if (comp[*it] >= 0) continue;
      q.assign(1, *it);
      comp[*it] = comps;
      while (!q.empty()) {
        const int u = q.back();
        q.pop_back();
        for (int v : pred[u])
          if (comp[v] < 0) comp[v] = comps, q.push_back(v);
      }
      ++comps;
    }
    std::vector<std::vector<int>> csucc(comps);
    for (const GraphChannel& c : g.channels())
      if (comp[c.from] != comp[c.to]) csucc[comp[c.from]].push_back(comp[c.to]);
    const auto& te = g.terminals();
    std::vector<char> done(comps, 0), reach(comps);
    for (size_t a = 0; a < te.size(); ++a) {
      const int ca = comp[te[a].inject.element];
      if (done[ca]) continue;
      done[ca] = 1;
      std::fill(reach.begin(), reach.end(), 0);
      q.assign(1, ca);
      reach[ca] = 1;
      while (!q.empty()) {
        const int u = q.back();
        q.pop_back();
        for (int v : csucc[u])
          if (!reach[v]) reach[v] = 1, q.push_back(v);
      }
      for (size_t b = 0; b < te.size(); ++b)
        if (!reach[comp[te[b].eject.element]])
          fail(terminal_line[b], "terminal " + std::to_string(b) + " cannot be reached from terminal " + std::to_string(a) +
                                     " (line " + std::to_string(terminal_line[a]) + ") over the channels");
    }
  }

  void check_table() {
    int classes = max_class + 1;
    if (!f.class_names.empty()) {
      if (max_class >= static_cast<int>(f.class_names.size()))
        fail(classes_line, "names " + std::to_string(f.class_names.size()) + " classes but the routes use class " +
                               std::to_string(max_class));
      classes = static_cast<int>(f.class_names.size());
    }
    if (f.class_names.empty())
      for (int c = 0; c < std::max(classes, 1); ++c) f.class_names.push_back("c" + std::to_string(c));
    check_table_walks(f, false);
  }
};

}  // namespace

// Walks the table from every element a terminal injects at (and, for multistep paths, every element one
// ejects at, where the next step starts) towards every terminal; each entry is walked once (its port does
// not depend on the class bits), so the check is linear in the table.
void check_table_walks(const NetworkFile& f, bool from_ejection) {
  const NetworkGraph& g = f.graph;
  const int T = static_cast<int>(g.terminals().size());
  const int n = static_cast<int>(g.elements().size());
  std::vector<char> starts(n, 0);
  for (const GraphTerminal& t : g.terminals()) starts[from_ejection ? t.eject.element : t.inject.element] = 1;
  std::vector<uint8_t> state(f.table.size(), 0);  // 1 on the current walk, 2 known to reach
  std::vector<size_t> path;
  for (int t = 0; t < T; ++t) {
    const int dst = g.terminals()[t].eject.element;
    for (int s = 0; s < n; ++s) {
      if (!starts[s]) continue;
      path.clear();
      for (int e = s; e != dst;) {
        const size_t i = static_cast<size_t>(e) * T + t;
        if (state[i] == 2) break;
        if (state[i] == 1)
          fail(f.route_line[i], "the routes towards terminal " + std::to_string(t) + " loop through " + f.element_names[e]);
        if (f.table[i].port < 0)
          fail(0, "no route at " + f.element_names[e] + " towards terminal " + std::to_string(t) + " (reached from " +
                      f.element_names[s] + (from_ejection ? ", where a multistep path's step starts" : "") + ")");
        const int ch = g.out(e, f.table[i].port);
        if (ch < 0)
          fail(f.route_line[i], "the route at " + f.element_names[e] + " towards terminal " + std::to_string(t) +
                                    " takes port " + std::to_string(f.table[i].port) + ", which has no channel" +
                                    (from_ejection ? " (on a multistep path's step from " + f.element_names[s] + ")" : ""));
        state[i] = 1;
        path.push_back(i);
        e = g.channels()[ch].to;
      }
      for (size_t i : path) state[i] = 2;
    }
  }
}

NetworkFile parse_network_file(const std::string& text) {
  Reader r;
  for_each_line(text, [&r](int line, const std::string& s) {
    for (char c : s)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
        fail(line, "a control character in the text");
    const std::vector<std::string> tok = split_words(s);
    if (tok.empty()) return;
    std::string rest;
    if (tok[0] == "name") {  // the name keeps its inner spaces
      rest = s.substr(s.find("name") + 4);
      rest.erase(0, rest.find_first_not_of(" \t"));
      rest.erase(rest.find_last_not_of(" \t\r") + 1);
    }
    r.statement(line, tok, rest);
  });
  if (r.f.graph.elements().empty()) fail(0, "declares no element");
  if (r.f.graph.terminals().size() < 2) fail(0, "a network needs at least two terminals");
  r.check_reach();
  if (r.f.has_table) r.check_table();
  else if (r.classes_line) fail(r.classes_line, "classes name the route table's classes, and there are no routes");
  if (r.f.name.empty())
    r.f.name = "graph of " + std::to_string(r.f.graph.elements().size()) + " elements";
  return std::move(r.f);
}

std::string write_network_file(const std::string& name, const NetworkGraph& g, const std::vector<int8_t>& dateline,
                               const std::vector<FileRoute>* table, const std::vector<std::string>& class_names) {
  const auto& el = g.elements();
  const auto& te = g.terminals();
  std::string o = "# drb network graph: docs/custom-topology.md\n";
  if (!name.empty()) o += "name " + name + "\n";
  auto id = [](int e) { return "e" + std::to_string(e); };
  for (size_t e = 0; e < el.size(); ++e)
    o += "element " + id(static_cast<int>(e)) + (el[e].kind == ElementKind::Router ? " router " : " switch ") +
         std::to_string(el[e].ports) + "\n";
  for (size_t c = 0; c < g.channels().size(); ++c) {
    const GraphChannel& ch = g.channels()[c];
    o += "channel " + id(ch.from) + ":" + std::to_string(ch.from_port) + " " + id(ch.to) + ":" + std::to_string(ch.to_port);
    if (ch.extra) o += " extra=" + std::to_string(ch.extra);
    if (c < dateline.size() && dateline[c] >= 0) o += " dateline=" + std::to_string(dateline[c]);
    o += "\n";
  }
  for (const GraphTerminal& t : te) {
    o += "terminal " + id(t.inject.element) + ":" + std::to_string(t.inject.port);
    if (t.eject.element != t.inject.element || t.eject.port != t.inject.port)
      o += " " + id(t.eject.element) + ":" + std::to_string(t.eject.port);
    if (t.channels > 1) o += " channels=" + std::to_string(t.channels);
    o += "\n";
  }
  if (!table) return o;
  if (!class_names.empty()) {
    o += "classes";
    for (const std::string& c : class_names) o += " " + c;
    o += "\n";
  }
  const size_t T = te.size();
  for (size_t e = 0; e < el.size(); ++e)
    for (size_t t = 0; t < T; ++t) {
      const FileRoute& r = (*table)[e * T + t];
      if (r.port < 0) continue;
      o += "route " + id(static_cast<int>(e)) + " " + std::to_string(t) + " " + std::to_string(r.port);
      if (r.sub) o += " class=" + std::to_string(r.sub);
      if (r.ring >= 0) o += " ring=" + std::to_string(r.ring);
      o += "\n";
    }
  return o;
}

}  // namespace drb
