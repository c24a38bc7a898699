// SPDX-License-Identifier: Apache-2.0
#include "tb/io/inputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

#include "tb/io/key_error.h"

namespace drb {

std::string printable(const std::string& in, size_t max) {
  std::string out;
  for (unsigned char c : in) {
    if (out.size() >= max) return out + "...";
    if (c < 0x20 || c == 0x7f) {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      out += b;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

bool file_id(const std::string& path, FileId& id) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return false;
  id = FileId{st.st_dev, st.st_ino};
  return true;
}

namespace {

// Opens `path` for reading without ever blocking and refuses a directory: the descriptor.
int open_input(const std::string& key, const std::string& path, const std::string& what) {
  const std::string shown = "'" + printable(path) + "'";
  if (path.empty()) throw ConfigError(key, "needs a " + what);
  // O_NONBLOCK: opening a FIFO for reading never waits for a writer.
  const int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ConfigError(key, "cannot read " + what + " " + shown + ": " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    close(fd);
    throw ConfigError(key, shown + " is a directory, not a " + what);
  }
  // A FIFO stays non-blocking: with no writer its first read ends at once (empty input), with one it says
  // "try again" and read_input waits for the data from then on. Anything else reads as usual.
  if (!S_ISFIFO(st.st_mode)) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace

std::string read_input(const std::string& key, const std::string& path, size_t max_bytes, const std::string& what) {
  const int fd = open_input(key, path, what);
  const std::string shown = "'" + printable(path) + "'";
  std::string text;
  char buf[65536];
  bool fifo_waiting = false;  // a FIFO's writer is there but has not written yet
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN && !fifo_waiting) {
      // A FIFO with a writer: wait for its data from now on.
      fifo_waiting = true;
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      continue;
    }
    if (n < 0) {
      const int err = errno;
      close(fd);
      throw ConfigError(key, "cannot read " + what + " " + shown + ": " + std::strerror(err));
    }
    if (n == 0) break;
    if (std::memchr(buf, '\0', static_cast<size_t>(n))) {
      close(fd);
      throw ConfigError(key, shown + " is not a text file (it holds a NUL byte)");
    }
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > max_bytes) {
      close(fd);
      throw ConfigError(key, shown + " is larger than " + std::to_string(max_bytes >> 20) + " MiB; a " + what +
                                 " is not that long");
    }
  }
  close(fd);
  return text;
}

std::vector<std::string> parse_args_text(const std::string& text, const std::string& shown) {
  const char* key = "--args-file";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // parse_error, and out_of_range for a number beyond a double (found by fuzz_args_file: `[2E1100]`).
    const auto* pe = dynamic_cast<const nlohmann::json::parse_error*>(&e);
    throw ConfigError(key, shown + " is not a JSON array of arguments (" +
                               (text.find_first_not_of(" \t\r\n") == std::string::npos ? std::string("it is empty")
                                : pe ? "at byte " + std::to_string(pe->byte)
                                     : std::string("a number out of range")) +
                               ")");
  }
  if (!j.is_array() || j.empty()) throw ConfigError(key, shown + " must hold a JSON array of at least one argument");
  std::vector<std::string> args;
  for (const auto& a : j) {
    if (!a.is_string())
      throw ConfigError(key, shown + ": every argument must be a JSON string, argument " + std::to_string(args.size() + 1) +
                                 " is not");
    const std::string& v = a.get_ref<const std::string&>();
    if (v.find('\0') != std::string::npos)
      throw ConfigError(key, shown + ": argument " + std::to_string(args.size() + 1) + " holds a NUL character");
    if (v == "--args-file") throw ConfigError(key, shown + " names another arguments file; give its arguments instead");
    args.push_back(v);
  }
  return args;
}

std::vector<std::string> read_args_file(const std::string& path, size_t max_bytes) {
  return parse_args_text(read_input("--args-file", path, max_bytes, "arguments file"), "'" + printable(path) + "'");
}

FileId regular_input(const std::string& key, const std::string& path, const std::string& what) {
  const int fd = open_input(key, path, what);
  struct stat st {};
  fstat(fd, &st);
  close(fd);
  if (!S_ISREG(st.st_mode))
    throw ConfigError(key, "'" + printable(path) + "' is not a regular file; a " + what +
                               " is read twice (checked before the run, then replayed), so a pipe, FIFO or device "
                               "would be consumed by the check: save it to a file first");
  return FileId{st.st_dev, st.st_ino};
}

}  // namespace drb
