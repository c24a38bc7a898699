// SPDX-License-Identifier: Apache-2.0
// The per-packet event trace (trace.packets): for each watched data packet its injection, every hop with the
// cycles of its router stages, and its ejection, one line an event:
//   <cycle> pkt <id> inject node <src> dest <dst> gen <cycle>
//   <cycle> pkt <id> hop <element> in <port> vc <v> va_req <c> va_grant <c> sa <c> link <c> out <port> vc <v> wait <w>
//   <cycle> pkt <id> eject node <dst> hops <h> latency <cycles from generation>
// <cycle> of a hop is its switch grant (sa); va_req is the first VC request (route computed), link the
// cycle the head enters the output channel. Ports are named as in the JSON report. A packet's lines are in
// order; lines of different packets interleave in the order the model reaches them (an injection is
// written with the packet's first hop). It watches through the routers' head tap and the observers.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_set>
#include <vector>

#include "systemc/base/observer.h"
#include "systemc/base/out_file.h"
#include "systemc/router/router_config.h"

namespace drb {

class Interconnect;

class PacketTrace : public HeadTap, public NetObserver {
 public:
  // Events in cycles [start, end) of the packets with the ids in `watch` (empty: every packet). Throws
  // std::runtime_error if `path` cannot be opened.
  PacketTrace(const std::string& path, const Interconnect& ic, int64_t start, int64_t end,
              const std::vector<uint64_t>& watch);
  void head_left(const HeadLeaving& h) override;
  void packet_arrived(const Packet& p, const Message& m, int64_t now) override;
  // Throws std::runtime_error if the trace could not be written.
  void close() { out_.close(); }

 private:
  bool watched(uint64_t id, int64_t cycle) const {
    return cycle >= start_ && cycle < end_ && (watch_.empty() || watch_.count(id));
  }
  OutFile out_;
  const Interconnect& ic_;
  int64_t start_, end_;
  std::unordered_set<uint64_t> watch_;
};

}  // namespace drb
