// SPDX-License-Identifier: Apache-2.0
#include "tb/traffic/trace.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "tb/io/inputs.h"
#include "tb/io/key_error.h"

namespace drb {

namespace {

[[noreturn]] void bad(int64_t line_no, const std::string& why) {
  throw ConfigError("traffic.trace", "line " + std::to_string(line_no) + ": " + why);
}

std::string shown(const std::string& path) { return "'" + printable(path) + "'"; }

// Opens the trace without ever blocking (a FIFO put in its place waits for no writer); its descriptor, and st.
int open_trace(const std::string& path, struct stat& st) {
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ConfigError("traffic.trace", "cannot read " + shown(path) + ": " + std::strerror(errno));
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    throw ConfigError("traffic.trace", shown(path) + " is no longer a regular file");
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

int64_t mtime_ns(const struct stat& st) { return int64_t{st.st_mtim.tv_sec} * 1000000000 + st.st_mtim.tv_nsec; }

}  // namespace

bool TraceLines::fill() {
  ssize_t n;
  if (in_) {
    in_->read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
    n = in_->gcount();
  } else {
    while ((n = read(fd_, buf_.data(), buf_.size())) < 0 && errno == EINTR) {
    }
    if (n < 0) bad(line_no_ + 1, std::string("cannot read it: ") + std::strerror(errno));
  }
  pos_ = 0;
  end_ = static_cast<size_t>(n);
  bytes_ += n;
  return n > 0;
}

bool TraceLines::next(std::string& line) {
  line.clear();
  bool any = false;  // a last line without its newline is a line too
  for (;;) {
    if (pos_ == end_ && !fill()) {
      if (any) ++line_no_;
      return any;
    }
    any = true;
    const char* from = buf_.data() + pos_;
    const char* nl = static_cast<const char*>(std::memchr(from, '\n', end_ - pos_));
    const size_t n = nl ? static_cast<size_t>(nl - from) : end_ - pos_;
    if (std::memchr(from, '\0', n)) bad(line_no_ + 1, "holds a NUL byte (a trace is text)");
    if (line.size() + n > kTraceMaxLine)
      bad(line_no_ + 1, "longer than " + std::to_string(kTraceMaxLine) + " characters");
    line.append(from, n);
    pos_ += n;
    if (nl) {
      ++pos_;
      ++line_no_;
      return true;
    }
  }
}

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

namespace {

TraceSummary scan(TraceLines& lines, int nodes, int64_t until) {
  TraceSummary s;
  std::string line;
  TraceRecord r;
  while (lines.next(line)) {
    if (!parse_trace_line(line, lines.line_no(), nodes, s.messages, s.last_cycle, r)) continue;
    ++s.messages;
    s.offered += r.cycle < until;
    s.flits += r.length;
    s.last_cycle = r.cycle;
    s.max_length = std::max(s.max_length, r.length);
  }
  if (s.messages == 0) throw ConfigError("traffic.trace", "the trace has no message line");
  return s;
}

}  // namespace

TraceSummary scan_trace(std::istream& in, int nodes, int64_t until) {
  TraceLines lines(in);
  return scan(lines, nodes, until);
}

TraceSummary scan_trace_file(const std::string& path, int nodes, int64_t until) {
  // A pipe, FIFO, device or directory is refused by name first: the replay reads the file again.
  regular_input("traffic.trace", path, "trace file");
  struct stat st {};
  const int fd = open_trace(path, st);
  TraceSummary s;
  struct stat after {};
  try {
    TraceLines lines(fd);
    s = scan(lines, nodes, until);
    if (fstat(fd, &after) != 0 || after.st_size != st.st_size || mtime_ns(after) != mtime_ns(st) ||
        lines.bytes() != st.st_size)
      throw ConfigError("traffic.trace", shown(path) + " changed while it was checked (is it still being written?)");
  } catch (...) {
    close(fd);
    throw;
  }
  close(fd);
  s.dev = st.st_dev;
  s.ino = st.st_ino;
  s.size = st.st_size;
  s.mtime_ns = mtime_ns(st);
  return s;
}

TraceReplay::TraceReplay(Network& net, const std::string& path, const TraceSummary& checked)
    : net_(net), path_(path), checked_(checked), outcome_(static_cast<size_t>(kTraceWindow), {-1, -1}) {
  struct stat st {};
  fd_ = open_trace(path, st);
  lines_ = std::make_unique<TraceLines>(fd_);
  if (st.st_dev != checked.dev || st.st_ino != checked.ino) changed("another file is now in its place");
  if (st.st_size != checked.size || mtime_ns(st) != checked.mtime_ns)
    changed("its size or modification time differs (" + std::to_string(checked.size) + " -> " +
            std::to_string(st.st_size) + " bytes)");
  have_ = read_next();
}

TraceReplay::~TraceReplay() {
  if (fd_ >= 0) close(fd_);
}

void TraceReplay::changed(const std::string& why) const {
  throw ConfigError("traffic.trace", shown(path_) + " changed after it was checked: " + why +
                                         "; the run replays only the file that was checked");
}

bool TraceReplay::read_next() {
  try {
    while (lines_->next(line_)) {
      if (!parse_trace_line(line_, lines_->line_no(), net_.nodes(), next_id_, last_cycle_, next_)) continue;
      next_rec_id_ = next_id_++;
      last_cycle_ = next_.cycle;
      outcome_[static_cast<size_t>(next_rec_id_ % kTraceWindow)] = {next_rec_id_, -1};
      return true;
    }
  } catch (const ConfigError& e) {  // every line passed the check: the file is not the one checked
    changed(e.reason);
  }
  if (next_id_ != checked_.messages || lines_->bytes() != checked_.size)
    changed(std::to_string(next_id_) + " messages in " + std::to_string(lines_->bytes()) + " bytes read, " +
            std::to_string(checked_.messages) + " in " + std::to_string(checked_.size) + " checked");
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
