// SPDX-License-Identifier: Apache-2.0
// A unit's VCs (InputUnit, OutputUnit): an array of its own (a unit built alone, as the unit tests do) or
// its slice of the router's one array of input VCs or of output VCs. The router's arrays let a flit's and a
// credit's delivery index a VC from the router's first cache line, without reading the unit's line for
// where its VCs are (RouterCore::arrive, RouterCore::credit). 16 bytes, so that a unit fits one line.
#pragma once
#include <cstddef>
#include <utility>

namespace drb {

template <class T>
class VcSlice {
 public:
  VcSlice() = default;
  VcSlice(VcSlice&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), own_(std::exchange(o.own_, false)) {}
  VcSlice& operator=(VcSlice&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      own_ = std::exchange(o.own_, false);
    }
    return *this;
  }
  VcSlice(const VcSlice&) = delete;
  VcSlice& operator=(const VcSlice&) = delete;
  ~VcSlice() { release(); }

  // n VCs of its own, each a copy of v.
  void assign(int n, const T& v = T{}) {
    release();
    p_ = new T[static_cast<size_t>(n)];
    for (int i = 0; i < n; ++i) p_[i] = v;
    n_ = n;
    own_ = true;
  }
  // The n VCs from p, in an array someone else owns (its router).
  void view(T* p, int n) {
    release();
    p_ = p;
    n_ = n;
    own_ = false;
  }
  T& operator[](size_t i) { return p_[i]; }
  const T& operator[](size_t i) const { return p_[i]; }
  size_t size() const { return static_cast<size_t>(n_); }
  T* begin() { return p_; }
  T* end() { return p_ + n_; }
  const T* begin() const { return p_; }
  const T* end() const { return p_ + n_; }

 private:
  void release() {
    if (own_) delete[] p_;
    p_ = nullptr;
    n_ = 0;
    own_ = false;
  }
  T* p_ = nullptr;
  int n_ = 0;
  bool own_ = false;
};

}  // namespace drb
