// SPDX-License-Identifier: Apache-2.0
// The link controller model (models/blocks/link_ctrl.h) against the power-saving thesis' worked examples:
// the on/off oscillation of Fig. 4.5 (U_on = 0.6, U_off = 0.4, constant nominal utilisation 0.18) and its
// absence when U_on >= 2 U_off, the effective thresholds of Fig. 4.7 under a slow ramp, the congestion test,
// the idle and queue conditions of turning off, and the transition times.
#include <gtest/gtest.h>

#include <vector>

#include "models/blocks/link_ctrl.h"

using namespace drb;

namespace {

constexpr int kCheck = 1000, kTrans = 100;

LinkCtrlConfig cfg(bool all_on = true) {
  LinkCtrlConfig c;
  c.members = 4;
  c.t_check = kCheck;
  c.t_on = c.t_off = kTrans;
  c.init_all_on = all_on;
  return c;
}

// Offers `load` of the whole nominal trunk (4 members: 4 * load phits per cycle), sent on the ON members
// as far as they can take it; thresholds U as phits per member and period.
struct Driver {
  LinkController ctl;
  double demand = 0;
  LinkCtrlIn in;
  explicit Driver(const LinkCtrlConfig& c, double u_on, double u_off) : ctl(c) {
    in.th_on = static_cast<uint32_t>(u_on * kCheck + 0.5);
    in.th_off = static_cast<uint32_t>(u_off * kCheck + 0.5);
  }
  int active() const { return __builtin_popcount(ctl.usable()); }
  void cycle(double load) {
    demand += 4 * load;
    in.phit = 0;
    for (int j = 0; j < 4 && demand >= 1; ++j)
      if (ctl.usable() >> j & 1) in.phit |= 1u << j, demand -= 1;
    if (demand > 4) demand = 4;  // what the ON members could not take is not queued forever
    ctl.step(in);
  }
};

// Active members at each check (sampled just before it), over `checks` periods at a constant load.
std::vector<int> states_at_checks(Driver& d, double load, int checks) {
  std::vector<int> a;
  for (int c = 0; c < checks; ++c)
    for (int t = 0; t < kCheck; ++t) {
      if (d.ctl.tick() == kCheck - 1) a.push_back(d.active());
      d.cycle(load);
    }
  return a;
}

TEST(LinkCtrl, Fig45OscillatesWhenUonBelowTwiceUoff) {
  Driver d(cfg(), 0.6, 0.4);
  // S4 (u 0.18) -> S3 (0.24) -> S2 (0.36) -> S1 (0.72 > 0.6) -> S2 (0.36 < 0.4) -> S1 -> ...
  EXPECT_EQ(states_at_checks(d, 0.18, 8), (std::vector<int>{4, 3, 2, 1, 2, 1, 2, 1}));
}

TEST(LinkCtrl, NoOscillationWhenUonAtLeastTwiceUoff) {
  Driver d(cfg(), 0.8, 0.4);
  EXPECT_EQ(states_at_checks(d, 0.18, 8), (std::vector<int>{4, 3, 2, 1, 1, 1, 1, 1}));
}

// Fig. 4.7, U_on = 0.4, U_off = 0.16: going down, S4 -> S3 below 0.16, S3 -> S2 below 0.12 (3/4 U_off),
// S2 -> S1 below 0.08 (2/4); going up, S1 -> S2 above 0.10 (1/4 U_on), S2 -> S3 above 0.20, S3 -> S4 above
// 0.30. The nominal load moves by 0.0025 per period, so each transition is seen within a step of it.
TEST(LinkCtrl, Fig47EffectiveThresholds) {
  Driver d(cfg(), 0.4, 0.16);
  std::vector<std::pair<int, double>> down, up;  // (state reached, load at the check that decided it)
  double load = 0.35;
  int prev = 4;
  auto period = [&] {
    for (int t = 0; t < kCheck; ++t) d.cycle(load);
    // The transition decided at this check completes within the next period (kTrans < kCheck).
    for (int t = 0; t < kTrans + 1; ++t) d.cycle(load);
    const int a = d.active();
    if (a != prev) (a < prev ? down : up).push_back({a, load});
    prev = a;
    for (int t = kTrans + 1; t < kCheck; ++t) d.cycle(load);
  };
  while (load > 0.02) period(), load -= 0.0025;
  while (load < 0.35) period(), load += 0.0025;
  ASSERT_EQ(down.size(), 3u);
  ASSERT_EQ(up.size(), 3u);
  const double want_down[] = {0.16, 0.12, 0.08}, want_up[] = {0.10, 0.20, 0.30};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(down[i].first, 3 - i);
    EXPECT_NEAR(down[i].second, want_down[i], 0.006) << "down to " << down[i].first;
    EXPECT_EQ(up[i].first, 2 + i);
    EXPECT_NEAR(up[i].second, want_up[i], 0.006) << "up to " << up[i].first;
  }
}

// Turning off needs an idle member and an empty injection queue; the highest-index idle ON member goes.
TEST(LinkCtrl, TurnsOffTheHighestIdleMemberOnlyWithAnEmptyQueue) {
  LinkController c(cfg());
  LinkCtrlIn in;
  in.th_on = 600, in.th_off = 400;
  in.inj_empty = false;
  for (int t = 0; t < kCheck; ++t) c.step(in);
  EXPECT_EQ(c.usable(), 0xfu);  // queue not empty: nothing went off
  in.inj_empty = true;
  in.busy = 0b1000;
  for (int t = 0; t < kCheck; ++t) c.step(in);
  EXPECT_EQ(c.state(2), MemberState::TurningOff);  // 3 is busy: 2 is the highest idle one
  EXPECT_EQ(c.usable(), 0b1011u);
  in.busy = 0b1011;
  for (int t = 0; t < kCheck; ++t) c.step(in);
  EXPECT_EQ(c.usable(), 0b1011u);  // every ON member busy: nothing happens
  EXPECT_EQ(c.state(2), MemberState::Off);
  EXPECT_EQ(c.powered(), 0b1011u);
}

// The congestion test turns every OFF member on at once, any cycle; each is ON exactly t_on cycles later.
TEST(LinkCtrl, CongestionTurnsEveryOffMemberOnAndTransitionsTakeTheirTime) {
  LinkController c(cfg(false));  // dynamic runs start with member 0 only
  EXPECT_EQ(c.usable(), 1u);
  EXPECT_EQ(c.powered(), 1u);
  LinkCtrlIn in;
  in.th_on = 600, in.th_off = 400;
  for (int t = 0; t < 10; ++t) c.step(in);
  in.inj_pending = true, in.inj_empty = false;
  c.step(in);  // the edge that starts the transitions
  in.inj_pending = false;
  for (int t = 0; t < kTrans; ++t) {
    EXPECT_EQ(c.usable(), 1u) << t;     // no bandwidth while turning on...
    EXPECT_EQ(c.powered(), 0xfu) << t;  // ...but the power is drawn from the start
    c.step(in);
  }
  EXPECT_EQ(c.usable(), 0xfu);
}

// The utilisation counter restarts after each check: a busy period followed by an idle one turns a member
// off at the idle period's check.
TEST(LinkCtrl, CounterRestartsEveryCheck) {
  LinkController c(cfg());
  LinkCtrlIn in;
  in.th_on = 600, in.th_off = 400;
  in.phit = 0xf;
  for (int t = 0; t < kCheck - 1; ++t) c.step(in);
  EXPECT_EQ(c.acc(), 4u * (kCheck - 1));
  c.step(in);
  EXPECT_EQ(c.acc(), 0u);
  EXPECT_EQ(c.usable(), 0xfu);
  in.phit = 0;
  for (int t = 0; t < kCheck; ++t) c.step(in);
  EXPECT_EQ(c.state(3), MemberState::TurningOff);
}

}  // namespace
