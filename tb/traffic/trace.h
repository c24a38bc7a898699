// SPDX-License-Identifier: Apache-2.0
// Trace-driven traffic (docs/traffic.md): one message per line,
//   cycle source destination length [dependency]
// whitespace-separated integers; `#` starts a comment, blank lines are skipped. Message ids count the
// message lines from 0. Cycles never decrease. A dependency is the id of an earlier message at most kTraceWindow
// back: the message is released at its cycle or the cycle after that message was delivered, whichever is
// later (a reply waits for its request); if that message was not accepted (a full source queue), the
// dependent is not released either and counts as rejected. The file is read twice, streaming: checked whole
// before the run (scan_trace_file), then replayed as the run goes (TraceReplay), which verifies that it reads
// the file that was checked. Memory is bounded by the window and the messages in flight, not by the trace.
#pragma once
#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "systemc/base/footprint.h"
#include "systemc/fabric/network.h"
#include "tb/traffic/traffic_params.h"

namespace drb {

constexpr int64_t kTraceWindow = 65536;  // how far back a dependency may point, in messages
constexpr int kTraceMaxLength = 4096;    // flits, as traffic.length
constexpr size_t kTraceMaxLine = 4096;   // characters in one line

struct TraceRecord {
  int64_t cycle = 0;
  int src = 0, dst = 0, length = 1;
  int64_t dep = -1;  // id of the message it waits for, or -1
};

// One line: true and r filled for a message line, false for a blank or comment line; a malformed line
// throws ConfigError("traffic.trace", "line N: reason"). `id` is the id the message gets, `last` the cycle of
// the previous message (-1 before the first).
bool parse_trace_line(const std::string& line, int64_t line_no, int nodes, int64_t id, int64_t last, TraceRecord& r);

// The lines of a trace through a fixed buffer, for the check and the replay alike: a line longer than
// kTraceMaxLine or holding a NUL byte throws ConfigError("traffic.trace", "line N: ...") as soon as it is
// seen, so a line that never ends never grows a string.
class TraceLines {
 public:
  explicit TraceLines(int fd) : fd_(fd), buf_(65536) {}  // fd is not owned
  explicit TraceLines(std::istream& in) : in_(&in), buf_(65536) {}
  // The next line without its newline; false at the end of the file.
  bool next(std::string& line);
  int64_t line_no() const { return line_no_; }
  int64_t bytes() const { return bytes_; }  // read so far

 private:
  bool fill();
  int fd_ = -1;
  std::istream* in_ = nullptr;
  std::vector<char> buf_;
  size_t pos_ = 0, end_ = 0;
  int64_t line_no_ = 0, bytes_ = 0;
};

// Reads a whole trace once (streaming, nothing kept), checking every line; messages before cycle `until`
// count as offered.
TraceSummary scan_trace(std::istream& in, int nodes, int64_t until = INT64_MAX);
// The same for traffic.trace: a regular file only (it is read twice; a pipe or device would be consumed by the
// check), its identity, size and modification time recorded for the replay.
TraceSummary scan_trace_file(const std::string& path, int nodes, int64_t until = INT64_MAX);

// Replays a trace into a network: the generator calls cycle(t) every cycle.
class TraceReplay : public NetObserver {
 public:
  // Opens the file the loader checked (`checked`, from scan_trace_file); a file replaced or changed since fails
  // the run with a ConfigError naming traffic.trace, as does one found changed while it is replayed.
  TraceReplay(Network& net, const std::string& path, const TraceSummary& checked);
  ~TraceReplay() override;
  // Submits every message due in cycle t; `submit` returns the network's message id (0: rejected).
  template <class Submit>
  void cycle(int64_t t, Submit submit);
  void message_delivered(const Message& m, int64_t now) override;
  // Dependents never released because their dependency was rejected (counted as offered and rejected).
  struct Dropped {
    int64_t cycle;
    int src, length;
  };
  std::vector<Dropped> take_dropped() { return std::move(dropped_); }
  // Bytes per message in flight (for the memory estimate): its entry in in_flight_, a node holding the next
  // pointer and the pair, and the buckets (up to two an entry after a doubling, and the old array during it).
  static double in_flight_bytes() {
    return heap_bytes(sizeof(void*) + sizeof(std::pair<const uint64_t, int64_t>)) + 3 * sizeof(void*);
  }
  // Lines not read yet, or replies not released yet.
  bool pending() const { return have_ || !ready_.empty() || !waiting_.empty(); }

 private:
  bool read_next();  // the next message line into next_, false at the end
  [[noreturn]] void changed(const std::string& why) const;
  void released(int64_t id, uint64_t net_id);
  void settle(int64_t id, int64_t at, bool ok);  // message id was delivered at `at` (or rejected)

  Network& net_;
  std::string path_;
  TraceSummary checked_;
  int fd_ = -1;
  std::unique_ptr<TraceLines> lines_;
  std::string line_;
  int64_t next_id_ = 0, last_cycle_ = -1;
  bool have_ = false;
  TraceRecord next_;
  int64_t next_rec_id_ = 0;
  // Ready to go at a cycle (dependency met): (cycle, id) -> record.
  std::map<std::pair<int64_t, int64_t>, TraceRecord> ready_;
  std::unordered_map<int64_t, std::vector<std::pair<int64_t, TraceRecord>>> waiting_;  // dep id -> (id, record)
  std::unordered_map<uint64_t, int64_t> in_flight_;  // network message id -> trace id
  // Outcome of the last kTraceWindow messages: (id, delivery cycle; -2 rejected; -1 pending).
  std::vector<std::pair<int64_t, int64_t>> outcome_;
  std::vector<Dropped> dropped_;
};

template <class Submit>
void TraceReplay::cycle(int64_t t, Submit submit) {
  for (;;) {
    // The earliest of: the next line of the file, and the released dependents.
    const bool file_due = have_ && next_.cycle <= t;
    const bool ready_due = !ready_.empty() && ready_.begin()->first.first <= t;
    if (!file_due && !ready_due) return;
    int64_t id;
    TraceRecord r;
    if (ready_due && (!file_due || ready_.begin()->first < std::make_pair(next_.cycle, next_rec_id_))) {
      id = ready_.begin()->first.second;
      r = ready_.begin()->second;
      ready_.erase(ready_.begin());
    } else {
      id = next_rec_id_;
      r = next_;
      have_ = read_next();
      if (r.dep >= 0 && outcome_[static_cast<size_t>(r.dep % kTraceWindow)].first == r.dep) {
        const auto& o = outcome_[static_cast<size_t>(r.dep % kTraceWindow)];
        if (o.second == -1) {  // still in flight: wait for it
          waiting_[r.dep].push_back({id, r});
          continue;
        }
        if (o.second == -2) {  // its request was not accepted: neither is it
          outcome_[static_cast<size_t>(id % kTraceWindow)] = {id, -2};
          dropped_.push_back({t, r.src, r.length});
          continue;
        }
        if (o.second + 1 > t) {
          ready_.emplace(std::make_pair(o.second + 1, id), r);
          continue;
        }
      }
    }
    released(id, submit(r, t));
  }
}

}  // namespace drb
