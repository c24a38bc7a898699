// SPDX-License-Identifier: Apache-2.0
// The fabric's cycle core: routers, NIs and the wiring between them built from a Topology, plus the
// shared packet/message pools and the safety nets (scoreboard checks, stall watchdog). Plain C++; the
// SystemC Fabric module drives step() from one clocked method.
#pragma once
#include <atomic>
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
#include "systemc/fabric/link_host.h"
#include "systemc/fabric/link_power.h"
#include "systemc/base/node_set.h"
#include "systemc/base/observer.h"
#include "systemc/base/sim_error.h"
#include "systemc/cosim/rtl_router.h"
#include "systemc/fabric/net_types.h"
#include "systemc/fabric/setup.h"
#include "systemc/fabric/step_pool.h"
#include "systemc/ni/ack_wire.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/prdrb_monitor.h"
#include "systemc/router/router_core.h"

namespace drb {

class Network final : public LinkHost {
 public:
  explicit Network(const NetParams& p, std::function<std::unique_ptr<PathPolicy>(int node)> policy = {});
  ~Network();
  // What a Network for p on t allocates when built (routers, NIs, tables, wiring), and the per-item sizes
  // of the state that grows with traffic.
  static Footprint footprint(const NetParams& p, const Interconnect& ic);
  static FabricItemBytes item_bytes(const NetParams& p, int max_hops);
  // Bytes of heap advised for huge pages before building a fabric of `fabric_bytes` (its footprint's
  // total): twice that, for the packets and messages of the run too, up to 4 GiB; 0 when sim.huge_pages is
  // off or the fabric too small to gain (systemc/base/huge_heap.h).
  static size_t huge_reservation(const NetParams& p, double fabric_bytes);
  Network(const Network&) = delete;

  const NetParams& params() const override { return s_.p; }
  const Interconnect& interconnect() const override { return *s_.ic; }
  // The direct network's helper (k-ary n-cube family, midimew); std::logic_error on other families.
  const Topology& topology() const;
  // The relation heads are routed with: the algorithm's, or while links are failed its fault-pruned form.
  const RoutingRelation& routing() const { return *active_; }
  void set_routing(const RoutingRelation* r) override;
  const RoutingRelation& base_routing() const override { return *s_.routing; }
  const RoutingRelation& ack_routing() const { return *s_.ack_routing; }
  const RelationNeeds& needs() const { return s_.needs; }
  const VcLayout& layout() const { return *s_.layout; }
  const LatencyAccumulator& al() const { return s_.al; }
  const Gmr& gmr() const { return s_.gmr; }
  int nodes() const { return s_.ic->terminals(); }  // terminals (NIs)
  int elements() const { return s_.ic->elements(); }
  // The C++ router of element r. Under router.impl=rtl it is an unwired shell that never steps (the
  // element is rtl_router(r)); read block events through counters(r), which serves both.
  RouterCore& router(int r) override { return *routers_[r]; }
  const RouterCore& router(int r) const { return *routers_[r]; }
  // Element r as the Verilated drb_router (router.impl=rtl), or null.
  const cosim::RtlRouter* rtl_router(int r) const { return rtl_.empty() ? nullptr : rtl_[r].get(); }
  cosim::RtlRouter* rtl_router(int r) { return rtl_.empty() ? nullptr : rtl_[r].get(); }
  const RouterCounters& counters(int r) const { return rtl_.empty() ? routers_[r]->counters() : rtl_[r]->counters(); }
  SourceNi& source(int n) override { return *src_[n]; }
  DestNi& dest(int n) { return *dst_[n]; }
  const DestNi& dest(int n) const { return *dst_[n]; }
  const SourceNi& source(int n) const { return *src_[n]; }

  // Host side: a new message from node src to dst, generated at cycle t_gen. Returns the message id,
  // or 0 if the source queue rejected it.
  uint64_t submit(int src, int dst, int flits, int64_t t_gen, bool measured, std::vector<uint8_t> data = {},
                  uint64_t addr = 0, uint64_t user = 0);
  void step(int64_t now);
  int64_t now() const { return now_; }
  // f(receiver, flit, cycle) for every flit a channel delivers (waveforms of the channels; unset, nothing
  // is called: one predictable branch per delivery).
  void set_flit_tap(std::function<void(const ChannelEnd&, const Flit&, int64_t)> f) { flit_tap_ = std::move(f); }
  // A further watcher of the heads leaving every router (the packet trace), beside PR-DRB's monitor.
  void add_head_tap(HeadTap* t);
  // Nothing would happen in cycle now or after until a host submits: no flit or credit in flight, no NI
  // or router with work, no used ack waiting, no power or fault controller (they act every cycle).
  bool idle(int64_t now) const;

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
  int64_t packets_in_network() const { return store_.counts().in_network; }
  int64_t flits_in_flight() const { return store_.counts().flits_in_flight; }
  uint64_t live_messages() const { return store_.live_messages(); }
  uint64_t live_packets() const { return store_.live_packets(); }
  uint64_t early_acks() const { return early_acks_; }
  uint64_t early_drops() const { return early_drops_; }
  uint64_t acks_sent() const { return store_.counts().acks_sent; }
  // Acks that crossed the network (in_network, high_priority): how many, and their cycles from the head
  // leaving the NI to the tail reaching the source (what their priority shortens).
  uint64_t acks_crossed() const { return store_.counts().acks_crossed; }
  double ack_network_latency() const {
    const PacketStore::Counts& c = store_.counts();
    return c.acks_crossed ? static_cast<double>(c.ack_cycles) / c.acks_crossed : 0;
  }
  int64_t in_flight_sum() const { return in_flight_sum_; }
  // Every channel of the fabric: the graph's channels first (same ids), then per terminal its injection
  // channels and its ejection channels. Flits and credits in flight wait in the table's wheels.
  ChannelTable& channels() override { return chan_; }
  const ChannelTable& channels() const { return chan_; }
  // NIs are stepped only when they have work: source NIs from enqueue until idle again, destination
  // NIs in the cycles a flit reaches them. Bit sets over the terminals keep their order in the steps.
  void wake_source(int n) { src_active_.add(n); }
  void wake_router(int r) override { router_busy_.add(r); }
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
  ElementSetup s_;  // interconnect, relations, layout, AL, GMR, the elements' configurations
  const RoutingRelation* active_ = nullptr;
  std::vector<std::unique_ptr<RouterCore>> routers_;
  std::vector<std::unique_ptr<cosim::RtlRouter>> rtl_;  // router.impl=rtl: the elements that step
  // One cycle with elements of type E (RouterCore, or the RTL routers): chosen once per cycle.
  template <class E>
  void step_with(std::vector<std::unique_ptr<E>>& el, int64_t now);
  std::vector<std::unique_ptr<SourceNi>> src_;
  std::vector<std::unique_ptr<DestNi>> dst_;
  PacketStore store_;
  AckWire ack_wire_;  // ideal mode and ack_delay hold
  ChannelTable chan_;
  NodeSet src_active_, dst_due_, router_busy_;
  std::vector<NetObserver*> obs_;
  std::unique_ptr<LinkPower> power_;
  std::unique_ptr<LinkFaults> faults_;
  int64_t now_ = 0;
  std::function<void(const ChannelEnd&, const Flit&, int64_t)> flit_tap_;
  std::unique_ptr<PrdrbMonitor> monitor_;  // the routers' head tap under PR-DRB
  struct HeadTaps : HeadTap {                // the routers' tap when more than one watches
    std::vector<HeadTap*> taps;
    void head_left(const HeadLeaving& h) override {
      for (HeadTap* t : taps) t->head_left(h);
    }
  } taps_;
  uint64_t early_acks_ = 0, early_drops_ = 0;
  int64_t in_flight_sum_ = 0;
  // sim.threads (NetParams::threads > 1 and enough elements): the elements in contiguous id ranges
  // part_[t] .. part_[t + 1], one per thread, each sending in its own lane of the channel table; grouped,
  // each thread takes its own range of groups, then the others' (take_group), sending in its own lanes.
  // The NIs step in the calling thread, as part 0 begins and ends; acks, link controllers and the
  // watchdog after the parts. What elements would change outside themselves waits in their part's (or
  // group's) lists until all are done: the routers that fell idle, and GMR's early acks (built then in
  // element order, as one thread would).
  std::unique_ptr<StepPool> pool_;
  std::vector<int> part_;  // lane t of the channel table is part t (ChannelTable::element_lane)
  bool split_ = false;     // every range starts on a multiple of 64 (a word of router_busy_)
  // The grouped step: the elements' flits and credits are delivered a group of 64 ids (a word of
  // router_busy_) at a time, just before the group steps, while their state is still in cache. A 64x64
  // torus keeps about 2 KB of every router busy each cycle, 8 MB in all: twice the 4 MB of this machine's
  // second-level caches, so every delivery and then the step fetched the same router's lines again.
  static constexpr int kGroup = 64;
  bool grouped_ = false;
  std::vector<int> group_lo_;    // group g: elements group_lo_[g] .. group_lo_[g + 1] - 1
  // Grouped, with threads: thread t's own groups, the front and back (past the end) of those not taken yet
  // this cycle, packed in a word. A thread takes its own from the front and, once they are gone, the other
  // threads' from the back: the groups keep their thread, whose second-level cache holds their lines from
  // the cycle before, but those where the threads meet.
  struct alignas(64) GroupRange {
    std::atomic<uint64_t> fb{0};
    int lo = 0, hi = 0;  // the range itself
  };
  std::unique_ptr<GroupRange[]> ranges_;
  int take_group(int t, bool front);
  struct EarlyAck {
    int r;
    Header h;
    int64_t now;
  };
  struct alignas(64) PartOut {
    std::vector<int> idle;
    std::vector<EarlyAck> acks;
  };
  std::vector<PartOut> out_;
  std::vector<std::vector<EarlyAck>> group_acks_;  // grouped, with threads: per group (out_'s acks stay empty)
};

}  // namespace drb
