// SPDX-License-Identifier: Apache-2.0
// Initiators that replay a memory-access trace, loosely timed (b_transport with a quantum keeper) or
// approximately timed (nb_transport, up to four accesses in flight). The trace is text, one access a line,
// '#' to the end of a line a comment:
//   CYCLE NODE R|W ADDRESS BYTES       e.g.   120 1 W 0x50040 64
// node NODE issues the access at CYCLE (or when it is free, if later), in the order of its lines.
#pragma once
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <vector>

struct Access {
  uint64_t cycle = 0;
  int node = 0;
  bool write = false;
  uint64_t addr = 0;
  unsigned bytes = 0;
};

// The accesses of a trace file, by node; "" or the problem ("line N: ...").
inline std::string read_trace(const std::string& path, int nodes, std::map<int, std::vector<Access>>& out) {
  std::ifstream in(path);
  if (!in) return "cannot read '" + path + "'";
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n > 1000000) return "more than 1,000,000 lines";
    line = line.substr(0, line.find('#'));
    std::istringstream w(line);
    std::string c, node, rw, addr, bytes, extra;
    if (!(w >> c)) continue;
    const std::string at = "line " + std::to_string(n) + ": ";
    if (!(w >> node >> rw >> addr >> bytes) || (w >> extra)) return at + "expected 'CYCLE NODE R|W ADDRESS BYTES'";
    auto num = [](const std::string& s, uint64_t& v) {
      if (s.empty() || s[0] == '-' || s[0] == '+') return false;
      errno = 0;
      char* end = nullptr;
      const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
      v = std::strtoull(s.c_str(), &end, hex ? 16 : 10);
      return errno == 0 && end != s.c_str() && !*end;
    };
    Access a;
    uint64_t nd = 0, b = 0;
    if (!num(c, a.cycle) || !num(node, nd) || !num(addr, a.addr) || !num(bytes, b)) return at + "a field is not a whole number";
    if (nd >= static_cast<uint64_t>(nodes)) return at + "node " + node + " is not a node of the fabric";
    if (rw != "R" && rw != "W") return at + "expected R or W, got '" + rw + "'";
    if (b < 1 || b > 4096) return at + "bytes must lie in [1, 4096]";
    a.node = static_cast<int>(nd);
    a.write = rw == "W";
    a.bytes = static_cast<unsigned>(b);
    out[a.node].push_back(a);
  }
  if (out.empty()) return "the trace names no access";
  return "";
}

struct Replayer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Replayer> out{"out"};
  std::vector<Access> todo;
  bool at = false;
  sc_core::sc_time period;
  int done = 0, errors = 0, writes = 0, reads = 0;
  sc_core::sc_time write_time, read_time;
  tlm_utils::tlm_quantumkeeper qk;

  SC_HAS_PROCESS(Replayer);
  Replayer(sc_core::sc_module_name n, std::vector<Access> a, bool at, sc_core::sc_time period)
      : sc_module(n), todo(std::move(a)), at(at), period(period) {
    out.register_nb_transport_bw(this, &Replayer::bw);
    for (auto& s : slots_) s.gp.set_mm(&mm_);
    SC_THREAD(run);
  }

  void run() {
    qk.reset();
    for (const Access& a : todo) {
      const sc_core::sc_time when = period * static_cast<double>(a.cycle);
      if (qk.get_current_time() < when) qk.inc(when - qk.get_current_time());  // idle until its cycle
      if (at) issue_at(a);
      else issue_lt(a);
    }
  }

  void note(const Access& a, sc_core::sc_time took, bool ok) {
    (a.write ? write_time : read_time) += took;
    ++(a.write ? writes : reads);
    ++done;
    errors += !ok;
  }

  // Loosely timed: one access at a time; the fabric waits the time or (tlm.decoupled) annotates it.
  void issue_lt(const Access& a) {
    std::vector<unsigned char> data(a.bytes, static_cast<unsigned char>(a.addr));
    tlm::tlm_generic_payload gp;
    fill(gp, a, data.data());
    sc_core::sc_time d = qk.get_local_time();
    const sc_core::sc_time start = sc_core::sc_time_stamp() + d;
    out->b_transport(gp, d);
    qk.set(d);
    note(a, sc_core::sc_time_stamp() + d - start, gp.is_response_ok());
    if (qk.need_sync()) qk.sync();
  }

  // Approximately timed: BEGIN_REQ once the previous request has ended and a slot is free; the latency is
  // BEGIN_REQ to BEGIN_RESP.
  void issue_at(const Access& a) {
    qk.sync();  // AT runs at the kernel's time
    Slot* s = nullptr;
    while (!(s = free_slot())) sc_core::wait(slot_freed_);
    s->busy = true;
    s->access = a;
    s->data.assign(a.bytes, static_cast<unsigned char>(a.addr));
    s->gp.acquire();
    fill(s->gp, a, s->data.data());
    s->start = sc_core::sc_time_stamp();
    in_request_ = true;
    tlm::tlm_phase ph = tlm::BEGIN_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    out->nb_transport_fw(s->gp, ph, t);
    while (in_request_) sc_core::wait(end_req_);
  }

  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph, sc_core::sc_time&) {
    if (ph == tlm::END_REQ) {
      in_request_ = false;
      end_req_.notify(sc_core::SC_ZERO_TIME);
      return tlm::TLM_ACCEPTED;
    }
    for (auto& s : slots_)
      if (&s.gp == &gp) {
        note(s.access, sc_core::sc_time_stamp() - s.start, gp.is_response_ok());
        gp.release();
        s.busy = false;
        slot_freed_.notify(sc_core::SC_ZERO_TIME);
        if (in_request_) {  // BEGIN_RESP ends the request phase too
          in_request_ = false;
          end_req_.notify(sc_core::SC_ZERO_TIME);
        }
      }
    return tlm::TLM_COMPLETED;
  }

 private:
  struct Mm : tlm::tlm_mm_interface {
    void free(tlm::tlm_generic_payload* gp) override { gp->reset(); }
  } mm_;
  struct Slot {
    tlm::tlm_generic_payload gp;
    Access access;
    std::vector<unsigned char> data;
    sc_core::sc_time start;
    bool busy = false;
  } slots_[4];
  bool in_request_ = false;
  sc_core::sc_event end_req_, slot_freed_;

  Slot* free_slot() {
    for (auto& s : slots_)
      if (!s.busy) return &s;
    return nullptr;
  }
  static void fill(tlm::tlm_generic_payload& gp, const Access& a, unsigned char* data) {
    gp.set_command(a.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(a.addr);
    gp.set_data_ptr(data);
    gp.set_data_length(a.bytes);
    gp.set_streaming_width(a.bytes);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  }
};
