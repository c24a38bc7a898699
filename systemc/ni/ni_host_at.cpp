// SPDX-License-Identifier: Apache-2.0
// The NI's host adapter, approximately timed: the base protocol's four phases on `in` (ni_host.h).
#include "systemc/ni/ni_host.h"

#include "systemc/fabric/fabric.h"

namespace drb {

tlm::tlm_sync_enum NiHost::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& t) {
  if (phase != tlm::BEGIN_REQ && phase != tlm::END_RESP) {
    SC_REPORT_ERROR("drb/ni_host", (std::string(name()) + ": nb_transport_fw with phase " + phase.get_name() +
                                    " (the base protocol's initiator sends BEGIN_REQ and END_RESP)").c_str());
    return tlm::TLM_COMPLETED;
  }
  peq_.notify(gp, phase, t);  // at its time
  return phase == tlm::END_RESP ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
}

void NiHost::at_phase(tlm::tlm_generic_payload& gp, const tlm::tlm_phase& phase) {
  if (phase == tlm::END_RESP) {  // the response channel is free again
    if (responding_ && responding_->has_mm()) responding_->release();
    responding_ = nullptr;
    at_send();
    return;
  }
  if (!at_req_.empty())
    SC_REPORT_ERROR("drb/ni_host", (std::string(name()) + ": BEGIN_REQ before the previous request's END_REQ "
                                    "(the base protocol's request exclusion)").c_str());
  if (gp.has_mm()) gp.acquire();
  gp.set_dmi_allowed(false);
  int dst = 0;
  uint64_t offset = 0;
  if (const tlm::tlm_response_status st = check(gp, dst, offset); st != tlm::TLM_OK_RESPONSE) {
    tlm::tlm_phase end = tlm::END_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    in->nb_transport_bw(gp, end, t);
    gp.set_response_status(st);
    at_resp_.push_back(&gp);
    at_send();
    return;
  }
  if (dst == node_) {  // the node's own window: its own target at once, no message
    tlm::tlm_phase end = tlm::END_REQ;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    in->nb_transport_bw(gp, end, t);
    serve(gp, t, node_);
    at_resp_.push_back(&gp);
    at_send();
    return;
  }
  Request r = request(gp);
  const uint64_t tag = r.user >> 56 == kWrite ? 0 : next_tag_++ & kTagMask;
  at_req_.push_back(AtRequest{&gp, dst, offset, tag, std::move(r), sc_core::sc_time_stamp()});
  fabric_.wake();
}

void NiHost::at_absorb(int64_t cycle) {
  // As a b_transport's message: only what arrived before this edge.
  if (at_req_.empty() || at_req_.front().at >= sc_core::sc_time_stamp()) return;
  AtRequest& q = at_req_.front();
  Network& net = fabric_.net();
  if (!net.submit(node_, q.dst, tlm_flits(q.r.bytes, p_.flit_bytes), cycle, net.measuring(), q.r.msg, q.offset,
                            q.r.user | q.tag)) {
    ++end_req_withheld_;  // a full bounded source queue: END_REQ waits, the request is tried again next cycle
    return;
  }
  tlm::tlm_generic_payload& gp = *q.gp;
  const bool posted = q.r.user >> 56 == kWrite;
  if (!posted) at_waiting_[q.tag] = &gp;
  at_req_.pop_front();
  tlm::tlm_phase end = tlm::END_REQ;
  sc_core::sc_time t = sc_core::SC_ZERO_TIME;
  in->nb_transport_bw(gp, end, t);
  if (posted) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    at_resp_.push_back(&gp);
    at_send();
  }
}

bool NiHost::at_reply(uint64_t tag, tlm::tlm_response_status st, const std::vector<uint8_t>& data) {
  auto it = at_waiting_.find(tag);
  if (it == at_waiting_.end()) return false;
  answer(*it->second, st, data);
  at_resp_.push_back(it->second);
  at_waiting_.erase(it);
  at_send();
  return true;
}

void NiHost::at_send() {
  while (!responding_ && !at_resp_.empty()) {
    tlm::tlm_generic_payload* gp = at_resp_.front();
    at_resp_.pop_front();
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time t = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum r = in->nb_transport_bw(*gp, phase, t);
    if (r == tlm::TLM_ACCEPTED || (r == tlm::TLM_UPDATED && phase == tlm::BEGIN_RESP)) {
      responding_ = gp;  // END_RESP comes on the forward path
    } else if (gp->has_mm()) {
      gp->release();  // completed, or END_RESP returned at once
    }
  }
}

}  // namespace drb
