// SPDX-License-Identifier: Apache-2.0
// Link controller: the power-saving mechanism's state machine for one output trunk of a torus switch (the
// power thesis' chapter 4, stage 1). Members are ON (offered to routing), OFF, or in transition; a member in
// transition draws power and carries nothing. This is the contract rtl/drb_link_ctrl.sv meets bit for bit.
//
// One step() is one clock cycle, decided on the state before the edge:
// - Utilisation: `acc` sums the phits sent on ON members since the last check. Every t_check cycles (the
//   cycle whose counter reaches t_check - 1, its own phits included) the trunk's utilisation relative to
//   its active bandwidth, u = acc / (t_check · A) with A the ON members, is compared with the thresholds
//   as integers, without a division: u < U_off <=> acc < th_off · A, u > U_on <=> acc > th_on · A, where
//   th = U · t_check phits per member and period. `acc` restarts from 0 after every check.
// - At a check, with A > 1: below U_off, if the local injection queue is empty, the highest-index ON member
//   carrying no packet starts turning off (none idle: nothing happens until the next check); otherwise
//   above U_on the lowest-index OFF member starts turning on. With A = 1 only the turn-on rule applies: a
//   trunk always keeps one member.
// - Congestion test, every cycle: a pending message in the local injection queue starts every OFF member
//   turning on at once.
// - A member turning on is ON t_on cycles after the edge that started it; one turning off is OFF t_off
//   cycles after it.
// - Stage 2 (width_steps > 0; the RTL block is stage 1 only): with exactly one member ON, a check below U_off
//   halves its width (bandwidth at once, power t_off later), one above U_on doubles it (power at once,
//   bandwidth t_on later), and only at full width does it turn a member on; one width change at a time. The
//   congestion test also restores full width. A width w needs 1/w cycles (and phits) per flit.
#pragma once
#include <cstdint>

namespace drb {

enum class MemberState : uint8_t { Off = 0, TurningOn = 1, On = 2, TurningOff = 3 };

struct LinkCtrlConfig {
  int members = 4;                  // trunk members (at most 16)
  int t_check = 2000, t_on = 1000, t_off = 1000;
  bool init_all_on = true;          // reset state: every member ON (static runs) or member 0 only (dynamic)
  int width_steps = 0;              // stage 2: halvings of the last member's width (2: 100, 50, 25 %); 0 = off
  // Open choices of the specification, the recommended readings by default (the RTL block has those):
  bool off_lowest = false;          // turn off the lowest-index idle ON member (else the highest)
  bool on_highest = false;          // turn on the highest-index OFF member (else the lowest)
  bool transitions_active = false;  // members in transition count in the utilisation's denominator
};

struct LinkCtrlIn {
  uint32_t phit = 0;         // bit j: member j sent a phit this cycle
  uint32_t busy = 0;         // bit j: member j carries a packet (a VC allocated or a flit or credit in flight)
  bool inj_empty = true;     // the local injection queue is empty
  bool inj_pending = false;  // it holds a message not yet started (the congestion test)
  uint32_t th_on = 0, th_off = 0;  // thresholds in phits per member and period
};

class LinkController {
 public:
  explicit LinkController(const LinkCtrlConfig& c = {}) : c_(c) { reset(); }
  void reset() {
    for (int j = 0; j < c_.members; ++j) st_[j] = (c_.init_all_on || j == 0) ? MemberState::On : MemberState::Off, tmr_[j] = 0;
    acc_ = 0;
    tick_ = 0;
    bw_ = pw_ = 0;
    wtmr_ = 0;
    wmember_ = 0;
  }
  const LinkCtrlConfig& config() const { return c_; }
  MemberState state(int j) const { return st_[j]; }
  uint32_t mask(MemberState s) const {
    uint32_t m = 0;
    for (int j = 0; j < c_.members; ++j) m |= static_cast<uint32_t>(st_[j] == s) << j;
    return m;
  }
  uint32_t usable() const { return mask(MemberState::On); }
  uint32_t powered() const { return ~mask(MemberState::Off) & ((1u << c_.members) - 1); }
  uint32_t acc() const { return acc_; }
  int tick() const { return tick_; }
  // Cycles left for a member in transition (its state changes at the step that takes it to 0).
  int timer(int j) const { return tmr_[j]; }
  // Stage 2: the member whose width changes, and its width as halvings, for bandwidth and for power.
  int width_member() const { return wmember_; }
  int bw_halvings() const { return bw_; }
  int pw_halvings() const { return pw_; }
  int width_timer() const { return wtmr_; }

  // Event-driven use (systemc/fabric/link_power.h): the steps before the next one that can change anything,
  // i.e. skip(k) for k <= quiet() equals k step() calls with no phit, no congestion and no check.
  int quiet() const {
    int q = c_.t_check - 1 - tick_;
    for (int j = 0; j < c_.members; ++j)
      if (st_[j] == MemberState::TurningOn || st_[j] == MemberState::TurningOff) q = tmr_[j] - 1 < q ? tmr_[j] - 1 : q;
    if (wtmr_ > 0 && wtmr_ - 1 < q) q = wtmr_ - 1;
    return q;
  }
  void skip(int k) {
    tick_ += k;
    for (int j = 0; j < c_.members; ++j)
      if (st_[j] == MemberState::TurningOn || st_[j] == MemberState::TurningOff) tmr_[j] -= k;
    if (wtmr_ > 0) wtmr_ -= k;
  }
  // Phits of ON members counted by the caller over skipped steps (step() adds the phits of its own cycle).
  void add_phits(uint32_t n) { acc_ += n; }

  void step(const LinkCtrlIn& in) {
    const uint32_t on = usable(), off = mask(MemberState::Off);
    const uint32_t n_on = static_cast<uint32_t>(__builtin_popcount(on));
    // The utilisation's denominator: ON members, or with transitions_active those in transition too.
    const uint32_t a = c_.transitions_active ? static_cast<uint32_t>(__builtin_popcount(powered())) : n_on;
    const uint32_t total = acc_ + static_cast<uint32_t>(__builtin_popcount(in.phit & on));
    const bool check = tick_ == c_.t_check - 1;
    int start_off = -1, start_on = -1, halve = 0;
    auto pick_on = [&] { return c_.on_highest ? highest(off) : lowest(off); };
    if (check) {
      if (n_on > 1 && total < in.th_off * a) {  // a trunk always keeps one member ON
        const uint32_t idle = on & ~in.busy;
        if (in.inj_empty) start_off = c_.off_lowest ? lowest(idle) : highest(idle);
      } else if (n_on == 1 && c_.width_steps > 0) {
        if (wtmr_ > 0) {
        } else if (total < in.th_off * a && bw_ < c_.width_steps) {
          halve = 1;
        } else if (total > in.th_on * a && bw_ > 0) {
          halve = -1;
        } else if (total > in.th_on * a) {
          start_on = pick_on();
        }
      } else if (total > in.th_on * a) {
        start_on = pick_on();
      }
    }
    // The width change in progress ends first (halving: power follows; widening: bandwidth follows).
    if (wtmr_ > 0 && --wtmr_ == 0) (wgrow_ ? bw_ : pw_) = wgrow_ ? pw_ : bw_;
    if (halve == 1) {
      wmember_ = lowest(on);
      ++bw_;
      wgrow_ = false;
      wtmr_ = c_.t_off;
    } else if (halve == -1 || (in.inj_pending && bw_ > 0 && !(wtmr_ > 0 && wgrow_ && pw_ == 0))) {
      pw_ = halve == -1 ? pw_ - 1 : 0;
      wgrow_ = true;
      wtmr_ = c_.t_on;
    }
    // Timers of members already in transition run out first; new transitions start at this edge.
    for (int j = 0; j < c_.members; ++j) {
      if (st_[j] != MemberState::TurningOn && st_[j] != MemberState::TurningOff) continue;
      if (--tmr_[j] == 0) st_[j] = st_[j] == MemberState::TurningOn ? MemberState::On : MemberState::Off;
    }
    const uint32_t wake = (in.inj_pending ? off : 0) | (start_on >= 0 ? 1u << start_on : 0);
    for (int j = 0; j < c_.members; ++j)
      if (wake >> j & 1) st_[j] = MemberState::TurningOn, tmr_[j] = c_.t_on;
    if (start_off >= 0) st_[start_off] = MemberState::TurningOff, tmr_[start_off] = c_.t_off;
    acc_ = check ? 0 : total;
    tick_ = check ? 0 : tick_ + 1;
  }

 private:
  static int highest(uint32_t m) { return m ? 31 - __builtin_clz(m) : -1; }
  static int lowest(uint32_t m) { return m ? __builtin_ctz(m) : -1; }
  LinkCtrlConfig c_;
  MemberState st_[16];
  int tmr_[16];
  uint32_t acc_ = 0;
  int tick_ = 0;
  int bw_ = 0, pw_ = 0, wtmr_ = 0, wmember_ = 0;  // stage 2
  bool wgrow_ = false;
};

}  // namespace drb
