#include "models/topology/interconnect.h"

#include <stdexcept>

namespace drb {

Interconnect::Interconnect(std::unique_ptr<Topology> direct)
    : kind_(direct->kind()), describe_(direct->describe()), direct_(std::move(direct)), graph_(graph_of(*direct_)) {
  index();
}

Interconnect::Interconnect(std::unique_ptr<KAryNTree> tree)
    : kind_("fattree"), describe_(tree->describe()), tree_(std::move(tree)), graph_(tree_->graph()) {
  index();
}

void Interconnect::index() {
  first_terminal_.assign(elements(), -1);
  for (int t = terminals() - 1; t >= 0; --t) first_terminal_[eject_element(t)] = t;
}

std::string Interconnect::port_name(int e, int p) const {
  if (graph_.out(e, p) < 0 && graph_.in(e, p) < 0) {
    for (int t = first_terminal_[e]; t >= 0 && t < terminals(); ++t)
      if (eject_element(t) == e && eject_port(t) == p) return direct_ ? std::string("local") : "t" + std::to_string(t);
  }
  if (direct_) return p < direct_->ports() ? direct_->port_name(p) : std::string("local");
  return tree_->port_name(p);
}

std::unique_ptr<Interconnect> make_interconnect(const TopologyParams& p) {
  if (p.kind == "fattree") {
    if (p.k.size() != 1) throw std::invalid_argument("topology.k: a fat-tree takes one switch arity, got " + std::to_string(p.k.size()) + " values");
    return std::make_unique<Interconnect>(std::make_unique<KAryNTree>(p.k[0], p.n));
  }
  return std::make_unique<Interconnect>(make_topology(p));
}

}  // namespace drb
