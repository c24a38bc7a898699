// SPDX-License-Identifier: Apache-2.0
// Approximately timed at the NI's host socket: an AT initiator with a memory manager drives the base
// protocol's four phases. Every transaction goes BEGIN_REQ, END_REQ, BEGIN_RESP (and END_RESP when the
// initiator accepts the response later), one request and one response in its phase at a time, with the
// memory's bytes and statuses; every payload is freed once. A bounded source queue that is full holds END_REQ
// back (the initiator cannot send its next request) instead of answering an error.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/fabric/fabric.h"
#include "tests/tlm_support.h"

using namespace drb;
using test::Memory;

namespace {

struct Mm : tlm::tlm_mm_interface {
  int freed = 0;
  void free(tlm::tlm_generic_payload* gp) override {
    ++freed;
    gp->reset();  // drops the extensions; the payload object itself belongs to the initiator
  }
};

// Issues its plan back to back: the next BEGIN_REQ as soon as END_REQ came. Accepts even-numbered responses
// at once (TLM_COMPLETED) and odd-numbered ones 2 ns later with END_RESP.
struct AtInitiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<AtInitiator> out{"out"};
  struct Tx {
    tlm::tlm_command cmd;
    uint64_t addr;
    std::vector<uint8_t> data;
    tlm::tlm_generic_payload gp;
    sc_core::sc_time begin_req, end_req, begin_resp;
    bool ended_req = false;
    tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
  };
  std::vector<std::unique_ptr<Tx>> plan;
  Mm mm;
  std::vector<std::string> violations;
  bool in_request = false;
  tlm::tlm_generic_payload* open_response = nullptr;
  sc_core::sc_event end_req_ev, end_resp_ev;
  SC_HAS_PROCESS(AtInitiator);
  explicit AtInitiator(sc_core::sc_module_name n) : sc_module(n) {
    out.register_nb_transport_bw(this, &AtInitiator::bw);
    SC_THREAD(run);
    SC_METHOD(send_end_resp);
    sensitive << end_resp_ev;
    dont_initialize();
  }
  void add(tlm::tlm_command c, uint64_t addr, std::vector<uint8_t> data) {
    plan.push_back(std::make_unique<Tx>());
    Tx& t = *plan.back();
    t.cmd = c;
    t.addr = addr;
    t.data = std::move(data);
  }
  Tx& of(tlm::tlm_generic_payload& gp) {
    for (auto& t : plan)
      if (&t->gp == &gp) return *t;
    throw std::logic_error("unknown payload");
  }
  void run() {
    for (auto& tp : plan) {
      Tx& t = *tp;
      t.gp.set_mm(&mm);
      t.gp.acquire();
      t.gp.set_command(t.cmd);
      t.gp.set_address(t.addr);
      t.gp.set_data_ptr(t.data.data());
      t.gp.set_data_length(static_cast<unsigned>(t.data.size()));
      t.gp.set_streaming_width(static_cast<unsigned>(t.data.size()));
      t.gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      tlm::tlm_phase ph = tlm::BEGIN_REQ;
      sc_core::sc_time d = sc_core::SC_ZERO_TIME;
      t.begin_req = sc_core::sc_time_stamp();
      in_request = true;
      const tlm::tlm_sync_enum r = out->nb_transport_fw(t.gp, ph, d);
      if (r != tlm::TLM_ACCEPTED) violations.push_back("BEGIN_REQ answered " + std::to_string(r));
      while (in_request) sc_core::wait(end_req_ev);
    }
  }
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& ph, sc_core::sc_time&) {
    Tx& t = of(gp);
    if (ph == tlm::END_REQ) {
      if (!in_request) violations.push_back("END_REQ outside a request");
      t.end_req = sc_core::sc_time_stamp();
      t.ended_req = true;
      in_request = false;
      end_req_ev.notify(sc_core::SC_ZERO_TIME);
      return tlm::TLM_ACCEPTED;
    }
    if (ph != tlm::BEGIN_RESP) {
      violations.push_back(std::string("backward phase ") + ph.get_name());
      return tlm::TLM_ACCEPTED;
    }
    if (open_response) violations.push_back("BEGIN_RESP before the previous END_RESP");
    if (!t.ended_req) violations.push_back("BEGIN_RESP before END_REQ");
    t.begin_resp = sc_core::sc_time_stamp();
    t.status = gp.get_response_status();
    if (gp.is_dmi_allowed()) violations.push_back("DMI hint set");
    size_t idx = 0;
    while (plan[idx].get() != &t) ++idx;
    if (idx % 2 == 0) {
      gp.release();
      return tlm::TLM_COMPLETED;
    }
    open_response = &gp;
    end_resp_ev.notify(2, sc_core::SC_NS);
    return tlm::TLM_ACCEPTED;
  }
  void send_end_resp() {
    tlm::tlm_phase ph = tlm::END_RESP;
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    tlm::tlm_generic_payload* gp = open_response;
    open_response = nullptr;
    if (out->nb_transport_fw(*gp, ph, d) != tlm::TLM_COMPLETED) violations.push_back("END_RESP not completed");
    gp->release();
  }
};

// Six writes, six reads of them, one address error: phases in order, the bytes back, each payload freed.
TEST(TlmAt, FourPhasesInOrderWithTheMemorysBytes) {
  NetParams p;
  p.topo.k = {4, 4};
  Fabric fab("fabric", p, {}, {0, 5});
  Memory mem("mem", 5 * kNodeWindow, 0x1000);
  mem.read_delay = mem.write_delay = sc_core::sc_time(2, sc_core::SC_NS);
  AtInitiator init("init");
  for (int i = 0; i < 6; ++i) {
    std::vector<uint8_t> w(64);
    for (size_t b = 0; b < w.size(); ++b) w[b] = static_cast<uint8_t>(i * 40 + b);
    init.add(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x100 * i, w);
  }
  for (int i = 0; i < 6; ++i) init.add(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 0x100 * i, std::vector<uint8_t>(64));
  init.add(tlm::TLM_READ_COMMAND, 99 * kNodeWindow, std::vector<uint8_t>(8));
  init.out.bind(fab.host(0).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(3000);
  EXPECT_TRUE(init.violations.empty()) << init.violations.front();
  for (size_t i = 0; i < init.plan.size(); ++i) {
    const auto& t = *init.plan[i];
    EXPECT_EQ(t.status, i < 12 ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE) << "transaction " << i;
    if (i < 12) {
      EXPECT_GT(t.end_req, t.begin_req) << "transaction " << i << ": END_REQ at the next edge at the earliest";
    }
    EXPECT_GE(t.begin_resp, t.end_req) << "transaction " << i;
    if (i >= 6 && i < 12) {
      EXPECT_EQ(t.data, init.plan[i - 6]->data) << "read " << i - 6;
    }
  }
  EXPECT_EQ(init.plan[12]->end_req, init.plan[12]->begin_req) << "an address error ends its request at once";
  EXPECT_EQ(init.mm.freed, static_cast<int>(init.plan.size())) << "every payload released by the NI and freed once";
  EXPECT_EQ(fab.host(0).end_req_withheld(), 0u);
}

// A source queue of one message: twenty posted 256-byte writes (17 flits each) back to back. END_REQ waits
// for room (the request tried again every cycle) instead of an error: every write answers OK.
TEST(TlmAt, EndReqWithheldWhileTheSourceQueueIsFull) {
  NetParams p;
  p.topo.k = {4, 4};
  p.source_queue = 1;
  Fabric fab("fabric", p, {}, {0, 5});
  Memory mem("mem", 5 * kNodeWindow, 0x1000);
  mem.read_delay = mem.write_delay = sc_core::sc_time(2, sc_core::SC_NS);
  AtInitiator init("init");
  for (int i = 0; i < 20; ++i) init.add(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x10 * i, std::vector<uint8_t>(256, 1));
  init.out.bind(fab.host(0).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(3000);
  EXPECT_TRUE(init.violations.empty()) << init.violations.front();
  int held = 0;
  for (const auto& t : init.plan) {
    EXPECT_EQ(t->status, tlm::TLM_OK_RESPONSE);
    held += t->end_req - t->begin_req >= sc_core::sc_time(10, sc_core::SC_NS);
  }
  EXPECT_GE(held, 15) << "most requests wait for the 17 flits ahead of them";
  EXPECT_GT(fab.host(0).end_req_withheld(), 200u);
  EXPECT_EQ(fab.host(0).rejected(), 0u);
  EXPECT_EQ(init.mm.freed, 20);
}

}  // namespace
