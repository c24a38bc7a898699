// SPDX-License-Identifier: Apache-2.0
// Transparent huge pages for a big fabric's state. A busy element's step touches its records, buffers and
// channels, tens of megabytes apart across a 4,096-element fabric; with 4 KiB pages most of those touches
// also miss the TLB, and Debian's kernel gives huge pages only to memory advised for them (THP "madvise").
// The fabric is built from many small allocations, so the heap itself is grown in advised memory before the
// assembly: the allocations that follow take it.
#pragma once
#include <cstddef>

namespace drb {

// The least reservation worth making: below it a fabric has little to gain.
inline constexpr size_t kHugeHeapMin = size_t{8} << 20;

// Grows the heap by about `bytes` of memory advised for transparent huge pages, left free for the
// allocations that follow (nothing is touched, so nothing is resident until used). Returns the bytes
// advised: 0 below kHugeHeapMin and without glibc or MADV_HUGEPAGE; less than
// asked when memory ran out or the heap grew in several places (up to 2 MiB lost at each break). Also stops
// the C library returning the top of the heap to the system, which would give the advised memory back unused.
size_t reserve_huge_heap(size_t bytes);

}  // namespace drb
