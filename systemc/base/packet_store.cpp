// SPDX-License-Identifier: Apache-2.0
#include "systemc/base/packet_store.h"

#include <sstream>

namespace drb {

uint32_t payload_signature(const std::vector<uint8_t>& data, uint64_t id, int flits) {
  // FNV-1a over the bytes, seeded with the message identity: any byte, id or length change shows.
  uint64_t h = 0xcbf29ce484222325ULL ^ (id * 0x100000001b3ULL) ^ static_cast<uint64_t>(flits) << 40;
  for (uint8_t b : data) {
    h ^= b;
    h *= 0x100000001b3ULL;
  }
  return static_cast<uint32_t>(h ^ (h >> 32));
}

namespace {
// A freed slot if there is one, else a new one at the pool's end.
template <class T>
uint32_t take_slot(ChunkedPool<T>& pool, std::vector<uint32_t>& free) {
  if (free.empty()) return pool.grow();
  const uint32_t s = free.back();
  free.pop_back();
  return s;
}
}  // namespace

uint32_t PacketStore::new_packet() {
  const uint32_t s = take_slot(packets_, free_packets_);
  Packet& pk = packets_[s];
  pk.id = next_packet_id_++;
  pk.live = true;
  pk.flits_rx = 0;
  pk.hops = 0;
  pk.wait = 0;
  pk.t_inj = pk.t_arrive = -1;
  pk.path.clear();
  pk.capture = 0;
  ++live_packets_;
  return s;
}

void PacketStore::free_packet(uint32_t s) {
  packets_[s].live = false;
  free_packets_.push_back(s);
  --live_packets_;
}

uint32_t PacketStore::new_message() {
  const uint32_t s = take_slot(messages_, free_messages_);
  messages_[s].live = true;
  ++live_messages_;
  return s;
}

void PacketStore::free_message(uint32_t s) {
  Message& m = messages_[s];
  m.live = false;
  if (m.host) {
    MessageHost& h = hosts_[m.host - 1];
    h.data.clear();  // keeps its allocation for the next host record
    h.addr = h.user = 0;
    free_hosts_.push_back(m.host - 1);
    m.host = 0;
  }
  free_messages_.push_back(s);
  --live_messages_;
}

void PacketStore::attach(uint32_t slot, uint64_t addr, uint64_t user, std::vector<uint8_t> data) {
  Message& m = messages_[slot];
  if (!m.host) m.host = take_slot(hosts_, free_hosts_) + 1;
  MessageHost& h = hosts_[m.host - 1];
  h.addr = addr;
  h.user = user;
  h.data = std::move(data);
}

const MessageHost PacketStore::kNoHost{};

uint32_t PacketStore::new_capture() {
  ++captures_made_;
  if (!free_captures_.empty()) {
    const uint32_t s = free_captures_.back();
    free_captures_.pop_back();
    captures_[s] = FlowCapture{};
    return s + 1;
  }
  captures_.emplace_back();
  return static_cast<uint32_t>(captures_.size());
}

std::string PacketStore::describe(uint32_t slot) const {
  const Packet& pk = packets_[slot];
  std::ostringstream o;
  o << "packet " << pk.id << " " << pk.src << "->" << pk.hdr.final_dest << " seq " << pk.hdr.seq << " path";
  for (uint16_t r : pk.path) o << " " << r;
  return o.str();
}

}  // namespace drb
