// SPDX-License-Identifier: Apache-2.0
// A VCD writer for the fabric's waveforms. SystemC's own trace file records from elaboration to the end and
// every variable registered, so a window (trace.start/trace.end) or a subset of elements (trace.elements)
// cannot be asked of it; this one samples where the fabric says, writes a value only when it changed, and
// names scopes by splitting on '.' as SystemC's does (GTKWave shows the same tree).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "systemc/base/out_file.h"

namespace drb {

// What a waveform records: cycles [start, end) and the elements listed (empty: all) with the NIs of the
// terminals attached to them.
struct TraceSelect {
  int64_t start = 0, end = INT64_MAX;
  std::vector<int> elements;
};

class VcdWriter {
 public:
  // Opens `path` for writing (throws std::runtime_error naming it if that fails). Times are in ps; every
  // variable sits under the scope `top` (the fabric keeps SystemC's "SystemC", so saved GTKWave views load).
  VcdWriter(const std::string& path, const std::string& top);

  // A variable named by its dotted path, read from `v` at every sample; `width` bits are shown (1: a wire).
  template <class T>
  void add(const std::string& name, const T& v, int width = 8 * sizeof(T)) {
    static_assert(sizeof(T) <= 8, "scalar values only");
    add_raw(name, &v, sizeof(T), width);
  }
  // Values at time `ps` (non-decreasing): the first sample writes the header and every value, later ones
  // the values that changed.
  void sample(uint64_t ps);
  bool started() const { return started_; }
  // Flushes and closes (throws std::runtime_error if the data could not be written).
  void close() { out_.close(); }

 private:
  struct Var {
    std::string name;  // last path component
    std::vector<std::string> scope;
    const void* p;
    int bytes, width;
    std::string id;
    uint64_t last;
  };
  void add_raw(const std::string& name, const void* p, int bytes, int width);
  uint64_t read(const Var& v) const;
  void put(const Var& v, uint64_t x);
  void header();
  OutFile out_;
  std::string top_;
  std::vector<Var> vars_;
  bool started_ = false;
  uint64_t last_time_ = 0;
};

}  // namespace drb
