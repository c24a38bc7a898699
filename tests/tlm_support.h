// SPDX-License-Identifier: Apache-2.0
// What the TLM tests' initiators share: a generic payload over a byte buffer.
#pragma once
#include <cstdint>
#include <tlm>
#include <vector>

namespace drb::test {

// Command, address, the buffer as the data and its length as the streaming width (no streaming).
inline void set_payload(tlm::tlm_generic_payload& gp, tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data) {
  gp.set_command(c);
  gp.set_address(addr);
  gp.set_data_ptr(data.data());
  gp.set_data_length(static_cast<unsigned>(data.size()));
  gp.set_streaming_width(static_cast<unsigned>(data.size()));
}

}  // namespace drb::test
