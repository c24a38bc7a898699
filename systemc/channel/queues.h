// SPDX-License-Identifier: Apache-2.0
// Small containers for the cycle core: a fixed-capacity ring, and a FIFO of timestamped items whose
// times never decrease (a link or a credit wire with a fixed delay carries at most one item per cycle).
#pragma once
#include <cstdint>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace drb {

// 24 bytes (a pointer, three ints and a flag rather than a vector's three pointers): a router's input VC
// keeps the fields a flit touches in one cache line with it (input_unit.h). Its slots are its own (init) or
// a view of storage its owner keeps (view: a router's buffers in one block, RouterCore::alloc_buffers); a
// ring that outgrows a view copies itself into slots of its own.
template <class T>
class Ring {
 public:
  Ring() : buf_(new T[1]{}) {}
  Ring(const Ring& o) : buf_(new T[o.mask_ + 1]), mask_(o.mask_), head_(o.head_), size_(o.size_) {
    for (int i = 0; i <= mask_; ++i) buf_[i] = o.buf_[i];
  }
  Ring(Ring&& o) noexcept : buf_(o.buf_), mask_(o.mask_), head_(o.head_), size_(o.size_), own_(o.own_) {
    o.buf_ = nullptr;
    o.own_ = false;
  }
  Ring& operator=(Ring o) noexcept {
    std::swap(buf_, o.buf_);
    std::swap(own_, o.own_);
    mask_ = o.mask_, head_ = o.head_, size_ = o.size_;
    return *this;
  }
  ~Ring() { release(); }
  // Slots for `capacity` items (rounded up to a power of two: slots()).
  static int slots(int capacity) {
    int c = 1;
    while (c < capacity) c <<= 1;
    return c;
  }
  void init(int capacity) {
    const int n = slots(capacity);
    use(new T[n]{}, n, true);
  }
  // The slots(capacity) items from `storage` on, which outlive the ring; emptied.
  void view(T* storage, int capacity) { use(storage, slots(capacity), false); }
  bool empty() const { return size_ == 0; }
  int size() const { return size_; }
  const int& size_ref() const { return size_; }  // for waveforms (stable while the ring lives)
  T& front() { return buf_[head_]; }
  const T& front() const { return buf_[head_]; }
  const T& at(int i) const { return buf_[(head_ + i) & mask_]; }  // i-th from the front
  const T* next_slot() const { return buf_ + ((head_ + size_) & mask_); }  // where push writes (if no growth)
  void push(const T& v) {
    if (size_ > mask_) grow();
    buf_[(head_ + size_) & mask_] = v;
    ++size_;
  }
  void pop() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }
  void clear() { head_ = size_ = 0; }

 private:
  void release() {
    if (own_) delete[] buf_;
  }
  void use(T* b, int n, bool own) {
    release();
    buf_ = b;
    own_ = own;
    mask_ = n - 1;
    head_ = size_ = 0;
  }
  __attribute__((noinline)) void grow() {
    const int n = (mask_ + 1) * 2;
    T* nb = new T[n]{};
    for (int i = 0; i < size_; ++i) nb[i] = buf_[(head_ + i) & mask_];
    release();
    buf_ = nb;
    own_ = true;
    mask_ = n - 1;
    head_ = 0;
  }
  T* buf_;
  int mask_ = 0, head_ = 0, size_ = 0;
  bool own_ = true;
};

// n value-initialised T from a cache-line boundary, freed as one (Ring::view's storage).
template <class T>
struct LineBlock {
  static_assert(std::is_trivially_destructible_v<T>, "freed without destroying its items");
  struct Free {
    void operator()(T* p) const { ::operator delete[](p, std::align_val_t(64)); }
  };
  using Ptr = std::unique_ptr<T[], Free>;
  static Ptr make(size_t n) {
    T* p = static_cast<T*>(::operator new[](n * sizeof(T), std::align_val_t(64)));
    std::uninitialized_value_construct_n(p, n);
    return Ptr(p);
  }
};

template <class T>
struct Timed {
  int64_t t;
  T v;
};

template <class T>
class DelayQueue {
 public:
  DelayQueue() { q_.init(4); }
  void push(int64_t t, const T& v) { q_.push(Timed<T>{t, v}); }
  bool ready(int64_t now) const { return !q_.empty() && q_.front().t <= now; }
  bool empty() const { return q_.empty(); }
  int size() const { return q_.size(); }
  const T& front() const { return q_.front().v; }
  void pop() { q_.pop(); }

 private:
  Ring<Timed<T>> q_;
};

// Items in flight on the fabric's links, bucketed by the cycle they arrive in. Every delay is at least
// one cycle and below the horizon, so a bucket is complete before its cycle starts and is drained once.
template <class E>
class Wheel {
 public:
  void init(int horizon) {
    int c = 1;
    while (c <= horizon) c <<= 1;
    b_.assign(c, {});
    mask_ = c - 1;
  }
  void push(int64_t t, const E& e) { b_[t & mask_].push_back(e); }
  template <class... A>
  void emplace(int64_t t, A&&... a) {
    b_[t & mask_].emplace_back(std::forward<A>(a)...);
  }
  // Always inlined into the fabric's step: with the element type a template parameter of the step, GCC
  // stopped inlining it (drb_bench B2: 0.7% more instructions).
  template <class F>
  [[gnu::always_inline]] void drain(int64_t now, F f) {
    scan(now, f);
    clear(now);
  }
  // drain in two steps (sim.threads: the bucket read by several threads at once, each taking its receivers,
  // then cleared once). ahead(items, i, n) runs before item i: the grouped step prefetches there what the
  // later items will touch; NoAhead compiles away.
  struct NoAhead {
    void operator()(const E*, size_t, size_t) const {}
  };
  template <class F, class A = NoAhead>
  [[gnu::always_inline]] void scan(int64_t now, F f, A ahead = {}) const {
    const std::vector<E>& b = b_[now & mask_];
    const E* const p = b.data();
    const E* const end = p + b.size();
    for (const E* e = p; e != end; ++e) {
      ahead(p, static_cast<size_t>(e - p), static_cast<size_t>(end - p));
      f(*e);
    }
  }
  void clear(int64_t now) { b_[now & mask_].clear(); }  // keeps its capacity: no allocation in steady state

 private:
  std::vector<std::vector<E>> b_;
  int64_t mask_ = 0;
};

}  // namespace drb
