// SPDX-License-Identifier: Apache-2.0
// Trace-driven traffic (traffic.pattern=trace, out.trace): a recorded synthetic run replays to the same
// delivered messages; a reply waits for its request's delivery (hand-worked cycles); a reply to a rejected
// request is not sent; malformed lines exit 2 naming the line; the generator script writes valid traces.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <chrono>

#include <cstdio>
#include <fstream>
#include <functional>

#include "systemc/fabric/fabric.h"
#include "tb/drbsim/guards.h"
#include "tb/traffic/generator.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

std::string temp(const std::string& name, const std::string& text = "") {
  const std::string p = test_tmp(name);
  if (!text.empty()) std::ofstream(p) << text;
  return p;
}

nlohmann::json result(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in)["runs"][0]["result"];
}

TEST(Trace, RecordedRunReplaysToTheSameDeliveredMessages) {
  const std::string tr = temp("rec.trace"), a = temp("syn.json"), b = temp("rep.json");
  const std::string net = "topology.k=4 router.vcs=4 sim.warmup=1000 sim.measure=6000 sim.progress=off stats.per_pair=true ";
  const Exec e = drbsim(net + "routing.algorithm=adaptive traffic.pattern=transpose traffic.rate=0.9 traffic.length=4,12 "
                        "traffic.source_queue=4 out.trace=" + tr + " out.json=" + a);
  ASSERT_EQ(e.code, 0) << e.err;
  const Exec f = drbsim(net + "routing.algorithm=adaptive traffic.pattern=trace traffic.source_queue=4 traffic.trace=" + tr +
                        " out.json=" + b);
  ASSERT_EQ(f.code, 0) << f.err;
  const auto x = result(a), y = result(b);
  EXPECT_GT(x["rejected_messages"].get<uint64_t>(), 0u) << "past saturation: rejections must replay too";
  for (const char* k : {"messages_delivered_total", "messages_accepted_total", "offered_messages", "rejected_messages",
                        "latency", "network_latency", "per_pair", "hops"})
    EXPECT_EQ(x[k], y[k]) << k;
}

// 4x4 torus, default pipeline: message 0 from node 0 to node 5 (2 hops, 10 flits) is generated at cycle 0 and
// arrives at 1 + 3 x 4 + 2 + 1 + 9 = 25; message 1, the reply 5 -> 0 (4 flits) waiting for it, is released
// at 26 (not at its cycle 3) and arrives 1 + 12 + 2 + 1 + 3 = 19 cycles later, at 45. Message 2 (cycle 40,
// 1 -> 2, waits for 0) is released at its own cycle, 40, its dependency being delivered by then.
TEST(Trace, ReplyWaitsForItsRequest) {
  const std::string tr = temp("dep.trace", "# request and reply\n0 0 5 10\n3 5 0 4 0\n40 1 2 1 0\n");
  const auto j = in_child([tr] {
    const Scenario s = scenario({"topology.k=4", "traffic.pattern=trace", "traffic.trace=" + tr});
    Fabric fab("fabric", s.net);
    Network& net = fab.net();
    struct Obs : NetObserver {
      nlohmann::json got = nlohmann::json::array();
      void message_delivered(const Message& m, int64_t now) override {
        got.push_back({{"src", m.src}, {"gen", m.t_gen}, {"at", now}});
      }
    } obs;
    net.add_observer(&obs);
    TrafficGenerator gen(net, s.traffic, 1);
    gen.set_window(0, 1000);
    fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
    fab.run_until(200);
    return obs.got;
  });
  ASSERT_FALSE(j.is_object() && j.contains("error")) << j.dump();
  ASSERT_EQ(j.size(), 3u) << j.dump();
  EXPECT_EQ(j[0], (nlohmann::json{{"src", 0}, {"gen", 0}, {"at", 25}}));
  EXPECT_EQ(j[1], (nlohmann::json{{"src", 5}, {"gen", 26}, {"at", 45}}));
  EXPECT_EQ(j[2]["gen"], 40);
}

// Node 0's source queue holds one message: of two at cycle 0 the second is rejected, and the reply that
// waits for it is not sent (counted as offered and rejected); the reply to the first is.
TEST(Trace, ReplyToARejectedRequestIsNotSent) {
  const std::string tr = temp("rej.trace", "0 0 5 10\n0 0 6 10\n1 6 0 2 1\n1 5 0 2 0\n");
  const std::string out = temp("rej.json");
  const Exec e = drbsim("topology.k=4 traffic.pattern=trace traffic.source_queue=1 sim.warmup=0 sim.measure=100 sim.progress=off "
                        "traffic.trace=" + tr + " out.json=" + out);
  ASSERT_EQ(e.code, 0) << e.err;
  const auto r = result(out);
  EXPECT_EQ(r["offered_messages"], 4);
  EXPECT_EQ(r["rejected_messages"], 2);
  EXPECT_EQ(r["messages_delivered_total"], 2);
}

TEST(Trace, MalformedLinesExitTwoWithTheLineNumber) {
  const std::pair<const char*, const char*> cases[] = {
      {"0 1 2 3\n1 2 x 4\n", "line 2: 'x' is not an integer"},
      {"0 1 2\n", "line 1: expected cycle source destination length"},
      {"# c\n\n5 1 2 3\n4 1 2 3\n", "line 4: cycle 4 comes after cycle 5"},
      {"0 1 16 3\n", "line 1: destination 16 is not a node"},
      {"0 3 3 3\n", "line 1: source and destination are both 3"},
      {"0 1 2 0\n", "line 1: length 0 is not 1..4096"},
      {"0 1 2 3 0\n", "line 1: dependency 0 is not an earlier message"},
      {"0 1 2 3\n1 1 2 3 5\n", "line 2: dependency 5 is not an earlier message"},
      {"0 1 2 3 1 9\n", "line 1: more than 5 fields"},
      {"0 1 2 3.5\n", "line 1: '3.5' is not an integer"},
      {"# nothing\n", "the trace has no message line"},
  };
  int k = 0;
  for (const auto& [text, why] : cases) {
    const std::string tr = temp("bad" + std::to_string(k++) + ".trace", text);
    const Exec e = drbsim("topology.k=4 traffic.pattern=trace traffic.trace=" + tr);
    EXPECT_EQ(e.code, 2) << text;
    EXPECT_EQ(e.err.rfind("drbsim: error: traffic.trace: " + std::string(why), 0), 0u) << text << " -> " << e.err;
  }
  expect_refused({{"topology.k=4 traffic.pattern=trace", "traffic.trace"},
                  {"topology.k=4 traffic.pattern=trace traffic.trace=/nonexistent/x", "traffic.trace"},
                  {"topology.k=4 traffic.trace=" + temp("ok.trace", "0 1 2 3\n"), "traffic.trace"},
                  {"topology.k=4 traffic.pattern=trace traffic.rate=0.2 traffic.trace=" + temp("ok.trace"), "traffic.rate"},
                  {"topology.k=4 sweep.traffic.rate=0.1,0.2 out.trace=" + temp("two.trace"), "out.trace"}});
}

// The replay reads the file that was checked: one replaced, grown, or rewritten in place (same size and
// modification time) since the check fails the run naming traffic.trace, not as an internal error.
TEST(Trace, ReplayRefusesAFileChangedAfterItsCheck) {
  const std::string text = "0 0 5 4\n3 5 0 2 0\n7 1 2 1\n";
  auto in_place = [](const std::string& p, const std::string& t) {  // same inode, size and times
    struct stat st {};
    stat(p.c_str(), &st);
    std::ofstream(p) << t;
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    utimensat(AT_FDCWD, p.c_str(), times, 0);
  };
  const std::pair<const char*, std::function<void(const std::string&)>> changes[] = {
      {"another file is now in its place",
       [&](const std::string& p) {
         std::ofstream(p + ".new") << text;
         std::rename((p + ".new").c_str(), p.c_str());
       }},
      {"size or modification time differs",
       [&](const std::string& p) { std::ofstream(p, std::ios::app) << "9 1 2 1\n"; }},
      {"line 2: source 55 is not a node",
       [&](const std::string& p) { in_place(p, "0 0 5 4\n3 55 0 2 \n7 1 2 1\n"); }},
      {"2 messages in 26 bytes read, 3 in 26 checked",
       [&](const std::string& p) { in_place(p, "0 0 5 4\n3 5 0 2 0\n#######\n"); }},
  };
  int k = 0;
  for (const auto& [why, change] : changes) {
    const std::string tr = temp("changed" + std::to_string(k++) + ".trace", text);
    const Scenario s = scenario({"topology.k=4", "traffic.pattern=trace", "sim.warmup=0", "traffic.trace=" + tr});
    change(tr);
    const auto r = run_child(s);
    ASSERT_TRUE(r.contains("error")) << why << ": " << r.dump().substr(0, 300);
    EXPECT_EQ(r["key"], "traffic.trace") << why;
    EXPECT_EQ(r["kind"], "input") << why;
    const std::string err = r["error"];
    EXPECT_NE(err.find("changed after it was checked"), std::string::npos) << err;
    EXPECT_NE(err.find(why), std::string::npos) << err;
  }
}

// One line that never ends is refused at 4096 characters without reading it whole: a 64 MiB line costs no
// more memory than a short file (std::getline grew the line first).
TEST(Trace, EndlessLineIsRefusedWithBoundedMemory) {
#ifdef DRB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer's shadow memory inflates the measured peak";
#endif
  const std::string tr = temp("endless.trace");
  {
    std::ofstream out(tr);
    const std::string chunk(1 << 20, '7');
    out << "0 1 2 ";
    for (int i = 0; i < 64; ++i) out << chunk;
  }
  const Exec e = drbsim_argv({"topology.k=4", "traffic.pattern=trace", "traffic.trace=" + tr}, 60);
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_EQ(e.err, "drbsim: error: traffic.trace: line 1: longer than 4096 characters\n");
  EXPECT_LT(e.peak_kib, 32 * 1024) << "the line was read whole";
}

// The memory guard counts a trace's messages: 3,000,000 at cycle 0 queue at once with an unbounded source
// queue, at least 3e6 x sizeof(Message) bytes, far above a 64 MiB limit; refused before anything is built
// (a small peak), naming traffic.trace, the trace intact.
TEST(Trace, MessagesCountInTheMemoryGuard) {
  const std::string tr = temp("many.trace");
  constexpr int kMessages = 3000000;
  {
    std::string text;
    text.reserve(kMessages * 9);
    for (int i = 0; i < kMessages; ++i) {
      const int src = i % 16, dst = (src + 1 + i % 15) % 16;  // never src itself
      text += "0 " + std::to_string(src) + " " + std::to_string(dst) + " 1\n";
    }
    std::ofstream(tr) << text;
  }
  struct stat before {};
  stat(tr.c_str(), &before);
  const auto t0 = std::chrono::steady_clock::now();
  const Exec e = drbsim_argv({"topology.k=4", "traffic.pattern=trace", "sim.warmup=0", "sim.mem_limit=64M",
                              "traffic.trace=" + tr}, 60);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("refused in %.2f s, peak RSS %ld KiB\n", secs, e.peak_kib);
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_EQ(e.err.rfind("drbsim: error: traffic.trace: ", 0), 0u) << e.err;
  EXPECT_NE(e.err.find("all 3000000 of the trace"), std::string::npos) << e.err;
  EXPECT_GE(3.0e6 * sizeof(Message), 64.0 * 1048576) << "the case must exceed the limit on messages alone";
  EXPECT_LT(e.peak_kib, 64 * 1024) << "something was built";
  struct stat after {};
  stat(tr.c_str(), &after);
  EXPECT_EQ(after.st_size, before.st_size);
  // A bounded source queue holds at most 16 x 8 of them: the estimate drops by the others' queue entries.
  const std::vector<std::string> kv{"topology.k=4", "traffic.pattern=trace", "sim.warmup=0", "traffic.trace=" + tr};
  std::vector<std::string> bounded = kv;
  bounded.push_back("traffic.source_queue=8");
  EXPECT_GE(estimate_memory(scenario(kv)).total() - estimate_memory(scenario(bounded)).total(),
            (kMessages - 16 * 8) * static_cast<double>(sizeof(Message)));
}

// The example trace and the generator script: a request/reply trace from the transpose pattern replays to its
// end (the replies released after the trace's last cycle included), every line a message delivered.
TEST(Trace, GeneratorScriptAndExampleReplay) {
  const std::string tr = temp("gen.trace");
  const std::string cmd = "/usr/bin/python3 " DRB_SOURCE_DIR "/tb/gen/make_trace.py --nodes 16 --pattern transpose "
                          "--rate 0.05 --length 8 --cycles 3000 --replies 2 --seed 3 > " + tr;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  for (const std::string& f : {tr, std::string(DRB_SOURCE_DIR "/tb/scenarios/example.trace")}) {
    const std::string out = temp("gen.json");
    const Exec e = drbsim("topology.k=4 traffic.pattern=trace sim.warmup=0 sim.progress=off traffic.trace=" + f +
                          " out.json=" + out);
    ASSERT_EQ(e.code, 0) << f << ": " << e.err;
    const auto r = result(out);
    std::ifstream in(f);
    uint64_t lines = 0;
    for (std::string l; std::getline(in, l);) lines += !l.empty() && l[0] != '#';
    EXPECT_GT(lines, 20u) << f;
    EXPECT_EQ(r["messages_accepted_total"], lines) << f;
    EXPECT_EQ(r["messages_delivered_total"], lines) << f;
  }
}

}  // namespace

namespace {

// Streaming: replaying a trace ten times longer does not take more memory (peak RSS of the drbsim child,
// 30,000 against 300,000 one-flit messages on a 4x4 torus): the reader keeps a window, not the file.
TEST(Trace, MemoryDoesNotGrowWithTheTrace) {
#ifdef DRB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer's quarantine grows with the allocations, not with what is live";
#endif
  auto write = [](const std::string& name, int n) {
    const std::string p = test_tmp(name);
    std::ofstream out(p);
    for (int t = 0; t < n; ++t) {
      const int s = t % 16, d = (s + 1 + t % 15) % 16;  // never s itself
      out << t << ' ' << s << ' ' << d << " 1\n";
    }
    return p;
  };
  auto peak = [](const std::string& trace) {
    const Exec e = drbsim("topology.k=4 traffic.pattern=trace sim.warmup=0 sim.progress=off stats.links=false traffic.trace=" + trace);
    EXPECT_EQ(e.code, 0) << e.err;
    struct rusage ru {};
    getrusage(RUSAGE_CHILDREN, &ru);
    return ru.ru_maxrss;  // KiB, the largest child so far
  };
  const long small = peak(write("short.trace", 30000));
  const long large = peak(write("long.trace", 300000));
  std::printf("peak RSS: 30k messages %ld KiB, 300k messages %ld KiB\n", small, large);
  EXPECT_LT(large, small + 4096) << "memory grew with the trace";
}

// The example trace ends near cycle 400; replayed with the default 10,000-cycle warm-up, the window holds no
// packet. That table of zeros is said: a warning naming the window on stderr and measured_nothing in the JSON,
// exit 0; under sim.strict=true exit 3 with the results still written. From cycle 0 it measures, unwarned.
TEST(Trace, ARunThatMeasuredNothingIsSaidAndFailsUnderStrict) {
  const std::string ex = DRB_SOURCE_DIR "/tb/scenarios/example.trace";
  const std::string a = temp("nothing.json"), b = temp("strict.json"), c = temp("measured.json");
  const Exec e = drbsim_argv({"traffic.pattern=trace", "traffic.trace=" + ex, "sim.progress=off", "out.json=" + a});
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_NE(e.err.find("drbsim: warning: sim.warmup: run 1 of 1 measured no packet in cycles 10000-"), std::string::npos)
      << e.err;
  EXPECT_EQ(result(a).value("measured_nothing", false), true);
  EXPECT_EQ(result(a)["latency"]["count"], 0);

  const Exec s = drbsim_argv({"traffic.pattern=trace", "traffic.trace=" + ex, "sim.progress=off", "sim.strict=true",
                              "out.json=" + b});
  EXPECT_EQ(s.code, 3) << s.err;
  EXPECT_NE(s.err.find("measured no packet"), std::string::npos) << s.err;
  EXPECT_EQ(result(b).value("measured_nothing", false), true);

  const Exec m = drbsim_argv({"traffic.pattern=trace", "traffic.trace=" + ex, "sim.progress=off", "sim.strict=true",
                              "sim.warmup=0", "out.json=" + c});
  EXPECT_EQ(m.code, 0) << m.err;
  EXPECT_EQ(m.err.find("warning"), std::string::npos) << m.err;
  EXPECT_GT(result(c)["latency"]["count"].get<int>(), 0);
  EXPECT_FALSE(result(c).contains("measured_nothing"));
}

}  // namespace
