// SPDX-License-Identifier: Apache-2.0
// The network as a graph (docs/design-notes.md, "The network as a graph"): routing elements of any port
// count, unidirectional channels between (element, port) sides, and terminals with an injection and an
// ejection attachment. Builders make one from parameters; today every topology is a direct network whose
// graph comes from its Topology (graph_of), numbered as before so that results stay byte-identical.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/topology/topology.h"

namespace drb {

// A router is an element of a direct network (network ports and its terminals); a switch one of an indirect
// network or subnet (fat-tree, RUFT, hybrid subnet), with or without terminals attached.
enum class ElementKind : uint8_t { Router, Switch };

// Port ids are 8 bits wide in the router and the routing relations: the widest routing element.
constexpr int kMaxRadix = 256;

struct GraphElement {
  ElementKind kind = ElementKind::Router;
  int ports = 0;
};

struct GraphChannel {
  int from = -1, from_port = -1;  // output side
  int to = -1, to_port = -1;      // input side
  int extra = 0;                  // cycles of flight beyond the network's link delay (a RUFT's long links)
};

struct Attachment {
  int element = -1, port = -1;
};

// A terminal's injection (ejection) channels are `channels` consecutive ports from its attachment's port:
// the power thesis' node has four of each, so that it can inject and eject several packets at once.
struct GraphTerminal {
  Attachment inject, eject;
  int channels = 1;
};

class NetworkGraph {
 public:
  int add_element(ElementKind kind, int ports);
  // One unidirectional channel; each side of a port takes at most one (std::invalid_argument otherwise).
  int connect(int from, int from_port, int to, int to_port, int extra = 0);
  int add_terminal(Attachment inject, Attachment eject, int channels = 1);

  const std::vector<GraphElement>& elements() const { return elements_; }
  const std::vector<GraphChannel>& channels() const { return channels_; }
  const std::vector<GraphTerminal>& terminals() const { return terminals_; }
  // The channel leaving (entering) element e on port p, or -1.
  int out(int e, int p) const { return out_[e][p]; }
  int in(int e, int p) const { return in_[e][p]; }

 private:
  std::vector<GraphElement> elements_;
  std::vector<GraphChannel> channels_;
  std::vector<GraphTerminal> terminals_;
  std::vector<std::vector<int>> out_, in_;
};

// A direct network's graph: router r = node r with the topology's ports plus `channels` terminal ports (the
// last), terminal r injecting and ejecting there; one channel per connected (router, port).
// With trunk > 1 every neighbour pair is joined by `trunk` parallel channels each way (link aggregation):
// topology port q becomes element ports q * trunk .. q * trunk + trunk - 1 (trunk 1: the same numbering).
NetworkGraph graph_of(const Topology& t, int trunk = 1, int channels = 1);

// Channels leaving each element, as adjacency for searches; and the channels crossed from element s to every
// element over them (breadth-first, -1 where unreachable).
std::vector<std::vector<int>> successors(const NetworkGraph& g);
void distances_from(const std::vector<std::vector<int>>& succ, int s, std::vector<int>& dist);

// Structural figures counted on the graph (drbsim topology), in the hybrid-topology thesis' conventions:
// every element is a switch; channels are network channels (terminal attachments are not channels);
// switching elements = ports^2 per element (every port has an input and an output side); distances in
// channels between terminal attachments; fault tolerance = the smallest number of channels whose removal
// disconnects two terminals' attachment elements, minus 1; bisection = the fewest channels whose removal
// leaves no path from the lower half of the terminals (ids below N/2) to the upper half, -1 where an element
// holds terminals of both halves (odd element count) and the halving is not a cut of the graph.
struct GraphReport {
  int terminals = 0, switches = 0, routers = 0, subnet_switches = 0, channels = 0;
  int64_t switching_elements = 0;
  int min_ports = 0, max_ports = 0;
  int diameter = 0;
  double average_distance = 0;  // over ordered pairs of distinct terminals
  int fault_tolerance = 0;
  int bisection = -1;
};
// The elementary steps report(g) takes at most, for a guard to estimate its time before running it: one
// breadth-first search per injection element, the terminal pairs, the fault tolerance's flows (their short
// paths found here as report() finds them, then one search per unit of flow they leave open), and a
// bisection flow of at most terminals / 2 searches. Stops counting once past `limit` (settled empty).
struct ReportPlan {
  double work = 0;
  // Per fault-tolerance flow: its value where its short paths alone reach the flow's bound min(outdeg,
  // indeg), else -1, so report() need not search it again (all 1024 flows of the 32-ary 2-cube flattened
  // butterfly: 3.5 % of the command's instructions; the distances' searches are 85 %).
  std::vector<int> settled;
};
ReportPlan plan_report(const NetworkGraph& g, double limit = 1e300);
// The figures; with the plan of the same graph, the flows it settled are not searched again.
GraphReport report(const NetworkGraph& g, const ReportPlan* plan = nullptr);

}  // namespace drb
