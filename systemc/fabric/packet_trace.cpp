// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/packet_trace.h"

#include <stdexcept>

#include "models/topology/interconnect.h"

namespace drb {

PacketTrace::PacketTrace(const std::string& path, const Interconnect& ic, int64_t start, int64_t end,
                         const std::vector<uint64_t>& watch)
    : out_(path), ic_(ic), start_(start), end_(end), watch_(watch.begin(), watch.end()) {
  std::fprintf(out_.get(), "# cycle pkt id event ... (docs/cosim.md, \"Packet trace\")\n");
}

void PacketTrace::head_left(const HeadLeaving& h) {
  const Packet& pk = h.pk;
  std::FILE* f = out_.get();
  if (!f || pk.hdr.tclass != TrafficClass::Data) return;  // data packets: an ack has no message to eject into
  if (pk.path.size() == 1 && watched(pk.id, pk.t_inj))  // its first router: the injection before it
    std::fprintf(f, "%lld pkt %llu inject node %d dest %u gen %lld\n", static_cast<long long>(pk.t_inj),
                 static_cast<unsigned long long>(pk.id), pk.src, pk.hdr.final_dest,
                 static_cast<long long>(pk.t_gen));
  if (!watched(pk.id, h.now)) return;
  const bool sw = ic_.graph().elements()[h.router].kind == ElementKind::Switch;
  std::fprintf(f, "%lld pkt %llu hop %s_%d in %s vc %d va_req %lld va_grant %lld sa %lld link %lld out %s vc %d wait %u\n",
               static_cast<long long>(h.now), static_cast<unsigned long long>(pk.id), sw ? "switch" : "router",
               h.router, ic_.port_name(h.router, h.in_port).c_str(), h.in_vc, static_cast<long long>(h.va_req),
               static_cast<long long>(h.va_grant), static_cast<long long>(h.now), static_cast<long long>(h.link),
               ic_.port_name(h.router, h.out_port).c_str(), h.out_vc, h.wait);
}

void PacketTrace::packet_arrived(const Packet& p, const Message& m, int64_t now) {
  std::FILE* f = out_.get();
  if (!f || !watched(p.id, now)) return;
  std::fprintf(f, "%lld pkt %llu eject node %d hops %d latency %lld\n", static_cast<long long>(now),
               static_cast<unsigned long long>(p.id), m.dst, p.hops, static_cast<long long>(now - p.t_gen));
}

}  // namespace drb
