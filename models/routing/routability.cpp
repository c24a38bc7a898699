// SPDX-License-Identifier: Apache-2.0
#include "models/routing/routability.h"

#include <stdexcept>

#include "models/blocks/dec.h"

namespace drb {

FaultPrunedRelation::FaultPrunedRelation(const Interconnect& ic, const RoutingRelation& inner, std::vector<uint8_t> dead)
    : ic_(ic), g_(ic.graph()), inner_(inner), dead_(std::move(dead)), escape_(inner.subclasses().pool >= 0),
      in_class_(inner.needs().input_class), in_port_(inner.needs().input_port), members_(ic.trunk()) {
  if (dead_.size() != g_.channels().size()) throw std::invalid_argument("FaultPrunedRelation: one flag per channel");
}

FaultPrunedRelation::FaultPrunedRelation(const Interconnect& ic, const RoutingRelation& inner, const std::vector<int>& failed)
    : FaultPrunedRelation(ic, inner, [&] {
        std::vector<uint8_t> dead(ic.graph().channels().size(), 0);
        for (int c : failed) dead.at(c) = 1;
        return dead;
      }()) {}

bool FaultPrunedRelation::leads_alive(const State& s, const RouteChoice& c) const {
  for (int m = 0; m < members_; ++m) {  // some live trunk member leads to an alive state
    const int ch = g_.out(s.e, c.port * members_ + m);
    if (ch >= 0 && !dead_[ch] && alive(next(s, c.port, m, c.sub))) return true;
  }
  return false;
}

void FaultPrunedRelation::inner_route(const State& s, RouteSet& rs) const {
  if (in_class_) inner_.route_in(s.e, s.in_sub, s.h, rs);
  else if (in_port_) inner_.route_from(s.e, s.in_port, s.h, rs);
  else inner_.route(s.e, s.h, rs);
}

// Everything the relation's choices from here on depend on: element, arrival, the destination stack (a path
// policy's intermediate destinations), the step and the dateline and tie bits.
FaultPrunedRelation::Key FaultPrunedRelation::key(const State& s) {
  uint8_t more = 0;
  for (int i = 0; i < kStackDepth; ++i) more = static_cast<uint8_t>(more | (s.h.more[i] ? 1u << i : 0u));
  return Key{s.e, s.in_sub, s.in_port, s.h.dest, more, s.h.step, s.h.dateline, s.h.tie};
}

size_t FaultPrunedRelation::KeyHash::operator()(const Key& k) const {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
  mix(static_cast<uint64_t>(k.e) << 32 | static_cast<uint32_t>(k.in_port + 1) << 8 | static_cast<uint32_t>(k.in_sub + 1));
  for (uint32_t d : k.dest) mix(d);
  mix(static_cast<uint64_t>(k.more) << 48 | static_cast<uint64_t>(k.step) << 40 | static_cast<uint64_t>(k.dateline) << 16 | k.tie);
  return static_cast<size_t>(h ^ (h >> 29));
}

FaultPrunedRelation::State FaultPrunedRelation::next(const State& s, int port, int member, int sub) const {
  const int ch = g_.out(s.e, port * members_ + member);
  State n{g_.channels()[ch].to, in_class_ ? sub : -1, in_port_ ? g_.channels()[ch].to_port : -1, s.h};
  inner_.on_hop(s.e, port, n.h);
  return n;
}

bool FaultPrunedRelation::alive(const State& s0) const {
  State s = s0;
  // DEC as the router runs it: pops intermediate destinations here, or ejects.
  for (int pass = 0;; ++pass) {
    const DecAction a = dec_step(s.h, ic_.dec_id(s.e, s.h.front()));
    if (a == DecAction::Eject) return true;
    if (a == DecAction::Route) break;
    if (pass > kStackDepth) throw std::logic_error("DEC did not terminate");
  }
  const Key k = key(s);
  auto it = memo_.find(k);
  if (it != memo_.end()) return it->second == 1;  // 2 (on the walk's stack) cannot recur: routes are acyclic
  memo_[k] = 2;
  RouteSet rs;
  inner_route(s, rs);
  bool ok = false;
  for (int i = 0; i < rs.n && !ok; ++i)
    ok = (!escape_ || inner_.is_escape(rs.c[i].sub)) && leads_alive(s, rs.c[i]);
  memo_[k] = ok ? 1 : 0;
  return ok;
}

void FaultPrunedRelation::prune(int e, int in_sub, int in_port, const Header& h, RouteSet& out) const {
  const State s{e, in_sub, in_port, h};
  RouteSet rs;
  inner_route(s, rs);
  out.clear();
  out.tier = 0;
  for (int i = 0; i < rs.n; ++i) {
    if (!leads_alive(s, rs.c[i])) continue;
    out.add(rs.c[i].port, rs.c[i].sub);
    if (i < rs.tier) out.tier = out.n;
  }
}

bool FaultPrunedRelation::routable(int a, int b) const {
  return alive(State{g_.terminals()[a].inject.element, -1, -1, make_data_header(a, b, nullptr, 0, 0, 1)});
}

std::vector<uint8_t> routable_pairs(const Interconnect& ic, const RoutingRelation& rf, const std::vector<uint8_t>& dead) {
  const FaultPrunedRelation pr(ic, rf, dead);
  const int n = ic.terminals();
  std::vector<uint8_t> ok(static_cast<size_t>(n) * n, 1);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) ok[static_cast<size_t>(a) * n + b] = pr.routable(a, b) ? 1 : 0;
  return ok;
}

}  // namespace drb
