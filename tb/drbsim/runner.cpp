// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/runner.h"
#include "tb/drbsim/run_cache.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "models/routing/source_needs.h"
#include "systemc/fabric/fabric.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/outputs.h"
#include "tb/drbsim/report.h"
#include "tb/stats/collector.h"
#include "tb/stats/drb_report.h"
#include "tb/traffic/generator.h"

namespace drb {

namespace {

class Progress {
 public:
  Progress(const Scenario& s, const RunContext& c) : ctx_(c), t0_(clock::now()), last_(t0_) {
    mode_ = s.sim.progress;
    tty_ = isatty(2);
  }
  void update(int64_t cycle, int64_t target, const char* phase) {
    if (!due()) return;
    say(fmt::format("{} cycle {}/{}, {:.0f} cycles/s", phase, cycle, target, rate(cycle)));
  }
  // The drain has no fixed end (sim.drain_max only bounds it): the messages still to deliver, and the cycles
  // they take at the rate they left over the last interval, instead of the cap.
  void drain(int64_t cycle, uint64_t live) {
    if (left_at_ < 0) {
      left_at_ = cycle;
      left_ = live;
    }
    if (!due()) return;
    const double per_cycle =
        cycle > left_at_ ? static_cast<double>(left_ - std::min(left_, live)) / static_cast<double>(cycle - left_at_) : 0;
    const std::string est =
        per_cycle > 0 ? fmt::format("about {:.0f} cycles left", live / per_cycle) : "no delivery yet to estimate from";
    say(fmt::format("drain cycle {}, {} messages to deliver ({}), {:.0f} cycles/s", cycle, live, est, rate(cycle)));
    left_at_ = cycle;
    left_ = live;
  }
  ~Progress() {
    if (printed_ && tty_) std::fprintf(stderr, "\n");
  }

 private:
  using clock = std::chrono::steady_clock;
  bool due() {
    if (mode_ == "off") return false;
    const auto now = clock::now();
    const double since_start = std::chrono::duration<double>(now - t0_).count();
    const double since_last = std::chrono::duration<double>(now - last_).count();
    if (mode_ == "auto" && since_start < 3.0) return false;
    if (since_last < (tty_ ? 0.5 : 5.0) && mode_ != "on") return false;
    if (mode_ == "on" && since_last < 1.0) return false;
    last_ = now;
    return true;
  }
  // One progress line: on a terminal over the last one, else a line of its own.
  void say(const std::string& what) {
    std::fprintf(stderr, "%s[drbsim] run %d/%d%s%s: %s%s", tty_ ? "\r" : "", ctx_.index + 1, ctx_.total,
                 ctx_.label.empty() ? "" : " ", ctx_.label.c_str(), what.c_str(), tty_ ? "   " : "\n");
    printed_ = true;
  }
  double rate(int64_t cycle) const {
    return cycle / std::max(std::chrono::duration<double>(clock::now() - t0_).count(), 1e-9);
  }
  int64_t left_at_ = -1;  // the drain's last report: its cycle and the messages then
  uint64_t left_ = 0;
  RunContext ctx_;
  clock::time_point t0_, last_;
  std::string mode_;
  bool tty_ = false, printed_ = false;
};

// Relative link power (docs/power.md): link-cycles drawn over the measured window against every counted link
// on for the whole window; transitions drawn as the thesis counts them (from the decision to turn on, until
// the end of turning off).
struct PowerMark {
  double energy = 0, on = 0;
  int64_t offs = 0, ons = 0;
  PowerMark() = default;
  PowerMark(const LinkPower& pw, int64_t t)
      : energy(pw.energy(t)), on(pw.on_time(t)), offs(pw.switch_offs()), ons(pw.switch_ons()) {}
};

nlohmann::json power_report(const LinkPower& pw, const Scenario& s, const PowerMark& a, const PowerMark& b,
                            int64_t end, int64_t window) {
  const double links = static_cast<double>(pw.links()), sw = static_cast<double>(pw.switchable().size());
  const double win = static_cast<double>(window);
  nlohmann::json p;
  p["p_rel"] = (b.energy - a.energy) / (links * win);
  p["p_rel_whole_run"] = pw.energy(end) / (links * static_cast<double>(end));
  p["links_counted"] = pw.links();
  p["links_switchable"] = pw.switchable().size();
  p["on_fraction"] = (b.on - a.on) / (sw * win);
  p["switch_offs"] = b.offs - a.offs;
  p["switch_ons"] = b.ons - a.ons;
  p["energy_share"] = s.net.power.energy_share;
  if (s.stats.time_bin > 0) {
    nlohmann::json ts = nlohmann::json::array();
    double pe = 0, po = 0;
    const double bin = static_cast<double>(s.stats.time_bin);
    for (size_t b = 0; b < pw.bins().size(); ++b) {
      const auto [en, on] = pw.bins()[b];
      ts.push_back({{"start", static_cast<int64_t>(b) * s.stats.time_bin}, {"p_rel", (en - pe) / (links * bin)},
                    {"on_fraction", (on - po) / (sw * bin)}});
      pe = en, po = on;
    }
    p["time_series"] = ts;
  }
  return p;
}

}  // namespace

// trace.vcd and trace.packets over the window [trace.start, trace.end); a file that cannot be opened or
// written fails the run naming its key.
void start_traces(Fabric& fab, const Scenario& s) {
  TraceSelect sel;
  sel.start = s.out.trace_start;
  sel.end = s.out.trace_end > 0 ? s.out.trace_end : INT64_MAX;
  sel.elements = s.out.trace_elements;
  try {
    if (!s.out.trace.empty()) fab.trace(s.out.trace, sel);
  } catch (const std::runtime_error& e) {
    throw OutputError("trace.vcd", e.what());
  }
  try {
    if (!s.out.packets.empty()) fab.trace_packets(s.out.packets, sel, {s.out.watch.begin(), s.out.watch.end()});
  } catch (const std::runtime_error& e) {
    throw OutputError("trace.packets", e.what());
  }
}

void end_traces(Fabric& fab) {
  try {
    fab.close_trace();
  } catch (const std::runtime_error& e) {
    throw OutputError("trace.vcd", e.what());
  }
  try {
    fab.close_packet_trace();
  } catch (const std::runtime_error& e) {
    throw OutputError("trace.packets", e.what());
  }
}

PolicyFactory policy_factory(const Scenario& s) { return policy_factory(s.net, source_params(s)); }

// Closed loop: no windows; the run is measured from cycle 0 until the quota is delivered (T_sim).
nlohmann::json run_closed(const Scenario& s, const RunContext& ctx) {
  Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
  start_traces(fab, s);
  Network& net = fab.net();
  Collector col(net, s.stats, 0, INT64_MAX / 4);
  net.add_observer(&col);
  ClosedLoop cl(net, s.traffic.closed, s.traffic.lengths[0], s.net.seed);
  net.add_observer(&cl);
  if (LinkPower* pw = net.power()) pw->set_bin(s.stats.time_bin);
  fab.add_cycle_hook([&cl](int64_t t) { cl.cycle(t); });
  Progress prog(s, ctx);
  PowerMark pw0;
  if (net.power()) pw0 = PowerMark(*net.power(), 0);
  net.set_measuring(true);
  const int64_t horizon = closed_loop_horizon(s.sim);
  while (!cl.done()) {
    if (fab.cycle() >= horizon)
      throw SimError(SimError::Drain, "closed loop: " + std::to_string(cl.delivered()) + " of " +
                                          std::to_string(s.traffic.closed.quota) + " messages delivered after " +
                                          std::to_string(horizon) + " cycles (" + closed_loop_horizon_key(s.sim) + ")");
    fab.run_until(std::min(horizon, fab.cycle() + 100));
    prog.update(fab.cycle(), horizon, "closed loop");
  }
  const int64_t t = cl.finish();
  PowerMark pw1;
  if (net.power()) pw1 = PowerMark(*net.power(), t);
  net.set_measuring(false);
  while (net.live_messages() > 0 || net.live_packets() > 0) {  // nothing is left: every request was answered
    if (fab.cycle() >= t + s.sim.drain_max) throw SimError(SimError::Drain, "closed loop: drain incomplete");
    fab.run_until(fab.cycle() + 100);
  }
  col.set_end(t);
  end_traces(fab);
  nlohmann::json r = col.finish(fab.cycle());
  r["closed_loop"] = {{"t_sim", t}, {"messages", cl.delivered()}, {"active_nodes", cl.active()},
                      {"flits", cl.flits()}};
  r["vc_layout"] = net.layout().describe();
  if (const LinkPower* pw = net.power()) r["power"] = power_report(*pw, s, pw0, pw1, fab.cycle(), t);
  return r;
}

nlohmann::json run_one(const Scenario& s, const RunContext& ctx) {
  if (s.traffic.closed.active > 0) return run_closed(s, ctx);
  Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
  start_traces(fab, s);
  Network& net = fab.net();
  const int64_t w = s.sim.warmup, e = s.sim.warmup + s.sim.measure;
  Collector col(net, s.stats, w, e);
  net.add_observer(&col);
  if (LinkPower* pw = net.power()) pw->set_bin(s.stats.time_bin);
  TrafficGenerator gen(net, s.traffic, s.net.seed);
  gen.set_window(w, e);
  if (!s.out.messages.empty()) gen.record_to(s.out.messages);
  fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
  Progress prog(s, ctx);
  constexpr int64_t kChunk = 2000;
  auto run_to = [&](int64_t target, const char* phase) {
    while (fab.cycle() < target) {
      fab.run_until(std::min(target, fab.cycle() + kChunk));
      prog.update(fab.cycle(), target, phase);
    }
  };
  run_to(w, "warm-up");
  PowerMark pw_w, pw_e;  // the power integrals at the window's edges
  if (net.power()) pw_w = PowerMark(*net.power(), w);
  net.set_measuring(true);
  // Saturation stop (sim.saturation_stop): once the source queues hold that many messages per node, the
  // network no longer takes what is offered and the queue only grows; the window ends there (its figures are
  // measured over the shorter window) and the drain empties a short queue instead of a long one.
  int64_t end = e;
  const int64_t stop_backlog = s.sim.saturation_stop * net.nodes();  // refused for traces (scopes.cpp)
  int64_t backlog = 0;
  while (fab.cycle() < e) {
    fab.run_until(std::min(e, fab.cycle() + kChunk));
    prog.update(fab.cycle(), e, "measure");
    if (stop_backlog <= 0 || fab.cycle() >= e) continue;
    backlog = 0;
    for (int n = 0; n < net.nodes(); ++n) backlog += static_cast<int64_t>(net.source(n).queued());
    if (backlog >= stop_backlog) {
      end = fab.cycle();
      col.set_end(end);
      gen.set_window(w, end);
      break;
    }
  }
  if (net.power()) pw_e = PowerMark(*net.power(), end);
  net.set_measuring(false);
  // A trace whose window was not set replays to its end (replies included); otherwise nothing new is offered.
  if (!(s.traffic.pattern == "trace" && !s.is_set("sim.measure"))) gen.stop();
  // Drain: everything accepted must come out, exactly once.
  const int64_t limit = end + s.sim.drain_max;
  while (net.live_messages() > 0 || net.live_packets() > 0 || gen.pending()) {
    if (fab.cycle() >= limit)
      throw SimError(SimError::Drain, "drain incomplete after " + std::to_string(s.sim.drain_max) + " cycles: " +
                                          std::to_string(net.live_messages()) + " messages still queued or in flight");
    fab.run_until(std::min(limit, fab.cycle() + 500));
    prog.drain(fab.cycle(), net.live_messages());
  }
  gen.finish_record();  // out.trace complete: a failed flush or close fails the run, naming the key
  end_traces(fab);
  const uint64_t accepted = gen.total().messages - gen.total().rejected;
  if (col.delivered_messages() != accepted)
    throw SimError(SimError::Scoreboard, "scoreboard: " + std::to_string(accepted) + " messages accepted but " +
                                             std::to_string(col.delivered_messages()) + " delivered");
  if (const LinkFaults* lf = net.faults(); lf && !lf->refused_pairs().empty() && !s.net.faults.report)
    throw SimError(SimError::Unroutable, "faults: " + lf->refused_report());
  nlohmann::json r = col.finish(fab.cycle());
  const double cyc = static_cast<double>(end - w), N = net.nodes();
  const auto& win = gen.in_window();
  r["offered_flits_per_node_cycle"] = win.flits / (cyc * N);
  r["offered_messages"] = win.messages;
  r["rejected_messages"] = win.rejected;
  r["rejection_rate"] = win.messages ? static_cast<double>(win.rejected) / win.messages : 0.0;
  r["messages_accepted_total"] = accepted;
  r["messages_delivered_total"] = col.delivered_messages();
  r["vc_layout"] = net.layout().describe();
  // No packet measured: every figure of the run is a zero that looks like a result (drbsim warns).
  if (r["latency"]["count"].get<uint64_t>() == 0) r["measured_nothing"] = true;
  if (end < e)
    r["saturated"] = {{"window_end", end}, {"queued_messages", backlog},
                      {"per_node_limit", s.sim.saturation_stop}};
  if (s.net.acks) r["drb"] = drb_report(net, s.stats.time_bin, fab.cycle());
  if (const LinkPower* pw = net.power()) r["power"] = power_report(*pw, s, pw_w, pw_e, fab.cycle(), end - w);
  if (LinkFaults* lf = net.faults()) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto& [a, b] : lf->refused_pairs()) pairs.push_back({a, b});
    r["faults"] = {{"channels_failed", s.net.faults.channels.size()}, {"unroutable_pairs", lf->unroutable_pairs()},
                   {"messages_not_accepted", lf->refused_messages()}, {"pairs_not_accepted", pairs}};
  }
  return r;
}

namespace {

// 4 s, 2 min 10 s, 1 h 05 min: what a person reads at a glance.
std::string duration(double s) {
  const long v = std::lround(std::max(0.0, s));
  if (v < 60) return std::to_string(v) + " s";
  if (v < 3600) return std::to_string(v / 60) + " min " + std::to_string(v % 60) + " s";
  char b[32];
  std::snprintf(b, sizeof b, "%ld h %02ld min", v / 3600, v % 3600 / 60);
  return b;
}

nlohmann::json error_json(const std::exception& e) {
  // SimError's kinds are the first of kFailureKinds, in order.
  if (auto* se = dynamic_cast<const SimError*>(&e)) return {{"error", se->what()}, {"kind", kFailureKinds[se->kind]}};
  // An input or output of the run failed it (a trace changed since its check, out.trace not written): the key.
  if (auto* ke = dynamic_cast<const KeyError*>(&e)) {
    const bool output = dynamic_cast<const OutputError*>(&e);
    return {{"error", ke->what()}, {"kind", output ? "output" : "input"}, {"key", ke->key}};
  }
  return {{"error", e.what()}, {"kind", "internal"}};
}

nlohmann::json guarded(const std::function<nlohmann::json()>& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return error_json(e);
  }
}

struct Child {
  pid_t pid;
  std::string file;
};

// The child writes f()'s JSON to a temporary file (results can be far larger than a pipe buffer).
Child spawn(const std::function<nlohmann::json()>& f) {
  char path[] = "/tmp/drbsim-XXXXXX";
  const int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  std::fflush(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // A sweep killed (Ctrl-C, SIGTERM from a batch system) takes its runs with it instead of leaving them
    // simulating for nobody; with out.runs the runs that had finished are kept.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);
    const nlohmann::json r = guarded(f);
    std::ofstream(path) << dump_json(r);
    std::fflush(nullptr);
    _exit(0);
  }
  return Child{pid, path};
}

nlohmann::json collect(const Child& c, int status) {
  std::ifstream in(c.file);
  std::stringstream ss;
  ss << in.rdbuf();
  std::remove(c.file.c_str());
  if (c.pid < 0 || !WIFEXITED(status) || ss.str().empty())
    return {{"error", "simulation process crashed (status " + std::to_string(status) + ")"}, {"kind", "internal"}};
  return nlohmann::json::parse(ss.str());
}

}  // namespace

nlohmann::json in_child(const std::function<nlohmann::json()>& f) {
  const Child c = spawn(f);
  int status = 0;
  if (c.pid > 0) waitpid(c.pid, &status, 0);
  return collect(c, status);
}

RunContext run_context(const ScenarioSet& set, int i) {
  std::string l;
  for (auto& [k, v] : set.runs[i].swept) l += (l.empty() ? "" : " ") + k.substr(k.rfind('.') + 1) + "=" + v;
  return RunContext{i, static_cast<int>(set.runs.size()), l};
}

nlohmann::json run_guarded(const Scenario& s, const RunContext& ctx) {
  return guarded([&] { return run_one(s, ctx); });
}

std::vector<nlohmann::json> run_all(const ScenarioSet& set, bool fork_single, const RunCache* cache) {
  const int total = static_cast<int>(set.runs.size());
  std::vector<nlohmann::json> out(total);
  auto job = [&](int i) {
    return [&set, i, ctx = run_context(set, i)] { return run_one(set.runs[i], ctx); };
  };
  std::vector<int> todo;
  for (int i = 0; i < total; ++i)
    if (!cache || !cache->load(i, out[i])) todo.push_back(i);
  if (cache && static_cast<int>(todo.size()) < total)
    std::fprintf(stderr, "[drbsim] out.runs: %d of %d runs taken from '%s'\n", total - static_cast<int>(todo.size()),
                 total, printable(cache->dir).c_str());
  if (total == 1 && todo.size() == 1 && !fork_single) {
    out[0] = guarded(job(0));
    if (cache) cache->save(0, out[0]);
    return out;
  }
  // Up to sim.jobs children at once; results land by index, so the output order never depends on timing.
  const int jobs = std::max(1, set.runs[0].sim.jobs);
  const bool report = total > 1 && set.runs[0].sim.progress != "off";
  const auto t0 = std::chrono::steady_clock::now();
  size_t next = 0, done = 0;
  std::vector<std::pair<Child, int>> kids;
  while (next < todo.size() || !kids.empty()) {
    while (static_cast<int>(kids.size()) < jobs && next < todo.size()) {
      kids.push_back({spawn(job(todo[next])), todo[next]});
      ++next;
    }
    int status = 0;
    const pid_t pid = wait(&status);
    for (auto it = kids.begin(); it != kids.end(); ++it) {
      if (it->first.pid != pid) continue;
      const int i = it->second;
      out[i] = collect(it->first, status);
      kids.erase(it);
      if (cache) cache->save(i, out[i]);
      ++done;
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // As a run's own progress: with sim.progress=auto, only once the sweep has taken 3 s.
      if (report && (t >= 3.0 || set.runs[0].sim.progress == "on")) {  // the runs left at the mean time of those done
        const double left = t / static_cast<double>(done) * static_cast<double>(todo.size() - done);
        const RunContext c = run_context(set, i);
        std::fprintf(stderr, "[drbsim] %zu/%zu runs done (run %d%s%s %s), %s elapsed, about %s left\n", done,
                     todo.size(), i + 1, c.label.empty() ? "" : ": ", c.label.c_str(),
                     out[i].contains("error") ? "failed" : "finished", duration(t).c_str(), duration(left).c_str());
      }
      break;
    }
  }
  return out;
}

}  // namespace drb
