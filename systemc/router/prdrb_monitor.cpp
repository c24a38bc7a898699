// SPDX-License-Identifier: Apache-2.0
#include "systemc/router/prdrb_monitor.h"

namespace drb {

void PrdrbMonitor::head_left(const HeadLeaving& h) {
  if (h.pk.hdr.tclass != TrafficClass::Data) return;  // flows are the data's
  for (NetObserver* o : obs_) o->head_waited(h.pk, h.router, h.wait);
  Packet& pk = h.pk;
  if (pk.capture) return;  // the Predictive bit: one capture per message
  if ((c_.accumulated ? pk.hdr.latency : h.wait) <= c_.th_router) return;
  const uint32_t id = store_.new_capture();
  pk.capture = id;
  FlowCapture& fc = store_.capture(id);
  fc.router = static_cast<int16_t>(h.router);
  const uint64_t own = uint64_t{pk.hdr.origin} << 32 | pk.hdr.final_dest;
  // The flows it contended with for the link (the output's other VCs' packets), unless prdrb.capture=buffer,
  // then the packets queued behind it in its own buffer: each flow once, its own not, f_max at most.
  for (int i = c_.buffer_only ? h.owners : 0; i < h.owners + h.queued; ++i) {
    const Packet& o = store_.pkt(h.contenders[i]);
    const uint64_t f = uint64_t{o.hdr.origin} << 32 | o.hdr.final_dest;
    if (f == own || fc.n >= c_.f_max) continue;
    bool seen = false;
    for (int k = 0; k < fc.n && !seen; ++k) seen = fc.flow[k] == f;
    if (!seen) fc.flow[fc.n++] = f;
  }
}

}  // namespace drb
