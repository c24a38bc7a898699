// SPDX-License-Identifier: Apache-2.0
#include "systemc/ni/tlm_map.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "models/util/text_lines.h"

namespace drb {

namespace {
std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}
std::string window_text(const TlmWindow& w) {
  return "node " + std::to_string(w.node) + " [" + hex(w.base) + ", +" + hex(w.size) + ")";
}
}  // namespace

AddressMap::AddressMap(const TlmParams& p, int nodes) : nodes_(nodes) {
  if (p.flit_bytes < 1 || p.flit_bytes > kMaxFlitBytes)
    throw std::invalid_argument("tlm.flit_bytes: value " + std::to_string(p.flit_bytes) + " out of range [1, " +
                                std::to_string(kMaxFlitBytes) + "]");
  if (p.max_burst < 1 || p.max_burst > kMaxBurst)
    throw std::invalid_argument("tlm.max_burst: value " + std::to_string(p.max_burst) + " out of range [1, " +
                                std::to_string(kMaxBurst) + "]");
  if (p.map.empty()) {
    if (p.window < 1 || p.window > kMaxTlmWindow)
      throw std::invalid_argument("tlm.window: value " + std::to_string(p.window) + " out of range [1, 2^48]");
    window_ = p.window;  // nodes <= 65535 and window <= 2^48: the last window ends below 2^64
    return;
  }
  if (p.map.size() > kMaxTlmWindows)
    throw std::invalid_argument("tlm.map: " + std::to_string(p.map.size()) + " windows, at most " +
                                std::to_string(kMaxTlmWindows));
  base_of_.assign(static_cast<size_t>(nodes), -1);
  for (const TlmWindow& w : p.map) {
    if (w.node < 0 || w.node >= nodes)
      throw std::invalid_argument("tlm.map: " + window_text(w) + ": the fabric has nodes 0.." + std::to_string(nodes - 1));
    if (w.size == 0) throw std::invalid_argument("tlm.map: " + window_text(w) + " has size zero");
    if (w.base > UINT64_MAX - (w.size - 1))
      throw std::invalid_argument("tlm.map: " + window_text(w) + " ends past 2^64");
    if (base_of_[static_cast<size_t>(w.node)] >= 0)
      throw std::invalid_argument("tlm.map: node " + std::to_string(w.node) + " has two windows");
    base_of_[static_cast<size_t>(w.node)] = 1;  // marked; the bases are set below
  }
  sorted_ = p.map;
  std::sort(sorted_.begin(), sorted_.end(), [](const TlmWindow& a, const TlmWindow& b) { return a.base < b.base; });
  for (size_t i = 1; i < sorted_.size(); ++i)
    if (sorted_[i].base - sorted_[i - 1].base < sorted_[i - 1].size)
      throw std::invalid_argument("tlm.map: " + window_text(sorted_[i - 1]) + " and " + window_text(sorted_[i]) + " overlap");
  for (const TlmWindow& w : sorted_) base_of_[static_cast<size_t>(w.node)] = static_cast<int64_t>(w.base);
}

bool AddressMap::decode(uint64_t addr, uint64_t len, int& node, uint64_t& offset) const {
  if (window_) {
    const uint64_t n = addr / window_;
    offset = addr % window_;
    if (n >= static_cast<uint64_t>(nodes_) || len > window_ - offset) return false;
    node = static_cast<int>(n);
    return true;
  }
  // The last window that starts at or below addr.
  auto it = std::upper_bound(sorted_.begin(), sorted_.end(), addr, [](uint64_t a, const TlmWindow& w) { return a < w.base; });
  if (it == sorted_.begin()) return false;
  --it;
  offset = addr - it->base;
  if (offset >= it->size || len > it->size - offset) return false;
  node = it->node;
  return true;
}

bool AddressMap::answers(int node) const {
  if (node < 0 || node >= nodes_) return false;
  return window_ || base_of_[static_cast<size_t>(node)] >= 0;
}

uint64_t AddressMap::base(int node) const {
  return window_ ? static_cast<uint64_t>(node) * window_ : static_cast<uint64_t>(base_of_[static_cast<size_t>(node)]);
}

std::vector<TlmWindow> parse_tlm_map(const std::string& text) {
  std::vector<TlmWindow> out;
  for_each_line(text, [&](int line, const std::string& s) {
    const std::vector<std::string> w = split_words(s);
    if (w.empty()) return;
    const std::string at = "tlm.map: line " + std::to_string(line) + ": ";
    if (w.size() != 3) throw std::invalid_argument(at + "expected 'NODE BASE SIZE', got " + std::to_string(w.size()) + " words");
    auto number = [&](const std::string& v, const char* what) {
      if (v.empty() || v[0] == '-' || v[0] == '+') throw std::invalid_argument(at + what + " '" + v + "' is not a whole number");
      errno = 0;
      char* end = nullptr;
      const bool hex = v.size() > 1 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X');  // else decimal, never octal
      const unsigned long long x = std::strtoull(v.c_str(), &end, hex ? 16 : 10);
      if (errno == ERANGE) throw std::invalid_argument(at + what + " '" + v + "' exceeds 2^64 - 1");
      if (end == v.c_str() || *end) throw std::invalid_argument(at + what + " '" + v + "' is not a whole number");
      return static_cast<uint64_t>(x);
    };
    const uint64_t node = number(w[0], "node");
    if (node > 65535) throw std::invalid_argument(at + "node " + w[0] + " out of range [0, 65535]");
    if (out.size() == kMaxTlmWindows)
      throw std::invalid_argument(at + "more than " + std::to_string(kMaxTlmWindows) + " windows");
    out.push_back(TlmWindow{static_cast<int>(node), number(w[1], "base"), number(w[2], "size")});
  });
  if (out.empty()) throw std::invalid_argument("tlm.map: the file names no window (lines 'NODE BASE SIZE')");
  return out;
}

}  // namespace drb
