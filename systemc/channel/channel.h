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
#include <utility>
#include <vector>

#include "models/packet/flit.h"
#include "systemc/channel/queues.h"

namespace drb {

// One side of a channel: an element's port, or a terminal's (NI's) channel index.
struct ChannelEnd {
  enum Kind : uint8_t { kElement, kTerminal };
  Kind kind = kElement;
  uint16_t port = 0;
  int32_t id = -1;  // element id or terminal id
};

inline ChannelEnd element_end(int id, int port) {
  return ChannelEnd{ChannelEnd::kElement, static_cast<uint16_t>(port), id};
}
inline ChannelEnd terminal_end(int id, int ch) { return ChannelEnd{ChannelEnd::kTerminal, static_cast<uint16_t>(ch), id}; }

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
  ChannelEnd end;
};

// on: carries flits. off: switched off by power saving (only ever while idle). failed: takes no new packet;
// one already on it completes (link faults).
enum class ChannelState : uint8_t { kOn, kOff, kFailed };

struct ChannelStats {
  uint32_t sent = 0;  // flits that entered the channel, always counted (waveforms, power's utilization)
  uint64_t flits = 0, heads = 0, wait_sum = 0;  // in the measured window: flits, heads and their waits
};

class ChannelTable {
 public:
  int add(const Channel& c) {
    ch_.push_back(c);
    state_.push_back(ChannelState::kOn);
    width_.push_back(1);
    stats_.emplace_back();
    return static_cast<int>(ch_.size()) - 1;
  }
  int size() const { return static_cast<int>(ch_.size()); }
  void reserve(int n) {
    ch_.reserve(static_cast<size_t>(n));
    state_.reserve(static_cast<size_t>(n));
    width_.reserve(static_cast<size_t>(n));
    stats_.reserve(static_cast<size_t>(n));
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
    for (Wheel<InFlight>& w : flits_) w.init(flit);
    for (Wheel<CreditInFlight>& w : credits_) w.init(credit);
    horizon_ = std::max(flit, credit);
  }
  // Cycles after the last move (moved) by which every flit and credit sent has arrived.
  int horizon() const { return horizon_; }
  ChannelPort flit_port(int c) const { return ChannelPort{c, ch_[c].flight, ch_[c].to}; }
  ChannelPort credit_port(int c) const { return ChannelPort{c, ch_[c].credit, ch_[c].from}; }
  // A flit leaving the sender in cycle `depart` arrives `flight` cycles later.
  void send_flit(const ChannelPort& p, int64_t depart, const Flit& f) {
    flits_[p.end.kind].push(depart + p.delay, InFlight{f, p.end});
  }
  // The receiver freed a buffer slot of VC vc in cycle now; the sender may count it `credit` cycles later.
  void send_credit(const ChannelPort& p, int64_t now, uint8_t vc) {
    credits_[p.end.kind].push(now + p.delay, CreditInFlight{p.end, vc});
  }
  // f(receiver, flit) for every flit arriving at a receiver of that kind in cycle now, in the order they
  // were sent. Each kind has its own wheels, so delivery does not branch on it per flit (one mixed wheel
  // with that branch ran drb_bench B2 3% slower). Both deliveries are always inlined into the fabric's
  // step, as the wheel's drain is (queues.h).
  template <class F>
  [[gnu::always_inline]] void deliver_flits(ChannelEnd::Kind kind, int64_t now, F f) {
    flits_[kind].drain(now, [&](const InFlight& e) { f(e.to, e.f); });
  }
  // f(sender, vc) for every credit that senders of that kind count from cycle now.
  template <class F>
  [[gnu::always_inline]] void deliver_credits(ChannelEnd::Kind kind, int64_t now, F f) {
    credits_[kind].drain(now, [&](const CreditInFlight& e) { f(e.from, e.vc); });
  }
  // The channel's state, width (cycles per flit: 1 is full width) and counters.
  ChannelState state(int c) const { return state_[c]; }
  int width(int c) const { return width_[c]; }
  const ChannelStats& stats(int c) const { return stats_[c]; }
  ChannelStats& stats(int c) { return stats_[c]; }
  void reset_stats() {
    for (ChannelStats& s : stats_) s.flits = s.heads = s.wait_sum = 0;
  }
  // The measured window: senders count flits, heads and waits into ChannelStats only while it is open.
  bool measuring() const { return measuring_; }
  void set_measuring(bool m) { measuring_ = m; }
  // Progress for the fabric's stall watchdog: a sender notes the cycle it moved a flit (a link back in
  // service counts too).
  void moved(int64_t now) { last_move_ = now; }
  int64_t last_move() const { return last_move_; }
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
    return sizeof(Channel) + sizeof(ChannelStats) + sizeof(ChannelState) + sizeof(int16_t);
  }

 private:
  // What is in flight carries its receiver (or, for a credit, its sender), so delivery reads no channel
  // record: 20 and 12 bytes.
  struct InFlight {
    Flit f;
    ChannelEnd to;
  };
  struct CreditInFlight {
    ChannelEnd from;
    uint8_t vc;
  };
  std::vector<Channel> ch_;
  std::vector<ChannelState> state_;
  std::vector<int16_t> width_;
  std::vector<ChannelStats> stats_;  // apart from the ends and delays: the only part written per flit
  bool measuring_ = false;
  int64_t last_move_ = 0;
  int horizon_ = 1;
  std::function<void(int)> changed_;
  std::function<bool(int)> idle_;
  Wheel<InFlight> flits_[2];  // by receiver kind
  Wheel<CreditInFlight> credits_[2];  // by sender kind
};

}  // namespace drb
