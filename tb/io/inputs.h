// SPDX-License-Identifier: Apache-2.0
// Input files: every file-valued key or option (the scenario, --args-file, traffic.trace, ...) is opened
// here, so each gets the same answers to the hostile cases: a directory is refused, a read is bounded
// (a device such as /dev/zero never ends), a NUL byte is refused, and a FIFO with no writer reads as
// empty instead of blocking. Every problem is a ConfigError naming the key.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

namespace drb {

// A file a run reads, by the key or option that names it: no output may be the same file.
struct InputFile {
  std::string key, path;
};

// The identity of a file (device and inode): two spellings of one file compare equal.
struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  bool operator==(const FileId& o) const { return dev == o.dev && ino == o.ino; }
};

// The whole of `path` as text, at most max_bytes; `what` names the kind of file in messages ("scenario file").
std::string read_input(const std::string& key, const std::string& path, size_t max_bytes, const std::string& what);

// An input that is read more than once (checked before the run, read again during it) must be a regular
// file: a pipe or device would be consumed by the first read. Returns its identity.
FileId regular_input(const std::string& key, const std::string& path, const std::string& what);

// The identity of an existing path, false if it cannot be stat'ed.
bool file_id(const std::string& path, FileId& id);

// --args-file: drbsim's arguments as a JSON array of strings (JSON holds any text exactly: a value with a
// newline stays one argument). At most max_bytes; empty arrays, other types, NUL characters and a nested
// --args-file are refused, naming the option.
std::vector<std::string> read_args_file(const std::string& path, size_t max_bytes);
// The same on the file's text; `shown` names the file in messages.
std::vector<std::string> parse_args_text(const std::string& text, const std::string& shown);

// A string from the user's input shown in a message: control characters escaped, cut after max bytes.
std::string printable(const std::string& in, size_t max = 200);

}  // namespace drb
