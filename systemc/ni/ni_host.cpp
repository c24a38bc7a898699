// SPDX-License-Identifier: Apache-2.0
#include "systemc/ni/ni_host.h"

#include <cstring>

#include "systemc/fabric/fabric.h"

namespace drb {

namespace {
constexpr int kFlitBytes = 16;
int flits_for(size_t bytes) { return 1 + static_cast<int>((bytes + kFlitBytes - 1) / kFlitBytes); }
}  // namespace

NiHost::NiHost(sc_core::sc_module_name name, Fabric& fabric, int node)
    : sc_module(name), in("in"), out("out"), fabric_(fabric), node_(node) {
  in.register_b_transport(this, &NiHost::b_transport);
  SC_HAS_PROCESS(NiHost);
  SC_THREAD(deliver_thread);
}

bool NiHost::send(int dst, uint64_t offset, std::vector<uint8_t> data, uint64_t user) {
  Pending p{dst, offset, std::move(data), user};
  pending_.push_back(&p);
  fabric_.wake();
  while (!p.done) sc_core::wait(accepted_);
  if (!p.ok) ++rejected_;
  return p.ok;
}

void NiHost::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  const bool read = gp.get_command() == tlm::TLM_READ_COMMAND;
  if (!read && gp.get_command() != tlm::TLM_WRITE_COMMAND) {
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  const uint64_t dst = gp.get_address() / kNodeWindow;
  if (dst >= static_cast<uint64_t>(fabric_.net().nodes())) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (read && !fabric_.has_host(static_cast<int>(dst))) {  // nobody there to answer
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (read && (gp.get_data_length() > kMaxRead || gp.get_byte_enable_ptr())) {
    gp.set_response_status(gp.get_byte_enable_ptr() ? tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE : tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (delay > sc_core::SC_ZERO_TIME) {
    sc_core::wait(delay);
    delay = sc_core::SC_ZERO_TIME;
  }
  const uint64_t offset = gp.get_address() % kNodeWindow;
  if (!read) {
    const bool ok = send(static_cast<int>(dst), offset,
                         std::vector<uint8_t>(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length()), kWrite << 56);
    gp.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  // Split read: a request carrying the length, then wait for the reply with the same tag.
  const uint64_t tag = next_tag_++;
  const uint32_t len = gp.get_data_length();
  std::vector<uint8_t> req(4);
  std::memcpy(req.data(), &len, 4);
  Read r;
  reads_[tag] = &r;
  if (!send(static_cast<int>(dst), offset, std::move(req), kReadRequest << 56 | tag)) {
    reads_.erase(tag);
    gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  while (!r.done) sc_core::wait(r.ev);
  reads_.erase(tag);
  if (r.status == tlm::TLM_OK_RESPONSE) std::memcpy(gp.get_data_ptr(), r.data.data(), std::min<size_t>(len, r.data.size()));
  gp.set_response_status(r.status);
}

void NiHost::absorb(int64_t cycle) {
  if (pending_.empty() && replies_.empty()) return;
  Network& net = fabric_.net();
  // Only what was handed over before this edge: at the edge's own time it waits for the next one, whether
  // the fabric's step or the host's thread ran first in that instant (its own clock, a user's clock, idle).
  const sc_core::sc_time edge = sc_core::sc_time_stamp();
  // Replies first, in order; one refused by a full source queue is tried again next cycle.
  while (!replies_.empty() && replies_.front().at < edge) {
    Pending& p = replies_.front();
    if (!net.submit(node_, p.dst, flits_for(p.data.size()), cycle, false, p.data, p.offset, p.user)) break;
    replies_.pop_front();
  }
  bool any = false;
  while (!pending_.empty() && pending_.front()->at < edge) {
    any = true;
    Pending* p = pending_.front();
    pending_.pop_front();
    p->ok = net.submit(node_, p->dst, flits_for(p->data.size()), cycle, false, p->data, p->offset, p->user) != 0;
    p->done = true;
  }
  if (any) accepted_.notify(sc_core::SC_ZERO_TIME);
}

void NiHost::delivered(const Message& m, const MessageHost& h, int64_t) {
  if (h.user >> 56 == kReadReply) {  // completes a waiting READ: status byte, then the data
    auto it = reads_.find(h.user & ((uint64_t{1} << 56) - 1));
    if (it == reads_.end()) return;
    Read& r = *it->second;
    r.status = h.data.empty() ? tlm::TLM_GENERIC_ERROR_RESPONSE : static_cast<tlm::tlm_response_status>(static_cast<int8_t>(h.data[0]));
    if (!h.data.empty()) r.data.assign(h.data.begin() + 1, h.data.end());
    r.done = true;
    r.ev.notify(sc_core::SC_ZERO_TIME);
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
    const bool read = o.user >> 56 == kReadRequest;
    uint32_t len = 0;
    if (read && o.data.size() == 4) std::memcpy(&len, o.data.data(), 4);
    std::vector<uint8_t> buf = read ? std::vector<uint8_t>(len) : std::move(o.data);
    tlm::tlm_generic_payload gp;
    gp.set_command(read ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
    gp.set_address(static_cast<uint64_t>(o.src) * kNodeWindow + o.offset);
    gp.set_data_ptr(buf.data());
    gp.set_data_length(static_cast<unsigned>(buf.size()));
    gp.set_streaming_width(static_cast<unsigned>(buf.size()));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    out->b_transport(gp, d);
    if (!read) continue;
    if (d > sc_core::SC_ZERO_TIME) sc_core::wait(d);  // the target's annotated access time delays the reply
    std::vector<uint8_t> reply(1 + buf.size());
    reply[0] = static_cast<uint8_t>(static_cast<int8_t>(gp.get_response_status()));
    std::memcpy(reply.data() + 1, buf.data(), buf.size());
    replies_.push_back(Pending{o.src, o.offset, std::move(reply), kReadReply << 56 | (o.user & ((uint64_t{1} << 56) - 1)), true});
    fabric_.wake();
    ++reads_served_;
  }
}

}  // namespace drb
