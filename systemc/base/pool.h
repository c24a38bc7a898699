// SPDX-License-Identifier: Apache-2.0
// A growable array whose elements never move (fixed-size chunks), indexed with a shift and a mask:
// the packet and message pools hand out slots that flits and NIs keep as plain indices.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace drb {

template <class T>
class ChunkedPool {
 public:
  static constexpr uint32_t kBits = 12, kChunk = 1u << kBits;
  ChunkedPool() = default;
  ChunkedPool(const ChunkedPool&) = delete;
  ChunkedPool& operator=(const ChunkedPool&) = delete;
  T& operator[](uint32_t i) { return table()[i >> kBits][i & (kChunk - 1)]; }
  const T& operator[](uint32_t i) const { return table()[i >> kBits][i & (kChunk - 1)]; }
  uint32_t size() const { return size_; }
  // One more element, default-constructed; returns its index. sim.threads: the source NIs grow the packet
  // pool while other threads' routers read packets already there, so the chunk table is never moved or
  // freed under them: a full table is copied into one twice its size, published, and kept.
  uint32_t grow() {
    if ((size_ & (kChunk - 1)) == 0) {
      const size_t c = size_ >> kBits;
      if (c == cap_) {
        const size_t cap = cap_ ? 2 * cap_ : 16;
        std::unique_ptr<T*[]> t(new T*[cap]());
        for (size_t i = 0; i < c; ++i) t[i] = tables_.back()[i];
        table_.store(t.get(), std::memory_order_release);
        tables_.push_back(std::move(t));
        cap_ = cap;
      }
      chunks_.push_back(std::make_unique<T[]>(kChunk));
      tables_.back()[c] = chunks_.back().get();
    }
    return size_++;
  }

 private:
  T* const* table() const { return table_.load(std::memory_order_acquire); }
  std::vector<std::unique_ptr<T[]>> chunks_;   // owns the chunks
  std::vector<std::unique_ptr<T*[]>> tables_;  // the chunk tables, the current one last
  std::atomic<T**> table_{nullptr};
  size_t cap_ = 0;
  uint32_t size_ = 0;
};

}  // namespace drb
