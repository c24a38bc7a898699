// SPDX-License-Identifier: Apache-2.0
// Network interfaces, cycle core (plain C++; the TLM host sockets are in ni_host.h).
// SourceNi: message queue (bounded or not; rejections counted), packetization with per-destination
// sequence numbers, MSP choice through the path policy, and the injection channels with credits. It has
// one data lane per channel and one control lane (acks from the destination NI and early acks from GMR);
// a lane takes a VC on one channel per packet, and each channel carries one flit a cycle.
// DestNi: ejection (always sinks), integrity checks, reassembly, reorder per source by sequence number,
// ack generation, delivery to the host.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <tsl/robin_map.h>

#include "models/drb/path_policy.h"
#include "models/packet/flit.h"
#include "models/util/rng.h"
#include "systemc/channel/channel.h"
#include "systemc/channel/queues.h"
#include "systemc/ni/ni_config.h"

namespace drb {

class SourceNi {
 public:
  // Terminal `node`'s source NI: it injects through chan (connect), keeps its packets in store and picks
  // paths with policy.
  SourceNi(const NiConfig& cfg, int node, ChannelTable& chan, PacketStore& store, std::unique_ptr<PathPolicy> policy);
  // Bytes one source NI allocates when built (its policy and per-destination state not included).
  static double footprint(int vcs, int channels = 1);
  // Bytes of one destination's sequence-number entry.
  static double per_destination();
  // The NI injects on these channels of the table (its channel 0, 1, ...).
  void connect(const std::vector<int>& channels);
  // Host side: a new message to dst, generated in cycle t_gen, into the source queue. Returns its id, or 0
  // if the bounded queue rejected it.
  uint64_t submit(int dst, int flits, int64_t t_gen, bool measured, std::vector<uint8_t> data = {}, uint64_t addr = 0,
                  uint64_t user = 0);
  // Returns false (and counts a rejection) if the bounded source queue is full.
  bool enqueue(uint32_t msg_slot);
  // Queue an ack packet for injection on the control lane. Early acks are bounded by `limit` queued
  // early acks (0 = unbounded); returns false if dropped.
  bool push_control(const Header& ack, bool early, int limit, uint32_t capture = 0);
  // A credit back on injection channel ch (of this NI's channels), delivered by the channel table; true if
  // the NI should step again for it (a lane holds a packet: it may be the one waiting).
  bool credit(uint8_t ch, uint8_t vc) {
    ++credits_[ch * vcs_ + vc];
    return lanes_busy_ > 0;
  }
  // The network steps a source NI only while it has something to send (it wakes it on enqueue) and can send
  // it: false when it is idle, or when no lane could send a flit this cycle. Then every lane is empty with
  // nothing to start or waits for a credit or a VC of its channel, which only a credit (credit() returns
  // true) or a new message or ack (the wake on enqueue) changes. Past saturation most NIs wait so, and
  // stepping them each cycle was 9 % of drb_bench B5's last-level misses at 0.3.
  bool step(int64_t now) { return channels_ == 1 ? step_one(now) : step_many(now); }
  bool busy() const { return !queue_.empty() || !control_.empty() || lanes_busy_ > 0; }
  // Waveforms: messages in the source queue (not wholly started) and acks waiting on the control lane.
  const int& trace_queue() const { return queue_.size_ref(); }
  const int& trace_control() const { return control_.size_ref(); }
  PathPolicy& policy() { return *policy_; }
  uint64_t rejected() const { return rejected_; }
  // Messages held: not started, or started and not wholly sent (the bound source.queue applies to).
  size_t queued() const { return queue_.size() + in_progress_; }
  // Messages in the queue that have not started (the power mechanism's congestion test).
  int waiting() const { return queue_.size() - (front_packets_sent_ == 0 ? 0 : 1); }
  size_t max_queued() const { return max_queued_; }
  uint64_t msp_use(int i) const { return i < static_cast<int>(msp_use_.size()) ? msp_use_[i] : 0; }
  size_t msp_paths() const { return msp_use_.size(); }
  std::string dump() const;

 private:
  struct Lane {
    uint32_t pkt = 0;  // pool slot + 1; 0 = none
    uint16_t next = 0;
    int16_t vc = -1;
    uint16_t len = 0;
    uint8_t ch = 0;     // the channel of vc
    bool last = false;  // the last packet of its message
  };
  bool start_packet(int lane, int64_t now);
  bool acquire_vc(Lane& l);
  void send_flit(int lane, int64_t now);
  bool step_one(int64_t now);   // step() of a one-channel NI
  bool step_many(int64_t now);  //   and of one with several channels

  const NiConfig& cfg_;
  int node_;
  ChannelTable* chan_;
  PacketStore& store_;
  std::unique_ptr<PathPolicy> policy_;
  Rng rng_;
  Rng tie_rng_;  // routing.tie=random: the packets' tie bits, a stream of their own
  int channels_ = 1, vcs_ = 0;
  Ring<uint32_t> queue_;            // message slots not wholly started, front = being packetized
  int in_progress_ = 0;             // messages wholly started, not yet wholly sent
  uint16_t front_packets_sent_ = 0; // packets of the front message already started
  int32_t front_flits_left_ = 0;
  struct Control {
    Header h;
    bool early;
    uint32_t capture;  // PR-DRB: the flow record the ack carries back
  };
  Ring<Control> control_;
  int early_queued_ = 0;
  static constexpr int kMaxChannels = 16;  // topology.ni_channels
  ChannelPort inj_[kMaxChannels];   // the injection channels' flit lanes
  Lane lane_[kMaxChannels + 1];     // data lanes 0 .. channels - 1, then the control lane (in the object:
  int lanes_busy_ = 0;              //   the one-channel step reads them every cycle)
  int last_lane_[kMaxChannels];     // per channel, the lane that sent last (round robin among lanes)
  std::vector<int> credits_;        // per channel * vcs + vc
  std::vector<uint8_t> owned_;      //   held by a lane
  tsl::robin_map<int, uint32_t> next_seq_;  // per destination, created on first use (never N^2 up front)
  uint64_t rejected_ = 0;
  size_t max_queued_ = 0;
  std::vector<uint64_t> msp_use_;
};

class DestNi {
 public:
  // Terminal `node`'s destination NI: final acks go to the same node's source NI `local` (in_network,
  // high_priority: the ack is injected there) or onto the ideal ack wire.
  DestNi(const NiConfig& cfg, int node, ChannelTable& chan, PacketStore& store, SourceNi& local);
  static double footprint();
  static double per_source();  // bytes of one source's reorder entry
  // A flit that reaches this NI at the start of cycle now (the channel table delivers it; the network
  // steps the NI later in that cycle).
  void arrive(const Flit& f, int64_t now) { arrivals_.push(now, f); }
  void step(int64_t now);
  size_t max_reorder() const { return max_reorder_; }
  size_t reorder_held() const;
  uint64_t delivered_packets() const { return delivered_packets_; }
  // Host delivery hook (TLM adapter): called for every message leaving the reorder buffer, with what its
  // host attached (address, tag, bytes).
  std::function<void(const struct Message&, const struct MessageHost&, int64_t)> on_deliver;

 private:
  void packet_done(uint32_t slot, int64_t now);
  void deliver(uint32_t slot, int64_t now);
  const NiConfig& cfg_;
  int node_;
  ChannelTable& chan_;
  PacketStore& store_;
  SourceNi& local_;
  DelayQueue<Flit> arrivals_;
  // Per source, created on first use: the next sequence number to deliver and how many packets wait.
  // Kept to 8 bytes so every source's entry stays in cache; the waiting packets themselves live in one
  // ordered map per NI, touched only when a packet arrives out of order.
  struct Reorder {
    uint32_t expected = 0;
    uint32_t held = 0;
  };
  tsl::robin_map<int, Reorder> reorder_;
  std::map<uint64_t, uint32_t> held_pkts_;  // (source << 32 | seq) -> packet slot
  size_t held_ = 0, max_reorder_ = 0;
  uint64_t delivered_packets_ = 0;
};

}  // namespace drb
