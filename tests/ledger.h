// SPDX-License-Identifier: Apache-2.0
// A test's own record of the messages it submitted, checked against what the fabric delivers: every
// accepted message delivered exactly once, to the right node, with the bytes it was sent with.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "models/util/rng.h"
#include "systemc/fabric/fabric.h"
#include "systemc/fabric/network.h"

namespace drb::test {

struct Sent {
  int src, dst, flits;
  std::vector<uint8_t> bytes;
};

struct Ledger : NetObserver {
  explicit Ledger(const PacketStore& s) : store(&s) {}
  const PacketStore* store;  // where delivered messages' bytes are read
  std::unordered_map<uint64_t, Sent> outstanding;
  uint64_t delivered = 0, duplicates = 0, wrong = 0;
  void message_delivered(const Message& m, int64_t) override {
    auto it = outstanding.find(m.id);
    if (it == outstanding.end()) {
      ++duplicates;  // delivered twice, or never sent
      return;
    }
    const Sent& s = it->second;
    if (m.src != s.src || m.dst != s.dst || m.flits != s.flits || store->host(m).data != s.bytes) ++wrong;
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

// Drives a fabric with Bernoulli messages of `len` flits at rate(t) flits per node and cycle to uniform
// destinations, each with random payload bytes recorded in a ledger; each(t) runs first in every cycle.
// After `cycles`, a drain. Returns the ledger's counts (see expect_conserved).
inline nlohmann::json drive_ledger(Fabric& fab, int len, int64_t cycles, const std::function<double(int64_t)>& rate,
                                   const std::function<void(int64_t)>& each = {}) {
  Network& net = fab.net();
  Ledger ledger(net.store());
  net.add_observer(&ledger);
  Rng rng(11);
  uint64_t accepted = 0, rejected = 0;
  bool generating = true;
  fab.add_cycle_hook([&](int64_t t) {
    if (each) each(t);
    if (!generating) return;
    const double p = rate(t) / len;
    for (int a = 0; a < net.nodes(); ++a) {
      if (!rng.bernoulli(p)) continue;
      int b = static_cast<int>(rng.below(net.nodes() - 1));
      if (b >= a) ++b;
      std::vector<uint8_t> bytes(1 + rng.below(32));
      for (auto& x : bytes) x = static_cast<uint8_t>(rng.next());
      const uint64_t id = net.submit(a, b, len, t, false, bytes);
      if (id) ledger.outstanding.emplace(id, Sent{a, b, len, std::move(bytes)}), ++accepted;
      else ++rejected;
    }
  });
  fab.run_until(cycles);
  generating = false;
  const int64_t end = fab.cycle();
  while ((net.live_messages() || net.live_packets()) && fab.cycle() < end + 200000) fab.run_until(fab.cycle() + 1000);
  return nlohmann::json{{"accepted", accepted}, {"rejected", rejected}, {"delivered", ledger.delivered},
                        {"duplicates", ledger.duplicates}, {"wrong", ledger.wrong},
                        {"undelivered", ledger.outstanding.size()}, {"live_packets", net.live_packets()}};
}

}  // namespace drb::test
