// TLM-2.0 host boundary of one NI (generic payload, loosely timed).
//   host -> NI: target socket `in`. A WRITE to address dest * kNodeWindow + offset sends the data bytes as
//     one message to node `dest`; the offset travels with it. The annotated delay is consumed by the call
//     (wait), and the message enters the source queue at the next clock edge after that. A full bounded
//     source queue answers TLM_GENERIC_ERROR_RESPONSE (the rejection is counted).
//   NI -> host: initiator socket `out`. Each message leaving the reorder buffer is written to the host as
//     a WRITE at address source * kNodeWindow + offset, from the NI's delivery thread (never from the
//     clocked method), with zero annotated delay at the cycle of delivery.
#pragma once
#include <deque>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

namespace drb {

class Fabric;
struct Message;

constexpr uint64_t kNodeWindow = 0x10000;  // 64 KiB of address space per node

class NiHost : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NiHost> in;
  tlm_utils::simple_initiator_socket<NiHost> out;

  NiHost(sc_core::sc_module_name name, Fabric& fabric, int node);
  int node() const { return node_; }
  uint64_t rejected() const { return rejected_; }

  // Called by the fabric at the start of each cycle: hand pending host messages to the NI.
  void absorb(int64_t cycle);
  // Called by the destination NI (clocked context): queue a message for the delivery thread.
  void delivered(const Message& m, int64_t cycle);

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  void deliver_thread();

  Fabric& fabric_;
  int node_;
  struct Pending {
    int dst;
    uint64_t offset;
    std::vector<uint8_t> data;
    uint64_t id = 0;
    bool done = false, ok = false;
  };
  std::deque<Pending*> pending_;
  sc_core::sc_event accepted_;
  struct Out {
    int src;
    uint64_t offset;
    std::vector<uint8_t> data;
  };
  std::deque<Out> outq_;
  sc_core::sc_event out_ev_;
  uint64_t rejected_ = 0;
};

}  // namespace drb
