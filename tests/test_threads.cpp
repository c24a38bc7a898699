// SPDX-License-Identifier: Apache-2.0
// sim.threads: the routing elements of one run stepped by N threads give the same results, byte for byte,
// for every N (the JSON differs only in the echo of sim.threads itself); what would be shared between the
// threads is refused before anything runs; the pieces (the step pool, the node set's ranges, the channel
// table's lanes) do what the fabric relies on.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "systemc/base/node_set.h"
#include "systemc/channel/channel.h"
#include "systemc/fabric/step_pool.h"
#include "tests/support.h"

using namespace drb::test;

namespace {

// The run's JSON with the echo of sim.threads taken out, and its CSV.
std::pair<std::string, std::string> run(const std::string& cfg, int threads) {
  const std::string j = test_tmp("threads.json"), c = test_tmp("threads.csv");
  const Exec e = drbsim(cfg + " sim.progress=off out.plot= sim.threads=" + std::to_string(threads) + " out.json=" + j +
                        " out.csv=" + c);
  EXPECT_EQ(e.code, 0) << e.err;
  const std::string json = slurp(j);
  EXPECT_NE(json.find("\"sim.threads\": " + std::to_string(threads)), std::string::npos);
  return {std::regex_replace(json, std::regex("\"sim.threads\": [0-9]+"), "\"sim.threads\": N"), slurp(c)};
}

void same_for_every_thread_count(const std::string& cfg) {
  const auto one = run(cfg, 1);
  ASSERT_GT(one.first.size(), 1000u);
  ASSERT_GT(one.second.size(), 100u);
  for (int n : {2, 3}) {
    const auto r = run(cfg, n);
    EXPECT_EQ(r.first, one.first) << "JSON of sim.threads=" << n << " differs from one thread's: " << cfg;
    EXPECT_EQ(r.second, one.second) << "CSV of sim.threads=" << n << " differs from one thread's: " << cfg;
  }
}

// Past saturation (most VCs parked on a credit or an output VC), 256 routers in ranges of 128 and of
// 64/128/64 (starting on multiples of 64: each thread takes its own routers' flits and credits, as in
// every case below with 64 or more elements per thread; smaller fabrics get them from the calling thread).
TEST(Threads, TorusPastSaturationGivesTheSameBytesForOneTwoAndThreeThreads) {
  same_for_every_thread_count("topology.k=16 traffic.length=10 traffic.rate=0.3 sim.warmup=500 sim.measure=1500");
}

// DRB2's GMR builds early acks in the routers' step: from other threads they wait for the step to end and
// are built in router order then, drops counted as one thread counts them. The run has fires and drops.
TEST(Threads, EarlyAcksOfGmrGiveTheSameBytesForOneTwoAndThreeThreads) {
  for (const char* k : {"8", "16"}) {  // deliveries from the calling thread, and by each thread
    const std::string cfg = std::string("topology.k=") + k + " router.vcs=6 routing.algorithm=drb2 drb2.threshold=16 "
                            "drb2.queue=1 drb.ack_mode=in_network traffic.rate=0.4 sim.warmup=500 sim.measure=2000";
    same_for_every_thread_count(cfg);
    const std::string j = slurp(test_tmp("threads.json"));
    EXPECT_EQ(j.find("\"gmr_fires\": 0,"), std::string::npos) << "no early ack was built: the case tests nothing";
    EXPECT_EQ(j.find("\"gmr_drops\": 0,"), std::string::npos) << "no early ack was dropped: the case tests nothing";
  }
}

// An indirect fabric with virtual cut-through and the BookSim2 router (iSLIP, random ties).
TEST(Threads, FatTreeAndTheBookSimRouterGiveTheSameBytesForOneTwoAndThreeThreads) {
  same_for_every_thread_count("topology.kind=fattree topology.k=4 topology.n=3 routing.algorithm=updown "
                              "router.switching=vct router.buffer=16 traffic.rate=0.5 sim.warmup=500 sim.measure=1500");
  same_for_every_thread_count("topology.kind=fattree topology.k=4 topology.n=4 routing.algorithm=updown "  // 256 switches
                              "router.switching=vct router.buffer=16 traffic.rate=0.5 sim.warmup=500 sim.measure=1000");
  same_for_every_thread_count("topology.k=8 router.preset=booksim traffic.length=4 traffic.rate=0.35 sim.warmup=500 "
                              "sim.measure=1500");
}

// Link power saving switches channels and wakes routers from the calling thread between the steps.
TEST(Threads, LinkPowerSavingGivesTheSameBytesForOneTwoAndThreeThreads) {
  for (const char* k : {"8", "16"})
    same_for_every_thread_count(std::string("topology.k=") + k + " power.mechanism=on power.width_steps=2 "
                                "traffic.rate=0.05 sim.warmup=500 sim.measure=3000");
}

// One line naming the key, exit 2, nothing written.
TEST(Threads, SharedStateAndBadCountsAreRefusedBeforeAnythingRuns) {
  const std::string out = test_tmp("refused.json");
  std::remove(out.c_str());
  const std::vector<std::string> refused{
      "sim.threads=2 router.impl=rtl", "sim.threads=2 router.blocks.va=rtl",
      "sim.threads=2 router.vcs=4 routing.algorithm=prdrb", "sim.threads=3 trace.packets=" + test_tmp("p.csv"),
      "sim.threads=2 faults.links=0>1", "sim.threads=0", "sim.threads=65", "sim.threads=two", "sim.threads=1.5"};
  for (const std::string& kv : refused) {
    const Exec e = drbsim("topology.k=4 sim.warmup=100 sim.measure=200 out.json=" + out + " " + kv);
    EXPECT_EQ(e.code, 2) << kv << ": " << e.err;
    EXPECT_EQ(e.err.rfind("drbsim: error: sim.threads: ", 0), 0u) << kv << ": " << e.err;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << kv << ": " << e.err;
    EXPECT_TRUE(slurp(out).empty()) << kv << ": wrote its JSON";
  }
}

// Every part runs once per run, part 0 in the caller; an exception reaches the caller after every part is
// done, and the pool runs on afterwards; more threads than this machine's cores work too.
TEST(Threads, TheStepPoolRunsEveryPartOnceAndPassesAnExceptionOn) {
  for (int n : {2, 3, 7}) {
    drb::StepPool pool(n);
    std::vector<int> ran(static_cast<size_t>(n), 0);
    std::vector<std::thread::id> who(static_cast<size_t>(n));
    auto part = [&](int t) {
      ++ran[static_cast<size_t>(t)];
      who[static_cast<size_t>(t)] = std::this_thread::get_id();
    };
    for (int r = 0; r < 1000; ++r) pool.run(part);
    for (int t = 0; t < n; ++t) EXPECT_EQ(ran[static_cast<size_t>(t)], 1000) << "part " << t << " of " << n;
    EXPECT_EQ(who[0], std::this_thread::get_id());
    EXPECT_EQ(std::set<std::thread::id>(who.begin(), who.end()).size(), static_cast<size_t>(n));
    std::atomic<int> done{0};
    auto bad = [&](int t) {
      if (t == n - 1) throw std::runtime_error("part failed");
      ++done;
    };
    EXPECT_THROW(pool.run(bad), std::runtime_error);
    EXPECT_EQ(done.load(), n - 1) << "the other parts ran to the end";
    pool.run(part);
    EXPECT_EQ(ran[0], 1001);
  }
}

// A range visit sees exactly the members in [lo, hi), across word boundaries, changes nothing, and lists
// the ids whose visit said "not any more".
TEST(Threads, ANodeSetRangeVisitSeesItsMembersOnly) {
  drb::NodeSet s;
  s.init(200);
  const std::vector<int> members{0, 5, 63, 64, 100, 127, 128, 199};
  for (int m : members) s.add(m);
  for (const auto& [lo, hi] : std::vector<std::pair<int, int>>{{0, 200}, {5, 100}, {6, 64}, {64, 65}, {101, 127}, {128, 200}, {7, 7}}) {
    std::vector<int> seen, gone;
    s.visit_range(lo, hi, [&](int n) {
      seen.push_back(n);
      return n % 2 == 0;
    }, gone);
    std::vector<int> want, want_gone;
    for (int m : members)
      if (m >= lo && m < hi) {
        want.push_back(m);
        if (m % 2) want_gone.push_back(m);
      }
    EXPECT_EQ(seen, want) << lo << ".." << hi;
    EXPECT_EQ(gone, want_gone) << lo << ".." << hi;
  }
  std::vector<int> all;
  s.visit([&](int n) { all.push_back(n); return true; });
  EXPECT_EQ(all, members) << "a range visit removed members";
  s.remove(63);
  all.clear();
  s.visit([&](int n) { all.push_back(n); return true; });
  EXPECT_EQ(all.size(), members.size() - 1);
}

// Lanes: what senders of lane 0 and lane 1 send for one cycle arrives lane by lane, each in sending order,
// whichever lane sent first; terminals send in lane 0.
TEST(Threads, ChannelLanesDeliverLaneByLaneInSendingOrder) {
  drb::ChannelTable t;
  t.set_lanes({0, 1});  // element 0 in lane 0, element 1 in lane 1
  const int a = t.add(drb::Channel{drb::element_end(0, 0), drb::element_end(1, 0), 2, 1});
  const int b = t.add(drb::Channel{drb::element_end(1, 1), drb::element_end(0, 1), 2, 1});
  const int c = t.add(drb::Channel{drb::terminal_end(0, 0), drb::element_end(1, 2), 1, 1});
  t.init(1);
  EXPECT_EQ(t.lanes(), 2);
  EXPECT_EQ(t.lane_index(t.flit_port(a)), 0);
  EXPECT_EQ(t.lane_index(t.flit_port(b)), 1);
  EXPECT_EQ(t.lane_index(t.flit_port(c)), 0);
  EXPECT_EQ(t.lane_index(t.credit_port(a)), 1) << "a credit goes back from the flit's receiver";
  auto send = [&t](int ch, int64_t depart, uint32_t pkt) { send_pkt(t, ch, depart, pkt); };
  send(b, 10, 1);  // lane 1 first ...
  send(a, 10, 2);
  send(b, 10, 3);
  send(c, 11, 4);  // ... a terminal's flit a cycle later lands in the same cycle, in lane 0
  std::vector<uint32_t> got;
  t.deliver_flits(drb::ChannelEnd::kElement, 12, [&](const drb::ChannelEnd&, const drb::Flit& x) { got.push_back(x.pkt); });
  EXPECT_EQ(got, (std::vector<uint32_t>{2, 4, 1, 3}));
  *t.move_slot(1) = 40;
  t.moved(30);
  EXPECT_EQ(t.last_move(), 40) << "the watchdog sees the latest move of any lane";
}

}  // namespace
