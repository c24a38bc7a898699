// SPDX-License-Identifier: Apache-2.0
// sim.threads: the calling thread and n - 1 workers run the n parts of one cycle's element steps, then
// meet. A cycle of a 16x16 torus lasts tens of microseconds, so the workers spin a while before they sleep
// (a sleep and wake-up per cycle would cost as much as the work), then sleep on a condition variable;
// with more threads than cores they sleep soon and cost little.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace drb {

class StepPool {
 public:
  // n >= 2 parts: part 0 runs in the calling thread, parts 1.. in workers started here.
  explicit StepPool(int n) : n_(n), err_(static_cast<size_t>(n)) {
    // More threads than cores: a spinning thread would hold the core the one it waits for needs (3 threads
    // on this 2-core machine spun a 16x16 torus 12x slower than one thread), so it yields, and soon sleeps.
    const unsigned hw = std::thread::hardware_concurrency();
    over_ = hw > 0 && static_cast<unsigned>(n) > hw;
    spin_ = over_ ? kYields : kSpin;
    for (int t = 1; t < n; ++t) workers_.emplace_back([this, t] { work(t); });
  }
  ~StepPool() {
    stop_.store(true);
    start();
    for (std::thread& w : workers_) w.join();
  }
  StepPool(const StepPool&) = delete;
  StepPool& operator=(const StepPool&) = delete;
  int size() const { return n_; }

  // f(part) for every part 0..n-1 at once; returns when all have returned. An exception in a part is
  // rethrown here once every part is done (the lowest part's, when several threw).
  template <class F>
  void run(F& f) {
    call_ = [](void* c, int t) { (*static_cast<F*>(c))(t); };
    ctx_ = &f;
    pending_.store(n_ - 1);
    start();
    part(0);
    for (int spin = 0; pending_.load() != 0 && spin < spin_; ++spin) relax();
    if (pending_.load() != 0) {
      std::unique_lock<std::mutex> lk(m_);
      main_sleeps_.store(true);
      done_.wait(lk, [this] { return pending_.load() == 0; });
      main_sleeps_.store(false);
    }
    for (std::exception_ptr& e : err_)
      if (e) {
        std::exception_ptr x = e;
        for (std::exception_ptr& c : err_) c = nullptr;
        std::rethrow_exception(x);
      }
  }

 private:
  static constexpr int kSpin = 1 << 14;  // polls before sleeping: about the length of a busy cycle's work
  static constexpr int kYields = 64;     //   or yields, with more threads than cores
  void relax() const {
    if (over_)
      std::this_thread::yield();
    else
      __builtin_ia32_pause();
  }
  // Sequentially consistent throughout: a thread about to sleep announces it, then checks again under the
  // lock; the other side changes the word, then looks for sleepers, so one of the two sees the other.
  void start() {
    gen_.fetch_add(1);
    if (sleepers_.load() > 0) {
      std::lock_guard<std::mutex> lk(m_);
      go_.notify_all();
    }
  }
  void part(int t) {
    try {
      call_(ctx_, t);
    } catch (...) {
      err_[static_cast<size_t>(t)] = std::current_exception();
    }
  }
  void work(int t) {
    uint64_t seen = 0;
    for (;;) {
      for (int spin = 0; gen_.load() == seen && spin < spin_; ++spin) relax();
      if (gen_.load() == seen) {
        std::unique_lock<std::mutex> lk(m_);
        sleepers_.fetch_add(1);
        go_.wait(lk, [&] { return gen_.load() != seen; });
        sleepers_.fetch_sub(1);
      }
      seen = gen_.load();
      if (stop_.load()) return;
      part(t);
      if (pending_.fetch_sub(1) == 1 && main_sleeps_.load()) {
        std::lock_guard<std::mutex> lk(m_);
        done_.notify_one();
      }
    }
  }

  int n_;
  bool over_ = false;
  int spin_ = kSpin;
  std::vector<std::exception_ptr> err_;  // per part: what it threw this cycle
  std::vector<std::thread> workers_;
  void (*call_)(void*, int) = nullptr;
  void* ctx_ = nullptr;
  alignas(64) std::atomic<uint64_t> gen_{0};  // bumped per run: the workers' start signal
  alignas(64) std::atomic<int> pending_{0};   // workers still running this run's part
  std::atomic<bool> stop_{false}, main_sleeps_{false};
  std::atomic<int> sleepers_{0};  // workers asleep on go_
  std::mutex m_;
  std::condition_variable go_, done_;
};

}  // namespace drb
