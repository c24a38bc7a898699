// SPDX-License-Identifier: Apache-2.0
// The fabric's cycle core: routers, NIs and the wiring between them built from a Topology, plus the
// shared packet/message pools and the safety nets (scoreboard checks, stall watchdog). Plain C++; the
// SystemC Fabric module drives step() from one clocked method.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/blocks/al.h"
#include "models/blocks/gmr.h"
#include "models/drb/path_policy.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"
#include "systemc/channel/channel.h"
#include "systemc/base/footprint.h"
#include "systemc/fabric/link_faults.h"
#include "systemc/fabric/link_power.h"
#include "systemc/fabric/net_types.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/router_core.h"

namespace drb {

// A scoreboard failure or a stall: the run stops with this message.
class SimError : public std::runtime_error {
 public:
  enum Kind { Scoreboard, Stall, Drain, Unroutable };
  SimError(Kind k, const std::string& m) : std::runtime_error(m), kind(k) {}
  Kind kind;
};

class NetObserver {
 public:
  virtual ~NetObserver() = default;
  // The tail of a packet reached its destination NI (before reordering).
  virtual void packet_arrived(const Packet& p, const Message& m, int64_t now) {}
  // A whole message left the reorder buffer towards the host.
  virtual void message_delivered(const Message& m, int64_t now) {}
  virtual void message_rejected(int src, int flits, int64_t now) {}
  virtual void ack_used(int src, const Header& ack, int64_t now) {}
  // PR-DRB's monitor only: a data head leaves `router` after waiting `wait` cycles there (before its capture test).
  virtual void head_waited(const Packet& p, int router, uint32_t wait) {}
};

// A set of node ids as bits, visited in increasing id order: which routers and NIs to step this cycle.
class NodeSet {
 public:
  void init(int n) { w_.assign((n + 63) / 64, 0); }
  void add(int n) { w_[n >> 6] |= uint64_t{1} << (n & 63); }
  // f(n) for every member in id order; a member stays only if f returns true.
  template <class F>
  void visit(F f) {
    for (size_t i = 0; i < w_.size(); ++i)
      for (uint64_t m = w_[i]; m; m &= m - 1) {
        const int b = __builtin_ctzll(m);
        if (!f(static_cast<int>(i * 64) + b)) w_[i] &= ~(uint64_t{1} << b);
      }
  }

 private:
  std::vector<uint64_t> w_;
};

class Network {
 public:
  explicit Network(const NetParams& p, std::function<std::unique_ptr<PathPolicy>(int node)> policy = {});
  ~Network();
  // What a Network for p on t allocates when built (routers, NIs, tables, wiring), and the per-item sizes
  // of the state that grows with traffic.
  static Footprint footprint(const NetParams& p, const Interconnect& ic);
  static FabricItemBytes item_bytes(const NetParams& p, int max_hops);
  Network(const Network&) = delete;

  const NetParams& params() const { return p_; }
  const Interconnect& interconnect() const { return *ic_; }
  // The direct network's helper (k-ary n-cube family, midimew); std::logic_error on other families.
  const Topology& topology() const;
  // The relation heads are routed with: the algorithm's, or while links are failed its fault-pruned form.
  const RoutingRelation& routing() const { return *active_; }
  void set_routing(const RoutingRelation* r);
  const RoutingRelation& base_routing() const { return *routing_; }
  // Pairs of the packets whose heads wait with no way on (link faults), as (source, destination).
  std::set<std::pair<int, int>> held_pairs() const;
  const RoutingRelation& ack_routing() const { return *ack_routing_; }
  const RelationNeeds& needs() const { return needs_; }
  const VcLayout& layout() const { return *layout_; }
  const LatencyAccumulator& al() const { return al_; }
  const Gmr& gmr() const { return gmr_; }
  int nodes() const { return ic_->terminals(); }  // terminals (NIs)
  int elements() const { return ic_->elements(); }
  RouterCore& router(int r) { return *routers_[r]; }
  const RouterCore& router(int r) const { return *routers_[r]; }
  SourceNi& source(int n) { return *src_[n]; }
  DestNi& dest(int n) { return *dst_[n]; }
  const DestNi& dest(int n) const { return *dst_[n]; }
  const SourceNi& source(int n) const { return *src_[n]; }

  // Host side: a new message from node src to dst, generated at cycle t_gen. Returns the message id,
  // or 0 if the source queue rejected it.
  uint64_t submit(int src, int dst, int flits, int64_t t_gen, bool measured, std::vector<uint8_t> data = {},
                  uint64_t addr = 0, uint64_t user = 0);
  void step(int64_t now);
  int64_t now() const { return now_; }

  // The packet store the elements share (systemc/base/packet_store.h).
  PacketStore& store() { return store_; }
  Packet& pkt(uint32_t slot) { return store_.pkt(slot); }
  const Packet& pkt(uint32_t slot) const { return store_.pkt(slot); }
  Message& msg(uint32_t slot) { return store_.msg(slot); }
  const Message& msg(uint32_t slot) const { return store_.msg(slot); }
  uint32_t new_packet() { return store_.new_packet(); }
  void free_packet(uint32_t slot) { store_.free_packet(slot); }
  uint32_t new_message() { return store_.new_message(); }
  void free_message(uint32_t slot) { store_.free_message(slot); }

  // Ack plumbing (DRB): a used ack reaches the source policy at cycle t (after ack_delay).
  void deliver_ack(int src, const Header& ack, int64_t t, uint32_t capture = 0);
  // PR-DRB flow records (in the packet store).
  FlowCapture& capture(uint32_t id) { return store_.capture(id); }
  const FlowCapture& capture(uint32_t id) const { return store_.capture(id); }
  void free_capture(uint32_t id) { store_.free_capture(id); }
  uint64_t captures() const { return store_.captures(); }
  // GMR in element r fired for a data head: build the early ack and queue it at r's first terminal (or drop it).
  bool early_ack(int r, const Header& data, int64_t now);

  // Observers see packet arrivals, deliveries, rejections and used acks (statistics, tests, traces).
  void add_observer(NetObserver* o) { obs_.push_back(o); }
  const std::vector<NetObserver*>& observers() const { return obs_; }
  void set_measuring(bool m);
  bool measuring() const { return chan_.measuring(); }

  // Activity and counters.
  void moved(int64_t now) { chan_.moved(now); }
  // Flits that crossed a router-to-router link in the measured window: the graph channels' counts.
  uint64_t flit_hops() const;
  int64_t packets_in_network() const { return in_network_; }
  void packet_injected() { ++in_network_; }
  void packet_ejected() { --in_network_; }
  int64_t flits_in_flight() const { return flits_in_flight_; }
  void flit_entered() { ++flits_in_flight_; }
  void flit_left() { --flits_in_flight_; }
  uint64_t live_messages() const { return store_.live_messages(); }
  uint64_t live_packets() const { return store_.live_packets(); }
  uint64_t early_acks() const { return early_acks_; }
  uint64_t early_drops() const { return early_drops_; }
  uint64_t acks_sent() const { return acks_sent_; }
  void ack_sent() { ++acks_sent_; }
  // Acks that crossed the network (in_network, high_priority): how many, and their cycles from the head
  // leaving the NI to the tail reaching the source (what their priority shortens).
  void ack_crossed(int64_t cycles) {
    ++acks_crossed_;
    ack_cycles_ += cycles;
  }
  uint64_t acks_crossed() const { return acks_crossed_; }
  double ack_network_latency() const { return acks_crossed_ ? static_cast<double>(ack_cycles_) / acks_crossed_ : 0; }
  int64_t in_flight_sum() const { return in_flight_sum_; }
  // Every channel of the fabric: the graph's channels first (same ids), then per terminal its injection
  // channels and its ejection channels. Flits and credits in flight wait in the table's wheels.
  ChannelTable& channels() { return chan_; }
  const ChannelTable& channels() const { return chan_; }
  // NIs are stepped only when they have work: source NIs from enqueue until idle again, destination
  // NIs in the cycles a flit reaches them. Bit sets over the terminals keep their order in the steps.
  void wake_source(int n) { src_active_.add(n); }
  void wake_router(int r) { router_busy_.add(r); }
  // The link power-saving mechanism (power.mechanism=on), or null.
  const LinkPower* power() const { return power_.get(); }
  // Link faults (faults.*), or null.
  const LinkFaults* faults() const { return faults_.get(); }
  LinkFaults* faults() { return faults_.get(); }
  LinkPower* power() { return power_.get(); }
  std::string dump() const;
  [[noreturn]] void fail(SimError::Kind k, const std::string& what);
  std::string describe_packet(uint32_t slot) const;

 private:
  NetParams p_;
  std::unique_ptr<Interconnect> ic_;
  std::unique_ptr<RoutingRelation> routing_, ack_routing_;
  const RoutingRelation* active_ = nullptr;
  RelationNeeds needs_;
  std::unique_ptr<VcLayout> layout_;
  LatencyAccumulator al_;
  Gmr gmr_;
  RouterConfig router_cfg_;  // every router's (they hold a reference)
  std::vector<std::unique_ptr<RouterCore>> routers_;
  std::vector<std::unique_ptr<SourceNi>> src_;
  std::vector<std::unique_ptr<DestNi>> dst_;
  PacketStore store_;
  struct PendingAck {
    int src;
    Header h;
    uint32_t capture;
  };
  DelayQueue<PendingAck> ideal_acks_;  // ideal mode and ack_delay hold
  ChannelTable chan_;
  NodeSet src_active_, dst_due_, router_busy_;
  std::vector<NetObserver*> obs_;
  std::unique_ptr<LinkPower> power_;
  std::unique_ptr<LinkFaults> faults_;
  int64_t now_ = 0;
  uint64_t early_acks_ = 0, early_drops_ = 0, acks_sent_ = 0, acks_crossed_ = 0;
  int64_t ack_cycles_ = 0;
  int64_t in_network_ = 0, flits_in_flight_ = 0, in_flight_sum_ = 0;

  friend class SourceNi;
  friend class DestNi;
};

}  // namespace drb
