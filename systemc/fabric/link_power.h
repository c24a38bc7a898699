// SPDX-License-Identifier: Apache-2.0
// Link power saving in the timed network (docs/power.md): the links that can be switched, their state and
// power over time, and the controllers that switch them (one per router or switch, local information only).
// The controllers act on channels only (systemc/channel/channel.h): a link that is not ON is switched off in
// the channel table, and the routing is untouched: the sender's output unit offers it to no head.
//
// The controllers are event driven, so a run with the mechanism costs little more than one without: a
// controller is stepped at its check cycles (every T_CHECK, aligned for all), when one of its links ends a
// transition, and, for a router with a link OFF, in the cycles its injection queue holds a message not yet
// started (the congestion test). Idle-router skipping never skips them: the fabric calls step() every cycle.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "models/blocks/link_ctrl.h"
#include "systemc/channel/queues.h"

namespace drb {

class LinkHost;

// One unidirectional network link that can be switched: a channel, at an element's output port (the element
// whose controller decides for it).
struct PowerLink {
  int ch = -1;
  int element = -1, port = -1;
  MemberState st = MemberState::On;
  uint32_t snap = 0;  // the channel's flit counter at the last look
  uint32_t offs = 0, ons = 0;  // transitions started
  int units = 1;               // power drawn, in units of the narrowest width (full width: LinkPower::full())
};

class LinkPower {
 public:
  // The mechanism for net's family (tori and meshes with trunks or without; k-ary n-trees), or
  // std::invalid_argument naming power.mechanism for a family that has none.
  static std::unique_ptr<LinkPower> make(LinkHost& net);
  virtual ~LinkPower() = default;
  virtual void step(int64_t now) = 0;

  // Accounting, in power units: a link at full width draws full() units (1, or 2^width_steps with stage 2);
  // every counted link has the same weight (a fat-tree's terminal links are counted and always on).
  int full() const { return full_; }
  int64_t links() const { return links_; }
  int64_t powered() const { return powered_; }  // links drawing power after the current cycle
  // Link-cycles of power drawn in cycles [0, t), for t at or after the last change (the current cycle on).
  double energy(int64_t t) const { return energy_ + static_cast<double>(powered_) * static_cast<double>(t - t_last_); }
  // Cycles summed over the links that were ON (usable) in cycles [0, t).
  double on_time(int64_t t) const { return on_time_ + static_cast<double>(on_) * static_cast<double>(t - t_on_last_); }
  int64_t switch_offs() const { return offs_; }
  int64_t switch_ons() const { return ons_; }
  bool waking() const { return waking_ > 0; }  // some link is turning on
  const std::vector<PowerLink>& switchable() const { return link_; }
  // Per bin of `bin` cycles (from cycle 0): energy() and on_time() at each bin's end, recorded as the run goes.
  void set_bin(int64_t bin) { bin_ = bin; }
  const std::vector<std::pair<double, double>>& bins() const { return bins_; }

 protected:
  explicit LinkPower(LinkHost& net) : net_(net) {}
  // Link i moves to state s at the edge ending cycle now (power and use change from cycle now + 1).
  void move(int i, MemberState s, int64_t now);
  // Link i draws u units from cycle now + 1 (a width change).
  void set_units(int i, int u, int64_t now);
  // Link i starts OFF (the minimum configuration), before cycle 0.
  void init_off(int i);
  // Flits the link sent since the last look (its snapshot advances).
  uint32_t take_phits(int i);
  void end_cycle(int64_t now) {
    if (bin_ > 0 && (now + 1) % bin_ == 0) bins_.emplace_back(energy(now + 1), on_time(now + 1));
  }

  LinkHost& net_;
  std::vector<PowerLink> link_;
  int64_t links_ = 0, powered_ = 0, on_ = 0;
  int full_ = 1;

 private:
  double energy_ = 0, on_time_ = 0;
  int64_t t_last_ = 0, t_on_last_ = 0;
  int64_t offs_ = 0, ons_ = 0, waking_ = 0;
  int64_t bin_ = 0;
  std::vector<std::pair<double, double>> bins_;
};

// The k-ary n-tree's controllers (fat_tree_power.cpp).
std::unique_ptr<LinkPower> make_tree_power(LinkHost& net);

}  // namespace drb
