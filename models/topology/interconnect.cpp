// SPDX-License-Identifier: Apache-2.0
#include "models/topology/interconnect.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace drb {

Interconnect::Interconnect(std::unique_ptr<Topology> direct, int trunk, int ni_channels)
    : kind_(direct->kind()), describe_(direct->describe() + (trunk > 1 ? " x" + std::to_string(trunk) : "")),
      direct_(std::move(direct)), trunk_(trunk) {
  if (direct_->ports() * trunk + ni_channels > kMaxRadix)
    throw std::invalid_argument("topology.trunk: " + std::to_string(direct_->ports()) + " ports x " + std::to_string(trunk) +
                                " members + " + std::to_string(ni_channels) + " node channels exceed the " +
                                std::to_string(kMaxRadix) + " ports of a router");
  graph_ = graph_of(*direct_, trunk, ni_channels);
  index();
}

Interconnect::Interconnect(std::unique_ptr<KAryNTree> tree)
    : kind_("fattree"), describe_(tree->describe()), tree_(std::move(tree)), graph_(tree_->graph()) {
  index();
}

Interconnect::Interconnect(std::unique_ptr<FlattenedButterfly> ff)
    : kind_("flatfly"), describe_(ff->describe()), flatfly_(std::move(ff)), graph_(flatfly_->graph()) {
  index();
}

Interconnect::Interconnect(std::unique_ptr<Ruft> ruft)
    : kind_("ruft"), describe_(ruft->describe()), ruft_(std::move(ruft)), graph_(ruft_->graph()) {
  index();
}

Interconnect::Interconnect(std::unique_ptr<Hybrid> hybrid)
    : kind_("hybrid"), describe_(hybrid->describe()), hybrid_(std::move(hybrid)), graph_(hybrid_->graph()) {
  index();
}

Interconnect::Interconnect(std::unique_ptr<NetworkFile> file)
    : kind_("network file"), describe_(file->name), file_(std::move(file)), graph_(file_->graph) {
  index();
  // The most channels between two terminals: one search per injection element.
  const auto succ = successors(graph_);
  std::vector<char> done(graph_.elements().size(), 0);
  std::vector<int> d;
  for (const GraphTerminal& a : graph_.terminals()) {
    if (done[a.inject.element]) continue;
    done[a.inject.element] = 1;
    distances_from(succ, a.inject.element, d);
    for (const GraphTerminal& b : graph_.terminals()) file_diameter_ = std::max(file_diameter_, d[b.eject.element]);
  }
}

int Interconnect::dateline_bits() const {
  if (direct_) return direct_->dims();
  if (file_) return std::max(1, file_->dateline_bits);
  return 0;
}

int Interconnect::diameter() const {
  if (direct_) return direct_->diameter();
  if (file_) return file_diameter_;
  if (tree_) return 2 * (tree_->n() - 1);
  if (flatfly_) return flatfly_->n();
  if (hybrid_) {  // per dimension: router -> subnet -> router
    const int per = hybrid_->subnet() == Subnet::Crossbar ? 2 : hybrid_->subnet() == Subnet::FatTree ? 2 * hybrid_->m() : hybrid_->m() + 1;
    return hybrid_->n() * per;
  }
  return ruft_->m() - 1;
}

int Interconnect::fault_tolerance_formula() const {
  if (direct_) {
    const int n = direct_->dims();
    const int links = kind_ == "torus" ? 2 * n : kind_ == "midimew" ? 4 : n;  // a corner's links (mesh, hypercube)
    return trunk_ * links - 1;
  }
  if (tree_) return tree_->n() > 1 ? tree_->k() - 1 : 0;
  if (flatfly_) return flatfly_->n() * (flatfly_->k() - 1) - 1;
  if (hybrid_) {
    const int direct = hybrid_->n() - 1;
    if (hybrid_->subnet() == Subnet::Crossbar) return direct;
    if (hybrid_->subnet() == Subnet::FatTree) return std::min(direct, hybrid_->ki() - 1);
    return 0;
  }
  if (file_) return -1;  // no family formula: drbsim topology counts it on the graph
  return 0;  // RUFT: one path per pair
}

void Interconnect::index() {
  first_terminal_.assign(elements(), -1);
  for (int t = terminals() - 1; t >= 0; --t) first_terminal_[eject_element(t)] = t;
}

std::string Interconnect::port_name(int e, int p) const {
  if (graph_.out(e, p) < 0 && graph_.in(e, p) < 0) {
    for (int t = first_terminal_[e]; t >= 0 && t < terminals(); ++t)
      if (eject_element(t) == e && p >= eject_port(t) && p < eject_port(t) + channels(t)) {
        const std::string c = channels(t) > 1 ? "#" + std::to_string(p - eject_port(t)) : std::string();
        return (direct_ ? std::string("local") : "t" + std::to_string(t)) + c;
      }
  }
  if (direct_) {
    if (p >= direct_->ports() * trunk_) return "local";
    return direct_->port_name(p / trunk_) + (trunk_ > 1 ? "#" + std::to_string(p % trunk_) : std::string());
  }
  if (tree_) return tree_->port_name(p);
  if (flatfly_) return flatfly_->port_name(p);
  if (hybrid_) return hybrid_->port_name(e, p);
  return "p" + std::to_string(p);
}

std::unique_ptr<Interconnect> make_interconnect(const TopologyParams& p) {
  // Each family declares the topology keys it is built from; the front end refuses the others where set.
  auto declared = [](std::unique_ptr<Interconnect> ic, std::vector<std::string> keys) {
    keys.push_back("topology.kind");
    ic->keys_ = std::move(keys);
    return ic;
  };
  if (p.kind == "fattree") {
    if (p.k.size() != 1) throw std::invalid_argument("topology.k: a fat-tree takes one switch arity, got " + std::to_string(p.k.size()) + " values");
    return declared(std::make_unique<Interconnect>(std::make_unique<KAryNTree>(p.k[0], p.n)), {"topology.k", "topology.n"});
  }
  if (p.kind == "flatfly") {
    if (p.k.size() != 1) throw std::invalid_argument("topology.k: a flattened butterfly takes one radix, got " + std::to_string(p.k.size()) + " values");
    return declared(std::make_unique<Interconnect>(std::make_unique<FlattenedButterfly>(p.k[0], p.n, p.concentration)),
                    {"topology.k", "topology.n", "topology.concentration"});
  }
  if (p.kind == "ruft") {
    if (p.k.size() != 1) throw std::invalid_argument("topology.k: a RUFT takes one switch arity, got " + std::to_string(p.k.size()) + " values");
    return declared(std::make_unique<Interconnect>(std::make_unique<Ruft>(p.k[0], p.n)), {"topology.k", "topology.n"});
  }
  if (p.kind == "file") {
    if (!p.graph_text) throw std::invalid_argument("topology.file: topology.kind=file needs the network file");
    return declared(std::make_unique<Interconnect>(std::make_unique<NetworkFile>(parse_network_file(*p.graph_text))),
                    {"topology.file"});
  }
  if (p.kind == "hybrid") {
    if (p.k.size() != 1) throw std::invalid_argument("topology.k: a hybrid takes one router count per dimension, got " + std::to_string(p.k.size()) + " values");
    const Subnet sn = p.subnet == "crossbar" ? Subnet::Crossbar : p.subnet == "fattree" ? Subnet::FatTree : Subnet::Ruft;
    if (p.subnet != "crossbar" && p.subnet != "fattree" && p.subnet != "ruft")
      throw std::invalid_argument("topology.subnet: unknown subnet '" + p.subnet + "' (crossbar | fattree | ruft)");
    std::vector<std::string> keys{"topology.k", "topology.n", "topology.subnet", "topology.concentration"};
    if (sn != Subnet::Crossbar || p.stages == 1) keys.push_back("topology.stages");  // a crossbar is one stage
    if (sn == Subnet::Ruft) keys.push_back("topology.long_link");   // only a RUFT's last stage links back
    return declared(std::make_unique<Interconnect>(std::make_unique<Hybrid>(p.k[0], p.n, sn, p.subnet == "crossbar" ? 1 : p.stages, p.concentration, p.long_link)),
                    keys);
  }
  // Trunks are built on tori and meshes, the power study's networks (docs/power.md).
  const bool cube = p.kind == "torus" || p.kind == "mesh";
  if (p.trunk < 1 || p.trunk > 16) throw std::invalid_argument("topology.trunk: 1..16 parallel links, got " + std::to_string(p.trunk));
  if (p.trunk > 1 && !cube)
    throw std::invalid_argument("topology.trunk: trunks of parallel links are built for tori and meshes, not a " + p.kind);
  if (p.ni_channels < 1 || p.ni_channels > 16)
    throw std::invalid_argument("topology.ni_channels: 1..16 channels, got " + std::to_string(p.ni_channels));
  std::vector<std::string> keys = cube ? std::vector<std::string>{"topology.k", "topology.n", "topology.trunk"}
                                  : p.kind == "hypercube" ? std::vector<std::string>{"topology.n"}
                                                          : std::vector<std::string>{"topology.nodes"};
  keys.push_back("topology.ni_channels");
  return declared(std::make_unique<Interconnect>(make_topology(p), p.trunk, p.ni_channels), keys);
}

bool Interconnect::reads(const std::string& key) const {
  return std::find(keys_.begin(), keys_.end(), key) != keys_.end();
}

NetworkSize network_size(const TopologyParams& p) {
  auto pow = [](double b, double e) { return std::pow(std::max(b, 1.0), std::max(e, 0.0)); };
  const double k = p.k.empty() ? 1 : p.k[0], n = p.n, c = std::max(p.concentration, 1);
  if (p.kind == "fattree") return {pow(k, n), n * pow(k, n - 1)};           // k^n terminals, n stages of k^(n-1)
  if (p.kind == "ruft") return {pow(k, n), n * pow(k, n - 1)};              // the same counts, unidirectional
  if (p.kind == "flatfly") return {c * pow(k, n), pow(k, n)};               // k^n switches of c terminals
  if (p.kind == "hybrid") {
    // k^n routers; per dimension k^(n-1) lines, each a subnet of m stages of k / k_i switches (crossbar: 1).
    const double m = p.subnet == "crossbar" ? 1 : std::max(p.stages, 1);
    const double ki = std::round(pow(k, 1 / m));
    const double per_stage = p.subnet == "crossbar" || ki < 2 ? 1 : k / ki;
    return {c * pow(k, n), pow(k, n) + n * pow(k, n - 1) * m * per_stage};
  }
  if (p.kind == "hypercube") return {pow(2, n), pow(2, n)};
  if (p.kind == "midimew") return {static_cast<double>(p.nodes), static_cast<double>(p.nodes)};
  if (p.kind == "file") return {0, 0};  // the reader bounds its own counts before it allocates
  double nodes = 1;  // torus, mesh: the product of the radices, one per dimension
  for (int r : p.k) nodes *= std::max(r, 1);
  return {nodes, nodes};
}

}  // namespace drb
