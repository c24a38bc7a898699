// SPDX-License-Identifier: Apache-2.0
// Channels: the only way between elements (routers, switches, NIs). A channel is one unidirectional
// link: a flit lane from its sender to its receiver and a credit lane back, each with its own delay. All of
// a fabric's channels sit in one flat table that owns the timing wheels, so a flit or credit in flight is
// (channel id, payload) bucketed by the cycle it arrives in; the receiver is found through the channel.
#pragma once
#include <cstdint>
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

struct Channel {
  ChannelEnd from, to;
  int flight = 1;  // flit lane: cycles from leaving the sender's switch to arriving at the receiver
  int credit = 1;  // credit lane: cycles from the receiver freeing a slot to the sender counting it
};

class ChannelTable {
 public:
  int add(const Channel& c) {
    ch_.push_back(c);
    return static_cast<int>(ch_.size()) - 1;
  }
  int size() const { return static_cast<int>(ch_.size()); }
  void reserve(int n) { ch_.reserve(static_cast<size_t>(n)); }
  const Channel& operator[](int c) const { return ch_[c]; }
  // Sizes the wheels once every channel is in: a flit leaves its sender at most `depart` cycles after the
  // sender's step (switch stages, a narrow link's later last phit).
  void init(int depart) {
    int flit = 1, credit = 1;
    for (const Channel& c : ch_) {
      flit = flit > depart + c.flight ? flit : depart + c.flight;
      credit = credit > c.credit ? credit : c.credit;
    }
    flits_.init(flit);
    credits_.init(credit);
  }
  // A flit leaving the sender in cycle `depart` arrives `flight` cycles later.
  void send_flit(int c, int64_t depart, const Flit& f) { flits_.push(depart + ch_[c].flight, InFlight{f, c}); }
  // The receiver freed a buffer slot of VC vc in cycle now; the sender may count it `credit` cycles later.
  void send_credit(int c, int64_t now, uint8_t vc) { credits_.push(now + ch_[c].credit, CreditInFlight{c, vc}); }
  // f(receiver, flit) for every flit arriving in cycle now, in the order they were sent.
  template <class F>
  void deliver_flits(int64_t now, F f) {
    flits_.drain(now, [&](const InFlight& e) { f(ch_[e.ch].to, e.f); });
  }
  // f(sender, vc) for every credit the senders count from cycle now.
  template <class F>
  void deliver_credits(int64_t now, F f) {
    credits_.drain(now, [&](const CreditInFlight& e) { f(ch_[e.ch].from, e.vc); });
  }
  static double bytes_per_channel() { return sizeof(Channel); }

 private:
  struct InFlight {
    Flit f;
    int32_t ch;
  };
  struct CreditInFlight {
    int32_t ch;
    uint8_t vc;
  };
  std::vector<Channel> ch_;
  Wheel<InFlight> flits_;
  Wheel<CreditInFlight> credits_;
};

}  // namespace drb
