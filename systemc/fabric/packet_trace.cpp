// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/packet_trace.h"

#include <stdexcept>

#include "models/topology/interconnect.h"

namespace drb {

PacketTrace::PacketTrace(const std::string& path, const Interconnect& ic, int64_t start, int64_t end,
                         const std::vector<uint64_t>& watch)
    : path_(path), ic_(ic), start_(start), end_(end), all_(watch.empty()), watch_(watch.begin(), watch.end()) {
  f_ = std::fopen(path.c_str(), "w");
  if (!f_) throw std::runtime_error("cannot write " + path);
  std::fprintf(f_, "# cycle pkt id event ... (docs/cosim.md, \"Packet trace\")\n");
}

PacketTrace::~PacketTrace() {
  if (f_) std::fclose(f_);
}

void PacketTrace::head_left(const HeadLeaving& h) {
  const Packet& pk = h.pk;
  if (!f_ || pk.hdr.tclass != TrafficClass::Data) return;  // data packets: an ack has no message to eject into
  if (pk.path.size() == 1 && watched(pk.id, pk.t_inj))  // its first router: the injection before it
    std::fprintf(f_, "%lld pkt %llu inject node %d dest %u gen %lld\n", static_cast<long long>(pk.t_inj),
                 static_cast<unsigned long long>(pk.id), pk.src, pk.hdr.final_dest,
                 static_cast<long long>(pk.t_gen));
  if (!watched(pk.id, h.now)) return;
  const bool sw = ic_.graph().elements()[h.router].kind == ElementKind::Switch;
  std::fprintf(f_, "%lld pkt %llu hop %s_%d in %s vc %d va_req %lld va_grant %lld sa %lld link %lld out %s vc %d wait %u\n",
               static_cast<long long>(h.now), static_cast<unsigned long long>(pk.id), sw ? "switch" : "router",
               h.router, ic_.port_name(h.router, h.in_port).c_str(), h.in_vc, static_cast<long long>(h.va_req),
               static_cast<long long>(h.va_grant), static_cast<long long>(h.now), static_cast<long long>(h.link),
               ic_.port_name(h.router, h.out_port).c_str(), h.out_vc, h.wait);
}

void PacketTrace::packet_arrived(const Packet& p, const Message& m, int64_t now) {
  if (!f_ || !watched(p.id, now)) return;
  std::fprintf(f_, "%lld pkt %llu eject node %d hops %d latency %lld\n", static_cast<long long>(now),
               static_cast<unsigned long long>(p.id), m.dst, p.hops, static_cast<long long>(now - p.t_gen));
}

void PacketTrace::close() {
  if (!f_) return;
  const bool bad = std::ferror(f_) != 0;
  const bool closed = std::fclose(f_) == 0;
  f_ = nullptr;
  if (bad || !closed) throw std::runtime_error("could not write " + path_);
}

}  // namespace drb
