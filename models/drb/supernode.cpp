// SPDX-License-Identifier: Apache-2.0
#include "models/drb/supernode.h"

#include <algorithm>
#include <cctype>

namespace drb {

namespace {

struct FamilyName {
  SupernodeFamily family;
  const char* name;
  int sizes;  // how many sizes the name carries: 0, 1 or 2 (plane)
};
constexpr FamilyName kFamilies[] = {
    {SupernodeFamily::Static, "static", 0}, {SupernodeFamily::Row, "row", 1},
    {SupernodeFamily::Column, "column", 1}, {SupernodeFamily::Plane, "plane", 2},
    {SupernodeFamily::Subcube, "subcube", 1}, {SupernodeFamily::Sga, "sga", 1},
    {SupernodeFamily::Dga, "dga", 1},       {SupernodeFamily::Random, "random", 0},
};
constexpr const char* kMethodList = "static|row:R|column:R|plane:AxB|subcube:J|sga:R|dga:R|random";

// Strict positive decimal integer (no sign, no spaces, no overflow).
bool parse_positive(const std::string& s, int& v) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  v = std::stoi(s);
  return v > 0;
}

bool fail(std::string& error, const std::string& key, const std::string& msg) {
  error = key + ": " + msg;
  return false;
}

}  // namespace

const char* family_name(SupernodeFamily f) {
  for (const auto& e : kFamilies)
    if (e.family == f) return e.name;
  return "?";
}

const char* dga_rule_name(DgaRule r) {
  switch (r) {
    case DgaRule::None: return "none";
    case DgaRule::A: return "a";
    case DgaRule::B: return "b";
    case DgaRule::C: return "c";
  }
  return "?";
}

const char* line_style_name(LineStyle s) {
  switch (s) {
    case LineStyle::Auto: return "auto";
    case LineStyle::Start: return "start";
    case LineStyle::Centred: return "centred";
  }
  return "?";
}

const char* link_use_grade_name(LinkUseGrade g) {
  switch (g) {
    case LinkUseGrade::Minimum: return "minimum";
    case LinkUseGrade::Low: return "low";
    case LinkUseGrade::Medium: return "medium";
    case LinkUseGrade::High: return "high";
  }
  return "?";
}

LinkUseGrade link_use_grade(SupernodeFamily f) {
  switch (f) {
    case SupernodeFamily::Static: return LinkUseGrade::Minimum;
    case SupernodeFamily::Sga: return LinkUseGrade::Medium;
    case SupernodeFamily::Dga:
    case SupernodeFamily::Random: return LinkUseGrade::High;
    default: return LinkUseGrade::Low;  // subtopologies: the source's links of one dimension
  }
}

std::string supernode_name(const SupernodeSpec& spec) {
  std::string s = family_name(spec.family);
  for (const auto& e : kFamilies) {
    if (e.family != spec.family) continue;
    if (e.sizes >= 1) s += ":" + std::to_string(spec.size);
    if (e.sizes == 2) s += "x" + std::to_string(spec.size2);
  }
  return s;
}

bool parse_supernode(const std::string& text, SupernodeSpec& out, std::string& error, const std::string& key) {
  const size_t colon = text.find(':');
  const std::string fam = text.substr(0, colon);
  const FamilyName* f = nullptr;
  for (const auto& e : kFamilies)
    if (fam == e.name) f = &e;
  if (!f) return fail(error, key, "unknown method '" + text + "' (" + kMethodList + ")");
  SupernodeSpec spec;
  spec.family = f->family;
  spec.dga_rule = out.dga_rule;  // rule and style come from their own keys
  spec.line_style = out.line_style;
  if (f->sizes == 0) {
    if (colon != std::string::npos) return fail(error, key, "'" + fam + "' takes no size, got '" + text + "'");
  } else {
    if (colon == std::string::npos)
      return fail(error, key, "'" + fam + "' needs a size, e.g. " + fam + (f->sizes == 2 ? ":4x4" : ":2"));
    const std::string sz = text.substr(colon + 1);
    bool ok;
    if (f->sizes == 2) {
      const size_t x = sz.find('x');
      ok = x != std::string::npos && parse_positive(sz.substr(0, x), spec.size) &&
           parse_positive(sz.substr(x + 1), spec.size2);
      if (!ok) return fail(error, key, "size of '" + text + "' must be AxB with positive integers A and B");
    } else if (!parse_positive(sz, spec.size)) {
      return fail(error, key, "size of '" + text + "' must be a positive integer");
    }
  }
  out = spec;
  return true;
}

bool parse_dga_rule(const std::string& text, DgaRule& out, std::string& error, const std::string& key) {
  for (DgaRule r : {DgaRule::None, DgaRule::A, DgaRule::B, DgaRule::C})
    if (text == dga_rule_name(r)) {
      out = r;
      return true;
    }
  return fail(error, key, "unknown DGA rule '" + text + "' (none|a|b|c)");
}

bool parse_line_style(const std::string& text, LineStyle& out, std::string& error, const std::string& key) {
  for (LineStyle s : {LineStyle::Auto, LineStyle::Start, LineStyle::Centred})
    if (text == line_style_name(s)) {
      out = s;
      return true;
    }
  return fail(error, key, "unknown row style '" + text + "' (auto|start|centred)");
}

// ---------------------------------------------------------------------------------------------------------
// A line is followed through the topology's own ports, so tori, meshes and the midimew jumps share it.
SupernodeConstruction::Line SupernodeConstruction::line(int s, int d) const {
  Line l;
  const int n = topo_.nodes();
  const int plus = topo_.port(d, 1), minus = topo_.port(d, -1);
  std::vector<int> fwd{s};
  for (int r = s;;) {
    const PortRef nb = topo_.neighbour(r, plus);
    if (!nb.valid()) break;
    if (nb.router == s) {
      l.ring = true;
      break;
    }
    r = nb.router;
    fwd.push_back(r);
    if (static_cast<int>(fwd.size()) > n) break;  // defensive: a line never exceeds the network
  }
  if (l.ring) {
    l.nodes = std::move(fwd);
    return l;
  }
  std::vector<int> back;
  for (int r = s;;) {
    const PortRef nb = topo_.neighbour(r, minus);
    if (!nb.valid()) break;
    r = nb.router;
    back.push_back(r);
  }
  l.nodes.assign(back.rbegin(), back.rend());
  l.pos = static_cast<int>(back.size());
  l.nodes.insert(l.nodes.end(), fwd.begin(), fwd.end());
  return l;
}

// r consecutive nodes of the line containing its anchor node: on a ring they wrap around; on a mesh
// line the segment is shifted inwards where the border leaves no room.
std::vector<int> SupernodeConstruction::segment(const Line& l, int r) const {
  const int len = static_cast<int>(l.nodes.size());
  const int back = style_ == LineStyle::Centred ? r / 2 : 0;
  std::vector<int> out;
  if (l.ring) {
    for (int j = 0; j < r; ++j) out.push_back(l.nodes[((l.pos - back + j) % len + len) % len]);
  } else {
    const int first = std::clamp(l.pos - back, 0, len - r);
    for (int j = 0; j < r; ++j) out.push_back(l.nodes[first + j]);
  }
  return out;
}

std::vector<int> SupernodeConstruction::plane(int s, bool whole) const {
  const Line l0 = line(s, 0);
  std::vector<int> out;
  for (int a : whole ? l0.nodes : segment(l0, spec_.size)) {
    const Line l1 = line(a, 1);
    for (int v : whole ? l1.nodes : segment(l1, spec_.size2)) out.push_back(v);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> SupernodeConstruction::ball(int c, int r) const {
  std::vector<char> seen(topo_.nodes(), 0);
  std::vector<int> out{c}, frontier{c}, next;
  seen[c] = 1;
  for (int depth = 0; depth < r && !frontier.empty(); ++depth) {
    next.clear();
    for (int v : frontier)
      for (int p = 0; p < topo_.ports(); ++p) {
        const PortRef nb = topo_.neighbour(v, p);
        if (!nb.valid() || seen[nb.router]) continue;
        seen[nb.router] = 1;
        next.push_back(nb.router);
      }
    out.insert(out.end(), next.begin(), next.end());
    frontier.swap(next);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> SupernodeConstruction::source(int s) const {
  std::vector<int> out;
  switch (spec_.family) {
    case SupernodeFamily::Static: return {s};
    case SupernodeFamily::Row:
    case SupernodeFamily::Column:
      out = segment(line(s, spec_.family == SupernodeFamily::Row ? 0 : 1), spec_.size);
      break;
    case SupernodeFamily::Plane: return plane(s, false);
    case SupernodeFamily::Subcube:
      for (int m = 0; m < (1 << spec_.size); ++m) out.push_back(s ^ m);
      break;
    case SupernodeFamily::Sga:
    case SupernodeFamily::Dga: return ball(s, spec_.size);
    case SupernodeFamily::Random:
      for (int i = 0; i < topo_.nodes(); ++i) out.push_back(i);
      return out;
  }
  std::sort(out.begin(), out.end());
  return out;
}

SupernodeSets SupernodeConstruction::sets(int s, int d) const {
  SupernodeSets out;
  if (spec_.family != SupernodeFamily::Dga) {
    out.src = source(s);
    out.dst = {d};
    if (spec_.family == SupernodeFamily::Sga) out.radius = spec_.size;
    return out;
  }
  int r = spec_.size;
  if (spec_.dga_rule == DgaRule::B) r = std::min(r, std::max(0, (topo_.distance(s, d) - 1) / 2));
  out.radius = r;
  out.src = ball(s, r);
  out.dst = ball(d, r);
  if (spec_.dga_rule == DgaRule::C) {
    std::vector<int> kept;
    for (int j : out.dst)
      if (j == d || !std::binary_search(out.src.begin(), out.src.end(), j)) kept.push_back(j);
    out.dst.swap(kept);
  }
  return out;
}

std::vector<int> SupernodeConstruction::excluded(int s) const {
  switch (spec_.family) {
    case SupernodeFamily::Static:
    case SupernodeFamily::Random: return {};
    case SupernodeFamily::Row:
    case SupernodeFamily::Column:
      if (style_ == LineStyle::Start) {
        std::vector<int> whole = line(s, spec_.family == SupernodeFamily::Row ? 0 : 1).nodes;
        std::sort(whole.begin(), whole.end());
        return whole;
      }
      return source(s);
    case SupernodeFamily::Plane: return plane(s, style_ == LineStyle::Start);
    case SupernodeFamily::Dga:
      if (spec_.dga_rule == DgaRule::A) return ball(s, 2 * spec_.size);
      return source(s);
    default: return source(s);  // subcube, SGA: the supernode itself
  }
}

// ---------------------------------------------------------------------------------------------------------
std::unique_ptr<SupernodeConstruction> make_supernodes(const Topology& t, const SupernodeSpec& spec,
                                                       std::string& error, const std::string& key) {
  const std::string kind = t.kind(), name = supernode_name(spec), on = " on " + t.describe();
  const bool grid = kind == "torus" || kind == "mesh";
  LineStyle style = spec.line_style;
  if (style == LineStyle::Auto) style = kind == "midimew" ? LineStyle::Centred : LineStyle::Start;
  std::unique_ptr<SupernodeConstruction> sn(new SupernodeConstruction(t, spec, style));
  auto bad = [&](const std::string& msg) {
    error = key + ": " + msg;
    return nullptr;
  };
  // Empty when the line of dimension d through node 0 holds at least `size` nodes.
  auto line_error = [&](int d, int size, const char* what) -> std::string {
    const int len = static_cast<int>(sn->line(0, d).nodes.size());
    if (size <= len) return "";
    return name + on + " is too long: " + what + " have " + std::to_string(len) + " nodes";
  };
  int sizes = 0;
  for (const auto& e : kFamilies)
    if (e.family == spec.family) sizes = e.sizes;
  if ((sizes >= 1 && spec.size < 1) || (sizes == 2 && spec.size2 < 1))
    return bad(name + ": sizes must be positive integers");
  switch (spec.family) {
    case SupernodeFamily::Static:
    case SupernodeFamily::Random: break;
    case SupernodeFamily::Row:
    case SupernodeFamily::Column: {
      const int d = spec.family == SupernodeFamily::Row ? 0 : 1;
      if (!(grid || kind == "midimew") || (grid && d >= t.dims()))
        return bad(name + " needs a torus or mesh with dimension " + std::to_string(d) +
                   ", or a midimew" + (kind == "hypercube" ? " (hypercubes use subcube:J)" : ""));
      const std::string e = line_error(d, spec.size, d == 0 ? "rows" : "columns");
      if (!e.empty()) return bad(e);
      break;
    }
    case SupernodeFamily::Plane:
      if (!grid || t.dims() < 2) return bad(name + " needs a torus or mesh with at least two dimensions");
      for (const std::string& e : {line_error(0, spec.size, "rows"), line_error(1, spec.size2, "columns")})
        if (!e.empty()) return bad(e);
      break;
    case SupernodeFamily::Subcube:
      if (kind != "hypercube") return bad(name + " needs a hypercube" + on);
      if (spec.size > t.dims())
        return bad(name + on + ": subcube dimension must be 1.." + std::to_string(t.dims()));
      break;
    case SupernodeFamily::Sga:
    case SupernodeFamily::Dga:
      if (spec.size > t.diameter())
        return bad(name + on + ": radius must be 1.." + std::to_string(t.diameter()) + " (the diameter)");
      break;
  }
  return sn;
}

}  // namespace drb
