// SPDX-License-Identifier: Apache-2.0
// The k-ary n-tree's link power controllers (the power thesis' chapter 5; docs/power.md): the minimal tree
// (MT) always on, up-links outside it switched by the mean utilisation of a switch's active up-links with
// static or dynamic thresholds, input disconnections mirrored on the matching up-link, and down-links that
// go off together when a switch has no active input (standby) and back on when one starts turning on.
#include <stdexcept>

#include "models/power/minimal_tree.h"
#include "systemc/fabric/link_power.h"
#include "systemc/fabric/link_host.h"

namespace drb {

namespace {

constexpr uint32_t kPhitScale = 8;  // as for the tori: thresholds in eighths of a phit

class TreePower : public LinkPower {
 public:
  explicit TreePower(LinkHost& net) : LinkPower(net), t_(*net.interconnect().tree()) {
    const PowerParams& pp = net.params().power;
    const NetworkGraph& g = net.interconnect().graph();
    k_ = t_.k();
    dynamic_ = pp.dynamic;
    congestion_ = pp.congestion == 1;
    queue_ = pp.congestion_queue;
    mirror_mt_ = pp.mirror_mt;
    t_check_ = pp.t_check, t_on_ = pp.t_on, t_off_ = pp.t_off;
    th_on_ = static_cast<uint64_t>(pp.u_on * pp.t_check * kPhitScale + 0.5);
    th_off_ = static_cast<uint64_t>(pp.u_off * pp.t_check * kPhitScale + 0.5);
    const int e = net.interconnect().elements();
    sw_.resize(e);
    for (int s = 0; s < e; ++s) {
      Sw& w = sw_[s];
      w.stage = t_.stage(s);
      w.mt = in_minimal_tree(t_, s);
      w.up.assign(k_, -1), w.down.assign(k_, -1), w.in_below.assign(k_, -1), w.in_above.assign(k_, -1);
      w.mirror_off.assign(k_, 0);
    }
    const auto& ch = g.channels();
    for (int c = 0; c < static_cast<int>(ch.size()); ++c) {
      link_.push_back(PowerLink{c, ch[c].from, ch[c].from_port, MemberState::On, 0, 0, 0, 1});
      to_.push_back(ch[c].to), to_port_.push_back(ch[c].to_port);
      Sw& from = sw_[ch[c].from];
      (ch[c].from_port < k_ ? from.down[ch[c].from_port] : from.up[ch[c].from_port - k_]) = c;
      Sw& to = sw_[ch[c].to];
      (ch[c].to_port < k_ ? to.in_below[ch[c].to_port] : to.in_above[ch[c].to_port - k_]) = c;
    }
    want_on_.assign(link_.size(), 0);
    on_ = static_cast<int64_t>(link_.size());
    links_ = powered_ = on_ + 2 * static_cast<int64_t>(t_.terminals());  // terminal links: counted, always on
    retry_.init(e);
    leaves_.init(e);
    if (pp.init_min) {
      const std::vector<char> mt = minimal_tree_channels(t_, g);
      for (int c = 0; c < static_cast<int>(link_.size()); ++c)
        if (!mt[c]) init_off(c);
    }
    timers_.init(std::max(t_on_, t_off_) + 1);
    for (int s = 0; s < e; ++s)
      if (sw_[s].stage == 0) leaves_.add(s);
  }

  void step(int64_t now) override {
    timers_.drain(now, [&](int i) { finish(i, now); });
    retry_.visit([&](int s) { return settle(s, now); });
    if (congestion_)
      leaves_.visit([&](int s) {
        for (int t = s * k_; t < (s + 1) * k_; ++t)
          if (net_.source(t).waiting() >= queue_) {
            for (int u : sw_[s].up) start_on(u, now);
            break;
          }
        return true;
      });
    if ((now + 1) % t_check_ == 0)
      for (int s = 0; s < static_cast<int>(sw_.size()); ++s) check(s, now);
    end_cycle(now);
  }

 private:
  struct Sw {
    int stage = 0;
    bool mt = false;
    std::vector<int> up, down;            // my output link on up port k+u / down port i (-1: none)
    std::vector<int> in_below, in_above;  // the link into my down port i / up port k+u (-1: none)
    uint64_t acc = 0;                     // up-link phits this period (of links that were ON)
    std::vector<char> mirror_off;         // input below i went off: up-link k+i follows once idle
  };
  bool active(int i) const {
    return i >= 0 && (link_[i].st == MemberState::On || link_[i].st == MemberState::TurningOn);
  }
  bool idle(int i) const { return net_.channels().idle(link_[i].ch); }
  int ups_on(const Sw& w) const {
    int a = 0;
    for (int u : w.up) a += u >= 0 && link_[u].st == MemberState::On;
    return a;
  }
  bool below_active(const Sw& w) const {
    if (w.stage == 0) return true;  // terminal links never go off
    for (int i : w.in_below)
      if (active(i)) return true;
    return false;
  }
  bool any_input_active(const Sw& w) const {
    if (below_active(w)) return true;
    for (int i : w.in_above)
      if (active(i)) return true;
    return false;
  }

  void start_off(int i, int64_t now) {
    Sw& from = sw_[link_[i].element];
    if (link_[i].port >= k_) from.acc += take_phits(i);
    move(i, MemberState::TurningOff, now);
    timers_.push(now + t_off_, i);
    input_changed(i, false, now);
  }
  void start_on(int i, int64_t now) {
    if (i < 0) return;
    if (link_[i].st == MemberState::TurningOff) want_on_[i] = 1;
    if (link_[i].st != MemberState::Off) return;
    move(i, MemberState::TurningOn, now);
    timers_.push(now + t_on_, i);
    input_changed(i, true, now);
  }
  void finish(int i, int64_t now) {
    if (link_[i].st == MemberState::TurningOn) {
      move(i, MemberState::On, now);
      take_phits(i);  // its count starts now
    } else if (link_[i].st == MemberState::TurningOff) {
      move(i, MemberState::Off, now);
      if (want_on_[i]) want_on_[i] = 0, start_on(i, now);
    }
  }
  // The link into switch to_[i] starts turning on or off: mirroring and standby there.
  void input_changed(int i, bool on, int64_t now) {
    const int s = to_[i], p = to_port_[i];
    Sw& w = sw_[s];
    if (p < k_ && w.up[p] >= 0) {
      if (on) {
        w.mirror_off[p] = 0;
        start_on(w.up[p], now);  // may cascade up
      } else if (!w.mt || (mirror_mt_ && p != 0)) {
        w.mirror_off[p] = 1;
      }
    }
    if (settle(s, now)) retry_.add(s);
  }
  // Standby and mirrored disconnections of switch s; true while something waits for a link to be idle.
  bool settle(int s, int64_t now) {
    Sw& w = sw_[s];
    bool pending = false;
    if (!w.mt && w.stage > 0) {
      if (any_input_active(w)) {
        for (int d : w.down) start_on(d, now);
      } else {
        for (int d : w.down) {
          if (link_[d].st == MemberState::TurningOn) pending = true;
          if (link_[d].st != MemberState::On) continue;
          if (idle(d)) start_off(d, now);
          else pending = true;
        }
      }
    }
    for (int p = 0; p < k_; ++p) {
      if (!w.mirror_off[p]) continue;
      const int u = w.up[p];
      if (link_[u].st != MemberState::On) {
        w.mirror_off[p] = 0;
        continue;
      }
      // Never the last up-link while an input from below can still bring upward traffic.
      if ((ups_on(w) > 1 || !below_active(w)) && idle(u)) {
        w.mirror_off[p] = 0;
        start_off(u, now);
      } else {
        pending = true;
      }
    }
    return pending;
  }
  // The periodic utilisation rule on switch s's up-links.
  void check(int s, int64_t now) {
    Sw& w = sw_[s];
    if (w.up[0] < 0) return;  // the top stage has no up-links
    for (int u : w.up)
      if (link_[u].st == MemberState::On) w.acc += take_phits(u);
    const uint64_t a = static_cast<uint64_t>(ups_on(w)), x = w.acc * kPhitScale;
    w.acc = 0;
    if (a == 0) return;
    const bool low = dynamic_ ? x * static_cast<uint64_t>(k_) < th_on_ * (a - 1) : x < th_off_ * a;
    if (low) {
      if (!w.mt && a == 1) return;  // a non-MT switch's last up-link goes only by mirroring
      for (int p = k_ - 1; p >= 0; --p) {
        const int u = w.up[p];
        if (link_[u].st != MemberState::On || (w.mt && p == 0) || !idle(u)) continue;
        start_off(u, now);
        return;
      }
    } else if (x > th_on_ * a) {
      for (int u : w.up)
        if (link_[u].st == MemberState::Off) {
          start_on(u, now);
          return;
        }
    }
  }

  const KAryNTree& t_;
  int k_ = 2;
  bool dynamic_ = false, congestion_ = false, mirror_mt_ = true;
  int queue_ = 4;
  int t_check_ = 2000, t_on_ = 1000, t_off_ = 1000;
  uint64_t th_on_ = 0, th_off_ = 0;
  std::vector<Sw> sw_;
  std::vector<int> to_, to_port_;
  std::vector<char> want_on_;
  NodeSet retry_, leaves_;
  Wheel<int> timers_;
};

}  // namespace

std::unique_ptr<LinkPower> make_tree_power(LinkHost& net) { return std::make_unique<TreePower>(net); }

}  // namespace drb
