// SPDX-License-Identifier: Apache-2.0
#include "systemc/ni/ni_core.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "models/blocks/gmr.h"
#include "systemc/base/footprint.h"
#include "systemc/base/sim_error.h"

namespace drb {

double SourceNi::footprint(int vcs, int channels) {
  return heap_bytes(sizeof(SourceNi)) + heap_bytes(8 * sizeof(uint32_t)) + heap_bytes(4 * sizeof(Control)) +
         heap_bytes(channels * vcs * sizeof(int)) + heap_bytes(channels * vcs) + heap_bytes(sizeof(StaticPolicy));
}

// A robin_map bucket holds the entry and its probe distance; the map keeps at most half its buckets full
// (it doubles past a load factor of 0.5), so one entry may cost up to two buckets.
double SourceNi::per_destination() { return 2.0 * (sizeof(std::pair<int, uint32_t>) + 8); }
double DestNi::per_source() { return 2.0 * (sizeof(std::pair<int, Reorder>) + 8); }
double DestNi::footprint() { return heap_bytes(sizeof(DestNi)) + heap_bytes(4 * sizeof(Timed<Flit>)); }

SourceNi::SourceNi(const NiConfig& cfg, int node, ChannelTable& chan, PacketStore& store,
                   std::unique_ptr<PathPolicy> policy)
    : cfg_(cfg), node_(node), chan_(&chan), store_(store), policy_(std::move(policy)),
      rng_(Rng::stream(cfg.p.seed, 0x51ull << 32 | node)), tie_rng_(Rng::stream(cfg.p.seed, 0x71ull << 32 | node)) {
  vcs_ = cfg.link.vcs;
  queue_.init(8);
  control_.init(4);
  connect({});
}

void SourceNi::connect(const std::vector<int>& ids) {
  const int channels = std::max(1, static_cast<int>(ids.size()));
  if (static_cast<int>(ids.size()) > kMaxChannels) throw std::invalid_argument("SourceNi: 1.." + std::to_string(kMaxChannels) + " channels");
  for (size_t c = 0; c < ids.size(); ++c) inj_[c] = chan_->flit_port(ids[c]);
  channels_ = channels;
  credits_.assign(static_cast<size_t>(channels) * vcs_, cfg_.link.depth);
  owned_.assign(static_cast<size_t>(channels) * vcs_, 0);
  for (Lane& l : lane_) l = Lane{};
  for (int& x : last_lane_) x = channels;  // the first pick after the control lane is data lane 0
}

uint64_t SourceNi::submit(int dst, int flits, int64_t t_gen, bool measured, std::vector<uint8_t> data, uint64_t addr,
                          uint64_t user) {
  const uint32_t s = store_.new_message();
  Message& m = store_.msg(s);
  m.id = store_.next_message_id();
  m.src = node_;
  m.dst = dst;
  m.flits = flits;
  m.t_gen = t_gen;
  m.measured = measured;
  if (addr || user || !data.empty()) store_.attach(s, addr, user, std::move(data));
  m.sig = payload_signature(store_.host(m).data, m.id, flits);
  m.done = 0;
  const int mp = cfg_.p.max_packet_flits;
  m.packets = static_cast<uint16_t>(mp > 0 ? (flits + mp - 1) / mp : 1);
  if (!enqueue(s)) {
    store_.free_message(s);
    return 0;
  }
  return m.id;
}

bool SourceNi::enqueue(uint32_t slot) {
  const int64_t cap = cfg_.p.source_queue;
  if (cap >= 0 && static_cast<int64_t>(queued()) >= cap) {
    ++rejected_;
    return false;
  }
  queue_.push(slot);
  cfg_.wake->add(node_);
  if (queued() > max_queued_) max_queued_ = queued();
  return true;
}

bool SourceNi::push_control(const Header& ack, bool early, int limit, uint32_t capture) {
  if (early && limit > 0 && early_queued_ >= limit) return false;
  control_.push(Control{ack, early, capture});
  cfg_.wake->add(node_);
  if (early) ++early_queued_;
  return true;
}

bool SourceNi::start_packet(int lane, int64_t now) {
  const NiParams& p = cfg_.p;
  const uint32_t slot = store_.new_packet();
  Packet& pk = store_.pkt(slot);
  Lane& l = lane_[lane];
  l = Lane{};
  if (lane < channels_) {
    const uint32_t ms = queue_.front();
    const Message& m = store_.msg(ms);
    if (front_packets_sent_ == 0) front_flits_left_ = m.flits;
    const int len = p.max_packet_flits > 0 && front_flits_left_ > p.max_packet_flits ? p.max_packet_flits
                                                                                      : front_flits_left_;
    PathChoice pc;
    policy_->choose(m.dst, rng_, pc);
    uint32_t& seq = next_seq_[m.dst];
    pk.hdr = make_data_header(static_cast<uint32_t>(node_), static_cast<uint32_t>(m.dst), pc.node, pc.n, seq,
                              static_cast<uint16_t>(len));
    seq = (seq + 1) & ((1u << p.seq_bits) - 1);
    pk.msg = ms;
    pk.t_gen = m.t_gen;
    pk.index = front_packets_sent_;
    pk.msp = pc.msp;
    pk.measured = m.measured;
    if (pc.msp >= msp_use_.size()) msp_use_.resize(pc.msp + 1, 0);
    ++msp_use_[pc.msp];
    if (p.al_count_source_queue) pk.hdr.latency = cfg_.al->enq(0, cfg_.al->timer(m.t_gen));
    ++front_packets_sent_;
    front_flits_left_ -= len;
    if (front_flits_left_ <= 0) {  // wholly started: the next message may start on another lane
      queue_.pop();
      front_packets_sent_ = 0;
      ++in_progress_;
      l.last = true;
    }
  } else {
    const Control c = control_.front();
    control_.pop();
    if (c.early) --early_queued_;
    pk.hdr = c.h;
    pk.msg = UINT32_MAX;
    pk.t_gen = now;
    pk.index = 0;
    pk.msp = 0;
    pk.measured = false;
    pk.capture = c.capture;
  }
  if (cfg_.tie_bits) pk.hdr.tie = static_cast<uint16_t>(tie_rng_.next() & ((1u << cfg_.tie_bits) - 1));  // a bit per dimension
  pk.src = node_;
  l.pkt = slot + 1;
  l.len = pk.hdr.length;
  ++lanes_busy_;
  return true;
}

bool SourceNi::acquire_vc(Lane& l) {
  const VcLayout& lay = *cfg_.layout;
  const Header& h = store_.pkt(l.pkt - 1).hdr;
  const int g = h.tclass == TrafficClass::Ack ? lay.ack_group() : 0;
  if (channels_ == 1) {  // the VC with the most credits (first such on ties)
    int best = -1, best_cr = -1;
    for (int c = lay.group_first(g), e = c + lay.group_count(g); c < e; ++c) {
      if (owned_[c]) continue;
      if (cfg_.link.vct && credits_[c] < l.len) continue;
      if (credits_[c] > best_cr) best = c, best_cr = credits_[c];
    }
    if (best < 0) return false;
    owned_[best] = 1;
    l.vc = static_cast<int16_t>(best);
    return true;
  }
  // The channel with the fewest lanes on it, then the VC with the most credits (first such on ties).
  int best = -1, best_ch = -1, best_cr = -1, best_load = INT32_MAX;
  for (int ch = 0; ch < channels_; ++ch) {
    int load = 0;
    for (int c = 0; c < vcs_; ++c) load += owned_[ch * vcs_ + c];
    for (int c = lay.group_first(g), e = c + lay.group_count(g); c < e; ++c) {
      const int i = ch * vcs_ + c;
      if (owned_[i]) continue;
      if (cfg_.link.vct && credits_[i] < l.len) continue;
      if (load < best_load || (load == best_load && credits_[i] > best_cr)) {
        best = c;
        best_ch = ch;
        best_cr = credits_[i];
        best_load = load;
      }
    }
  }
  if (best < 0) return false;
  owned_[best_ch * vcs_ + best] = 1;
  l.vc = static_cast<int16_t>(best);
  l.ch = static_cast<uint8_t>(best_ch);
  return true;
}

void SourceNi::send_flit(int lane, int64_t now) {
  const NiParams& p = cfg_.p;
  Lane& l = lane_[lane];
  const uint32_t slot = l.pkt - 1;
  Packet& pk = store_.pkt(slot);
  Flit f;
  f.pkt = slot;
  f.idx = l.next;
  f.check = flit_check(pk.id, l.next);
  f.vc = static_cast<uint8_t>(l.vc);
  f.flags = (l.next == 0 ? Flit::kHead : 0) | (l.next + 1 == l.len ? Flit::kTail : 0);
  if (f.head()) {
    pk.t_inj = now;
    ++store_.counts().in_network;
    if (p.al_count_source_queue && pk.hdr.tclass == TrafficClass::Data)
      pk.hdr.latency = cfg_.al->resume(pk.hdr.latency, cfg_.al->timer(now));
  }
  --credits_[l.ch * vcs_ + l.vc];
  ++store_.counts().flits_in_flight;
  chan_->moved(now);
  chan_->send_flit(inj_[l.ch], now, f);
  if (++l.next == l.len) {
    owned_[l.ch * vcs_ + l.vc] = 0;
    if (l.last) --in_progress_;
    l = Lane{};
    --lanes_busy_;
  }
}

bool SourceNi::step_many(int64_t now) {
  const int lanes = channels_ + 1, ctl = channels_;
  for (int i = 0; i < channels_ && !queue_.empty(); ++i)
    if (!lane_[i].pkt) start_packet(i, now);
  if (!lane_[ctl].pkt && !control_.empty()) start_packet(ctl, now);
  uint32_t ok = 0;  // lanes that can send a flit this cycle
  bool sent = false;
  for (int i = 0; i < lanes; ++i) {
    Lane& l = lane_[i];
    if (l.pkt && (l.vc >= 0 || acquire_vc(l)) && credits_[l.ch * vcs_ + l.vc] > 0) ok |= 1u << i;
  }
  // Each channel sends one flit: a high-priority ack first, else round robin over its lanes from the one
  // after the last that sent.
  for (int ch = 0; ch < channels_ && ok; ++ch) {
    uint32_t mine = 0;
    for (uint32_t m = ok; m; m &= m - 1) {
      const int i = __builtin_ctz(m);
      if (lane_[i].ch == ch) mine |= 1u << i;
    }
    if (!mine) continue;
    int lane = -1;
    if ((mine >> ctl & 1) && cfg_.link.ack_mode == AckMode::HighPriority) {
      lane = ctl;
    } else {
      for (int j = 1; j <= lanes && lane < 0; ++j) {
        const int i = (last_lane_[ch] + j) % lanes;
        if (mine >> i & 1) lane = i;
      }
    }
    ok &= ~mine;
    last_lane_[ch] = lane;
    send_flit(lane, now);
    sent = true;
  }
  return sent && busy();
}

// One channel, two lanes (data 0, control 1): the same choice as the general step, written out for the
// common node (drb_bench B2 and B4 spend a measurable share in the lane walk otherwise).
bool SourceNi::step_one(int64_t now) {
  if (!lane_[0].pkt && !queue_.empty()) start_packet(0, now);
  if (!lane_[1].pkt && !control_.empty()) start_packet(1, now);
  bool ok[2];
  for (int i = 0; i < 2; ++i) {
    Lane& l = lane_[i];
    ok[i] = l.pkt && (l.vc >= 0 || acquire_vc(l)) && credits_[l.vc] > 0;
  }
  int lane = -1;
  if (ok[0] && ok[1]) lane = cfg_.link.ack_mode == AckMode::HighPriority ? 1 : 1 - last_lane_[0];
  else if (ok[0]) lane = 0;
  else if (ok[1]) lane = 1;
  if (lane < 0) return false;
  last_lane_[0] = lane;
  send_flit(lane, now);
  return busy();
}

std::string SourceNi::dump() const {
  std::ostringstream o;
  if (!busy()) return "";
  o << "  NI " << node_ << ": " << queued() << " messages queued, " << control_.size() << " acks queued";
  for (int i = 0; i <= channels_; ++i) {
    const Lane& l = lane_[i];
    if (!l.pkt) continue;
    o << ", " << (i == channels_ ? "control" : "data") << " lane packet " << store_.pkt(l.pkt - 1).id << " flit "
      << l.next << " vc " << l.vc;
    if (channels_ > 1 && l.vc >= 0) o << " channel " << int(l.ch);
    o << " (credits " << (l.vc >= 0 ? credits_[l.ch * vcs_ + l.vc] : -1) << ")";
  }
  o << "\n";
  return o.str();
}

// ---------------------------------------------------------------------------------------------------------
DestNi::DestNi(const NiConfig& cfg, int node, ChannelTable& chan, PacketStore& store, SourceNi& local)
    : cfg_(cfg), node_(node), chan_(chan), store_(store), local_(local) {}

size_t DestNi::reorder_held() const { return held_; }

void DestNi::step(int64_t now) {
  while (arrivals_.ready(now)) {
    const Flit f = arrivals_.front();
    arrivals_.pop();
    --store_.counts().flits_in_flight;
    chan_.moved(now);
    Packet& pk = store_.pkt(f.pkt);
    if (!pk.live || f.check != flit_check(pk.id, f.idx))
      throw SimError(SimError::Scoreboard, "NI " + std::to_string(node_) + " received a flit (index " +
                                          std::to_string(f.idx) + ") of no packet in flight: corrupted or duplicated");
    if (f.idx != pk.flits_rx)
      throw SimError(SimError::Scoreboard, "packet " + std::to_string(pk.id) + ": flit " + std::to_string(f.idx) +
                                          " arrived when flit " + std::to_string(pk.flits_rx) +
                                          " was expected at NI " + std::to_string(node_) + "; " +
                                          store_.describe(f.pkt));
    if (f.head()) {
      const Header& h = pk.hdr;
      const bool here = h.front() == static_cast<uint32_t>(node_) && !h.more[0] &&
                        (h.tclass == TrafficClass::Ack || h.final_dest == static_cast<uint32_t>(node_));
      if (!here)
        throw SimError(SimError::Scoreboard, "packet " + std::to_string(pk.id) + " misdelivered to node " +
                                            std::to_string(node_) + "; " + store_.describe(f.pkt));
    }
    ++pk.flits_rx;
    if (f.tail()) {
      if (pk.flits_rx != pk.hdr.length)
        throw SimError(SimError::Scoreboard, "packet " + std::to_string(pk.id) + " tail after " +
                                            std::to_string(pk.flits_rx) + " of " + std::to_string(pk.hdr.length) +
                                            " flits; " + store_.describe(f.pkt));
      packet_done(f.pkt, now);
    }
  }
}

void DestNi::packet_done(uint32_t slot, int64_t now) {
  Packet& pk = store_.pkt(slot);
  pk.t_arrive = now;
  --store_.counts().in_network;
  const NiParams& p = cfg_.p;
  if (pk.hdr.tclass == TrafficClass::Ack) {
    ++store_.counts().acks_crossed;
    store_.counts().ack_cycles += now - pk.t_inj;
    cfg_.acks->push(node_, pk.hdr, now + p.ack_delay, pk.capture);
    store_.free_packet(slot);
    return;
  }
  Message& m = store_.msg(pk.msg);
  for (NetObserver* o : *cfg_.observers) o->packet_arrived(pk, m, now);
  if (p.acks) {
    const Header ack = make_ack_header(pk.hdr, AckKind::Final, static_cast<uint16_t>(cfg_.link.ack_flits));
    ++store_.counts().acks_sent;
    if (cfg_.link.ack_mode == AckMode::Ideal) cfg_.acks->push(pk.src, ack, now + p.ack_delay, pk.capture);
    else local_.push_control(ack, false, 0, pk.capture);
  } else {
    store_.free_capture(pk.capture);
  }
  pk.capture = 0;  // the ack carries the record on
  const uint64_t key = static_cast<uint64_t>(pk.src) << 32;
  Reorder& r = reorder_[pk.src];  // nothing below inserts into reorder_, so the reference stays valid
  const uint32_t mask = (1u << p.seq_bits) - 1;
  if (pk.hdr.seq != r.expected) {
    held_pkts_.emplace(key | pk.hdr.seq, slot);
    ++r.held;
    if (++held_ > max_reorder_) max_reorder_ = held_;
    return;
  }
  deliver(slot, now);
  r.expected = (r.expected + 1) & mask;
  while (r.held) {
    const auto it = held_pkts_.find(key | r.expected);
    if (it == held_pkts_.end()) break;
    const uint32_t s = it->second;
    held_pkts_.erase(it);
    --r.held;
    --held_;
    deliver(s, now);
    r.expected = (r.expected + 1) & mask;
  }
}

void DestNi::deliver(uint32_t slot, int64_t now) {
  Packet& pk = store_.pkt(slot);
  const uint32_t ms = pk.msg;
  Message& m = store_.msg(ms);
  if (pk.index != m.done)
    throw SimError(SimError::Scoreboard, "message " + std::to_string(m.id) + ": packet " + std::to_string(pk.index) +
                                        " delivered out of order after reorder at NI " + std::to_string(node_));
  ++m.done;
  ++delivered_packets_;
  store_.free_packet(slot);
  if (m.done < m.packets) return;
  if (m.dst != node_ || payload_signature(store_.host(m).data, m.id, m.flits) != m.sig)
    throw SimError(SimError::Scoreboard, "message " + std::to_string(m.id) + " from " + std::to_string(m.src) +
                                        " corrupted or misdelivered at NI " + std::to_string(node_));
  for (NetObserver* o : *cfg_.observers) o->message_delivered(m, now);
  if (on_deliver) on_deliver(m, store_.host(m), now);
  store_.free_message(ms);
}

}  // namespace drb
