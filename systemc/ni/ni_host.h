// SPDX-License-Identifier: Apache-2.0
// TLM-2.0 host boundary of one NI (generic payload, loosely timed; docs/integration.md).
//   host -> NI: target socket `in`. The address map (tlm_map.h) names the target node `dest` and the offset.
//     WRITE: the bytes (and byte enables) go as one message to `dest`; posted (tlm.posted_writes), the call
//       returns once the message is in the source queue; otherwise once `dest`'s target has answered, with
//       its response status.
//     READ (split): a request message goes to `dest`; there the NI reads the bytes from its host through
//       its initiator socket and sends them back in a reply message; the call returns when the reply has
//       arrived, with the data and the remote target's response status.
//     The annotated delay is consumed by the call (wait); a message enters the source queue at the next
//     clock edge after that. A full bounded source queue answers TLM_GENERIC_ERROR_RESPONSE (counted).
//     Decoupled (tlm.decoupled): the call does not wait. The access is made on `dest`'s target at once, the
//     delay argument returns the time the answer would take (the pair's latencies learnt from their last
//     messages), and the same messages enter the fabric at their times for timing only (contention,
//     statistics). A READ or non-posted WRITE to a node this one has not yet heard from synchronises once.
//     Approximately timed (nb_transport_fw, the base protocol's four phases; ni_host_at.cpp): END_REQ when
//     the request has entered the source queue (withheld, and tried again every cycle, while a bounded queue
//     is full: backpressure instead of an error), BEGIN_RESP when the answer is there (a posted WRITE's at
//     once), one response at a time (the next after END_RESP or a completed BEGIN_RESP).
//     Debug transport (transport_dbg) goes straight to `dest`'s target: no message, no time. DMI is not
//     offered: get_direct_mem_ptr answers false and every response clears the DMI hint.
//   NI -> host: initiator socket `out`. A delivered WRITE or read request reaches the host at the address
//     the initiator used, with byte enables as sent and a TlmInitiator extension naming the source node;
//     from the NI's delivery thread (never from the clocked method), zero annotated delay, in delivery order.
// An access to the node's own window goes straight to its own target: no message, the target's time only.
// Either socket may stay unbound: a node that never initiates, or never serves (then an access to its
// window answers TLM_ADDRESS_ERROR_RESPONSE).
// b_transport on `in` waits: call it from an SC_THREAD, never from an SC_METHOD.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <unordered_map>
#include <vector>

#include "systemc/ni/tlm_map.h"

namespace drb {

class Fabric;
struct Message;
struct MessageHost;

// On every payload the NI hands its host: the node whose initiator sent it (ignorable; the base protocol's
// fields carry the transaction).
struct TlmInitiator : tlm::tlm_extension<TlmInitiator> {
  int node = -1;
  tlm::tlm_extension_base* clone() const override { return new TlmInitiator(*this); }
  void copy_from(const tlm::tlm_extension_base& e) override { node = static_cast<const TlmInitiator&>(e).node; }
};

class NiHost : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket_optional<NiHost> in;
  tlm_utils::simple_initiator_socket_optional<NiHost> out;

  NiHost(sc_core::sc_module_name name, Fabric& fabric, int node, const AddressMap& map, const TlmParams& p);
  int node() const { return node_; }
  bool serves() const { return out.size() > 0; }  // a target is bound to `out`
  uint64_t rejected() const { return rejected_; }
  uint64_t reads_served() const { return reads_served_; }
  uint64_t writes_answered() const { return writes_answered_; }  // non-posted writes served here
  uint64_t decoupled_calls() const { return decoupled_calls_; }  // tlm.decoupled: calls returned at once
  uint64_t synced_calls() const { return synced_calls_; }        //   and calls that synchronised (first contact)
  uint64_t end_req_withheld() const { return end_req_withheld_; }  // AT: cycles a request waited for the queue

  // Called by the fabric at the start of each cycle: hand pending host messages to the NI.
  void absorb(int64_t cycle);
  // Messages or read replies wait to enter the source queue (timing-only ones once their time has come).
  bool has_work() const {
    return !pending_.empty() || !replies_.empty() || !at_req_.empty() ||
           (!timed_.empty() && timed_.front().at <= sc_core::sc_time_stamp());
  }
  // Called by the destination NI (clocked context): queue a message for the delivery thread.
  void delivered(const Message& m, const MessageHost& h, int64_t cycle);

 private:
  // Message kinds, in the message's user tag: kind << 56 | byte enables << 48 | tag.
  // Timing-only messages (tlm.decoupled) carry no data: a request's tag holds the reply's bytes (bits 0-23)
  // and the target's access time in cycles (bits 24-47), which the destination waits before replying.
  enum Kind : uint64_t { kWrite = 0, kReadRequest = 1, kReply = 2, kWriteAnswered = 3, kTimedRequest = 4, kTimedReply = 5 };
  static constexpr uint64_t kEnables = uint64_t{1} << 48, kTagMask = kEnables - 1;
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  // The decoupled call; false (nothing done) when the latencies it needs are not known yet.
  bool b_transport_decoupled(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay, int dst, uint64_t offset);
  // A payload's request message: its bytes (a WRITE's data or a READ's length, then the byte enables),
  // payload bytes on the wire and the user tag's kind and flags (the caller adds the tag).
  struct Request {
    std::vector<uint8_t> msg;
    uint64_t bytes = 0, user = 0;
  };
  Request request(const tlm::tlm_generic_payload& gp);
  // The answer into the initiator's payload: a READ's enabled bytes, the status.
  static void answer(tlm::tlm_generic_payload& gp, tlm::tlm_response_status st, const std::vector<uint8_t>& data);
  // What the payload asks of the fabric: TLM_OK_RESPONSE and the target, or the error to answer at once.
  tlm::tlm_response_status check(tlm::tlm_generic_payload& gp, int& dst, uint64_t& offset) const;
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  // An access made on this node's target directly, for node `from` (its own window: the fabric has no path
  // from a node to itself; or a decoupled access made at once): the target's annotated time added to delay,
  // the DMI hint cleared.
  void serve(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay, int from);
  // Approximately timed (ni_host_at.cpp): phases in through the payload event queue, at their times.
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& t);
  void at_phase(tlm::tlm_generic_payload& gp, const tlm::tlm_phase& phase);
  void at_absorb(int64_t cycle);  // the request in its request phase into the source queue, then END_REQ
  bool at_reply(uint64_t tag, tlm::tlm_response_status st, const std::vector<uint8_t>& data);  // false: not AT's
  void at_send();                 // queued responses, BEGIN_RESP one at a time
  bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
  void deliver_thread();
  // Queue a message for the next clock edge and wait until the NI took or refused it (host threads), or
  // keep retrying it every cycle (replies, which must not be lost).
  bool send(int dst, uint64_t offset, std::vector<uint8_t> data, uint64_t user, uint64_t payload_bytes);

  Fabric& fabric_;
  int node_;
  const AddressMap& map_;
  TlmParams p_;
  struct Pending {
    int dst;
    uint64_t offset;
    std::vector<uint8_t> data;
    uint64_t user = 0;
    int flits = 0;
    bool retry = false;  // a reply: resubmitted until accepted, nobody waits for it
    bool done = false, ok = false;
    sc_core::sc_time at = sc_core::sc_time_stamp();  // handed over: it enters at the first edge after
  };
  std::deque<Pending*> pending_;
  std::deque<Pending> replies_;  // owned here (no thread waits on them)
  std::deque<Pending> timed_;    // timing-only requests, each entering at its time
  sc_core::sc_event accepted_;
  struct Out {
    int src;
    uint64_t offset, user;
    std::vector<uint8_t> data;
  };
  std::deque<Out> outq_;
  sc_core::sc_event out_ev_;
  struct Answer {  // an initiator thread waiting for its reply (a READ, a non-posted WRITE)
    std::vector<uint8_t> data;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    bool done = false;
    sc_core::sc_event ev;
  };
  std::map<uint64_t, Answer*> answers_;
  uint64_t next_tag_ = 1;
  uint64_t rejected_ = 0, reads_served_ = 0, writes_answered_ = 0, decoupled_calls_ = 0, synced_calls_ = 0;
  // What this node has learnt of the head latency (cycles from entering the source queue to the tail's
  // arrival, less the serialization) of its messages to a peer, per kind (a kind waits behind what an
  // initiator sends before it: a READ's request behind the WRITE before it), and of the replies from it: a
  // moving average (weight 1/4 to the newest), -1 before the first.
  enum Path { kToPosted = 0, kToAnswered = 1, kToRead = 2, kFrom = 3 };
  struct Learnt {
    double head[4] = {-1, -1, -1, -1};
  };
  std::unordered_map<int, Learnt> learnt_;  // by peer node
  // AT: the request between BEGIN_REQ and END_REQ (at most one: the base protocol's request exclusion), the
  // requests waiting for their replies, the responses waiting for the response phase and the one in it.
  struct AtRequest {
    tlm::tlm_generic_payload* gp = nullptr;
    int dst = 0;
    uint64_t offset = 0, tag = 0;
    Request r;
    sc_core::sc_time at;
  };
  tlm_utils::peq_with_cb_and_phase<NiHost> peq_;
  std::deque<AtRequest> at_req_;
  std::map<uint64_t, tlm::tlm_generic_payload*> at_waiting_;
  std::deque<tlm::tlm_generic_payload*> at_resp_;
  tlm::tlm_generic_payload* responding_ = nullptr;
  uint64_t end_req_withheld_ = 0;
  double learnt(int peer, Path path) const;
  void learn(int peer, Path path, double head_cycles);
};

}  // namespace drb
