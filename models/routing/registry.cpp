// SPDX-License-Identifier: Apache-2.0
#include "models/routing/registry.h"

#include <stdexcept>

#include "models/routing/fat_tree_routing.h"
#include "models/routing/file_routing.h"
#include "models/routing/flatfly_routing.h"
#include "models/routing/hybrid_routing.h"
#include "models/routing/negative_first.h"
#include "models/routing/ruft_routing.h"
#include "models/routing/source_needs.h"

namespace drb {

namespace {

UpSelection up_selection(const std::string& s) {
  if (s == "first_free") return UpSelection::FirstFree;
  if (s == "random") return UpSelection::Random;
  if (s == "sadp") return UpSelection::Sadp;
  if (s == "lowest") return UpSelection::Lowest;
  throw std::invalid_argument("routing.selection: unknown selection '" + s + "' (first_free | lowest | random | sadp)");
}

// GMR's early acks are injected by the NI of the element where it fires: every element needs a terminal.
void check_gmr(const std::string& algorithm, const Interconnect& ic) {
  if (!source_needs(algorithm).gmr) return;
  for (int e = 0; e < ic.elements(); ++e)
    if (ic.first_terminal(e) < 0)
      throw std::invalid_argument("routing.algorithm: " + algorithm + "'s GMR sends early acks from the element where "
                                  "it fires, and a " + ic.kind() + " has elements without terminals (element " +
                                  std::to_string(e) + ": no NI to inject the ack from); use drb (docs/topologies.md)");
}

}  // namespace

std::string algorithms_of(const Interconnect& ic) {
  if (ic.tree()) return "updown | adaptive | valiant | drb | prdrb";
  if (ic.hybrid()) return "dor | adaptive | valiant | drb | prdrb";
  if (ic.flatfly()) return "dor | adaptive | valiant | drb | prdrb | drb2";
  if (ic.ruft()) return "updown";
  if (const NetworkFile* f = ic.file()) return f->has_table ? "table | updown | adaptive | valiant | drb | prdrb | drb2"
                                                            : "updown | adaptive | valiant | drb | prdrb | drb2";
  if (ic.kind() == "midimew") return "dor | valiant | drb | prdrb | drb2";
  if (ic.kind() == "mesh") return "dor | adaptive | negative_first | valiant | drb | prdrb | drb2";
  return "dor | adaptive | valiant | drb | prdrb | drb2";
}

std::unique_ptr<RoutingRelation> make_relation(const std::string& algorithm, const Interconnect& ic,
                                               const RelationParams& p) {
  // An algorithm whose packets are routed with another's relation (PR-DRB: DRB's; it differs at the source
  // and in monitoring) declares it; a refusal still names the algorithm asked for.
  if (const std::string rel = source_needs(algorithm).relation; !rel.empty()) {
    try {
      return make_relation(rel, ic, p);
    } catch (const std::invalid_argument& e) {
      std::string m = e.what();
      const std::string from = "routing.algorithm: " + rel + " ";
      if (m.rfind(from, 0) == 0) m = "routing.algorithm: " + algorithm + " " + m.substr(from.size());
      throw std::invalid_argument(m);
    }
  }
  if (const Topology* t = ic.direct()) {
    if (algorithm == "negative_first") {
      const auto* mesh = dynamic_cast<const KAryNCube*>(t);
      if (!mesh || mesh->has_wrap())
        throw std::invalid_argument("routing.algorithm: negative_first needs a mesh: its deadlock argument is the sign "
                                    "of each hop, which the wrap links of a " + t->kind() + " break (docs/negative-first.md)");
      if (ic.trunk() > 1)
        throw std::invalid_argument("routing.algorithm: negative_first picks the least-loaded channel, not a trunk member; "
                                    "use topology.trunk=1");
      return std::make_unique<NegativeFirstRouting>(
          *mesh, NegativeFirstParams{p.routing.nf_misroute, p.routing.nf_misroute_at_source, false});
    }
    if (algorithm == "dor" || algorithm == "adaptive" || algorithm == "valiant" || algorithm == "drb" ||
        algorithm == "drb2")
      return make_routing(algorithm, *t, p.routing);
  } else if (const KAryNTree* t = ic.tree()) {
    // Valiant routes each of its two steps with the family's deterministic relation.
    if (algorithm == "updown" || algorithm == "adaptive" || algorithm == "valiant" || algorithm == "drb")
      return std::make_unique<FatTreeRouting>(*t, algorithm == "adaptive", up_selection(p.up_selection));
  } else if (const FlattenedButterfly* t = ic.flatfly()) {
    if (algorithm == "dor" || algorithm == "adaptive" || algorithm == "valiant" || algorithm == "drb" ||
        algorithm == "drb2")
      return std::make_unique<FlatFlyRouting>(*t, algorithm == "adaptive");
  } else if (const Hybrid* t = ic.hybrid()) {
    if (algorithm == "dor" || algorithm == "adaptive" || algorithm == "valiant" || algorithm == "drb")
      return std::make_unique<HybridRouting>(*t, algorithm == "adaptive");
  } else if (const NetworkFile* f = ic.file()) {
    // Valiant and DRB route each step with the file's deterministic relation: its table, else up*/down*.
    // Their steps also start where an intermediate ejects: the routes from there are checked too.
    const bool multistep = source_needs(algorithm).multistep();
    check_gmr(algorithm, ic);
    if (algorithm == "table" || (multistep && f->has_table)) {
      if (!f->has_table)
        throw std::invalid_argument("routing.algorithm: table routes by the network file's route lines, and topology.file "
                                    "declares none (docs/custom-topology.md)");
      if (multistep) check_table_walks(*f, true);
      return std::make_unique<TableRouting>(ic);
    }
    if (algorithm == "updown" || algorithm == "adaptive" || multistep)
      return std::make_unique<UpDownRouting>(ic, algorithm == "adaptive", multistep);
  } else if (const Ruft* t = ic.ruft()) {
    if (algorithm == "updown") return std::make_unique<RuftRouting>(*t);
    if (algorithm == "valiant" || algorithm == "drb" || algorithm == "drb2")
      throw std::invalid_argument("routing.algorithm: " + algorithm + " needs intermediate destinations, and a RUFT "
                                  "reaches a terminal only by ejecting it (its last stage has no way back into the "
                                  "network; re-injection at the intermediate is not modelled): use updown");
  }
  check_gmr(algorithm, ic);  // a fat-tree's and a hybrid's switches hold no terminals
  throw std::invalid_argument("routing.algorithm: '" + algorithm + "' is not offered on a " + ic.kind() + " (" +
                              algorithms_of(ic) + ")");
}

std::unique_ptr<RoutingRelation> make_static_relation(const Interconnect& ic, const RelationParams& p) {
  return make_relation(static_algorithm(ic), ic, p);
}

std::string static_algorithm(const Interconnect& ic) {
  if (const NetworkFile* f = ic.file()) return f->has_table ? "table" : "updown";
  return ic.tree() || ic.ruft() ? "updown" : "dor";
}

}  // namespace drb
