// SPDX-License-Identifier: Apache-2.0
#include "systemc/base/vcd_writer.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>

namespace drb {

VcdWriter::VcdWriter(const std::string& path, const std::string& top) : out_(path), top_(top) {}

void VcdWriter::add_raw(const std::string& name, const void* p, int bytes, int width) {
  if (started_) throw std::logic_error("VcdWriter: variables are added before the first sample");
  Var v{};
  if (!top_.empty()) v.scope.push_back(top_);
  size_t at = 0;
  for (size_t dot; (dot = name.find('.', at)) != std::string::npos; at = dot + 1) v.scope.push_back(name.substr(at, dot - at));
  v.name = name.substr(at);
  v.p = p;
  v.bytes = bytes;
  v.width = width;
  // Identifiers: base 94 over the printable characters, as short as the count allows.
  for (size_t n = vars_.size();; n = n / 94 - 1) {
    v.id += static_cast<char>(33 + n % 94);
    if (n < 94) break;
  }
  vars_.push_back(std::move(v));
}

uint64_t VcdWriter::read(const Var& v) const {
  uint64_t x = 0;
  std::memcpy(&x, v.p, static_cast<size_t>(v.bytes));  // little-endian host: the low bytes
  return v.width >= 64 ? x : x & ((uint64_t{1} << v.width) - 1);
}

void VcdWriter::put(const Var& v, uint64_t x) {
  std::FILE* f = out_.get();
  if (v.width == 1) {
    std::fprintf(f, "%c%s\n", x ? '1' : '0', v.id.c_str());
    return;
  }
  char bits[72];
  int n = 0;
  for (int b = v.width - 1; b >= 0; --b)
    if (n || (x >> b & 1) || b == 0) bits[n++] = (x >> b & 1) ? '1' : '0';
  bits[n] = 0;
  std::fprintf(f, "b%s %s\n", bits, v.id.c_str());
}

// Scopes in the order their first variable was added; a scope's variables before its sub-scopes.
void VcdWriter::header() {
  std::FILE* f = out_.get();
  std::fprintf(f, "$version drbsim $end\n$timescale 1 ps $end\n");
  struct Node {
    std::vector<const Var*> vars;
    std::vector<std::string> order;
    std::map<std::string, Node> kids;
  };
  Node root;
  for (const Var& v : vars_) {
    Node* n = &root;
    for (const std::string& s : v.scope) {
      if (!n->kids.count(s)) n->order.push_back(s);
      n = &n->kids[s];
    }
    n->vars.push_back(&v);
  }
  auto emit = [&](auto& self, const Node& n) -> void {
    for (const Var* v : n.vars) {  // vectors with their range, as SystemC writes them
      if (v->width == 1) std::fprintf(f, "$var wire 1 %s %s $end\n", v->id.c_str(), v->name.c_str());
      else std::fprintf(f, "$var wire %d %s %s [%d:0] $end\n", v->width, v->id.c_str(), v->name.c_str(), v->width - 1);
    }
    for (const std::string& s : n.order) {
      std::fprintf(f, "$scope module %s $end\n", s.c_str());
      self(self, n.kids.at(s));
      std::fprintf(f, "$upscope $end\n");
    }
  };
  emit(emit, root);
  std::fprintf(f, "$enddefinitions $end\n");
}

void VcdWriter::sample(uint64_t ps) {
  std::FILE* f = out_.get();
  if (!f) return;
  if (!started_) {
    header();
    started_ = true;
    last_time_ = ps;
    std::fprintf(f, "#%llu\n$dumpvars\n", static_cast<unsigned long long>(ps));
    for (Var& v : vars_) put(v, v.last = read(v));
    std::fprintf(f, "$end\n");
    return;
  }
  bool stamped = false;
  for (Var& v : vars_) {
    const uint64_t x = read(v);
    if (x == v.last) continue;
    if (!stamped) {
      if (ps < last_time_) throw std::logic_error("VcdWriter: time went back");
      std::fprintf(f, "#%llu\n", static_cast<unsigned long long>(ps));
      last_time_ = ps;
      stamped = true;
    }
    put(v, v.last = x);
  }
}

}  // namespace drb
