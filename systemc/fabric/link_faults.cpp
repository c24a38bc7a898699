#include "systemc/fabric/link_faults.h"

#include "models/routing/routability.h"
#include "systemc/fabric/network.h"

namespace drb {

LinkFaults::LinkFaults(Network& net) : net_(net), p_(net.params().faults), n_(net.nodes()) {
  std::vector<uint8_t> dead(net.interconnect().graph().channels().size(), 0);
  for (int c : p_.channels) dead.at(c) = 1;
  ok_ = routable_pairs(net.interconnect(), net.routing(), dead);
  next_ = p_.at;
}

void LinkFaults::event(int64_t now) {
  const NetworkGraph& g = net_.interconnect().graph();
  failed_ = now == p_.at;
  for (int c : p_.channels) {
    RouterCore& r = net_.router(g.channels()[c].from);
    if (failed_) r.fail_output(g.channels()[c].from_port);
    else r.repair_output(g.channels()[c].from_port);
  }
  next_ = failed_ && p_.repair > now ? p_.repair : -1;
}

int LinkFaults::unroutable_pairs() const {
  int u = 0;
  for (uint8_t x : ok_) u += x == 0;
  return u;
}

std::string LinkFaults::list(const std::set<std::pair<int, int>>& pairs, int most) {
  std::string s;
  int k = 0;
  for (const auto& [a, b] : pairs) {
    if (k == most) return s + " and " + std::to_string(pairs.size() - most) + " more";
    s += (k++ ? ", " : "") + std::to_string(a) + ">" + std::to_string(b);
  }
  return s;
}

}  // namespace drb
