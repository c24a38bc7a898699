// SPDX-License-Identifier: Apache-2.0
// Channels: the only way between elements (routers, switches, NIs). A channel is one unidirectional
// link: a flit lane from its sender to its receiver and a credit lane back, each with its own delay. All of
// a fabric's channels sit in one flat table that owns the timing wheels, so a flit or credit in flight is
// (receiver, payload) bucketed by the cycle it arrives in, the receiver taken from the channel when sent.
// Link features act here: power saving and faults set a channel's state, stage-2 power its width; the
// sender's output unit follows the state through the hooks the fabric binds (a link that is not on is
// offered to no head), and the channel counts what it carries.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "models/packet/flit.h"
#include "systemc/channel/queues.h"

namespace drb {

// One side of a channel: an element's port, or a terminal's (NI's) channel index.
struct ChannelEnd {
  enum Kind : uint8_t { kElement, kTerminal };
  Kind kind = kElement;
  // In a ChannelPort's end only: the lane of the port's owner, the sender (ChannelTable::set_lanes), kept
  // in this otherwise spare byte so that a port stays 16 bytes (24 made the input and output units 72
  // bytes instead of 64, each straddling two cache lines).
  uint8_t lane = 0;
  uint16_t port = 0;
  int32_t id = -1;  // element id or terminal id
};

inline ChannelEnd element_end(int id, int port) {
  return ChannelEnd{ChannelEnd::kElement, 0, static_cast<uint16_t>(port), id};
}
inline ChannelEnd terminal_end(int id, int ch) {
  return ChannelEnd{ChannelEnd::kTerminal, 0, static_cast<uint16_t>(ch), id};
}

struct Channel {
  ChannelEnd from, to;
  int flight = 1;  // flit lane: cycles from leaving the sender's switch to arriving at the receiver
  int credit = 1;  // credit lane: cycles from the receiver freeing a slot to the sender counting it
};

// A sender's binding to a channel: the channel and what sending on it needs, copied once at assembly (the
// wiring and the delays never change afterwards), so a hop reads the sender's own record and not the
// table's. A flit port holds the flight delay and the receiver, a credit port the credit delay and the
// flit sender the credit goes back to.
struct ChannelPort {
  int32_t ch = -1;
  int32_t delay = 0;
  ChannelEnd end;  // the far end; end.lane: the sender's lane, the wheels it writes into
};
static_assert(sizeof(ChannelPort) == 16, "a port inside the input and output units");

// on: carries flits. off: switched off by power saving (only ever while idle). failed: takes no new packet;
// one already on it completes (link faults).
enum class ChannelState : uint8_t { kOn, kOff, kFailed };

// A channel's counts in the measured window: heads and their waits, counted by the sender per head, and
// the flit count at the window's edges (the flits themselves are counted at the sending end: count_at).
struct ChannelStats {
  uint64_t heads = 0, wait_sum = 0;
  uint64_t open = 0, close = 0;  // the sender's count when the window opened and closed
};

// What is in flight carries its receiver (or, for a credit, its sender), so delivery reads no channel
// record: 16 and 12 bytes.
// Built in place in the wheel's bucket (Wheel::emplace), field by field. A copy of one built on the stack
// reloaded as 16 bytes what was stored as two 8-byte halves, which cannot be forwarded from the store
// buffer (0.1-0.4 % more instructions per flit-hop, wall time within this VM's noise).
struct InFlight {
  Flit f;
  ChannelEnd to;
  InFlight() = default;
  InFlight(Flit flit, const ChannelEnd& end) : f(flit), to(end) {}
};
struct CreditInFlight {
  ChannelEnd from;
  uint8_t vc = 0;
  CreditInFlight() = default;
  CreditInFlight(const ChannelEnd& end, uint8_t v) : from(end), vc(v) {}
};
// A lane of the channel table: the wheels its senders write, by receiver kind (flits) and by sender kind
// (credits), and the cycle one of them last moved a flit; a cache line or more apart from the next lane's.
struct alignas(64) ChannelLane {
  Wheel<InFlight> flits[2];
  Wheel<CreditInFlight> credits[2];
  int64_t last_move = 0;
};

class ChannelTable {
 public:
  int add(const Channel& c) {
    ch_.push_back(c);
    state_.push_back(ChannelState::kOn);
    width_.push_back(1);
    stats_.emplace_back();
    sent_at_.push_back(nullptr);
    return static_cast<int>(ch_.size()) - 1;
  }
  int size() const { return static_cast<int>(ch_.size()); }
  // sim.threads: senders stepped by different threads write into wheels of their own (a lane each):
  // element e sends in lane element_lane[e], terminals in lane 0 (they step in the main thread). Each
  // cycle's deliveries drain the lanes in order, so with elements stepped in id order and lanes holding
  // ascending id ranges, flits and credits arrive in the order one lane would give them. Before any
  // channel is added (a port records its lane when taken); at most 256 lanes (a byte of the port).
  // Groups (the fabric's grouped step): the receiving elements are further split into `groups` groups,
  // element e in group element_group[e], and every sender lane into one lane per receiving group, lane
  // l * groups + g; terminals receive in group 0. A group's flits and credits can then be taken alone
  // (scan_group_flits), in the order a single lane would give them, without a sender choosing anything
  // per flit: the port holds its lane. `senders`: at least that many sender lanes, for senders that pick
  // theirs as they send (the grouped step with threads: a port holds lane 0's, and the sender sends from
  // lane l * groups on, send_flit_in).
  void set_lanes(std::vector<int> element_lane, std::vector<int> element_group = {}, int groups = 1,
                 int senders = 1) {
    if (!ch_.empty()) throw std::logic_error("ChannelTable::set_lanes after channels were added");
    elane_ = std::move(element_lane);
    egroup_ = std::move(element_group);
    int n = std::max(1, senders);
    for (int l : elane_) n = std::max(n, l + 1);
    for (int g : egroup_)
      if (g < 0 || g >= groups) throw std::logic_error("ChannelTable::set_lanes: group out of range");
    if (static_cast<int64_t>(n) * groups > 256) throw std::logic_error("ChannelTable::set_lanes: more than 256 lanes");
    parts_ = n;
    groups_ = groups;
    lanes_.resize(static_cast<size_t>(n * groups));
  }
  int lanes() const { return static_cast<int>(lanes_.size()); }
  int element_lane(int e) const { return elane_.empty() ? 0 : elane_[static_cast<size_t>(e)]; }
  int element_group(int e) const { return egroup_.empty() ? 0 : egroup_[static_cast<size_t>(e)]; }
  int groups() const { return groups_; }
  int lane_index(const ChannelPort& p) const { return p.end.lane; }
  // Where a sender of lane l notes its moves (RouterCore keeps the pointer: one store per flit).
  int64_t* move_slot(int l) { return &lanes_.at(static_cast<size_t>(l) * groups_).last_move; }
  void reserve(int n) {
    ch_.reserve(static_cast<size_t>(n));
    state_.reserve(static_cast<size_t>(n));
    width_.reserve(static_cast<size_t>(n));
    stats_.reserve(static_cast<size_t>(n));
    sent_at_.reserve(static_cast<size_t>(n));
  }
  const Channel& operator[](int c) const { return ch_[c]; }
  // Sizes the wheels once every channel is in: a flit leaves its sender at most `depart` cycles after the
  // sender's step (switch stages, a narrow link's later last phit).
  void init(int depart) {
    int flit = 1, credit = 1;
    for (const Channel& c : ch_) {
      flit = std::max(flit, depart + c.flight);
      credit = std::max(credit, c.credit);
    }
    for (ChannelLane& l : lanes_) {
      for (Wheel<InFlight>& w : l.flits) w.init(flit);
      for (Wheel<CreditInFlight>& w : l.credits) w.init(credit);
    }
    horizon_ = std::max(flit, credit);
  }
  // Cycles after the last move (moved) by which every flit and credit sent has arrived.
  int horizon() const { return horizon_; }
  ChannelPort flit_port(int c) const { return ChannelPort{c, ch_[c].flight, in_lane(ch_[c].to, ch_[c].from)}; }
  ChannelPort credit_port(int c) const { return ChannelPort{c, ch_[c].credit, in_lane(ch_[c].from, ch_[c].to)}; }
  // A flit leaving the sender in cycle `depart` arrives `flight` cycles later.
  void send_flit(const ChannelPort& p, int64_t depart, const Flit& f) { send_flit_in(lanes_.data(), p, depart, f); }
  // The receiver freed a buffer slot of VC vc in cycle now; the sender may count it `credit` cycles later.
  void send_credit(const ChannelPort& p, int64_t now, uint8_t vc) { send_credit_in(lanes_.data(), p, now, vc); }
  // The same into the lanes from `lanes` on (lane_at): a sender that picks its lane as it sends (set_lanes,
  // `senders`) passes lane_at(l * groups()), the others lane_at(0). RouterCore keeps the pointer, which
  // costs a hop no more than the table's own.
  ChannelLane* lane_at(int l) { return &lanes_.at(static_cast<size_t>(l)); }
  static void send_flit_in(ChannelLane* lanes, const ChannelPort& p, int64_t depart, Flit f) {
    lanes[p.end.lane].flits[p.end.kind].emplace(depart + p.delay, f, p.end);
  }
  static void send_credit_in(ChannelLane* lanes, const ChannelPort& p, int64_t now, uint8_t vc) {
    lanes[p.end.lane].credits[p.end.kind].emplace(now + p.delay, p.end, vc);
  }
  // f(receiver, flit) for every flit arriving at a receiver of that kind in cycle now, in the order they
  // were sent. Each kind has its own wheels, so delivery does not branch on it per flit (one mixed wheel
  // with that branch ran drb_bench B2 3% slower). Both deliveries are always inlined into the fabric's
  // step, as the wheel's drain is (queues.h).
  template <class F>
  [[gnu::always_inline]] void deliver_flits(ChannelEnd::Kind kind, int64_t now, F f) {
    for (ChannelLane& l : lanes_) l.flits[kind].drain(now, [&](const InFlight& e) { f(e.to, e.f); });
  }
  // f(sender, vc) for every credit that senders of that kind count from cycle now.
  template <class F>
  [[gnu::always_inline]] void deliver_credits(ChannelEnd::Kind kind, int64_t now, F f) {
    for (ChannelLane& l : lanes_) l.credits[kind].drain(now, [&](const CreditInFlight& e) { f(e.from, e.vc); });
  }
  // sim.threads: the same deliveries read by each thread for its own receivers (in the order above, so a
  // receiver sees its flits and credits in the order one thread would give them), then dropped once every
  // thread is done (clear_due).
  template <class F>
  [[gnu::always_inline]] void scan_flits(ChannelEnd::Kind kind, int64_t now, F f) const {
    for (const ChannelLane& l : lanes_) l.flits[kind].scan(now, [&](const InFlight& e) { f(e.to, e.f); });
  }
  template <class F>
  [[gnu::always_inline]] void scan_credits(ChannelEnd::Kind kind, int64_t now, F f) const {
    for (const ChannelLane& l : lanes_) l.credits[kind].scan(now, [&](const CreditInFlight& e) { f(e.from, e.vc); });
  }
  // The same for the elements of group g alone (set_lanes): its lane of every sender lane, in order.
  // ahead(items, i, n) runs before item i of each lane's bucket: the grouped step prefetches there what the
  // deliveries of later items will touch.
  template <class F, class A = Wheel<InFlight>::NoAhead>
  [[gnu::always_inline]] void scan_group_flits(int64_t now, int g, F f, A ahead = {}) const {
    for (int p = 0; p < parts_; ++p)
      lanes_[static_cast<size_t>(p * groups_ + g)].flits[ChannelEnd::kElement].scan(
          now, [&](const InFlight& e) { f(e.to, e.f); }, ahead);
  }
  template <class F, class A = Wheel<CreditInFlight>::NoAhead>
  [[gnu::always_inline]] void scan_group_credits(int64_t now, int g, F f, A ahead = {}) const {
    for (int p = 0; p < parts_; ++p)
      lanes_[static_cast<size_t>(p * groups_ + g)].credits[ChannelEnd::kElement].scan(
          now, [&](const CreditInFlight& e) { f(e.from, e.vc); }, ahead);
  }
  void clear_group(int64_t now, int g) {
    for (int p = 0; p < parts_; ++p) {
      ChannelLane& l = lanes_[static_cast<size_t>(p * groups_ + g)];
      l.flits[ChannelEnd::kElement].clear(now);
      l.credits[ChannelEnd::kElement].clear(now);
    }
  }
  void clear_due(ChannelEnd::Kind kind, int64_t now) {
    for (ChannelLane& l : lanes_) {
      l.flits[kind].clear(now);
      l.credits[kind].clear(now);
    }
  }
  // The channel's state, width (cycles per flit: 1 is full width) and counters.
  ChannelState state(int c) const { return state_[c]; }
  int width(int c) const { return width_[c]; }
  const ChannelStats& stats(int c) const { return stats_[c]; }
  ChannelStats& stats(int c) { return stats_[c]; }
  // The flits channel c carried: the sender counts them at its end, in the record a hop reads anyway (a
  // router's output unit), and binds the count here once at assembly. In the table's own row the count
  // was one line more per flit: about 6 % of drb_bench B5's last-level misses. A channel no sender counts
  // (an NI's injection channel) has carried 0.
  void count_at(int c, const uint64_t* sent) { sent_at_[c] = sent; }
  uint64_t sent(int c) const { return sent_at_[c] ? *sent_at_[c] : 0; }
  // The flits it carried in the measured window (the last one, once closed).
  uint64_t flits(int c) const { return (measuring_ ? sent(c) : stats_[c].close) - stats_[c].open; }
  // The measured window: senders count heads and waits into ChannelStats only while it is open; opening
  // it clears them.
  bool measuring() const { return measuring_; }
  void set_measuring(bool m) {
    if (m == measuring_) return;
    for (int c = 0; c < size(); ++c) {
      ChannelStats& s = stats_[c];
      if (m) {
        s.heads = s.wait_sum = 0;
        s.open = s.close = sent(c);
      } else {
        s.close = sent(c);
      }
    }
    measuring_ = m;
  }
  // Progress for the fabric's stall watchdog: a sender notes the cycle it moved a flit (a link back in
  // service counts too).
  void moved(int64_t now) { lanes_[0].last_move = now; }
  int64_t last_move() const {
    int64_t t = 0;
    for (const ChannelLane& l : lanes_) t = std::max(t, l.last_move);
    return t;
  }
  // Power saving and faults act here; the sender's output unit is told (a channel turns off only while its
  // sender's output is idle, and its sender refuses otherwise).
  void set_state(int c, ChannelState s) {
    state_[c] = s;
    if (changed_) changed_(c);
  }
  void set_width(int c, int cycles) {
    width_[c] = static_cast<int16_t>(cycles);
    if (changed_) changed_(c);
  }
  // No packet holds the channel and every credit is back: nothing of it is in flight or buffered downstream.
  bool idle(int c) const { return idle_(c); }
  // The fabric binds the senders: changed(c) when c's state or width changed, idle(c) as above.
  void bind(std::function<void(int)> changed, std::function<bool(int)> idle) {
    changed_ = std::move(changed);
    idle_ = std::move(idle);
  }
  static double bytes_per_channel() {
    return sizeof(Channel) + sizeof(ChannelStats) + sizeof(const uint64_t*) + sizeof(ChannelState) + sizeof(int16_t);
  }

 private:
  std::vector<Channel> ch_;
  std::vector<ChannelState> state_;
  std::vector<int16_t> width_;
  std::vector<ChannelStats> stats_;  // written per head
  std::vector<const uint64_t*> sent_at_;  // per channel, its sender's count (count_at; null: none)
  bool measuring_ = false;
  int horizon_ = 1;
  std::function<void(int)> changed_;
  std::function<bool(int)> idle_;
  // The far end `to` of a port whose owner is `sender`, marked with the sender's lane.
  ChannelEnd in_lane(ChannelEnd to, const ChannelEnd& sender) const {
    const int l = sender.kind == ChannelEnd::kElement ? element_lane(sender.id) : 0;
    const int g = to.kind == ChannelEnd::kElement ? element_group(to.id) : 0;
    to.lane = static_cast<uint8_t>(l * groups_ + g);
    return to;
  }
  std::vector<ChannelLane> lanes_ = std::vector<ChannelLane>(1);
  std::vector<int> elane_;  // per element, its lane (empty: every sender in lane 0)
  std::vector<int> egroup_;  // per element, its group as a receiver (empty: group 0)
  int parts_ = 1, groups_ = 1;
};

}  // namespace drb
