// SPDX-License-Identifier: Apache-2.0
// Waveforms of the channels: per receiving end (element input ports, then terminals' ejection channels)
// the flit its channel hands it in this cycle, as an RTL input port shows it: flit_valid, flit_head,
// flit_tail, flit_vc, flit_packet. Valid, head and tail drop when the cycle has passed (clear()); VC and
// packet hold their last value. The fast fabric and the SystemC face fill it from their deliveries.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/packet/flit.h"
#include "systemc/base/vcd_writer.h"
#include "systemc/channel/channel.h"

namespace drb {

class FlitProbe {
 public:
  // in_ports: per element its input ports; channels: per terminal its ejection channels.
  void init(const std::vector<int>& in_ports, const std::vector<int>& channels) {
    int n = 0;
    first_in_.clear();
    first_ej_.clear();
    for (int p : in_ports) first_in_.push_back(n), n += p;
    for (int c : channels) first_ej_.push_back(n), n += c;
    port_.assign(static_cast<size_t>(n), Port{});
    seen_.clear();
  }
  void seen(const ChannelEnd& to, const Flit& f, uint32_t packet_id) {
    const int i = index(to);
    Port& p = port_[static_cast<size_t>(i)];
    p.valid = 1;
    p.head = f.head();
    p.tail = f.tail();
    p.vc = f.vc;
    p.packet = packet_id;
    seen_.push_back(i);
  }
  bool pending() const { return !seen_.empty(); }
  void clear() {
    for (int i : seen_) port_[static_cast<size_t>(i)].valid = port_[static_cast<size_t>(i)].head = port_[static_cast<size_t>(i)].tail = 0;
    seen_.clear();
  }
  // The five signals of receiving end `to` under `base` (e.g. fabric.router_5.in_+x).
  void add(VcdWriter& w, const ChannelEnd& to, const std::string& base) const {
    const Port& p = port_[static_cast<size_t>(index(to))];
    w.add(base + ".flit_valid", p.valid, 1);
    w.add(base + ".flit_head", p.head, 1);
    w.add(base + ".flit_tail", p.tail, 1);
    w.add(base + ".flit_vc", p.vc);
    w.add(base + ".flit_packet", p.packet);
  }

 private:
  struct Port {
    uint8_t valid = 0, head = 0, tail = 0, vc = 0;
    uint32_t packet = 0;  // packet id, low 32 bits
  };
  int index(const ChannelEnd& to) const {
    return (to.kind == ChannelEnd::kElement ? first_in_[static_cast<size_t>(to.id)] : first_ej_[static_cast<size_t>(to.id)]) + to.port;
  }
  std::vector<Port> port_;
  std::vector<int> first_in_, first_ej_;
  std::vector<int> seen_;
};

}  // namespace drb
