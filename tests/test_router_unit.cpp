// SPDX-License-Identifier: Apache-2.0
// One router on its own, between stub channels: no network object exists. The router is built from its
// configuration, a channel table holding only its own channels (the far ends are stubs this test plays)
// and a packet store; the test delivers what the table carries and steps the router, cycle by cycle.
// Expected cycles are worked by hand from the stage delays (docs/architecture.md, "Stage timing").
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/routing/registry.h"
#include "systemc/base/packet_store.h"
#include "systemc/channel/channel.h"
#include "systemc/router/router_core.h"

namespace drb {
namespace {

// What reached a stub: a flit on one of the router's outputs, or a credit back to one of its senders.
struct Seen {
  int64_t t;
  int port;  // the router's output port (flits) or input port (credits)
  uint32_t pkt;
  uint16_t idx;
  uint8_t vc;
};

// Router `id` of a 4x4 mesh routed with DOR, every one of its channels ending at a stub.
class StubbedRouter {
 public:
  static constexpr int kStub = 1000;  // stub elements are kStub + the neighbour's id

  // steps: the data VC class groups (a DRB path through intermediate destinations takes one per step).
  explicit StubbedRouter(const RouterParams& rp, int id = 5, int d_link = 1, int d_credit = 1, uint32_t gmr_threshold = 0,
                         int steps = 1, int trunk = 1, HeadTap* tap = nullptr)
      : id_(id), al_(rp.al_width, 1), gmr_(gmr_threshold, false) {
    TopologyParams tp;
    tp.kind = "mesh";
    tp.k = {4, 4};
    tp.trunk = trunk;
    ic_ = make_interconnect(tp);
    rel_ = make_relation("dor", *ic_, RelationParams{});
    ack_ = make_static_relation(*ic_, RelationParams{});
    lay_ = std::make_unique<VcLayout>(rp.vcs, steps, rel_->needs().classes, SubClassSpec{0, -1, {}});
    cfg_.p = rp;
    cfg_.ic = ic_.get();
    cfg_.layout = lay_.get();
    cfg_.al = &al_;
    cfg_.gmr = &gmr_;
    cfg_.routing = rel_.get();
    cfg_.ack_routing = ack_.get();
    cfg_.needs = rel_->needs();
    cfg_.head_tap = tap;
    cfg_.early_ack = [this](int r, const Header& h, int64_t now) {  // GMR's early ack leaves through this hook
      early.push_back({now, r, h});
      return true;
    };
    r_ = std::make_unique<RouterCore>(cfg_, id, chan_, store_);
    r_->alloc_buffers();
    const int ports = ic_->ports(id);
    in_ch_.assign(ports, -1);
    out_ch_.assign(ports, -1);
    for (const GraphChannel& c : ic_->graph().channels()) {
      if (c.from == id) {
        out_ch_[c.from_port] = chan_.add(Channel{element_end(id, c.from_port), element_end(kStub + c.to, c.to_port), d_link, d_credit});
        r_->connect_output(c.from_port, out_ch_[c.from_port], false);
      }
      if (c.to == id) {
        in_ch_[c.to_port] = chan_.add(Channel{element_end(kStub + c.from, c.from_port), element_end(id, c.to_port), d_link, d_credit});
        r_->connect_input(c.to_port, in_ch_[c.to_port], false);
      }
    }
    const GraphTerminal& t = ic_->graph().terminals()[id];
    inject_ = t.inject.port;
    eject_ = t.eject.port;
    in_ch_[inject_] = chan_.add(Channel{terminal_end(id, 0), element_end(id, inject_), 1, d_credit});
    r_->connect_input(inject_, in_ch_[inject_], true);
    out_ch_[eject_] = chan_.add(Channel{element_end(id, eject_), terminal_end(id, 0), 1, d_credit});
    r_->connect_output(eject_, out_ch_[eject_], true);
    chan_.init(rp.d_sa + rp.d_st);
    chan_.bind([this](int c) { r_->channel_changed(chan_[c].from.port); },
               [this](int c) { return r_->output_idle(chan_[c].from.port); });
  }

  // The router's port towards a neighbour (-1 if none).
  int port_to(int neighbour) const {
    for (const GraphChannel& c : ic_->graph().channels())
      if (c.from == id_ && c.to == neighbour) return c.from_port;
    return -1;
  }
  int port_from(int neighbour) const {
    for (const GraphChannel& c : ic_->graph().channels())
      if (c.to == id_ && c.from == neighbour) return c.to_port;
    return -1;
  }
  int inject_port() const { return inject_; }
  int eject_port() const { return eject_; }
  int out_channel(int port) const { return out_ch_[port]; }

  // A packet of `len` flits from this router's terminal to `dst`, its flits arriving in input `port` on VC
  // `vc` one per cycle from cycle `at`. Returns its slot.
  // With `via`, the path names an intermediate destination first (DRB's MSP through that node).
  uint32_t offer(int port, int dst, int len, int64_t at, uint8_t vc = 0, int via = -1) {
    const uint32_t s = store_.new_packet();
    Packet& pk = store_.pkt(s);
    pk.src = id_;
    pk.t_gen = at;
    const uint32_t mid = static_cast<uint32_t>(via);
    pk.hdr = make_data_header(static_cast<uint32_t>(id_), static_cast<uint32_t>(dst), via >= 0 ? &mid : nullptr,
                              via >= 0 ? 1 : 0, 0, static_cast<uint16_t>(len));
    const ChannelPort cp = chan_.flit_port(in_ch_[port]);
    for (int i = 0; i < len; ++i) {
      Flit f;
      f.pkt = s;
      f.idx = static_cast<uint16_t>(i);
      f.vc = vc;
      f.flags = static_cast<uint8_t>((i == 0 ? Flit::kHead : 0) | (i == len - 1 ? Flit::kTail : 0));
      f.check = flit_check(pk.id, static_cast<uint32_t>(i));
      later_.push_back({at + i - cp.delay, cp, f, false, 0});  // arrives in cycle at + i
    }
    return s;
  }
  // The stub downstream of output `port` frees a slot of VC vc in cycle t.
  void give_credit(int port, int64_t t, uint8_t vc) { later_.push_back({t, chan_.credit_port(out_ch_[port]), Flit{}, true, vc}); }

  // Cycles [now_, to]: the table delivers, the router steps; what reaches the stubs is recorded.
  void run(int64_t to) {
    for (; now_ <= to; ++now_) {
      const int64_t now = now_;
      for (const Later& l : later_)  // the stubs send in their cycle (the table's wheels look ahead a few cycles only)
        if (l.t == now) l.credit ? chan_.send_credit(l.port, now, l.vc) : chan_.send_flit(l.port, now, l.f);
      chan_.deliver_flits(ChannelEnd::kElement, now, [&](const ChannelEnd& e, const Flit& f) {
        if (e.id == id_) {
          r_->arrive(e.port, f, now);
        } else {
          out.push_back({now, chan_[port_channel_to(e)].from.port, f.pkt, f.idx, f.vc});
        }
      });
      chan_.deliver_flits(ChannelEnd::kTerminal, now, [&](const ChannelEnd&, const Flit& f) {
        out.push_back({now, eject_, f.pkt, f.idx, f.vc});
      });
      chan_.deliver_credits(ChannelEnd::kElement, now, [&](const ChannelEnd& e, uint8_t vc) {
        if (e.id == id_) {
          r_->credit(e.port, vc);
        } else {
          credits.push_back({now, chan_[port_channel_from(e)].to.port, 0, 0, vc});
        }
      });
      chan_.deliver_credits(ChannelEnd::kTerminal, now, [&](const ChannelEnd&, uint8_t vc) {
        credits.push_back({now, inject_, 0, 0, vc});
      });
      r_->step(now);
    }
  }
  int64_t now() const { return now_; }
  RouterCore& router() { return *r_; }
  const Packet& packet(uint32_t slot) const { return store_.pkt(slot); }
  struct Early {
    int64_t t;
    int router;
    Header h;
  };
  std::vector<Early> early;
  ChannelTable& channels() { return chan_; }
  std::vector<Seen> out, credits;

 private:
  int port_channel_to(const ChannelEnd& e) const {  // the output channel ending at stub side e
    for (int c = 0; c < chan_.size(); ++c)
      if (chan_[c].to.id == e.id && chan_[c].to.port == e.port && chan_[c].to.kind == e.kind) return c;
    throw std::logic_error("no channel to the stub");
  }
  int port_channel_from(const ChannelEnd& e) const {
    for (int c = 0; c < chan_.size(); ++c)
      if (chan_[c].from.id == e.id && chan_[c].from.port == e.port && chan_[c].from.kind == e.kind) return c;
    throw std::logic_error("no channel from the stub");
  }

  struct Later {  // what a stub sends in cycle t
    int64_t t;
    ChannelPort port;
    Flit f;
    bool credit;
    uint8_t vc;
  };
  std::vector<Later> later_;
  int id_;
  std::unique_ptr<Interconnect> ic_;
  std::unique_ptr<RoutingRelation> rel_, ack_;
  std::unique_ptr<VcLayout> lay_;
  LatencyAccumulator al_;
  Gmr gmr_;
  RouterConfig cfg_;
  ChannelTable chan_;
  PacketStore store_;
  std::unique_ptr<RouterCore> r_;
  std::vector<int> in_ch_, out_ch_;
  int inject_ = -1, eject_ = -1;
  int64_t now_ = 0;
};

// Router 5 of the 4x4 mesh sits at (1, 1); node 7 at (3, 1) is reached through +x, towards router 6.
TEST(RouterUnit, AHeadCrossesInTheStageDelaysAndTheWormFollowsAFlitACycle) {
  for (const auto& [rc, va, sa, st, link] : std::vector<std::array<int, 5>>{{1, 1, 1, 1, 1}, {2, 3, 1, 2, 4}}) {
    RouterParams rp;
    rp.d_rc = rc, rp.d_va = va, rp.d_sa = sa, rp.d_st = st;
    StubbedRouter b(rp, 5, link);
    const int a = 10;
    const uint32_t pkt = b.offer(b.inject_port(), 7, 4, a);
    b.run(a + 40);
    ASSERT_EQ(b.out.size(), 4u);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(b.out[i].port, b.port_to(6));
      EXPECT_EQ(b.out[i].pkt, pkt);
      EXPECT_EQ(b.out[i].idx, i);
      // the head reaches the next router at a + rc + va + sa + st + link; a body flit a cycle after the one before
      EXPECT_EQ(b.out[i].t, a + rc + va + sa + st + link + i) << "flit " << i << " delays " << rc << va << sa << st << link;
    }
  }
}

TEST(RouterUnit, EachFlitLeavingTheBufferSendsACreditUpstream) {
  RouterParams rp;
  rp.d_rc = 2, rp.d_va = 1;
  StubbedRouter b(rp, 5, 1, 3);  // credit delay 3
  const int a = 10;
  b.offer(b.port_from(4), 7, 3, a, 1);  // from router 4 (-x side) on its VC 1, on towards +x
  b.run(a + 40);
  ASSERT_EQ(b.credits.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(b.credits[i].port, b.port_from(4));
    EXPECT_EQ(b.credits[i].vc, 1);
    // flit i leaves the buffer in its switch-allocation cycle a + rc + va + i; the sender counts it credit later
    EXPECT_EQ(b.credits[i].t, a + 2 + 1 + i + 3);
  }
}

TEST(RouterUnit, AnOutputVcSendsNoMoreFlitsThanItHasCreditsAndResumesOnACredit) {
  RouterParams rp;
  rp.vcs = 1;  // one VC per port: the second packet must use the first one's output VC
  rp.depth = 4;
  StubbedRouter b(rp);
  const int a = 10;
  b.offer(b.inject_port(), 7, 4, a);       // fills the 4 credits of the output VC
  b.offer(b.inject_port(), 7, 2, a + 10);  // after the first has left the input buffer
  b.run(a + 60);
  ASSERT_EQ(b.out.size(), 4u) << "the downstream stub returned nothing: 4 credits, 4 flits";
  // One credit, counted from cycle c: the waiting head goes in cycle c and arrives sa + st + link later;
  // the tail waits for the next credit.
  const int64_t c = b.now() + 5;
  b.give_credit(b.port_to(6), c - 1, 0);  // credit delay 1
  b.run(c + 30);
  ASSERT_EQ(b.out.size(), 5u);
  EXPECT_EQ(b.out[4].idx, 0);
  EXPECT_EQ(b.out[4].t, c + 3);
  const int64_t c2 = b.now() + 2;
  b.give_credit(b.port_to(6), c2 - 1, 0);
  b.run(c2 + 30);
  ASSERT_EQ(b.out.size(), 6u);
  EXPECT_EQ(b.out[5].idx, 1);
  EXPECT_EQ(b.out[5].t, c2 + 3);
}

TEST(RouterUnit, TheCrossbarArbiterAlternatesBetweenTwoInputsWantingOneOutput) {
 for (const bool islip : {false, true}) {
  SCOPED_TRACE(islip ? "iSLIP" : "separable");
  RouterParams rp;
  rp.sa_islip = islip;  // one iteration: the output's arbiter grants, the only requested input accepts
  StubbedRouter b(rp);
  const int a = 10;
  const uint32_t p1 = b.offer(b.inject_port(), 7, 8, a);    // from the terminal, towards +x
  const uint32_t p2 = b.offer(b.port_from(4), 7, 8, a, 0);  // from router 4, towards +x too
  b.run(a + 80);
  ASSERT_EQ(b.out.size(), 16u);
  int n1 = 0, n2 = 0;
  for (const Seen& s : b.out) {
    (s.pkt == p1 ? n1 : n2)++;
    EXPECT_EQ(s.port, b.port_to(6));
  }
  EXPECT_EQ(n1, 8);
  EXPECT_EQ(n2, 8);
  EXPECT_NE(b.out[0].vc, b.out[1].vc) << "the two packets hold the output's two VCs";
  // Both inputs request the output every cycle: the round-robin arbiter grants them in turn, one flit a cycle.
  for (size_t i = 1; i < b.out.size(); ++i) {
    EXPECT_EQ(b.out[i].t, b.out[i - 1].t + 1);
    EXPECT_NE(b.out[i].pkt, b.out[i - 1].pkt) << "flit " << i << ": the same input granted twice in a row";
  }
  (void)p2;
 }
}

// VC allocation is fair: four inputs (the terminal and three neighbours) each hold six packets for the one
// VC of output +x. Each tail frees the VC and the allocator's round robin hands it to the next input in
// turn, so every four consecutive packets on +x come from four different inputs and none is passed over.
TEST(RouterUnit, TheVcAllocatorHandsOneOutputVcToEachWaitingInputInTurn) {
  RouterParams rp;
  rp.vcs = 1;
  rp.depth = 32;
  StubbedRouter b(rp);
  const int east = b.port_to(6), a = 10, per_input = 6;
  std::map<uint32_t, int> input_of;
  const std::vector<int> inputs{b.inject_port(), b.port_from(4), b.port_from(1), b.port_from(9)};
  for (int i = 0; i < static_cast<int>(inputs.size()); ++i)
    for (int j = 0; j < per_input; ++j) input_of[b.offer(inputs[i], 7, 2, a + 2 * j)] = i;
  size_t seen = 0;
  for (int64_t t = 0; t < a + 400; ++t) {  // the stub downstream frees each slot the cycle after the flit
    b.run(t);
    for (; seen < b.out.size(); ++seen) b.give_credit(b.out[seen].port, t + 1, b.out[seen].vc);
  }
  std::vector<int> order;  // input of each packet on +x, in the order their heads left
  for (const Seen& s : b.out) {
    EXPECT_EQ(s.port, east);
    if (s.idx == 0) order.push_back(input_of.at(s.pkt));
  }
  ASSERT_EQ(order.size(), inputs.size() * per_input);
  for (size_t i = 0; i + 4 <= order.size(); ++i) {
    const std::set<int> window(order.begin() + i, order.begin() + i + 4);
    EXPECT_EQ(window.size(), 4u) << "packets " << i << ".." << i + 3 << ": an input granted twice before another once";
  }
}

// A head that finds the only output VC it may take owned waits out of the allocator's scan; the tail
// leaving frees the VC in that cycle's switch allocation (t), the waiting head takes it in the next cycle's
// VC allocation (t + 1) and crosses d_va later: out at t + 1 + va + sa + st + link, two cycles after the
// tail (t + sa + st + link). Worked for the default delays (1 each) and for slower stages.
TEST(RouterUnit, AHeadWaitingForAnOwnedOutputVcTakesItTheCycleAfterTheTailLeaves) {
  for (const auto& [va, sa, st, link] : std::vector<std::array<int, 4>>{{1, 1, 1, 1}, {3, 1, 2, 4}}) {
    RouterParams rp;
    rp.vcs = 1;
    rp.depth = 32;
    rp.d_va = va;
    rp.d_sa = sa;
    rp.d_st = st;
    StubbedRouter b(rp, 5, link);
    const int east = b.port_to(6), a = 10;
    const uint32_t p1 = b.offer(b.inject_port(), 7, 5, a);
    const uint32_t p2 = b.offer(b.port_from(4), 7, 3, a + 1);  // a cycle later: p1 takes the VC first
    b.run(a + 200);
    ASSERT_EQ(b.out.size(), 8u);
    int64_t tail1 = -1, head2 = -1;
    for (const Seen& s : b.out) {
      EXPECT_EQ(s.port, east);
      if (s.pkt == p1 && s.idx == 4) tail1 = s.t;
      if (s.pkt == p2 && s.idx == 0) head2 = s.t;
    }
    const int64_t t = tail1 - (sa + st + link);  // the cycle p1's tail crossed the switch
    EXPECT_EQ(head2, t + 1 + va + sa + st + link) << "va " << va << " sa " << sa << " st " << st << " link " << link;
  }
}

TEST(RouterUnit, AnOutputWhoseChannelIsOffTakesNoHeadUntilItIsOnAgain) {
  RouterParams rp;
  StubbedRouter b(rp);
  const int east = b.port_to(6);
  b.channels().set_state(b.out_channel(east), ChannelState::kOff);
  const int a = 10;
  b.offer(b.inject_port(), 7, 2, a);
  b.run(a + 100);
  EXPECT_TRUE(b.out.empty()) << "DOR has no other way: the head waits";
  const int64_t on = b.now();
  b.channels().set_state(b.out_channel(east), ChannelState::kOn);
  b.run(on + 20);
  ASSERT_EQ(b.out.size(), 2u);
  // The head has waited in VC allocation since a + rc; it takes the VC in cycle `on` and the switch a
  // cycle later (va), then sa + st + link.
  EXPECT_EQ(b.out[0].t, on + 1 + 1 + 1 + 1);
  // A channel turns off only while idle: with a packet on it, the router refuses.
  b.offer(b.inject_port(), 7, 6, b.now() + 1);
  b.run(b.now() + 4);
  EXPECT_THROW(b.channels().set_state(b.out_channel(east), ChannelState::kOff), std::logic_error);
}

TEST(RouterUnit, AFailedChannelLetsThePacketOnItFinishAndTakesNoNewHead) {
  RouterParams rp;
  StubbedRouter b(rp);
  const int east = b.port_to(6);
  const int a = 10;
  const uint32_t first = b.offer(b.inject_port(), 7, 6, a);
  b.run(a + 6);  // the head is out (a + 5); the rest of the worm is still in the router
  ASSERT_FALSE(b.out.empty());
  b.channels().set_state(b.out_channel(east), ChannelState::kFailed);
  b.offer(b.inject_port(), 7, 2, a + 8);
  b.run(a + 100);
  ASSERT_EQ(b.out.size(), 6u) << "the packet already on the channel completes; the next one waits";
  for (const Seen& s : b.out) EXPECT_EQ(s.pkt, first);
}

// DRB's intermediate destination at this router: DEC pops it in route compute and the head routes again
// d_dec cycles later, towards the final destination.
TEST(RouterUnit, DecPopsAnIntermediateDestinationHereAndRoutesOnAfterTheDecDelay) {
  RouterParams rp;
  rp.d_dec = 3;
  StubbedRouter b(rp, 5, 1, 1, 0, /*steps=*/2);  // VC 0 for the way to 5, VC 1 from 5 on
  const int a = 10;
  const uint32_t pkt = b.offer(b.port_from(4), 7, 2, a, 0, /*via=*/5);  // 4 -> [5] -> 7, entering from router 4
  b.run(a + 40);
  ASSERT_EQ(b.out.size(), 2u) << b.router().dump(b.now());
  EXPECT_EQ(b.out[0].port, b.port_to(6));
  EXPECT_EQ(b.out[0].t, a + 1 + 3 + 1 + 1 + 1 + 1) << "rc, dec, va, sa, st, link";
  EXPECT_EQ(b.router().counters().dec_pops, 1u);
  EXPECT_EQ(b.packet(pkt).hdr.front(), 7u) << "the intermediate destination was popped";
  EXPECT_EQ(b.out[0].vc, 1) << "the second step's VC class";
}

// AL: a head that misses its zero-load switch slot (no credit) subtracts T1 = the timer at that slot and
// adds T2 = the timer when it wins the switch, so it leaves with T2 - T1 in its latency field; GMR compares
// the field with its threshold as the head leaves on a network link and fires an early ack above it.
TEST(RouterUnit, AlAddsTheCyclesAHeadWaitedForACreditAndGmrFiresAboveItsThreshold) {
  RouterParams rp;
  rp.vcs = 1;
  rp.depth = 2;
  rp.gmr = true;
  StubbedRouter b(rp, 5, 1, 1, /*gmr_threshold=*/6);
  const int a = 10;
  const uint32_t first = b.offer(b.inject_port(), 7, 2, a);  // takes both credits of the output VC
  const uint32_t second = b.offer(b.inject_port(), 7, 1, a + 10);
  b.run(a + 30);
  ASSERT_EQ(b.out.size(), 2u);
  EXPECT_EQ(b.packet(first).hdr.latency, 0u) << "the first head left in its zero-load slot";
  EXPECT_TRUE(b.early.empty()) << "latency 0 is not above the threshold";
  // The second head: RC at a + 11 (t_req), its switch slot T1 = a + 12, no credit: it waits.
  const int64_t c = a + 40;
  b.give_credit(b.port_to(6), c - 1, 0);  // counted from c: the head wins the switch in cycle c
  b.run(c + 10);
  ASSERT_EQ(b.out.size(), 3u);
  const uint32_t waited = static_cast<uint32_t>(c - (a + 12));
  EXPECT_EQ(b.packet(second).hdr.latency, waited);
  EXPECT_EQ(b.router().counters().al_waits, 1u);
  ASSERT_EQ(b.early.size(), 1u) << waited << " cycles is above the threshold 6";
  EXPECT_EQ(b.early[0].t, c);
  EXPECT_EQ(b.early[0].router, 5);
  EXPECT_EQ(b.early[0].h.latency, waited);
  EXPECT_EQ(b.router().counters().gmr_fires, 1u);
}

// Trunks: a relation port is two element ports (members). Two heads wanting +x in the same cycle both ask
// for member 0's only VC; one wins, the other takes member 1 (first free) a cycle later, and the two worms
// cross side by side.
TEST(RouterUnit, ATrunksSecondMemberTakesTheHeadTheFirstCannot) {
  RouterParams rp;
  rp.vcs = 1;
  StubbedRouter b(rp, 5, 1, 1, 0, 1, /*trunk=*/2);
  const int east = b.port_to(6);  // member 0; member 1 is the next element port
  const int a = 10;
  const uint32_t p1 = b.offer(b.inject_port(), 7, 4, a);
  const uint32_t p2 = b.offer(b.port_from(4), 7, 4, a);
  b.run(a + 40);
  ASSERT_EQ(b.out.size(), 8u);
  std::vector<int64_t> t0, t1;
  for (const Seen& s : b.out) {
    ASSERT_TRUE(s.port == east || s.port == east + 1) << "port " << s.port;
    (s.port == east ? t0 : t1).push_back(s.t);
    EXPECT_EQ(s.pkt, s.port == b.out[0].port ? b.out[0].pkt : (b.out[0].pkt == p1 ? p2 : p1));
  }
  ASSERT_EQ(t0.size(), 4u);
  ASSERT_EQ(t1.size(), 4u);
  const std::vector<int64_t> first{a + 5, a + 6, a + 7, a + 8}, second{a + 6, a + 7, a + 8, a + 9};
  EXPECT_EQ(b.out[0].port, east) << "the VA winner takes member 0";
  EXPECT_EQ(t0, first);
  EXPECT_EQ(t1, second);
}

// The head tap (PR-DRB's monitor binds one): each data head leaving reports its wait beyond the zero-load
// switch slot and the packets it contended with. Two heads take the output's two VCs in one cycle; the
// crossbar sends one head a cycle, so the second waits 1 cycle, and each saw the other holding the other VC.
TEST(RouterUnit, TheHeadTapSeesEachHeadsWaitAndItsContenders) {
  struct Tap : HeadTap {
    struct Seen {
      uint32_t wait;
      std::vector<uint32_t> owners;
      int queued;
    };
    std::map<uint64_t, Seen> by_packet;
    void head_left(const HeadLeaving& h) override {
      by_packet[h.pk.id] = {h.wait, std::vector<uint32_t>(h.contenders, h.contenders + h.owners), h.queued};
    }
  } tap;
  RouterParams rp;
  StubbedRouter b(rp, 5, 1, 1, 0, 1, 1, &tap);
  const int a = 10;
  const uint32_t p1 = b.offer(b.inject_port(), 7, 3, a), p2 = b.offer(b.port_from(4), 7, 3, a);
  b.run(a + 40);
  ASSERT_EQ(b.out.size(), 6u);
  ASSERT_EQ(tap.by_packet.size(), 2u);
  const uint32_t first = b.out[0].pkt, second = first == p1 ? p2 : p1;
  const auto& f = tap.by_packet.at(b.packet(first).id);
  const auto& g = tap.by_packet.at(b.packet(second).id);
  EXPECT_EQ(f.wait, 0u);
  EXPECT_EQ(g.wait, 1u) << "one cycle behind the first head at the crossbar";
  EXPECT_EQ(f.owners, std::vector<uint32_t>{second});
  EXPECT_EQ(g.owners, std::vector<uint32_t>{first});
  EXPECT_EQ(f.queued, 0);
  EXPECT_EQ(g.queued, 0);
}

}  // namespace
}  // namespace drb

namespace drb {
namespace {

// A unit's VCs (systemc/router/vc_slice.h): a unit built alone owns them, and a move hands them over; a
// router's units are views of its arrays, one per direction, port p's VCs from p * vcs on.
TEST(VcSlice, OwnsAloneAndViewsTheRoutersArrays) {
  VcSlice<OutputVc> a;
  a.assign(3, OutputVc{});
  a[2].credits = 7;
  VcSlice<OutputVc> b(std::move(a));
  EXPECT_EQ(a.size(), 0u);
  EXPECT_EQ(a.begin(), a.end());
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[2].credits, 7);
  OutputVc shared[6];
  b.view(shared + 3, 3);  // drops the array it owned; the viewed one stays its owner's
  b[1].credits = 5;
  EXPECT_EQ(shared[4].credits, 5);
  EXPECT_EQ(b.end() - b.begin(), 3);

  // A router with 2 VCs a port: input port p's VC c is element p * 2 + c of one array, and so is output
  // port p's VC c of the other (the waveform references point into them); each output VC starts with the
  // buffer depth as its credits (towards a router).
  RouterParams rp;
  rp.vcs = 2;
  rp.depth = 4;
  StubbedRouter sr(rp);
  const RouterCore& r = sr.router();
  const auto* in0 = reinterpret_cast<const char*>(&r.trace_state(0, 0));
  const auto* out0 = reinterpret_cast<const char*>(&r.trace_credits(0, 0));
  ASSERT_GE(r.in_ports(), 5);
  for (int p = 0; p < r.in_ports(); ++p) {
    for (int c = 0; c < 2; ++c) {
      EXPECT_EQ(reinterpret_cast<const char*>(&r.trace_state(p, c)) - in0,
                static_cast<std::ptrdiff_t>((p * 2 + c) * sizeof(InputVc)));
      EXPECT_EQ(reinterpret_cast<const char*>(&r.trace_credits(p, c)) - out0,
                static_cast<std::ptrdiff_t>((p * 2 + c) * sizeof(OutputVc)));
      if (r.output_to_element(p)) {  // an ejection port's are unbounded
        EXPECT_EQ(r.credits(p, c), 4);
      }
    }
  }
}

// The output unit alone (systemc/router/output_unit.h, RTL drb_output_unit): credits and owners, and the
// channel-state rules of docs/power.md and docs/faults.md: a channel goes off only while its output is idle
// (no VC owned, every credit back); failed lets the owned VC finish and offers no free one; on offers all.
TEST(OutputUnit, CreditsOwnersAndTheChannelStatesItFollows) {
  constexpr int depth = 4;
  OutputUnit o;
  o.init(3, depth);
  ASSERT_EQ(o.vcs.size(), 3u);
  EXPECT_TRUE(o.idle(depth));
  EXPECT_EQ(o.used_vcs(), 0);
  o.vcs[1].owner = 7;  // a head took VC 1 and sent a flit
  --o.vcs[1].credits;
  EXPECT_FALSE(o.idle(depth));
  EXPECT_FALSE(o.follow(ChannelState::kOff, depth)) << "off while a VC is owned";
  EXPECT_EQ(o.state, ChannelState::kOn);
  o.vcs[1].owner = -1;  // the tail left; its flit still holds a slot downstream
  EXPECT_FALSE(o.idle(depth)) << "a credit is still out";
  o.credit(1);
  EXPECT_TRUE(o.idle(depth));
  ASSERT_TRUE(o.follow(ChannelState::kOff, depth));
  EXPECT_EQ(o.used_vcs(), 3) << "no VC offered while off";
  EXPECT_TRUE(o.idle(depth)) << "not offered is not in use";
  ASSERT_TRUE(o.follow(ChannelState::kOn, depth));
  EXPECT_EQ(o.used_vcs(), 0);
  o.vcs[0].owner = 2;
  ASSERT_TRUE(o.follow(ChannelState::kFailed, depth));
  EXPECT_EQ(o.vcs[0].owner, 2) << "the packet on the failed link completes";
  EXPECT_EQ(o.vcs[1].owner, OutputUnit::kNotOffered);
  EXPECT_EQ(o.vcs[2].owner, OutputUnit::kNotOffered);
  EXPECT_EQ(o.free_owner, OutputUnit::kNotOffered) << "VC 0 is not offered again once its tail leaves";
  ASSERT_TRUE(o.follow(ChannelState::kOn, depth));  // repaired
  EXPECT_EQ(o.free_owner, -1);
  EXPECT_EQ(o.vcs[0].owner, 2);
  EXPECT_EQ(o.vcs[1].owner, -1);
  EXPECT_EQ(o.used_vcs(), 1);
}

TEST(OutputUnit, TowardsAnNiItNeverRunsOutOfCredits) {
  OutputUnit net, ej;
  net.init(2, 8);
  ej.init(2, 8);
  net.connect(ChannelPort{}, 2, false, 4);
  ej.connect(ChannelPort{}, 2, true, 4);
  EXPECT_TRUE(net.network);
  EXPECT_EQ(net.dateline, 4);
  EXPECT_EQ(net.vcs[0].credits, 8);
  EXPECT_FALSE(ej.network);
  EXPECT_EQ(ej.dateline, 0) << "leaving towards a terminal crosses no dateline";
  EXPECT_GT(ej.vcs[0].credits, 1 << 24) << "the destination NI always sinks";
}

// The input unit alone (systemc/router/input_unit.h, RTL drb_input_unit): its VCs know where they sit (the
// router's stage masks are indexed by them) and start idle.
TEST(InputUnit, VcsKnowTheirPortAndIndexAndStartIdle) {
  InputUnit u;
  u.init(3, 4);
  ASSERT_EQ(u.vcs.size(), 4u);
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(u.vcs[c].port, 3);
    EXPECT_EQ(u.vcs[c].vc, c);
    EXPECT_EQ(u.vcs[c].state, InputVc::kIdle);
    EXPECT_EQ(u.vcs[c].out_port, -1);
  }
  for (int s = 0; s < 4; ++s) EXPECT_EQ(u.stage[s], 0u);
}

}  // namespace
}  // namespace drb
