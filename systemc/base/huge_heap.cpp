// SPDX-License-Identifier: Apache-2.0
#include "systemc/base/huge_heap.h"

#include <climits>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#endif

namespace drb {

size_t reserve_huge_heap(size_t bytes) {
#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr size_t kHuge = size_t{2} << 20;
  // glibc serves a request below its mmap threshold (at most 32 MiB) from the heap, growing it with brk;
  // larger ones get mappings of their own. The reservation is taken in pieces below that.
  constexpr size_t kPiece = size_t{16} << 20;
  if (bytes < kHugeHeapMin) return 0;
  static const bool kept = [] {
    // Fixed thresholds: requests up to 32 MiB come from the heap, and a freed top is never trimmed.
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, INT_MAX) == 1;
  }();
  if (!kept) return 0;
  std::vector<char*> piece;
  for (size_t got = 0; got < bytes; got += kPiece) {
    char* p = static_cast<char*>(std::malloc(kPiece));
    if (!p) break;  // what was taken is still advised
    piece.push_back(p);
  }
  // Pieces one after the other (only their headers between) form a run, advised as one range: a piece taken
  // from free memory (a fabric built before in this process) starts a run of its own.
  size_t advised = 0;
  auto at = [&](size_t i) { return reinterpret_cast<uintptr_t>(piece[i]); };
  for (size_t i = 0, j; i < piece.size(); i = j) {
    for (j = i + 1; j < piece.size() && at(j) > at(j - 1) && at(j) - at(j - 1) <= kPiece + 64;) ++j;
    const uintptr_t lo = (at(i) + kHuge - 1) & ~(kHuge - 1), hi = (at(j - 1) + kPiece) & ~(kHuge - 1);
    if (hi > lo && madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE) == 0) advised += hi - lo;
  }
  // Freed last to first, each piece joins the top of the heap again, untouched.
  for (auto p = piece.rbegin(); p != piece.rend(); ++p) std::free(*p);
  return advised;
#else
  (void)bytes;
  return 0;
#endif
}

}  // namespace drb
