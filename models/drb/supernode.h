// SPDX-License-Identifier: Apache-2.0
// Supernode constructions: the structured node sets around a source (dispersion area SN_src) and around
// a destination (collection area SN_dst) from which DRB builds its multistep paths.
//
// Method names (the value of the `drb.supernode` key):
//   static           SN_src = {S}, SN_dst = {D}: the canonical metapath
//   row:R            R nodes of the source's line in dimension 0 (midimew: along the +-(b-1) jump)
//   column:R         the same in dimension 1 (midimew: along the +-b jump)
//   plane:AxB        A x B rectangle of the plane of dimensions 0 and 1 through S (torus and mesh)
//   subcube:J        the J-dimensional subcube of S spanned by the J lowest dimensions (hypercube)
//   sga:R            simple gravity area: SN_src = B(S, R), the full ball of radius R including S
//   dga:R            double gravity area: SN_src = B(S, R), SN_dst = B(D, R), shaped by `drb.dga_rule`
//   random           SN_src = every node (Valiant's two-phase routing)
// Lines and planes either start at S and run in the positive direction (style `start`, the torus and
// mesh default) or are centred on S (style `centred`, the midimew default); `drb.row_style` overrides.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "models/topology/topology.h"

namespace drb {

enum class SupernodeFamily { Static, Row, Column, Plane, Subcube, Sga, Dga, Random };

// The chapter-5 study's handling of overlapping gravity areas, which the thesis leaves open.
//   None: destinations inside B(S, R) are left out of the study, balls are used as they are.
//   A:    additionally leave out destinations with dist(S, D) <= 2R (the balls would overlap).
//   B:    per pair, shrink R to min(R, (dist(S, D) - 1) / 2) so the two balls are disjoint.
//   C:    remove from SN_dst the nodes that are also in SN_src (D itself always stays).
enum class DgaRule { None, A, B, C };

// Where a line or plane supernode sits on S, and which destinations the study leaves out:
//   Start:   segment from S in the positive direction; the study excludes the whole line (plane) of S.
//   Centred: segment centred on S; the study excludes only the segment's own nodes.
enum class LineStyle { Auto, Start, Centred };

// Link-use grade of a family (thesis chapter 5): which of a node's links its metapaths can exercise.
enum class LinkUseGrade { Minimum, Low, Medium, High };

struct SupernodeSpec {
  SupernodeFamily family = SupernodeFamily::Static;
  int size = 0;   // line length, plane side in dimension 0, subcube dimension or gravity radius
  int size2 = 0;  // plane side in dimension 1
  DgaRule dga_rule = DgaRule::None;
  LineStyle line_style = LineStyle::Auto;
};

// Parsers return false and fill `error` with a one-line message that starts with `key`.
// parse_supernode sets family and sizes and keeps out.dga_rule and out.line_style (their own keys).
bool parse_supernode(const std::string& text, SupernodeSpec& out, std::string& error,
                     const std::string& key = "drb.supernode");
bool parse_dga_rule(const std::string& text, DgaRule& out, std::string& error,
                    const std::string& key = "drb.dga_rule");
bool parse_line_style(const std::string& text, LineStyle& out, std::string& error,
                      const std::string& key = "drb.row_style");

std::string supernode_name(const SupernodeSpec& spec);  // "static", "row:16", "plane:4x4", "dga:2", ...
const char* family_name(SupernodeFamily f);
const char* dga_rule_name(DgaRule r);                   // "none", "a", "b", "c"
const char* line_style_name(LineStyle s);               // "auto", "start", "centred"
const char* link_use_grade_name(LinkUseGrade g);        // "minimum", "low", "medium", "high"
LinkUseGrade link_use_grade(SupernodeFamily f);

// The two supernodes of one pair. Both lists are sorted by node id.
struct SupernodeSets {
  std::vector<int> src;  // SN_src, always contains the source
  std::vector<int> dst;  // SN_dst, always contains the destination
  int radius = -1;       // gravity families: radius actually used for this pair (DGA rule B shrinks it)
};

// One construction on one topology; stateless after creation, so one object can serve every source.
class SupernodeConstruction {
 public:
  const Topology& topology() const { return topo_; }
  const SupernodeSpec& spec() const { return spec_; }
  LineStyle line_style() const { return style_; }  // resolved: never Auto
  bool double_sided() const { return spec_.family == SupernodeFamily::Dga; }

  // SN_src of s as configured (for DGA: B(s, R) before any per-pair shrinking).
  std::vector<int> source(int s) const;
  // The supernodes the metapath of channel (s, d) uses.
  SupernodeSets sets(int s, int d) const;
  // Destinations the chapter-5 study leaves out for source s, sorted (may contain s itself).
  std::vector<int> excluded(int s) const;
  // B(c, r) = { i : dist(c, i) <= r }, sorted.
  std::vector<int> ball(int c, int r) const;

 private:
  friend std::unique_ptr<SupernodeConstruction> make_supernodes(const Topology&, const SupernodeSpec&,
                                                                std::string&, const std::string&);
  SupernodeConstruction(const Topology& t, const SupernodeSpec& s, LineStyle style)
      : topo_(t), spec_(s), style_(style) {}
  struct Line {
    std::vector<int> nodes;  // in positive direction
    int pos = 0;             // index of the node the line was taken through
    bool ring = false;
  };
  Line line(int s, int d) const;
  std::vector<int> segment(const Line& l, int r) const;
  std::vector<int> plane(int s, bool whole) const;

  const Topology& topo_;
  SupernodeSpec spec_;
  LineStyle style_;
};

// Checks the spec against the topology (family allowed, size in range). On failure returns nullptr and
// sets `error` to a one-line message starting with `key`. The topology must outlive the result.
std::unique_ptr<SupernodeConstruction> make_supernodes(const Topology& t, const SupernodeSpec& spec,
                                                       std::string& error,
                                                       const std::string& key = "drb.supernode");

}  // namespace drb
