#include "tb/traffic/trace.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "tb/drbsim/keys.h"

namespace drb {

namespace {

[[noreturn]] void bad(int64_t line_no, const std::string& why) {
  throw ConfigError("traffic.trace", "line " + std::to_string(line_no) + ": " + why);
}

}  // namespace

bool parse_trace_line(const std::string& line, int64_t line_no, int nodes, int64_t id, int64_t last, TraceRecord& r) {
  const size_t hash = line.find('#');
  const std::string body = line.substr(0, hash);
  int64_t v[5];
  int n = 0;
  const char* p = body.c_str();
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
    if (!*p) break;
    if (n == 5) bad(line_no, "more than 5 fields (cycle source destination length [dependency])");
    if (!(*p >= '0' && *p <= '9') && *p != '-' && *p != '+')
      bad(line_no, std::string("'") + std::string(p, std::min<size_t>(std::strcspn(p, " \t\r"), 20)) + "' is not an integer");
    char* end = nullptr;
    errno = 0;
    const long long x = std::strtoll(p, &end, 10);
    if (end == p || (*end && *end != ' ' && *end != '\t' && *end != '\r'))
      bad(line_no, std::string("'") + std::string(p, std::min<size_t>(std::strcspn(p, " \t\r"), 20)) + "' is not an integer");
    if (errno == ERANGE) bad(line_no, "a number out of range");
    v[n++] = x;
    p = end;
  }
  if (n == 0) return false;
  if (n < 4) bad(line_no, "expected cycle source destination length [dependency], got " + std::to_string(n) + " field" +
                              (n > 1 ? "s" : ""));
  if (v[0] < 0 || v[0] > (int64_t{1} << 50)) bad(line_no, "cycle " + std::to_string(v[0]) + " is out of range");
  if (v[0] < last) bad(line_no, "cycle " + std::to_string(v[0]) + " comes after cycle " + std::to_string(last) + " (cycles must not decrease)");
  for (int k : {1, 2})
    if (v[k] < 0 || v[k] >= nodes)
      bad(line_no, std::string(k == 1 ? "source " : "destination ") + std::to_string(v[k]) + " is not a node (0.." +
                       std::to_string(nodes - 1) + ")");
  if (v[1] == v[2]) bad(line_no, "source and destination are both " + std::to_string(v[1]));
  if (v[3] < 1 || v[3] > kTraceMaxLength)
    bad(line_no, "length " + std::to_string(v[3]) + " is not 1.." + std::to_string(kTraceMaxLength) + " flits");
  r = TraceRecord{v[0], static_cast<int>(v[1]), static_cast<int>(v[2]), static_cast<int>(v[3]), -1};
  if (n == 5) {
    if (v[4] < 0 || v[4] >= id)
      bad(line_no, "dependency " + std::to_string(v[4]) + " is not an earlier message (this one is " + std::to_string(id) + ")");
    if (id - v[4] > kTraceWindow)
      bad(line_no, "dependency " + std::to_string(v[4]) + " is more than " + std::to_string(kTraceWindow) + " messages back");
    r.dep = v[4];
  }
  return true;
}

TraceSummary scan_trace(std::istream& in, int nodes) {
  TraceSummary s;
  std::string line;
  int64_t line_no = 0;
  TraceRecord r;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.size() > 4096) bad(line_no, "longer than 4096 characters");
    if (!parse_trace_line(line, line_no, nodes, s.messages, s.last_cycle, r)) continue;
    ++s.messages;
    s.last_cycle = r.cycle;
    s.max_length = std::max(s.max_length, r.length);
  }
  if (s.messages == 0) throw ConfigError("traffic.trace", "the trace has no message line");
  return s;
}

TraceReplay::TraceReplay(Network& net, const std::string& path)
    : net_(net), in_(path), outcome_(static_cast<size_t>(kTraceWindow), {-1, -1}) {
  // The loader read and checked the whole file before the run (scan_trace); a file changed since is the user's.
  if (!in_) throw ConfigError("traffic.trace", "cannot read '" + path + "'");
  have_ = read_next();
}

bool TraceReplay::read_next() {
  std::string line;
  while (std::getline(in_, line)) {
    ++line_no_;
    if (!parse_trace_line(line, line_no_, net_.nodes(), next_id_, last_cycle_, next_)) continue;
    next_rec_id_ = next_id_++;
    last_cycle_ = next_.cycle;
    outcome_[static_cast<size_t>(next_rec_id_ % kTraceWindow)] = {next_rec_id_, -1};
    return true;
  }
  return false;
}

void TraceReplay::released(int64_t id, uint64_t net_id) {
  if (net_id) in_flight_[net_id] = id;
  else settle(id, net_.now(), false);
}

void TraceReplay::message_delivered(const Message& m, int64_t now) {
  auto it = in_flight_.find(m.id);
  if (it == in_flight_.end()) return;
  const int64_t id = it->second;
  in_flight_.erase(it);
  settle(id, now, true);
}

void TraceReplay::settle(int64_t id, int64_t at, bool ok) {
  outcome_[static_cast<size_t>(id % kTraceWindow)] = {id, ok ? at : -2};
  auto w = waiting_.find(id);
  if (w == waiting_.end()) return;
  auto deps = std::move(w->second);
  waiting_.erase(w);
  for (auto& [did, r] : deps) {
    if (ok) {
      ready_.emplace(std::make_pair(std::max(r.cycle, at + 1), did), r);
    } else {
      dropped_.push_back({at, r.src, r.length});
      settle(did, at, false);
    }
  }
}

}  // namespace drb
