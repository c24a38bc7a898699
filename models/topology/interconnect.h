// SPDX-License-Identifier: Apache-2.0
// An interconnect as the fabric is built from it: the network graph (elements, channels, terminals) and the
// helper of the family that built it — a direct Topology for the k-ary n-cube family and the midimew
// (coordinates, dimension-order facts), a KAryNTree for fat-trees. Routing relations and traffic patterns
// ask for the helper they need; the fabric needs only the graph and the terminal lookups.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/topology/fat_tree.h"
#include "models/topology/graph_file.h"
#include "models/topology/flattened_butterfly.h"
#include "models/topology/hybrid.h"
#include "models/topology/ruft.h"
#include "models/topology/graph.h"
#include "models/topology/topology.h"

namespace drb {

class Interconnect {
 public:
  explicit Interconnect(std::unique_ptr<Topology> direct, int trunk = 1, int ni_channels = 1);
  explicit Interconnect(std::unique_ptr<KAryNTree> tree);
  explicit Interconnect(std::unique_ptr<FlattenedButterfly> ff);
  explicit Interconnect(std::unique_ptr<Ruft> ruft);
  explicit Interconnect(std::unique_ptr<Hybrid> hybrid);
  explicit Interconnect(std::unique_ptr<NetworkFile> file);
  std::string kind() const { return kind_; }
  std::string describe() const { return describe_; }
  const NetworkGraph& graph() const { return graph_; }
  int terminals() const { return static_cast<int>(graph_.terminals().size()); }
  int elements() const { return static_cast<int>(graph_.elements().size()); }
  int ports(int e) const { return graph_.elements()[e].ports; }
  // Where terminal t's packets leave the network (DEC ejects there), and where it injects.
  int eject_element(int t) const { return graph_.terminals()[t].eject.element; }
  int eject_port(int t) const { return graph_.terminals()[t].eject.port; }
  // Injection and ejection channels of terminal t: ports eject_port(t) .. + channels(t) - 1 (and so for injection).
  int channels(int t) const { return graph_.terminals()[t].channels; }
  // The id DEC is handed at element e for a head whose front destination is terminal `front`: that terminal
  // where it ejects, elsewhere an id that cannot match (on a direct network terminal id = router id).
  uint32_t dec_id(int e, uint32_t front) const {
    return eject_element(static_cast<int>(front)) == e ? front : ~front;
  }
  // The first terminal ejecting at element e, or -1 (a switch with none): where its GMR's early acks enter.
  int first_terminal(int e) const { return first_terminal_[e]; }
  std::string port_name(int e, int p) const;
  // Parallel channels per neighbour pair and direction (direct networks; 1 elsewhere). A routing relation's
  // port q is the trunk of element ports q * trunk() .. q * trunk() + trunk() - 1.
  int trunk() const { return trunk_; }
  // Most network channels a minimal route crosses.
  int diameter() const;
  // The worst-case link faults the family tolerates by its parameters (the hybrid thesis' analysis, docs/
  // topologies.md): mesh n - 1, torus 2n - 1, hypercube n - 1, midimew 3, k-ary n-tree k - 1, flattened
  // butterfly n (k - 1) - 1, hybrids n - 1 (crossbar), min(n - 1, k_i - 1) (fat-tree), 0 (RUFT); a trunk of
  // t parallel links multiplies a direct network's links by t. drbsim topology prints it next to the value
  // counted on the built graph.
  int fault_tolerance_formula() const;
  // The family helpers; null where the interconnect is not of that family.
  const Topology* direct() const { return direct_.get(); }
  const KAryNTree* tree() const { return tree_.get(); }
  const FlattenedButterfly* flatfly() const { return flatfly_.get(); }
  const Ruft* ruft() const { return ruft_.get(); }
  const Hybrid* hybrid() const { return hybrid_.get(); }
  const NetworkFile* file() const { return file_.get(); }
  // Dateline bits the packets' headers carry: one per routing dimension of a direct network, the rings a
  // network file declares (at least one: up*/down* routing keeps its phase there); none elsewhere.
  int dateline_bits() const;
  // The topology.* keys the family is built from, as make_interconnect declares them (empty for an
  // interconnect built otherwise): elsewhere such a key cannot act.
  bool reads(const std::string& key) const;

 private:
  void index();
  std::string kind_, describe_;
  std::unique_ptr<Topology> direct_;
  std::unique_ptr<KAryNTree> tree_;
  std::unique_ptr<FlattenedButterfly> flatfly_;
  std::unique_ptr<Ruft> ruft_;
  std::unique_ptr<Hybrid> hybrid_;
  std::unique_ptr<NetworkFile> file_;
  NetworkGraph graph_;
  int file_diameter_ = 0;
  std::vector<int> first_terminal_;
  int trunk_ = 1;
  std::vector<std::string> keys_;
  friend std::unique_ptr<Interconnect> make_interconnect(const TopologyParams& p);
};

// torus | mesh | hypercube | midimew | fattree | flatfly | ruft | hybrid | file (p.graph_text). std::invalid_argument naming the key on bad parameters.
std::unique_ptr<Interconnect> make_interconnect(const TopologyParams& p);

// The size of the network make_interconnect would build, by the families' formulas and without building
// anything (as doubles: parameters far out of range must not overflow), so that a guard can refuse a
// network before its graph takes memory. Parameters the family refuses give some finite size.
struct NetworkSize {
  double terminals = 0, elements = 0;
};
NetworkSize network_size(const TopologyParams& p);

}  // namespace drb
