// SPDX-License-Identifier: Apache-2.0
#include "systemc/ni/ni_host.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "systemc/fabric/fabric.h"

namespace drb {

namespace {
// The payload's byte enables, one per data byte (the pattern repeats over byte_enable_length).
std::vector<uint8_t> enables_of(const tlm::tlm_generic_payload& gp) {
  std::vector<uint8_t> e(gp.get_data_length());
  const unsigned n = gp.get_byte_enable_length();
  for (size_t i = 0; i < e.size(); ++i) e[i] = gp.get_byte_enable_ptr()[i % n];
  return e;
}
// Byte enables travel as one bit per data byte.
uint64_t enable_bytes(uint64_t len) { return (len + 7) / 8; }
// A request's payload bytes on the wire: a WRITE's data or a READ's 4-byte length, then the enables' bits.
uint64_t request_bytes(const tlm::tlm_generic_payload& gp) {
  const uint64_t len = gp.get_data_length();
  return (gp.is_read() ? 4 : len) + (gp.get_byte_enable_ptr() ? enable_bytes(len) : 0);
}
// Names the source node on a payload for one call into a target. The extension lives on the stack, so what
// the payload held before is put back when the call is over (and the payload never frees ours).
class Naming {
 public:
  Naming(tlm::tlm_generic_payload& gp, int node) : gp_(gp) {
    ext_.node = node;
    had_ = gp.set_extension(&ext_);
  }
  ~Naming() { gp_.set_extension(had_); }
  Naming(const Naming&) = delete;
  Naming& operator=(const Naming&) = delete;

 private:
  tlm::tlm_generic_payload& gp_;
  TlmInitiator ext_;
  TlmInitiator* had_ = nullptr;
};
}  // namespace

NiHost::NiHost(sc_core::sc_module_name name, Fabric& fabric, int node, const AddressMap& map, const TlmParams& p)
    : sc_module(name), in("in"), out("out"), fabric_(fabric), node_(node), map_(map), p_(p), peq_(this, &NiHost::at_phase) {
  in.register_b_transport(this, &NiHost::b_transport);
  in.register_nb_transport_fw(this, &NiHost::nb_transport_fw);
  in.register_transport_dbg(this, &NiHost::transport_dbg);
  in.register_get_direct_mem_ptr(this, &NiHost::get_direct_mem_ptr);
  SC_HAS_PROCESS(NiHost);
  SC_THREAD(deliver_thread);
}

bool NiHost::send(int dst, uint64_t offset, std::vector<uint8_t> data, uint64_t user, uint64_t payload_bytes) {
  Pending p{dst, offset, std::move(data), user, tlm_flits(payload_bytes, p_.flit_bytes)};
  pending_.push_back(&p);
  fabric_.wake();
  while (!p.done) sc_core::wait(accepted_);
  if (!p.ok) ++rejected_;
  return p.ok;
}

tlm::tlm_response_status NiHost::check(tlm::tlm_generic_payload& gp, int& dst, uint64_t& offset) const {
  if (!gp.is_read() && !gp.is_write()) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  const uint64_t len = gp.get_data_length();
  // A transaction must lie in one target's window, and that target must be bound.
  if (!map_.decode(gp.get_address(), std::max<uint64_t>(len, 1), dst, offset) || !fabric_.has_host(dst) ||
      !fabric_.host(dst).serves())
    return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  // No streaming (a streaming width below the length): the fabric moves blocks.
  if (len == 0 || len > p_.max_burst || gp.get_streaming_width() < len) return tlm::TLM_BURST_ERROR_RESPONSE;
  if (gp.get_byte_enable_ptr() && gp.get_byte_enable_length() == 0) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  return tlm::TLM_OK_RESPONSE;
}

NiHost::Request NiHost::request(const tlm::tlm_generic_payload& gp) {
  const bool read = gp.is_read(), be = gp.get_byte_enable_ptr() != nullptr;
  const uint32_t len = gp.get_data_length();
  Request r;
  // The message: a WRITE's bytes, or a READ request's length; then the enables, if any.
  if (read) {
    r.msg.resize(4);
    std::memcpy(r.msg.data(), &len, 4);
  } else {
    r.msg.assign(gp.get_data_ptr(), gp.get_data_ptr() + len);
  }
  if (be) {
    const std::vector<uint8_t> e = enables_of(gp);
    r.msg.insert(r.msg.end(), e.begin(), e.end());
  }
  r.bytes = request_bytes(gp);
  r.user = (read ? kReadRequest : p_.posted_writes ? kWrite : kWriteAnswered) << 56 | (be ? kEnables : 0);
  return r;
}

void NiHost::answer(tlm::tlm_generic_payload& gp, tlm::tlm_response_status st, const std::vector<uint8_t>& data) {
  if (gp.is_read() && st == tlm::TLM_OK_RESPONSE) {
    const uint8_t* be = gp.get_byte_enable_ptr();
    for (size_t i = 0; i < std::min<size_t>(gp.get_data_length(), data.size()); ++i)
      if (!be || be[i % gp.get_byte_enable_length()] == TLM_BYTE_ENABLED) gp.get_data_ptr()[i] = data[i];
  }
  gp.set_response_status(st);
}

void NiHost::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  gp.set_dmi_allowed(false);  // no DMI through the fabric
  int dst = 0;
  uint64_t offset = 0;
  if (const tlm::tlm_response_status st = check(gp, dst, offset); st != tlm::TLM_OK_RESPONSE) {
    gp.set_response_status(st);
    return;
  }
  if (dst == node_) {  // the node's own window: its own target, no message
    serve(gp, delay, node_);
    return;
  }
  if (p_.decoupled) {
    if (b_transport_decoupled(gp, delay, dst, offset)) return;
    ++synced_calls_;  // first contact: the exact path below, whose messages teach the latencies
  }
  if (delay > sc_core::SC_ZERO_TIME) {
    sc_core::wait(delay);
    delay = sc_core::SC_ZERO_TIME;
  }
  Request r = request(gp);
  if (r.user >> 56 == kWrite) {  // posted
    const bool ok = send(dst, offset, std::move(r.msg), r.user, r.bytes);
    gp.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  // Split: the request, then wait for the reply with the same tag.
  const uint64_t tag = next_tag_++ & kTagMask;
  Answer a;
  answers_[tag] = &a;
  if (!send(dst, offset, std::move(r.msg), r.user | tag, r.bytes)) {
    answers_.erase(tag);
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  while (!a.done) sc_core::wait(a.ev);
  answers_.erase(tag);
  answer(gp, a.status, a.data);
}

namespace {
// The first clock edge strictly after t, taking the edges at multiples of the period (a user's clock with a
// phase puts them elsewhere: the estimate is then off by less than a cycle).
sc_core::sc_time edge_after(const sc_core::sc_time& t, const sc_core::sc_time& period) {
  return period * (std::floor(t / period) + 1);
}
// a - b, or zero when b is later (sc_time has no negative values).
sc_core::sc_time later_by(const sc_core::sc_time& a, const sc_core::sc_time& b) { return a > b ? a - b : sc_core::SC_ZERO_TIME; }
}  // namespace

bool NiHost::b_transport_decoupled(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay, int dst, uint64_t offset) {
  const bool read = gp.is_read(), answered = read || !p_.posted_writes;
  // Whole cycles, as the fabric moves: times stay on the clock's edges.
  const double to = std::round(learnt(dst, read ? kToRead : answered ? kToAnswered : kToPosted));
  const double from = std::round(learnt(dst, kFrom));
  // A posted write needs no answer and is never synchronised: every access made in this mode has taken
  // effect at its target when the call returns, so a later READ sees it.
  if (answered && (to < 0 || from < 0)) return false;
  const uint32_t len = gp.get_data_length();
  const int req_flits = tlm_flits(request_bytes(gp), p_.flit_bytes);
  const uint64_t reply_bytes = read ? 1 + len : answered ? 1 : 0;
  const sc_core::sc_time P = fabric_.period(), now = sc_core::sc_time_stamp(), t = now + delay;
  // The times the exact path would give: the request enters at the first edge after t and reaches the
  // target after the learnt latency and its serialization.
  const sc_core::sc_time enter = edge_after(t, P);
  const sc_core::sc_time arrive = enter + P * (std::max(to, 0.0) + req_flits - 1);
  sc_core::sc_time td = arrive - now;  // the target's view: the access happens when the request arrives
  fabric_.host(dst).serve(gp, td, node_);
  const sc_core::sc_time done = sc_core::sc_time_stamp() + td;  // the target may have waited
  const uint64_t access = done > arrive ? static_cast<uint64_t>(std::ceil((done - arrive) / P)) : 0;
  // The messages for timing only: the request now, its reply from the destination.
  timed_.push_back(Pending{dst, offset, {}, kTimedRequest << 56 | std::min<uint64_t>(access, 0xFFFFFF) << 24 | reply_bytes,
                           req_flits, true, false, false, t});
  fabric_.wake(later_by(t, now));
  ++decoupled_calls_;
  if (!answered) {  // posted: done once queued, at the edge
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    delay = later_by(enter, sc_core::sc_time_stamp());  // the target may have waited past it
    return true;
  }
  // The reply enters at the first edge after the target's answer and arrives after the learnt latency.
  const sc_core::sc_time back = edge_after(done, P) + P * (from + tlm_flits(reply_bytes, p_.flit_bytes) - 1);
  delay = later_by(back, sc_core::sc_time_stamp());
  return true;
}

double NiHost::learnt(int peer, Path path) const {
  const auto it = learnt_.find(peer);
  return it == learnt_.end() ? -1 : it->second.head[path];
}

void NiHost::learn(int peer, Path path, double head_cycles) {
  double& v = learnt_[peer].head[path];
  v = v < 0 ? head_cycles : v + (head_cycles - v) / 4;
}

void NiHost::serve(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay, int from) {
  {
    const Naming named(gp, from);
    out->b_transport(gp, delay);
  }
  gp.set_dmi_allowed(false);  // whatever the target said: no DMI through the fabric
}

unsigned NiHost::transport_dbg(tlm::tlm_generic_payload& gp) {
  int dst = 0;
  uint64_t offset = 0;
  if (!gp.is_read() && !gp.is_write()) return 0;
  if (!map_.decode(gp.get_address(), std::max<unsigned>(gp.get_data_length(), 1), dst, offset) ||
      !fabric_.has_host(dst) || !fabric_.host(dst).serves())
    return 0;
  // Straight to the target, at the same address: debug accesses take no time and send no message.
  const Naming named(gp, node_);
  return fabric_.host(dst).out->transport_dbg(gp);
}

bool NiHost::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
  dmi.allow_none();  // no DMI anywhere behind the fabric: its accesses are messages
  dmi.set_start_address(0);
  dmi.set_end_address(~uint64_t{0});
  return false;
}

void NiHost::absorb(int64_t cycle) {
  if (pending_.empty() && replies_.empty() && timed_.empty() && at_req_.empty()) return;
  Network& net = fabric_.net();
  // Only what was handed over before this edge: at the edge's own time it waits for the next one, whether
  // the fabric's step or the host's thread ran first in that instant (its own clock, a user's clock, idle).
  const sc_core::sc_time edge = sc_core::sc_time_stamp();
  // Replies first, in order; one refused by a full source queue is tried again next cycle.
  while (!replies_.empty() && replies_.front().at < edge) {
    Pending& p = replies_.front();
    if (!net.submit(node_, p.dst, p.flits, cycle, net.measuring(), p.data, p.offset, p.user)) break;
    replies_.pop_front();
  }
  bool any = false;
  while (!pending_.empty() && pending_.front()->at < edge) {
    any = true;
    Pending* p = pending_.front();
    pending_.pop_front();
    p->ok = net.submit(node_, p->dst, p->flits, cycle, net.measuring(), p->data, p->offset, p->user) != 0;
    p->done = true;
  }
  if (any) accepted_.notify(sc_core::SC_ZERO_TIME);
  at_absorb(cycle);
  // Timing-only requests at their times, retried like replies; the next one wakes an idle fabric.
  while (!timed_.empty() && timed_.front().at < edge) {
    Pending& p = timed_.front();
    if (!net.submit(node_, p.dst, p.flits, cycle, net.measuring(), {}, p.offset, p.user)) break;
    timed_.pop_front();
  }
  if (!timed_.empty() && timed_.front().at > edge) fabric_.wake(timed_.front().at - edge);
}

void NiHost::delivered(const Message& m, const MessageHost& h, int64_t cycle) {
  // In the decoupled mode every message teaches its head latency to the node that waits on its kind: a reply
  // this node, a request its source (every host has the same mode).
  const uint64_t kind = h.user >> 56;
  if (p_.decoupled) {
    const double head = static_cast<double>(cycle - m.t_gen - (m.flits - 1));
    if (kind == kReply || kind == kTimedReply) {
      learn(m.src, kFrom, head);
    } else if (fabric_.has_host(m.src)) {
      const uint64_t timed_reply = kind == kTimedRequest ? h.user & 0xFFFFFF : 0;
      const bool read = kind == kReadRequest || timed_reply > 1;
      const bool answered = kind == kWriteAnswered || timed_reply == 1;
      fabric_.host(m.src).learn(node_, read ? kToRead : answered ? kToAnswered : kToPosted, head);
    }
  }
  if (kind == kTimedReply) return;
  if (kind == kTimedRequest) {  // the reply after the target's access time, if the request has one
    const uint64_t bytes = h.user & 0xFFFFFF, access = (h.user >> 24) & 0xFFFFFF;
    if (bytes == 0) return;
    replies_.push_back(Pending{m.src, 0, {}, kTimedReply << 56, tlm_flits(bytes, p_.flit_bytes), true, false, false,
                               sc_core::sc_time_stamp() + fabric_.period() * static_cast<double>(access)});
    fabric_.wake(fabric_.period() * static_cast<double>(access));
    return;
  }
  if (kind == kReply) {  // completes a waiting READ or non-posted WRITE: status byte, then any data
    const tlm::tlm_response_status st =
        h.data.empty() ? tlm::TLM_GENERIC_ERROR_RESPONSE : static_cast<tlm::tlm_response_status>(static_cast<int8_t>(h.data[0]));
    std::vector<uint8_t> data(h.data.begin() + (h.data.empty() ? 0 : 1), h.data.end());
    if (at_reply(h.user & kTagMask, st, data)) return;
    auto it = answers_.find(h.user & kTagMask);
    if (it == answers_.end()) return;
    Answer& a = *it->second;
    a.status = st;
    a.data = std::move(data);
    a.done = true;
    a.ev.notify(sc_core::SC_ZERO_TIME);
    return;
  }
  outq_.push_back(Out{m.src, h.addr, h.user, h.data});
  out_ev_.notify(sc_core::SC_ZERO_TIME);
}

void NiHost::deliver_thread() {
  for (;;) {
    while (outq_.empty()) sc_core::wait(out_ev_);
    Out o = std::move(outq_.front());
    outq_.pop_front();
    const uint64_t kind = o.user >> 56;
    const bool read = kind == kReadRequest, be = (o.user & kEnables) != 0;
    // Undo b_transport's layout: the bytes or the length, then one enable per byte.
    uint32_t len = 0;
    std::vector<uint8_t> buf, enables;
    if (read) {
      if (o.data.size() >= 4) std::memcpy(&len, o.data.data(), 4);
      buf.assign(len, 0);
      if (be) enables.assign(o.data.begin() + 4, o.data.end());
    } else {
      len = static_cast<uint32_t>(be ? o.data.size() / 2 : o.data.size());
      buf.assign(o.data.begin(), o.data.begin() + len);
      if (be) enables.assign(o.data.begin() + len, o.data.end());
    }
    tlm::tlm_generic_payload gp;
    gp.set_command(read ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
    gp.set_address(map_.base(node_) + o.offset);
    gp.set_data_ptr(buf.data());
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(be ? enables.data() : nullptr);
    gp.set_byte_enable_length(be ? len : 0);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    {
      const Naming named(gp, o.src);
      out->b_transport(gp, d);
    }
    if (kind == kWrite) continue;  // posted: nobody waits
    if (d > sc_core::SC_ZERO_TIME) sc_core::wait(d);  // the target's annotated access time delays the reply
    std::vector<uint8_t> reply(1 + (read ? buf.size() : 0));
    reply[0] = static_cast<uint8_t>(static_cast<int8_t>(gp.get_response_status()));
    if (read) std::memcpy(reply.data() + 1, buf.data(), buf.size());
    const int flits = tlm_flits(reply.size(), p_.flit_bytes);
    replies_.push_back(Pending{o.src, o.offset, std::move(reply), kReply << 56 | (o.user & kTagMask), flits, true});
    fabric_.wake();
    ++(read ? reads_served_ : writes_answered_);
  }
}

}  // namespace drb
