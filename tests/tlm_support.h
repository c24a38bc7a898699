// SPDX-License-Identifier: Apache-2.0
// What the TLM tests share: a generic payload over a byte buffer, a memory behind an NI.
#pragma once
#include <algorithm>
#include <cstdint>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <vector>

#include "systemc/ni/ni_host.h"

namespace drb::test {

// Command, address, the buffer as the data and its length as the streaming width (no streaming).
inline void set_payload(tlm::tlm_generic_payload& gp, tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data) {
  gp.set_command(c);
  gp.set_address(addr);
  gp.set_data_ptr(data.data());
  gp.set_data_length(static_cast<unsigned>(data.size()));
  gp.set_streaming_width(static_cast<unsigned>(data.size()));
}

// A memory behind one NI, answering [base, base + size): honours byte enables, records what reached it.
struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> in{"in"};
  uint64_t base;
  std::vector<uint8_t> bytes;
  sc_core::sc_time read_delay = sc_core::SC_ZERO_TIME, write_delay = sc_core::SC_ZERO_TIME;  // access times
  bool offer_dmi = false;       // set the DMI hint on every answer (the fabric must clear it)
  std::vector<uint64_t> addrs;  // every access's address (b_transport and debug)
  std::vector<int> from;        // and its TlmInitiator node
  Memory(sc_core::sc_module_name n, uint64_t base, size_t size) : sc_module(n), base(base), bytes(size) {
    in.register_b_transport(this, &Memory::access);
    in.register_transport_dbg(this, &Memory::debug);
  }
  bool note(tlm::tlm_generic_payload& gp) {
    addrs.push_back(gp.get_address());
    const TlmInitiator* e = gp.get_extension<TlmInitiator>();
    from.push_back(e ? e->node : -1);
    return gp.get_address() >= base && gp.get_address() - base + gp.get_data_length() <= bytes.size();
  }
  void access(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (!note(gp)) return gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    uint8_t* m = bytes.data() + (gp.get_address() - base);
    const uint8_t* be = gp.get_byte_enable_ptr();
    for (unsigned i = 0; i < gp.get_data_length(); ++i) {
      if (be && be[i % gp.get_byte_enable_length()] != TLM_BYTE_ENABLED) continue;
      if (gp.is_write()) m[i] = gp.get_data_ptr()[i];
      else gp.get_data_ptr()[i] = m[i];
    }
    delay += gp.is_write() ? write_delay : read_delay;
    if (offer_dmi) gp.set_dmi_allowed(true);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
  unsigned debug(tlm::tlm_generic_payload& gp) {
    if (!note(gp)) return 0;
    uint8_t* m = bytes.data() + (gp.get_address() - base);
    if (gp.is_write()) std::copy(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length(), m);
    else std::copy(m, m + gp.get_data_length(), gp.get_data_ptr());
    return gp.get_data_length();
  }
};

}  // namespace drb::test
