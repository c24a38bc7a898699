// SPDX-License-Identifier: Apache-2.0
// Huge pages for a big fabric (systemc/base/huge_heap.h): a small request advises nothing; after a large one,
// the many small allocations that follow (a fabric's records) are mapped in huge pages, where before it they
// were not; and a fabric's results are the same with and without (tests/test_determinism.cpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "systemc/base/huge_heap.h"

namespace {

// KiB of this process' anonymous memory mapped in huge pages.
long anon_huge_kib() {
  std::ifstream f("/proc/self/smaps_rollup");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("AnonHugePages:", 0) == 0) return std::stol(line.substr(14));
  return -1;
}

// The kernel's transparent huge page mode ("always", "madvise", "never"; "" without them).
std::string thp_mode() {
  std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string s((std::istreambuf_iterator<char>(f)), {});
  const auto a = s.find('['), b = s.find(']');
  return a == std::string::npos || b == std::string::npos ? "" : s.substr(a + 1, b - a - 1);
}

// 16 MiB of 64-byte records, each written once, as an assembly writes a fabric's; the huge-page KiB they added.
long touch_records(std::vector<char*>& keep) {
  const long before = anon_huge_kib();
  for (int i = 0; i < (16 << 20) / 64; ++i) {
    char* p = static_cast<char*>(std::malloc(64));
    p[0] = 1;
    keep.push_back(p);
  }
  return anon_huge_kib() - before;
}

TEST(HugeHeap, SmallRequestsAdviseNothing) {
  EXPECT_EQ(drb::reserve_huge_heap(0), 0u);
  EXPECT_EQ(drb::reserve_huge_heap((size_t{8} << 20) - 1), 0u);
}

TEST(HugeHeap, TheAllocationsAfterALargeReservationTakeHugePages) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "the sanitizer's allocator does not take its memory from the heap";
#endif
  const std::string mode = thp_mode();
  if (mode != "madvise" && mode != "always") GTEST_SKIP() << "transparent huge pages are off here: '" << mode << "'";
  ASSERT_GE(anon_huge_kib(), 0) << "no AnonHugePages in /proc/self/smaps_rollup";
  std::vector<char*> keep;
  keep.reserve(2 * (16 << 20) / 64);  // the list itself outside what is counted
  // The control: without the reservation, under "madvise", the records take ordinary pages.
  if (mode == "madvise") {
    EXPECT_LT(touch_records(keep), 2048) << "huge pages without advice";
  }
  const size_t advised = drb::reserve_huge_heap(size_t{64} << 20);
  EXPECT_GE(advised, size_t{60} << 20) << "64 MiB less at most 2 MiB of alignment at each end";
  // 16 MiB of records (20 MiB with the allocator's headers) fill at least 8 whole huge pages.
  EXPECT_GE(touch_records(keep), 8 * 2048);
  for (char* p : keep) std::free(p);
}

}  // namespace
