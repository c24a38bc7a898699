// SPDX-License-Identifier: Apache-2.0
// The ring of the cycle core (systemc/channel/queues.h) over slots of its own and as a view of storage its
// owner keeps (a router's input buffers, one block per router): where the items land, what outgrowing a
// view does, and that copies and moves keep ownership straight (the sanitized build sees a double or a
// wrong free).
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "systemc/channel/queues.h"

namespace drb {
namespace {

std::vector<int> items(const Ring<int>& r) {
  std::vector<int> v;
  for (int i = 0; i < r.size(); ++i) v.push_back(r.at(i));
  return v;
}

TEST(Ring, SlotsArePowersOfTwo) {
  EXPECT_EQ(Ring<int>::slots(1), 1);
  EXPECT_EQ(Ring<int>::slots(5), 8);
  EXPECT_EQ(Ring<int>::slots(8), 8);
  EXPECT_EQ(Ring<int>::slots(9), 16);
}

TEST(Ring, LineBlockStartsOnACacheLineAndIsZeroed) {
  for (size_t n : {1u, 7u, 64u, 1000u}) {
    auto b = LineBlock<uint64_t>::make(n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(b.get()) % 64, 0u) << n;
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(b[i], 0u) << n << " " << i;
  }
}

TEST(Ring, AViewWritesIntoItsStorageAndWraps) {
  auto s = LineBlock<int>::make(8);
  Ring<int> r;
  r.view(s.get(), 6);  // 8 slots
  for (int i = 1; i <= 8; ++i) r.push(i);
  EXPECT_EQ(std::vector<int>(s.get(), s.get() + 8), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  for (int i = 0; i < 3; ++i) r.pop();
  for (int i = 9; i <= 11; ++i) r.push(i);
  // Slots 0-2 taken again, the front at slot 3.
  EXPECT_EQ(std::vector<int>(s.get(), s.get() + 8), (std::vector<int>{9, 10, 11, 4, 5, 6, 7, 8}));
  EXPECT_EQ(items(r), (std::vector<int>{4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(r.front(), 4);
}

TEST(Ring, OutgrowingAViewMovesIntoSlotsOfItsOwn) {
  auto s = LineBlock<int>::make(8);
  for (int i = 4; i < 8; ++i) s[i] = -1;  // beyond the view: must stay untouched
  Ring<int> r;
  r.view(s.get(), 4);
  for (int i = 1; i <= 4; ++i) r.push(i);
  r.pop();
  r.push(5);  // wraps to slot 0
  r.push(6);  // a fifth item: grows
  EXPECT_EQ(items(r), (std::vector<int>{2, 3, 4, 5, 6}));
  for (int i = 4; i < 8; ++i) EXPECT_EQ(s[i], -1) << i;
  s[1] = 99;  // the view's storage no longer backs the ring
  EXPECT_EQ(items(r), (std::vector<int>{2, 3, 4, 5, 6}));
}

TEST(Ring, CopiesOwnTheirSlotsAndMovesKeepTheView) {
  auto s = LineBlock<int>::make(4);
  {
    Ring<int> r;
    r.view(s.get(), 4);
    r.push(7);
    r.push(8);
    Ring<int> c(r);
    s[0] = 70;  // seen through the view, not by the copy
    EXPECT_EQ(items(r), (std::vector<int>{70, 8}));
    EXPECT_EQ(items(c), (std::vector<int>{7, 8}));
    Ring<int> m(std::move(r));
    s[1] = 80;
    EXPECT_EQ(items(m), (std::vector<int>{70, 80}));
    Ring<int> a;
    a = c;  // assigned a copy: slots of its own
    c.push(9);
    EXPECT_EQ(items(a), (std::vector<int>{7, 8}));
    a = std::move(m);  // now the view
    s[0] = 700;
    EXPECT_EQ(items(a), (std::vector<int>{700, 80}));
    a.init(2);  // slots of its own again, emptied; the storage is left alone
    EXPECT_TRUE(a.empty());
    a.push(1);
  }
  // Every ring is gone and the storage is still the block's (the sanitized build would report a free of it).
  EXPECT_EQ(s[0], 700);
  EXPECT_EQ(s[1], 80);
}

}  // namespace
}  // namespace drb
