// SPDX-License-Identifier: Apache-2.0
// The packet store: the records of the packets and messages in flight and PR-DRB's flow records, in pools
// whose slots never move. A flit carries its packet's slot; the elements it crosses read and edit the
// record through the store they are given at assembly (the store knows no element).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/drb/path_policy.h"
#include "models/packet/header.h"
#include "systemc/base/pool.h"

namespace drb {

struct Packet {
  Header hdr;
  uint32_t capture = 0;    // PR-DRB: slot + 1 of the flow record captured for it (0: none; its Predictive bit)
  uint64_t id = 0;
  uint32_t msg = 0;        // message slot
  int32_t src = 0;
  int64_t t_gen = 0;       // message generation
  int64_t t_inj = -1;      // head left the source NI
  int64_t t_arrive = -1;   // tail reached the destination NI
  uint32_t wait = 0;       // ground truth: cycles waited beyond the zero-load schedule
  uint16_t flits_rx = 0;
  uint16_t hops = 0;       // router-to-router links crossed
  uint16_t index = 0;      // packet index within its message
  uint16_t msp = 0;        // path index chosen by the source policy
  bool measured = false;
  bool live = false;
  std::vector<uint16_t> path;  // routers in visiting order (kept across slot reuse: no reallocation)
};

// What a host attached to a message: its address, an opaque tag (the TLM payload handle) and its bytes.
// Synthetic traffic attaches none, so its messages do not carry these 40 bytes: past saturation the source
// queues hold millions of messages (about 8 M on the 64x64 torus at 0.3 offered after 100k cycles).
struct MessageHost {
  uint64_t addr = 0;
  uint64_t user = 0;
  std::vector<uint8_t> data;
};

struct Message {  // 48 bytes
  uint64_t id = 0;
  int64_t t_gen = 0;
  int32_t src = 0, dst = 0;
  int32_t flits = 0;        // total flits (heads included) over its packets
  uint32_t sig = 0;         // payload signature recorded at submission
  uint32_t host = 0;        // slot + 1 of its MessageHost record (0: the host attached nothing)
  uint16_t packets = 0, done = 0;
  bool measured = false;
  bool live = false;
};
static_assert(sizeof(Message) <= 48, "a queued message's record: past saturation there are millions");

uint32_t payload_signature(const std::vector<uint8_t>& data, uint64_t id, int flits);

class PacketStore {
 public:
  Packet& pkt(uint32_t slot) { return packets_[slot]; }
  const Packet& pkt(uint32_t slot) const { return packets_[slot]; }
  Message& msg(uint32_t slot) { return messages_[slot]; }
  const Message& msg(uint32_t slot) const { return messages_[slot]; }
  // A fresh packet (next id, counters cleared, its path kept allocated) or message slot.
  uint32_t new_packet();
  // sim.threads: the source NIs take packet slots in one thread while the routers of another read packets.
  void fix_packet_table() { packets_.fix_table(); }
  void free_packet(uint32_t slot);
  uint32_t new_message();
  void free_message(uint32_t slot);  // and its host record
  // A message's host record: attach one (addr, user, data), read it (empty when none was attached).
  void attach(uint32_t msg_slot, uint64_t addr, uint64_t user, std::vector<uint8_t> data);
  const MessageHost& host(const Message& m) const { return m.host ? hosts_[m.host - 1] : kNoHost; }
  uint64_t next_message_id() { return next_message_id_++; }
  uint64_t live_messages() const { return live_messages_; }
  uint64_t live_packets() const { return live_packets_; }

  // PR-DRB flow records (slot + 1 ids; the packet, then its ack, carries one until the source used it).
  uint32_t new_capture();
  FlowCapture& capture(uint32_t id) { return captures_[id - 1]; }
  const FlowCapture& capture(uint32_t id) const { return captures_[id - 1]; }
  void free_capture(uint32_t id) {
    if (id) free_captures_.push_back(id - 1);
  }
  uint64_t captures() const { return captures_made_; }

  // What is in flight and what the acks did, counted by the NIs as packets and flits enter and leave (the
  // watchdog and the results read them).
  struct Counts {
    int64_t in_network = 0;       // packets whose head left the source NI and whose tail did not arrive
    int64_t flits_in_flight = 0;  // flits between leaving the source NI and reaching the destination NI
    uint64_t acks_sent = 0;       // final acks the destination NIs made
    uint64_t acks_crossed = 0;    // acks that crossed the network (in_network, high_priority)
    int64_t ack_cycles = 0;       //   and their cycles from head injected to tail arrived
  };
  Counts& counts() { return counts_; }
  const Counts& counts() const { return counts_; }
  // One line naming a packet for scoreboard reports: id, source -> destination, sequence, path.
  std::string describe(uint32_t slot) const;

 private:
  Counts counts_;
  ChunkedPool<Packet> packets_;  // elements never move: references stay valid as the pool grows
  std::vector<uint32_t> free_packets_;
  ChunkedPool<Message> messages_;
  std::vector<uint32_t> free_messages_;
  ChunkedPool<MessageHost> hosts_;
  std::vector<uint32_t> free_hosts_;
  static const MessageHost kNoHost;
  std::vector<FlowCapture> captures_;
  std::vector<uint32_t> free_captures_;
  uint64_t captures_made_ = 0;
  uint64_t next_packet_id_ = 1, next_message_id_ = 1;
  uint64_t live_messages_ = 0, live_packets_ = 0;
};

}  // namespace drb
