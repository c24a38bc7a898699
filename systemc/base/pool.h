// SPDX-License-Identifier: Apache-2.0
// A growable array whose elements never move (fixed-size chunks), indexed with a shift and a mask:
// the packet and message pools hand out slots that flits and NIs keep as plain indices.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace drb {

template <class T>
class ChunkedPool {
 public:
  static constexpr uint32_t kBits = 12, kChunk = 1u << kBits;
  T& operator[](uint32_t i) { return chunks_[i >> kBits][i & (kChunk - 1)]; }
  const T& operator[](uint32_t i) const { return chunks_[i >> kBits][i & (kChunk - 1)]; }
  uint32_t size() const { return size_; }
  // The chunk table sized once for every index a uint32_t can name (8 MiB of address space, touched only
  // as chunks are added): it then never moves, so threads may read elements while another grows the pool.
  void fix_table() { chunks_.reserve(size_t{1} << (32 - kBits)); }
  uint32_t grow() {  // one more element, default-constructed; returns its index
    if ((size_ & (kChunk - 1)) == 0) chunks_.push_back(std::make_unique<T[]>(kChunk));
    return size_++;
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  uint32_t size_ = 0;
};

}  // namespace drb
