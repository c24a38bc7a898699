// SPDX-License-Identifier: Apache-2.0
// TLM-2.0 host boundary of one NI (generic payload, loosely timed; docs/integration.md).
//   host -> NI: target socket `in`. Address dest * kNodeWindow + offset names node `dest`'s window.
//     WRITE: the data bytes go as one message to `dest`, the offset with them; the call returns once the
//       message is in the source queue (posted write).
//     READ (split): a request message goes to `dest`; there the NI reads the bytes from its host through
//       its initiator socket and sends them back in a reply message; the call returns when the reply has
//       arrived, with the data and the remote target's response status. At most kMaxRead bytes.
//     The annotated delay is consumed by the call (wait); a message enters the source queue at the next
//     clock edge after that. A full bounded source queue answers TLM_GENERIC_ERROR_RESPONSE (counted).
//   NI -> host: initiator socket `out`. A delivered WRITE is written to the host at source * kNodeWindow +
//     offset; a read request is read from the host at the same address. Both from the NI's delivery thread
//     (never from the clocked method), with zero annotated delay, in delivery order.
// b_transport on `in` waits: call it from an SC_THREAD, never from an SC_METHOD.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

namespace drb {

class Fabric;
struct Message;
struct MessageHost;

constexpr uint64_t kNodeWindow = 0x10000;  // 64 KiB of address space per node
constexpr unsigned kMaxRead = 4096;        // bytes one split READ may ask for

class NiHost : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NiHost> in;
  tlm_utils::simple_initiator_socket<NiHost> out;

  NiHost(sc_core::sc_module_name name, Fabric& fabric, int node);
  int node() const { return node_; }
  uint64_t rejected() const { return rejected_; }
  uint64_t reads_served() const { return reads_served_; }

  // Called by the fabric at the start of each cycle: hand pending host messages to the NI.
  void absorb(int64_t cycle);
  // Messages or read replies wait to enter the source queue.
  bool has_work() const { return !pending_.empty() || !replies_.empty(); }
  // Called by the destination NI (clocked context): queue a message for the delivery thread.
  void delivered(const Message& m, const MessageHost& h, int64_t cycle);

 private:
  // Message kinds, in the message's user tag: kind << 56 | read tag.
  enum Kind : uint64_t { kWrite = 0, kReadRequest = 1, kReadReply = 2 };
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  void deliver_thread();
  // Queue a message for the next clock edge and wait until the NI took or refused it (host threads), or
  // keep retrying it every cycle (replies, which must not be lost).
  bool send(int dst, uint64_t offset, std::vector<uint8_t> data, uint64_t user);

  Fabric& fabric_;
  int node_;
  struct Pending {
    int dst;
    uint64_t offset;
    std::vector<uint8_t> data;
    uint64_t user = 0;
    bool retry = false;  // a reply: resubmitted until accepted, nobody waits for it
    bool done = false, ok = false;
    sc_core::sc_time at = sc_core::sc_time_stamp();  // handed over: it enters at the first edge after
  };
  std::deque<Pending*> pending_;
  std::deque<Pending> replies_;  // owned here (no thread waits on them)
  sc_core::sc_event accepted_;
  struct Out {
    int src;
    uint64_t offset, user;
    std::vector<uint8_t> data;
  };
  std::deque<Out> outq_;
  sc_core::sc_event out_ev_;
  struct Read {  // an initiator thread waiting for its reply
    std::vector<uint8_t> data;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    bool done = false;
    sc_core::sc_event ev;
  };
  std::map<uint64_t, Read*> reads_;
  uint64_t next_tag_ = 1;
  uint64_t rejected_ = 0, reads_served_ = 0;
};

}  // namespace drb
