// SPDX-License-Identifier: Apache-2.0
#include "tb/traffic/generator.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>

#include "tb/io/inputs.h"
#include "tb/io/key_error.h"

namespace drb {

TrafficGenerator::TrafficGenerator(Network& net, const TrafficParams& tp, uint64_t seed) : net_(net), tp_(tp) {
  if (tp.pattern == "trace") {
    replay_ = std::make_unique<TraceReplay>(net, tp.trace, tp.trace_checked);
    net.add_observer(replay_.get());
    return;
  }
  const int N = net.nodes();
  const Topology* direct = net.interconnect().direct();
  const bool bern = tp.injection == "bernoulli", onoff = tp.injection == "onoff";
  const int64_t forever = static_cast<int64_t>(kNever);
  const int64_t change = tp.change_pattern != "none" ? tp.change_at : forever;
  // Under a schedule every source runs at its highest factor (and is thinned): a channel's interval shrinks.
  const double smax = tp.schedule.empty() ? 1.0 : tp.schedule_max();
  auto add_pattern_sources = [&](int slot, const std::string& name, double msg_rate, int64_t from, int64_t until) {
    if (name == "channels") {
      for (size_t c = 0; c < tp.channels.size(); ++c) {
        const double mean = (tp.channels[c].interval > 0 ? tp.channels[c].interval : tp.interval) / smax;
        src_.push_back(Source{tp.channels[c].src, slot, static_cast<int>(c), 0, bern || onoff ? 1.0 / mean : mean, bern,
                              from, until, Rng::stream(seed, 1000000 + src_.size()), 0, false, {}});
      }
      return;
    }
    PatternParams pp{name, tp.hotspot_nodes, tp.hotspot_fraction, tp.self};
    pat_[slot] = make_pattern(pp, N, direct);
    if (msg_rate <= 0) return;
    for (int n = 0; n < N; ++n) {
      if (!pat_[slot]->sends(n)) continue;
      src_.push_back(Source{n, slot, -1, 0, bern || onoff ? msg_rate : 1.0 / msg_rate, bern, from, until,
                            Rng::stream(seed, 1000000 + src_.size()), 0, false, {}});
    }
  };
  // A schedule runs the sources at its highest rate and thins each message to the rate of its cycle.
  scheduled_ = !tp.schedule.empty();
  const double peak = tp.message_rate() * tp.schedule_max();
  add_pattern_sources(0, tp.pattern, peak, 0, change);
  if (tp.change_pattern != "none") add_pattern_sources(1, tp.change_pattern, peak, change, forever);
  if (tp.background != "none" && tp.background_rate > 0)
    add_pattern_sources(2, "uniform", tp.background_rate / tp.mean_length(), 0, forever);
  if (tp.lengths.size() > 1) {
    double acc = 0;
    for (size_t i = 0; i < tp.lengths.size(); ++i) {
      acc += tp.weights.empty() ? 1.0 : tp.weights[i];
      cum_weights_.push_back(acc);
    }
  }
  for (size_t i = 0; i < src_.size(); ++i) {
    Source& s = src_[i];
    if (s.bernoulli && s.p_or_mean < 1) s.log1mp = std::log1p(-s.p_or_mean);
    s.next = static_cast<double>(s.from);
    if (onoff) {
      s.onoff = true;
      s.oo.init(tp.onoff, s.p_or_mean, tp.mean_length());
      s.next = s.oo.first(s.next, s.rng);
    } else {
      if (s.bernoulli) s.next -= 1;  // the first gap counts from the cycle before the window
      advance(s);
    }
    far_.push_back({static_cast<int64_t>(std::floor(s.next)), static_cast<int>(i)});
  }
  std::make_heap(far_.begin(), far_.end(), std::greater<Item>());
  // The calendar spans about four mean gaps (a Bernoulli source's gap stays within them with probability
  // 1 - e^-4), at least 64 cycles and at most 4,096, in at most 512 KiB of buckets (beyond 65,536 sources,
  // 64 cycles of one bit per source).
  double gaps = 0;
  for (const Source& s : src_) gaps += std::min(4096.0, s.bernoulli || s.onoff ? 1.0 / s.p_or_mean : s.p_or_mean);
  const double span = src_.empty() ? 0 : 4 * gaps / static_cast<double>(src_.size());
  const int64_t words = static_cast<int64_t>((src_.size() + 63) / 64);
  int64_t w = 64;
  while (w < 4096 && w < span) w *= 2;
  while (w > 64 && w * words > 65536) w /= 2;
  wmask_ = w - 1;
  cal_.resize(static_cast<size_t>(w));
  for (NodeSet& b : cal_) b.init(static_cast<int>(src_.size()));
}

// Next arrival: Bernoulli per cycle is sampled through its geometric gap (the same distribution as one
// coin per cycle, with one draw per message); exponential gaps are continuous and floor to a cycle.
// Out of line: the ON/OFF draws and the schedule's thinning stay out of the default path's code.
__attribute__((noinline, cold)) static void advance_onoff(double& next, OnOffProcess& oo, Rng& rng) {
  next = oo.next(next, rng);
}

__attribute__((noinline, cold)) static bool thinned(Rng& rng, const TrafficParams& tp, int64_t t) {
  return rng.uniform() * tp.schedule_max() >= tp.schedule_factor(t);
}

void TrafficGenerator::advance(Source& s) {
  if (s.onoff) {
    advance_onoff(s.next, s.oo, s.rng);
  } else if (s.bernoulli) {
    double gap = 1;
    if (s.p_or_mean < 1) {
      const double u = 1.0 - s.rng.uniform();  // (0, 1]
      gap = 1 + std::floor(std::log(u) / s.log1mp);
    }
    s.next += gap;
  } else {
    s.next += s.rng.exponential(s.p_or_mean);
  }
  // A rate so small that the gap is beyond any run (or not a number) means the source never fires again.
  if (!(s.next < kNever)) s.next = kNever;
}

int TrafficGenerator::length(Rng& rng) const {
  if (cum_weights_.empty()) return tp_.lengths[0];
  const double r = rng.uniform() * cum_weights_.back();
  for (size_t i = 0; i < cum_weights_.size(); ++i)
    if (r < cum_weights_[i]) return tp_.lengths[i];
  return tp_.lengths.back();
}

void TrafficGenerator::record_to(const std::string& path) {
  record_path_ = path;
  // Never blocks: a FIFO whose reader went away since the output check is a failed write, not a hang.
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0666);
  if (fd < 0) record_failed(errno);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  record_.reset(fdopen(fd, "w"));
  if (!record_) {
    const int err = errno;
    close(fd);
    record_failed(err);
  }
  if (std::fputs("# cycle source destination length\n", record_.get()) < 0) record_failed(errno);
}

void TrafficGenerator::finish_record() {
  if (!record_) return;
  std::FILE* f = record_.release();
  const bool flushed = std::fflush(f) == 0;
  const int err = errno;
  const bool closed = std::fclose(f) == 0;
  if (!flushed || !closed) record_failed(flushed ? errno : err);
}

void TrafficGenerator::record_failed(int err) const {
  throw OutputError("out.trace", "cannot write '" + printable(record_path_) + "': " + std::strerror(err));
}

void TrafficGenerator::count(bool measured, int len, bool ok) {
  Counts* cs[2] = {&all_, measured ? &win_ : nullptr};
  for (Counts* c : cs) {
    if (!c) continue;
    ++c->messages;
    c->flits += len;
    if (!ok) {
      ++c->rejected;
      c->rejected_flits += len;
    }
  }
}

uint64_t TrafficGenerator::offer(int src, int dst, int len, int64_t t) {
  const uint64_t id = net_.submit(src, dst, len, t, in_window(t));
  count(in_window(t), len, id != 0);
  if (record_ && std::fprintf(record_.get(), "%lld %d %d %d\n", static_cast<long long>(t), src, dst, len) < 0)
    record_failed(errno);
  return id;
}

void TrafficGenerator::cycle(int64_t t) {
  if (stopped_) return;
  if (replay_) {
    replay_->cycle(t, [this](const TraceRecord& r, int64_t now) { return offer(r.src, r.dst, r.length, now); });
    for (const auto& d : replay_->take_dropped()) count(in_window(d.cycle), d.length, false);
    return;
  }
  if (cur_ < 0) cur_ = far_.empty() ? t : std::min(t, far_.front().first);
  while (cur_ <= t) {
    if (in_cal_ == 0) {  // nothing due within the window: on to the next source due, if any by t
      if (far_.empty() || far_.front().first > t) {
        cur_ = t + 1;
        break;
      }
      cur_ = std::max(cur_, far_.front().first);
    }
    while (!far_.empty() && far_.front().first <= cur_ + wmask_) {  // due within the window now
      const Item it = far_.front();
      std::pop_heap(far_.begin(), far_.end(), std::greater<Item>());
      far_.pop_back();
      schedule(it.second, it.first);
    }
    fire_due(cur_, t);
    ++cur_;
  }
}

void TrafficGenerator::schedule(int i, int64_t c) {
  if (c - cur_ > wmask_) {
    far_.push_back({c, i});
    std::push_heap(far_.begin(), far_.end(), std::greater<Item>());
    return;
  }
  cal_[static_cast<size_t>(c & wmask_)].add(i);
  ++in_cal_;
}

void TrafficGenerator::fire_due(int64_t c, int64_t t) {
  // Every source leaves the bucket; none fired here joins it again (a source due at c again fires at once).
  cal_[static_cast<size_t>(c & wmask_)].visit([&](int i) {
    --in_cal_;
    Source& s = src_[i];
    for (;;) {
      if (t >= s.until) break;  // this source ended (pattern change)
      if (scheduled_ && s.pattern != 2 && thinned(s.rng, tp_, t)) {  // thinned away at this cycle
        advance(s);
      } else {
        const int dst = s.channel >= 0 ? tp_.channels[s.channel].dst : pat_[s.pattern]->dest(s.node, s.rng);
        const int len = length(s.rng);
        offer(s.node, dst, len, t);
        advance(s);
      }
      const int64_t n = static_cast<int64_t>(std::floor(s.next));
      if (n > c) {
        schedule(i, n);
        break;
      }
      // Due at c again (an exponential gap under one cycle): it still leads every source after it.
    }
    return false;
  });
}

}  // namespace drb
