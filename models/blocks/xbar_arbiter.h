// SPDX-License-Identifier: Apache-2.0
// Crossbar arbiter (one per output port): a P-input round-robin arbiter with a priority-class input.
// Requests with the priority bit set win over the others; within a class the grant goes to the first
// requester at or after the pointer. The pointer moves past the winner only when the grant is used.
// This is the contract rtl/drb_xbar_arbiter.sv meets bit for bit (RrArbiter::pick: rtl/drb_rr_pick.sv,
// every round-robin pick of the RTL router). Routers past 64 ports (high-radix switches) pass their
// requests as several 64-bit words, bit i in word i / 64; the rule is the same.
#pragma once
#include <cstdint>

namespace drb {

class RrArbiter {
 public:
  explicit RrArbiter(int n = 1) : n_(n) {}
  int size() const { return n_; }
  int pointer() const { return ptr_; }
  void set_pointer(int p) { ptr_ = p; }
  // First set bit of req at or after the pointer, wrapping; -1 if none. n <= 64.
  int pick(uint64_t req) const {
    if (!req) return -1;
    const uint64_t hi = req & (~uint64_t{0} << ptr_);
    return hi ? __builtin_ctzll(hi) : __builtin_ctzll(req);
  }
  // The same over `words` words: the pointer's word from the pointer on, the words after it, then the words
  // before it and the pointer's word below the pointer.
  int pick(const uint64_t* req, int words) const {
    const int w0 = ptr_ >> 6;
    const uint64_t hi = req[w0] & (~uint64_t{0} << (ptr_ & 63));
    if (hi) return w0 * 64 + __builtin_ctzll(hi);
    for (int w = w0 + 1; w < words; ++w)
      if (req[w]) return w * 64 + __builtin_ctzll(req[w]);
    for (int w = 0; w <= w0; ++w)
      if (req[w]) return w * 64 + __builtin_ctzll(req[w]);
    return -1;
  }
  void update(int grant, bool used) {
    if (used && grant >= 0) ptr_ = past(grant, n_);
  }
  // The pointer after a used grant of one of n requesters.
  static int past(int grant, int n) { return grant + 1 == n ? 0 : grant + 1; }

 private:
  int n_;
  int ptr_ = 0;
};

class XbarArbiter {
 public:
  explicit XbarArbiter(int inputs = 1) : rr_(inputs) {}
  // One whose pointer is at `pointer` (a router that keeps only its arbiters' pointers rebuilds them so).
  XbarArbiter(int inputs, int pointer) : rr_(inputs) { rr_.set_pointer(pointer); }
  int inputs() const { return rr_.size(); }
  int pointer() const { return rr_.pointer(); }
  // Combinational: the granted input for these requests, or -1.
  int arbitrate(uint64_t req, uint64_t prio) const {
    const uint64_t hp = req & prio;
    return rr_.pick(hp ? hp : req);
  }
  // The same for a wide request vector (kMaxWords words at most).
  static constexpr int kMaxWords = 4;
  int arbitrate(const uint64_t* req, const uint64_t* prio, int words) const {
    uint64_t hp[kMaxWords];
    uint64_t any = 0;
    for (int w = 0; w < words; ++w) any |= hp[w] = req[w] & prio[w];
    return rr_.pick(any ? hp : req, words);
  }
  // Clock edge: advance the pointer past a used grant.
  void update(int grant, bool used) { rr_.update(grant, used); }

 private:
  RrArbiter rr_;
};

}  // namespace drb
