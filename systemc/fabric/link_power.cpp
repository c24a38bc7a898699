// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/link_power.h"

#include <stdexcept>
#include <string>

#include "systemc/fabric/link_host.h"

namespace drb {

void LinkPower::move(int i, MemberState s, int64_t now) {
  PowerLink& l = link_[i];
  const MemberState o = l.st;
  if (o == s) return;
  auto powered = [](MemberState x) { return x != MemberState::Off; };
  if (powered(o) != powered(s)) set_units(i, powered(s) ? full_ : 0, now);
  if ((o == MemberState::On) != (s == MemberState::On)) {
    on_time_ += static_cast<double>(on_) * static_cast<double>(now + 1 - t_on_last_);
    t_on_last_ = now + 1;
    on_ += s == MemberState::On ? 1 : -1;
  }
  ChannelTable& ch = net_.channels();
  if (o == MemberState::On) {
    ch.set_state(l.ch, ChannelState::kOff);
    ++offs_;
    ++l.offs;
  }
  if (s == MemberState::On) {
    ch.set_state(l.ch, ChannelState::kOn);
    net_.channels().moved(now);  // a link back in service counts as progress for the stall watchdog
  }
  if (s == MemberState::TurningOn) ++ons_, ++waking_, ++l.ons;
  if (o == MemberState::TurningOn) --waking_;
  l.st = s;
}

void LinkPower::set_units(int i, int u, int64_t now) {
  if (u == link_[i].units) return;
  energy_ += static_cast<double>(powered_) * static_cast<double>(now + 1 - t_last_);
  t_last_ = now + 1;
  powered_ += u - link_[i].units;
  link_[i].units = u;
}

void LinkPower::init_off(int i) {
  link_[i].st = MemberState::Off;
  powered_ -= link_[i].units;
  link_[i].units = 0;
  --on_;
  net_.channels().set_state(link_[i].ch, ChannelState::kOff);
}

uint32_t LinkPower::take_phits(int i) {
  PowerLink& l = link_[i];
  const uint32_t s = static_cast<uint32_t>(net_.channels().sent(l.ch));  // differences wrap as they did
  const uint32_t d = s - l.snap;
  l.snap = s;
  return d;
}

namespace {

// Thresholds and phits are compared in eighths of a phit, so that grid points such as 0.02625 x 2000 = 52.5
// phits per period are exact.
constexpr uint32_t kPhitScale = 8;

// Tori and meshes: one LinkController per output trunk (a port without trunks is a trunk of one member).
class TrunkPower : public LinkPower {
 public:
  explicit TrunkPower(LinkHost& net) : LinkPower(net) {
    const PowerParams& pp = net.params().power;
    const Interconnect& ic = net.interconnect();
    const NetworkGraph& g = ic.graph();
    const int n = ic.trunk(), e = ic.elements();
    congestion_ = pp.congestion != 0;
    full_ = 1 << pp.width_steps;
    queue_ = pp.congestion_queue;
    th_on_ = static_cast<uint32_t>(pp.u_on * pp.t_check * kPhitScale + 0.5);
    th_off_ = static_cast<uint32_t>(pp.u_off * pp.t_check * kPhitScale + 0.5);
    t_check_ = pp.t_check;
    terms_.resize(e);
    for (int t = 0; t < ic.terminals(); ++t) terms_[g.terminals()[t].inject.element].push_back(t);
    trunks_of_.resize(e);
    for (int r = 0; r < e; ++r) {
      for (int p = 0; p < ic.ports(r); p += n) {
        if (g.out(r, p) < 0) continue;  // terminal ports come after the trunks
        Trunk tr;
        tr.element = r;
        tr.first = static_cast<int>(link_.size());
        LinkCtrlConfig c;
        c.members = n;
        c.t_check = pp.t_check;
        c.t_on = pp.t_on;
        c.t_off = pp.t_off;
        c.init_all_on = !pp.init_min;
        c.width_steps = pp.width_steps;
        c.off_lowest = pp.off_lowest;
        c.on_highest = pp.on_highest;
        c.transitions_active = pp.transitions_active;
        tr.ctrl = LinkController(c);
        for (int m = 0; m < n; ++m) link_.push_back(PowerLink{g.out(r, p + m), r, p + m, MemberState::On, 0, 0, 0, full_});
        trunks_of_[r].push_back(static_cast<int>(trunks_.size()));
        trunks_.push_back(tr);
      }
    }
    on_ = static_cast<int64_t>(link_.size());
    links_ = powered_ = on_ * full_;
    off_.init(e);
    for (Trunk& tr : trunks_)  // the minimum configuration: member 0 of every trunk
      for (int m = 0; m < tr.ctrl.config().members; ++m)
        if (tr.ctrl.state(m) == MemberState::Off) {
          init_off(tr.first + m);
          off_.add(tr.element);
        }
    timers_.init(std::max(pp.t_on, pp.t_off) + 1);
    stamp_.assign(trunks_.size(), -1);
  }

  void step(int64_t now) override {
    due_.clear();
    timers_.drain(now, [&](int t) { due(t, now); });
    if ((now + 1) % t_check_ == 0)
      for (int t = 0; t < static_cast<int>(trunks_.size()); ++t) due(t, now);
    if (congestion_)
      off_.visit([&](int r) {
        if (!has_off(r)) return false;
        if (pending(r))
          for (int t : trunks_of_[r]) due(t, now);
        return true;
      });
    for (int t : due_) fire(t, now);
    end_cycle(now);
  }

 private:
  struct Trunk {
    int element = -1, first = 0;
    LinkController ctrl;
    int64_t last = -1;  // the controller has stepped through this cycle
  };
  // The congestion test: the router's injection queue holds power.congestion_queue messages not started.
  bool pending(int r) const {
    for (int t : terms_[r])
      if (net_.source(t).waiting() >= queue_) return true;
    return false;
  }
  bool has_off(int r) const {
    for (int t : trunks_of_[r])
      for (int m = 0; m < trunks_[t].ctrl.config().members; ++m)
        if (link_[trunks_[t].first + m].st == MemberState::Off) return true;
    return false;
  }
  // "The local injection queue is empty" where the congestion test does not fire: the thesis' node has four
  // injection channels, and its queue holds what they cannot take (docs/power.md).
  bool inj_empty(int r) const { return !pending(r); }
  void due(int t, int64_t now) {
    if (stamp_[t] == now) return;
    stamp_[t] = now;
    due_.push_back(t);
  }
  void fire(int t, int64_t now) {
    Trunk& tr = trunks_[t];
    LinkController& c = tr.ctrl;
    const int64_t gap = now - tr.last - 1;
    if (gap > c.quiet()) throw std::logic_error("link power: a controller event was missed");
    c.skip(static_cast<int>(gap));
    tr.last = now;
    const int n = c.config().members;
    LinkCtrlIn in;
    uint32_t phits = 0;
    const ChannelTable& ch = net_.channels();
    for (int m = 0; m < n; ++m) {
      const uint32_t ph = take_phits(tr.first + m) << (m == c.width_member() ? c.bw_halvings() : 0);
      if (c.state(m) == MemberState::On) phits += ph;
      if (!ch.idle(link_[tr.first + m].ch)) in.busy |= 1u << m;
    }
    c.add_phits(phits * kPhitScale);
    in.inj_empty = inj_empty(tr.element);
    in.inj_pending = congestion_ && pending(tr.element);
    in.th_on = th_on_;
    in.th_off = th_off_;
    c.step(in);
    bool off = false;
    for (int m = 0; m < n; ++m) {
      const MemberState s = c.state(m);
      move(tr.first + m, s, now);
      if (s == MemberState::TurningOn || s == MemberState::TurningOff) timers_.push(now + c.timer(m), t);
      off |= s == MemberState::Off;
    }
    if (off) off_.add(tr.element);
    if (c.config().width_steps > 0) {  // stage 2: the last member's width, for its bandwidth and its power
      const int m = c.width_member();
      net_.channels().set_width(link_[tr.first + m].ch, 1 << c.bw_halvings());
      if (link_[tr.first + m].st != MemberState::Off) set_units(tr.first + m, full_ >> c.pw_halvings(), now);
      if (c.width_timer() > 0) timers_.push(now + c.width_timer(), t);
    }
  }

  std::vector<Trunk> trunks_;
  std::vector<std::vector<int>> trunks_of_, terms_;
  std::vector<int64_t> stamp_;
  std::vector<int> due_;
  NodeSet off_;
  Wheel<int> timers_;
  bool congestion_ = true;
  int queue_ = 4;
  uint32_t th_on_ = 0, th_off_ = 0;
  int t_check_ = 2000;
};

}  // namespace

std::unique_ptr<LinkPower> LinkPower::make(LinkHost& net) {
  const Interconnect& ic = net.interconnect();
  if (ic.direct()) return std::make_unique<TrunkPower>(net);
  if (ic.tree()) return make_tree_power(net);
  throw std::invalid_argument("power.mechanism: link power saving exists for tori, meshes and k-ary n-trees, not a " +
                              ic.kind());
}

}  // namespace drb
