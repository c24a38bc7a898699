// SPDX-License-Identifier: Apache-2.0
//
// Shared pieces of the RTL lock-step benches: command line, a mismatch collector, FST tracing and the
// conversion between HeaderLayout bits and Verilator ports. Each bench drives a Verilated block and its
// C++ reference model with the same inputs every cycle and compares every output.
#pragma once
#include <verilated.h>
#include <verilated_fst_c.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "models/util/rng.h"

namespace drb::bench {

// ---------------------------------------------------------------------------------------------------------
// Options: --cycles=N --seed=S --trace=FILE.fst --report=N (details printed for the first N mismatches).
// DRB_BENCH_SEED and DRB_BENCH_TRACE set the same from the environment (handy under ctest).
struct Options {
  uint64_t cycles = 1'000'000;
  uint64_t seed = 0;
  std::string trace;
  int report = 10;
  std::string argv0;
};

inline uint64_t parse_u64(const std::string& key, const std::string& v) {
  char* end = nullptr;
  const unsigned long long x = std::strtoull(v.c_str(), &end, 0);
  if (v.empty() || *end != '\0') {
    std::fprintf(stderr, "bad value for %s: '%s'\n", key.c_str(), v.c_str());
    std::exit(2);
  }
  return x;
}

inline Options parse_options(int argc, char** argv) {
  Options o;
  o.argv0 = argv[0];
  bool seeded = false;
  if (const char* s = std::getenv("DRB_BENCH_SEED")) {
    o.seed = parse_u64("DRB_BENCH_SEED", s);
    seeded = true;
  }
  if (const char* t = std::getenv("DRB_BENCH_TRACE")) o.trace = t;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto eq = a.find('=');
    const std::string key = a.substr(0, eq), val = eq == std::string::npos ? "" : a.substr(eq + 1);
    if (key == "--cycles") o.cycles = parse_u64(key, val);
    else if (key == "--seed") { o.seed = parse_u64(key, val); seeded = true; }
    else if (key == "--trace") o.trace = val;
    else if (key == "--report") o.report = static_cast<int>(parse_u64(key, val));
    else {
      std::fprintf(stderr, "usage: %s [--cycles=N] [--seed=S] [--trace=FILE.fst] [--report=N]\n", argv[0]);
      std::exit(2);
    }
  }
  // Unseeded runs draw a fresh seed so repeated runs explore more; the seed is printed to reproduce.
  if (!seeded) o.seed = (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  return o;
}

// ---------------------------------------------------------------------------------------------------------
// Counts every compared value and every mismatch; keeps the details of the first `report` mismatches.
class Checker {
 public:
  Checker(std::string name, const Options& o)
      : name_(std::move(name)), opt_(o), start_(std::chrono::steady_clock::now()) {
    std::printf("%s: seed=%llu cycles=%llu\n", name_.c_str(), static_cast<unsigned long long>(o.seed),
                static_cast<unsigned long long>(o.cycles));
  }

  template <class A, class B>
  bool eq(uint64_t cycle, const std::string& what, A rtl, B model) {
    ++checks_;
    if (static_cast<uint64_t>(rtl) == static_cast<uint64_t>(model)) return true;
    std::ostringstream s;
    s << "cycle " << cycle << " " << what << ": rtl=0x" << std::hex << static_cast<uint64_t>(rtl)
      << " model=0x" << static_cast<uint64_t>(model);
    fail(s.str());
    return false;
  }

  // Field by field, so a report names the header field that differs.
  bool eq_hdr(uint64_t cycle, const std::string& what, const HeaderLayout& l, const HeaderBits& rtl,
              const HeaderBits& model) {
    if (rtl == model) {  // the common case, without building field names
      checks_ += static_cast<uint64_t>(Field::Count);
      return true;
    }
    bool ok = true;
    for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
      const auto f = static_cast<Field>(i);
      ok &= eq(cycle, what + "." + HeaderLayout::name(f), get_field(l, rtl, f), get_field(l, model, f));
    }
    return ok;
  }

  // Call after each group of comparisons: attaches its inputs to the mismatches it just reported.
  template <class F>
  void context(F&& describe) {
    if (!pending_) return;
    details_.push_back("    inputs: " + describe());
    pending_ = false;
  }

  bool ok() const { return mismatches_ == 0; }

  // Prints the summary; returns the process exit code.
  int finish(uint64_t cycles) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const auto ull = [](uint64_t v) { return static_cast<unsigned long long>(v); };
    if (mismatches_ == 0) {
      std::printf("%s: PASS %llu cycles, %llu checks, %.2f s (%.2f M cycles/s)\n", name_.c_str(), ull(cycles),
                  ull(checks_), s, cycles / s / 1e6);
      return 0;
    }
    std::printf("%s: FAIL %llu mismatches in %llu checks over %llu cycles (seed=%llu); first %zu:\n",
                name_.c_str(), ull(mismatches_), ull(checks_), ull(cycles), ull(opt_.seed), shown_);
    for (const auto& d : details_) std::printf("  %s\n", d.c_str());
    std::printf("%s: reproduce with: %s --seed=%llu --cycles=%llu\n", name_.c_str(), opt_.argv0.c_str(),
                ull(opt_.seed), ull(cycles));
    return 1;
  }

  static uint64_t get_field(const HeaderLayout& l, const HeaderBits& b, Field f) {
    uint64_t v = 0;
    for (int i = 0; i < l.width(f); ++i) {
      const int bit = l.offset(f) + i;
      v |= ((b[bit / 64] >> (bit % 64)) & 1u) << i;
    }
    return v;
  }

 private:
  void fail(std::string detail) {
    ++mismatches_;
    if (shown_ < static_cast<size_t>(opt_.report)) {
      details_.push_back(std::move(detail));
      ++shown_;
      pending_ = true;
    }
  }

  std::string name_;
  Options opt_;
  std::chrono::steady_clock::time_point start_;
  uint64_t checks_ = 0, mismatches_ = 0;
  bool pending_ = false;
  size_t shown_ = 0;
  std::vector<std::string> details_;
};

// ---------------------------------------------------------------------------------------------------------
// FST waveform of one or more models, opened only when a trace file was asked for.
class Trace {
 public:
  Trace(VerilatedContext& ctx, const std::string& file) : file_(file) {
    if (!file.empty()) ctx.traceEverOn(true);
  }
  template <class M>
  void add(M& model) {
    if (file_.empty()) return;
    if (!fst_) fst_ = std::make_unique<VerilatedFstC>();
    model.trace(fst_.get(), 99);
  }
  void open() {
    if (fst_) fst_->open(file_.c_str());
  }
  void dump(uint64_t time) {
    if (fst_) fst_->dump(time);
  }
  ~Trace() {
    if (fst_) {
      fst_->close();
      std::printf("waveform written to %s\n", file_.c_str());
    }
  }

 private:
  std::string file_;
  std::unique_ptr<VerilatedFstC> fst_;
};

// ---------------------------------------------------------------------------------------------------------
// A clocked block (clk_i, asynchronous active-low rst_ni): the reset pulse, the clock left low.
template <class Dut>
void reset(Dut& d) {
  d.rst_ni = 0;
  d.clk_i = 0;
  d.eval();
  d.rst_ni = 1;
  d.eval();
}

// The lock-step loop over lanes (one Verilated instance and its model each) that offer reset(),
// evaluate(cycle, checker, first: the first lane, which plays the hand-worked opening) and tick(): per
// cycle every lane's inputs and comparisons, a waveform sample, the clock edge, a sample. Returns the
// process exit code.
template <class... Lanes>
int run_lanes(const Options& opt, Checker& chk, Trace& trace, Lanes&... lanes) {
  trace.open();
  (lanes.reset(), ...);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    bool first = true;
    ((lanes.evaluate(cyc, chk, first), first = false), ...);
    trace.dump(2 * cyc);
    (lanes.tick(), ...);
    trace.dump(2 * cyc + 1);
  }
  return chk.finish(opt.cycles);
}

// ---------------------------------------------------------------------------------------------------------
// Header bits <-> Verilator port. Ports up to 32 bits are IData, up to 64 QData, wider VlWide<N> (32-bit words).
inline void to_port(IData& p, const HeaderBits& b) { p = static_cast<IData>(b[0]); }
inline void to_port(QData& p, const HeaderBits& b) { p = b[0]; }
template <std::size_t N>
void to_port(VlWide<N>& p, const HeaderBits& b) {
  static_assert(N <= 8, "header wider than HeaderBits");
  for (std::size_t i = 0; i < N; ++i) p[i] = static_cast<EData>(b[i / 2] >> (32 * (i % 2)));
}
inline HeaderBits from_port(IData p) { return HeaderBits{p, 0, 0, 0}; }
inline HeaderBits from_port(QData p) { return HeaderBits{p, 0, 0, 0}; }
template <std::size_t N>
HeaderBits from_port(const VlWide<N>& p) {
  HeaderBits b{};
  for (std::size_t i = 0; i < N; ++i) b[i / 2] |= static_cast<uint64_t>(p[i]) << (32 * (i % 2));
  return b;
}

// The layout the RTL package was generated for: the same cache variables feed both (tb/gen/CMakeLists.txt).
inline LayoutParams layout_params() {
  LayoutParams p;
  p.nodes = DRB_HDR_NODES;
  p.latency_bits = DRB_HDR_LATENCY_BITS;
  p.seq_bits = DRB_HDR_SEQ_BITS;
  p.dims = DRB_HDR_DIMS;
  p.max_length = DRB_HDR_MAX_LENGTH;
  return p;
}

// A header with every field uniformly random within its width.
inline Header random_header(Rng& rng, const HeaderLayout& l) {
  HeaderBits b{};
  for (int bit = 0; bit < l.total_bits(); bit += 64) {
    const int w = l.total_bits() - bit < 64 ? l.total_bits() - bit : 64;
    b[bit / 64] = rng.next() & (w == 64 ? ~uint64_t{0} : ((uint64_t{1} << w) - 1));
  }
  return l.decode(b);
}

// Every field all ones (ones = true) or all zeros: the corners a random header rarely hits.
inline Header filled_header(const HeaderLayout& l, bool ones) {
  HeaderBits b{};
  for (int bit = 0; ones && bit < l.total_bits(); ++bit) b[bit / 64] |= uint64_t{1} << (bit % 64);
  return l.decode(b);
}

// "dest0_more=1 dest0=0x2a ...": every field of an encoded header, for mismatch reports.
inline std::string describe(const HeaderLayout& l, const HeaderBits& b) {
  std::ostringstream s;
  for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
    const auto f = static_cast<Field>(i);
    s << (i ? " " : "") << HeaderLayout::name(f) << "=0x" << std::hex << Checker::get_field(l, b, f);
  }
  return s.str();
}

inline uint32_t field_mask(const HeaderLayout& l, Field f) {
  return l.width(f) >= 32 ? 0xffffffffu : ((1u << l.width(f)) - 1);
}

}  // namespace drb::bench
