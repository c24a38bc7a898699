// SPDX-License-Identifier: Apache-2.0
// An output file a run writes as it goes (waveforms, the packet trace): opened at once, so a path that
// cannot be written fails before the run; closed with its errors reported (a full disk is not silent).
#pragma once
#include <cstdio>
#include <stdexcept>
#include <string>

namespace drb {

class OutFile {
 public:
  explicit OutFile(const std::string& path) : path_(path), f_(std::fopen(path.c_str(), "w")) {
    if (!f_) throw std::runtime_error("cannot write " + path);
  }
  ~OutFile() {
    if (f_) std::fclose(f_);
  }
  OutFile(const OutFile&) = delete;
  OutFile& operator=(const OutFile&) = delete;
  std::FILE* get() const { return f_; }  // null once closed
  // Throws std::runtime_error if anything written could not be.
  void close() {
    if (!f_) return;
    const bool bad = std::ferror(f_) != 0;
    const bool closed = std::fclose(f_) == 0;
    f_ = nullptr;
    if (bad || !closed) throw std::runtime_error("could not write " + path_);
  }

 private:
  std::string path_;
  std::FILE* f_;
};

}  // namespace drb
