#include "models/routing/routability.h"

#include <set>
#include <stdexcept>
#include <tuple>

#include "models/blocks/dec.h"

namespace drb {

namespace {

class Walker {
 public:
  Walker(const Interconnect& ic, const RoutingRelation& rf, const std::vector<uint8_t>& dead)
      : ic_(ic), g_(ic.graph()), rf_(rf), dead_(dead), escape_(rf.subclasses().pool >= 0),
        in_class_(rf.needs().input_class), in_port_(rf.needs().input_port), members_(ic.trunk()) {}

  // False if some reachable state has no live way on.
  bool pair(int a, int b) {
    seen_.clear();
    return walk(g_.terminals()[a].inject.element, make_data_header(a, b, nullptr, 0, 0, 1), -1, -1);
  }

 private:
  bool live(int e, int port) const {
    for (int m = 0; m < members_; ++m) {
      const int ch = g_.out(e, port * members_ + m);
      if (ch >= 0 && !dead_[ch]) return true;
    }
    return false;
  }

  bool walk(int e, Header h, int in_sub, int in_port) {
    if (!seen_.insert(std::make_tuple(e, h.dateline, in_sub, in_port)).second) return true;
    const uint32_t front = h.front();
    if (dec_step(h, ic_.dec_id(e, front)) == DecAction::Eject) return true;
    RouteSet rs;
    if (in_class_) rf_.route_in(e, in_sub, h, rs);
    else if (in_port_) rf_.route_from(e, in_port, h, rs);
    else rf_.route(e, h, rs);
    bool any = false, escape = !escape_;
    for (int i = 0; i < rs.n; ++i) {
      if (!live(e, rs.c[i].port)) continue;
      any = true;
      escape |= rf_.is_escape(rs.c[i].sub);
    }
    if (!any || !escape) return false;
    for (int i = 0; i < rs.n; ++i)
      for (int m = 0; m < members_; ++m) {
        const int ch = g_.out(e, rs.c[i].port * members_ + m);
        if (ch < 0 || dead_[ch]) continue;
        Header nh = h;
        rf_.on_hop(e, rs.c[i].port, nh);
        const GraphChannel& c = g_.channels()[ch];
        if (!walk(c.to, nh, in_class_ ? rs.c[i].sub : -1, in_port_ ? c.to_port : -1)) return false;
      }
    return true;
  }

  const Interconnect& ic_;
  const NetworkGraph& g_;
  const RoutingRelation& rf_;
  const std::vector<uint8_t>& dead_;
  bool escape_, in_class_, in_port_;
  int members_;
  std::set<std::tuple<int, int, int, int>> seen_;
};

}  // namespace

std::vector<uint8_t> routable_pairs(const Interconnect& ic, const RoutingRelation& rf, const std::vector<uint8_t>& dead) {
  if (dead.size() != ic.graph().channels().size()) throw std::invalid_argument("routable_pairs: one flag per channel");
  const int n = ic.terminals();
  std::vector<uint8_t> ok(static_cast<size_t>(n) * n, 1);
  Walker w(ic, rf, dead);
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (a != b) ok[static_cast<size_t>(a) * n + b] = w.pair(a, b) ? 1 : 0;
  return ok;
}

}  // namespace drb
