// A test's own record of the messages it submitted, checked against what the fabric delivers: every
// accepted message delivered exactly once, to the right node, with the bytes it was sent with.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "systemc/fabric/network.h"

namespace drb::test {

struct Sent {
  int src, dst, flits;
  std::vector<uint8_t> bytes;
};

struct Ledger : NetObserver {
  std::unordered_map<uint64_t, Sent> outstanding;
  uint64_t delivered = 0, duplicates = 0, wrong = 0;
  void message_delivered(const Message& m, int64_t) override {
    auto it = outstanding.find(m.id);
    if (it == outstanding.end()) {
      ++duplicates;  // delivered twice, or never sent
      return;
    }
    const Sent& s = it->second;
    if (m.src != s.src || m.dst != s.dst || m.flits != s.flits || m.data != s.bytes) ++wrong;
    outstanding.erase(it);
    ++delivered;
  }
};

// An overload run's ledger counts (accepted, delivered, duplicates, wrong, undelivered, live_packets):
// something was accepted, and every accepted message arrived once, intact, with nothing left in flight.
inline void expect_conserved(const nlohmann::json& r) {
  EXPECT_GT(r["accepted"].get<uint64_t>(), 0u);
  EXPECT_EQ(r["delivered"], r["accepted"]);
  EXPECT_EQ(r["duplicates"], 0);
  EXPECT_EQ(r["wrong"], 0);
  EXPECT_EQ(r["undelivered"], 0);
  EXPECT_EQ(r["live_packets"], 0);
}

}  // namespace drb::test
