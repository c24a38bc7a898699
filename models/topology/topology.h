// SPDX-License-Identifier: Apache-2.0
// Topology graphs. Direct networks: one node per router, node id = router id. Router ports 0..ports()-1
// are network ports; port ports() is the local (injection/ejection) port.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace drb {

struct PortRef {
  int router = -1;
  int port = -1;
  bool valid() const { return router >= 0; }
};

class Topology {
 public:
  virtual ~Topology() = default;
  virtual std::string kind() const = 0;  // "torus", "mesh", "hypercube", "midimew"
  virtual std::string describe() const = 0;
  virtual int nodes() const = 0;
  int routers() const { return nodes(); }
  virtual int ports() const = 0;  // network ports per router
  int local_port() const { return ports(); }
  // Where a flit leaving router r on network port p arrives (router, input port); invalid if unconnected.
  virtual PortRef neighbour(int r, int p) const = 0;
  virtual int distance(int a, int b) const = 0;
  virtual std::vector<int> coords(int node) const = 0;
  virtual std::string port_name(int p) const = 0;

  // --- what dimension-ordered routing needs ---
  virtual int dims() const = 0;  // routing dimensions
  // Signed hop count in routing dimension d on the static minimal route a -> b; tie_positive picks the
  // direction when both ring directions are minimal.
  virtual int offset(int a, int b, int d, bool tie_positive) const = 0;
  // True if in dimension d both directions are minimal for a -> b (a ring tie); adaptive may use both.
  virtual bool tie(int a, int b, int d) const { return false; }
  // Some pair of nodes has a tie (tie() can be true): a tie-break rule acts only then.
  virtual bool has_ties() const { return false; }
  virtual int port(int d, int sign) const = 0;  // port for one hop in dimension d, direction sign (+1/-1)
  virtual int port_dim(int p) const = 0;
  virtual int port_sign(int p) const = 0;
  // The link leaving r on p is its ring's dateline (wrap) link: tori and midimew only.
  virtual bool is_wrap(int r, int p) const { return false; }
  virtual bool has_wrap() const { return false; }

  int diameter() const;
  virtual double average_distance() const;  // over all ordered pairs a != b
};

struct TopologyParams {
  std::string kind = "torus";
  std::vector<int> k{8, 8};  // radix per dimension (torus, mesh)
  int n = 2;                 // dimensions (hypercube: dimension of the cube)
  int nodes = 64;            // midimew size
  int concentration = 1;     // terminals per switch (flattened butterfly) or router (hybrid)
  std::string subnet = "crossbar";  // hybrid: crossbar | fattree | ruft
  int stages = 2;            // hybrid fattree/ruft subnets: stages m (k = k_i^m)
  int long_link = 0;         // hybrid ruft subnets: extra cycles on the links from the last stage to the routers
  int trunk = 1;             // direct networks: parallel links (trunk members) per neighbour pair and direction
  int ni_channels = 1;       // direct networks: injection and ejection channels between a node and its router
  std::string file{};        // file: the network file's path (topology.file) and its text, read once by the front end
  std::shared_ptr<const std::string> graph_text{};  // shared: every run of a sweep holds the same file
};
// Every field: a cache keyed on the parameters (tb/drbsim/interconnects.h) must never confuse two networks.
inline bool operator==(const TopologyParams& a, const TopologyParams& b) {
  return a.kind == b.kind && a.k == b.k && a.n == b.n && a.nodes == b.nodes && a.concentration == b.concentration &&
         a.subnet == b.subnet && a.stages == b.stages && a.long_link == b.long_link && a.trunk == b.trunk &&
         a.ni_channels == b.ni_channels && a.file == b.file &&
         (a.graph_text == b.graph_text || (a.graph_text && b.graph_text && *a.graph_text == *b.graph_text));
}

// Throws std::invalid_argument with a message naming the offending key on impossible parameters.
std::unique_ptr<Topology> make_topology(const TopologyParams& p);

}  // namespace drb
