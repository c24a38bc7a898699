// SPDX-License-Identifier: Apache-2.0
#include "systemc/router/router_core.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>
#include <sstream>

#include "systemc/base/footprint.h"

namespace drb {

// Mirrors the constructor below: every vector it sizes, at the allocator's granularity.
double RouterCore::footprint(int ports, int vcs, int depth) {
  const double P = ports, V = vcs;
  const int ring = Ring<Flit>::slots(depth);
  double b = heap_bytes(sizeof(RouterCore));
  b += heap_bytes(P * sizeof(InputUnit)) + heap_bytes(P * V * sizeof(InputVc)) + heap_bytes(P * V * ring * sizeof(Flit)) + 64;
  b += heap_bytes(P * sizeof(ChannelPort)) + 64;  // the credit ports (aligned)
  b += heap_bytes(P);  // the inputs from terminals
  b += heap_bytes(P * sizeof(OutputUnit)) + heap_bytes(P * V * sizeof(OutputVc));
  // The VC allocator: pointers, accept pointers, leaders, requests (16 bytes each, one per input VC) and
  // iSLIP's request masks (one word per input VC).
  b += heap_bytes(P * V * sizeof(uint32_t)) + heap_bytes(P * V) + heap_bytes(P * V * sizeof(int16_t)) + heap_bytes(P * V * 16) +
       heap_bytes(P * V * sizeof(uint64_t));
  // The switch allocator: input and crossbar arbiters, grants (its per-cycle scratch is per thread).
  const double W = (ports + 63) / 64;
  b += heap_bytes(P * sizeof(RrArbiter)) + heap_bytes(P * sizeof(XbarArbiter));
  b += heap_bytes(P * sizeof(int));
  if (W > 1) b += heap_bytes((W - 1) * 4 * sizeof(uint64_t));
  b += heap_bytes((1 + P) * std::ceil(P * V / 64) * sizeof(uint64_t));  // the parked VCs, the heads parked on each output
  return b;
}

RouterCore::RouterCore(const RouterConfig& cfg, int id, ChannelTable& chan, PacketStore& store)
    : cfg_(cfg), chan_(chan), store_(store), id_(id) {
  const RouterParams& p = cfg.p;
  in_ports_ = out_ports_ = cfg.ic->ports(id);
  if (in_ports_ > kMaxPorts)  // the topology builders refuse such radices first; this guards the masks
    throw std::invalid_argument("topology: a routing element of " + std::to_string(in_ports_) + " ports, at most " +
                                std::to_string(kMaxPorts) + " are supported");
  words_ = static_cast<int16_t>(std::max((in_ports_ + 63) / 64, std::min(p.mask_words, kMaxWords)));
  stage_hi_.assign(static_cast<size_t>(words_ - 1) * 4, 0);
  vcs_ = static_cast<int16_t>(p.vcs);
  d_rc_ = p.d_rc;
  tap_ = cfg.head_tap;
  moved_ = chan.move_slot(0);
  lanes_ = chan.lane_at(0);
  in_.resize(in_ports_);
  credit_ = LineBlock<ChannelPort>::make(static_cast<size_t>(in_ports_));
  inject_.assign(in_ports_, 0);
  parked_.assign(park_words() * (1 + static_cast<size_t>(out_ports_)), 0);
  out_.resize(out_ports_);
  park_heads_ = !p.vct && !p.atomic_vc;
  ivc_ = std::make_unique<InputVc[]>(static_cast<size_t>(in_ports_) * vcs_);
  ovc_ = std::make_unique<OutputVc[]>(static_cast<size_t>(out_ports_) * vcs_);
  for (int i = 0; i < in_ports_; ++i) in_[i].init(i, vcs_, &ivc_[static_cast<size_t>(i) * vcs_]);
  for (int o = 0; o < out_ports_; ++o) out_[o].init(vcs_, p.depth, &ovc_[static_cast<size_t>(o) * vcs_]);
  route_.init(cfg, id, out_ports_);
  va_.init(in_ports_, out_ports_, vcs_, p.va_islip, p.age_arbiter);
  sa_.init(in_ports_, out_ports_, vcs_, words_, p.sa_islip, p.age_arbiter);
  if (p.any_rtl()) {
    if (words_ > 1)  // the Verilated blocks take 64-bit request vectors
      throw std::invalid_argument("router.blocks: the RTL blocks support routers of at most 64 ports, this one has " +
                                  std::to_string(in_ports_));
    rtl_ = std::make_unique<cosim::RouterRtl>(p, *cfg.gmr, id, in_ports_);
    rtl_on_ = true;
    dec_rtl_ = p.rtl_dec ? rtl_.get() : nullptr;
    al_rtl_ = p.rtl_al ? rtl_.get() : nullptr;
    gmr_rtl_ = p.rtl_gmr ? rtl_.get() : nullptr;
    xbar_rtl_ = p.rtl_xbar ? rtl_.get() : nullptr;
    va_rtl_ = p.rtl_va ? rtl_.get() : nullptr;
    sa_rtl_ = p.rtl_sa ? rtl_.get() : nullptr;
  }
  packed_ = p.pack_active && !rtl_on_ && words_ == 1 && in_ports_ * vcs_ <= 64;
}

void RouterCore::alloc_buffers() {
  // One block, cache-line aligned: VC k's slots from k * slots on. Each VC's 64-byte buffer (8 flits) is then
  // one line; allocated one by one, malloc's 16-byte header put 3 in 4 across two lines, and the headers
  // between them.
  const size_t n = static_cast<size_t>(Ring<Flit>::slots(cfg_.p.depth));
  bufs_ = LineBlock<Flit>::make(static_cast<size_t>(in_ports_) * vcs_ * n);
  for (int k = 0; k < in_ports_ * vcs_; ++k) ivc_[k].buf.view(bufs_.get() + k * n, cfg_.p.depth);
}

void RouterCore::connect_output(int p, int ch, bool eject) {
  // The relation's port is the trunk; the destination NI always sinks (no credits).
  out_[p].connect(chan_.flit_port(ch), cfg_.p.d_sa + cfg_.p.d_st, eject,
                  eject ? 0 : route_.routing().hop_dateline(id_, p / route_.trunk()));
  chan_.count_at(ch, &out_[p].sent);
}
void RouterCore::connect_input(int p, int ch, bool inject) {
  credit_[p] = chan_.credit_port(ch);
  inject_[static_cast<size_t>(p)] = inject;
}

bool RouterCore::output_idle(int p) const { return out_[p].idle(cfg_.p.depth); }

void RouterCore::channel_changed(int p) {
  OutputUnit& op = out_[p];
  const int w = chan_.width(op.link.ch);
  narrow_ |= w > 1;  // sticky: a link widened again may still be sending its last narrow flit
  op.cpf = static_cast<int16_t>(w);
  if (!op.follow(chan_.state(op.link.ch), cfg_.p.depth))  // the controllers only ever pick idle links
    throw std::logic_error("router " + std::to_string(id_) + ": output " + std::to_string(p) +
                           " switched off while in use");
  if (n_parked_ && op.state == ChannelState::kOn) vc_freed(p);  // its VCs are offered again
}

void RouterCore::reroute_waiting(int64_t now) {
  for (InputUnit& ip : in_)
    for (InputVc& v : ip.vcs)
      if (v.state == kVcAlloc && !v.eject) {
        const int k = v.port * vcs_ + v.vc;
        if (parked(k)) unmark(k);  // parked by wait_for_vc: routed again instead
        set_state<kVcAlloc, kRouting>(v);
        v.ready = now;
      }
}

void RouterCore::held(std::set<std::pair<int, int>>& out) const {
  for (const InputUnit& ip : in_)
    for (const InputVc& v : ip.vcs)
      if (v.state == kVcAlloc && !v.eject && v.route.n == 0) {
        const Packet& pk = store_.pkt(v.buf.front().pkt);
        out.insert({pk.src, static_cast<int>(pk.hdr.final_dest)});
      }
}

template <class B>
void RouterCore::block(InputVc& v) {
  if (v.blocked) return;
  v.blocked = true;
  ++cnt_.al_waits;
  Header& h = store_.pkt(v.buf.front().pkt).hdr;
  if (h.tclass != TrafficClass::Data) return;  // an ack's field carries the reported latency
  // T1 = the cycle this head would have won the switch at zero load.
  const LatencyAccumulator& al = *cfg_.al;
  const uint32_t t1 = al.timer(v.t_req + cfg_.p.d_va);
  h.latency = B::kRtl && al_rtl_ ? al_rtl_->al_enq(h.latency, t1) : al.enq(h.latency, t1);
}

void RouterCore::tap_head(const InputVc& v, Packet& pk, uint32_t wait, int64_t now) {
  contenders_.clear();
  // The packets holding the output's other VCs (for the link it contended for) ...
  for (const OutputVc& o : out_[v.out_port].vcs)
    if (o.owner >= 0 && o.owner != kNotOffered) {
      const InputVc& w = in_[o.owner / vcs_].vcs[o.owner % vcs_];
      if (&w != &v && w.pkt != v.pkt) contenders_.push_back(w.pkt);
    }
  const int owners = static_cast<int>(contenders_.size());
  // ... and those queued behind it in its own buffer, head of queue first.
  for (int i = 0; i < v.buf.size(); ++i)
    if (v.buf.at(i).head()) contenders_.push_back(v.buf.at(i).pkt);
  const OutputUnit& op = out_[v.out_port];
  tap_->head_left(HeadLeaving{pk, id_, wait, contenders_.data(), owners, static_cast<int>(contenders_.size()) - owners,
                              v.port, v.vc, v.out_port, v.out_vc, v.t_req, v.ready - cfg_.p.d_va, now,
                              now + op.delay + (op.network && op.cpf > 1 ? op.cpf - 1 : 0)});
}

template <class B>
void RouterCore::send(InputVc& v, int64_t now) {
  const RouterParams& p = cfg_.p;
  Flit f = v.buf.front();
  v.buf.pop();
  --buffered_;
  *moved_ = now;  // the watchdog's progress, in this router's lane
  if (const ChannelPort& cp = credit_[v.port]; cp.ch >= 0)  // for the slot just freed
    ChannelTable::send_credit_in(lanes_, cp, now, v.vc);
  OutputUnit& op = out_[v.out_port];
  if (f.head()) {
    Packet& pk = store_.pkt(f.pkt);
    Header& h = pk.hdr;
    const int64_t t1 = v.t_req + p.d_va;
    const uint32_t wait = static_cast<uint32_t>(now - t1);
    pk.wait += wait;
    if (v.blocked && h.tclass == TrafficClass::Data) {
      const uint32_t t2 = cfg_.al->timer(now);
      h.latency = B::kRtl && al_rtl_ ? al_rtl_->al_resume(h.latency, t2) : cfg_.al->resume(h.latency, t2);
    }
    v.blocked = true;  // body flits follow: none starts an AL wait (unblocked_head reads no buffer)
    pk.path.push_back(static_cast<uint16_t>(id_));
    if (tap_) tap_head(v, pk, wait, now);
    if (op.network) {
      ++pk.hops;
      h.dateline |= op.dateline;
      if (p.gmr && (B::kRtl && gmr_rtl_ ? gmr_rtl_->gmr_fire(h) : cfg_.gmr->fire(h))) {
        ++cnt_.gmr_fires;
        if (!cfg_.early_ack(id_, h, now)) ++cnt_.gmr_drops;
      }
    }
    if (chan_.measuring()) {
      ChannelStats& cs = chan_.stats(op.link.ch);
      ++cs.heads;
      cs.wait_sum += wait;
    }
  }
  ++op.sent;
  f.vc = static_cast<uint8_t>(v.out_vc);
  if (op.network) {
    --v.hold->credits;
    if (op.cpf > 1) {
      op.free_at = now + op.cpf;
      ChannelTable::send_flit_in(lanes_, op.link, now + op.delay + op.cpf - 1, f);
    } else {
      ChannelTable::send_flit_in(lanes_, op.link, now + op.delay, f);
    }
  } else {
    ChannelTable::send_flit_in(lanes_, op.link, now + op.delay, f);
  }
  if (f.tail()) {
    const int out_port = v.out_port;
    release<B>(v, now);
    op.vcs[f.vc].owner = op.free_owner;
    if (n_parked_ && op.free_owner < 0) vc_freed(out_port);
  }
}

template <class B>
void RouterCore::release(InputVc& v, int64_t now) {
  v.out_port = v.out_vc = -1;
  v.hold = nullptr;
  v.eject = false;
  if (v.buf.empty()) {
    set_state_from<kActive, B>(v, kIdle);
  } else {  // the next packet's head is already waiting in this VC
    set_state_from<kActive, B>(v, kRouting);
    v.ready = now + 1 + cfg_.p.d_rc;
  }
}

template void RouterCore::block<PackedBlocks>(InputVc&);
template void RouterCore::block<ModelBlocks>(InputVc&);
template void RouterCore::block<RtlBlocks>(InputVc&);
template void RouterCore::send<PackedBlocks>(InputVc&, int64_t);
template void RouterCore::send<ModelBlocks>(InputVc&, int64_t);
template void RouterCore::send<RtlBlocks>(InputVc&, int64_t);

std::string RouterCore::dump(int64_t now) const {
  std::ostringstream o;
  const Interconnect& t = *cfg_.ic;
  for (int i = 0; i < in_ports_; ++i) {
    for (int c = 0; c < vcs_; ++c) {
      const InputVc& v = in_[i].vcs[c];
      if (v.state == kIdle && v.buf.empty()) continue;
      o << "  router " << id_ << " in " << t.port_name(id_, i) << " vc "
        << c << ": " << InputVc::state_name(v.state) << ", " << v.buf.size() << " flits";
      if (!v.buf.empty()) {
        const Flit& f = v.buf.front();
        const Packet& pk = store_.pkt(f.pkt);
        o << ", front packet " << pk.id << " flit " << f.idx << " -> dest " << pk.hdr.front();
      }
      if (v.state == kActive) {
        o << ", holds out " << t.port_name(id_, v.out_port)
          << " vc " << v.out_vc << " (credits " << out_[v.out_port].vcs[v.out_vc].credits << ")";
      } else if (v.state == kVcAlloc) {
        o << ", waiting since " << v.t_req << " for";
        for (int k = 0; k < v.route.n; ++k)
          o << " " << t.port_name(id_, v.route.c[k].port * route_.trunk()) << "/sub" << int(v.route.c[k].sub);
      }
      o << "\n";
    }
  }
  for (int p = 0; p < out_ports_; ++p) {
    if (!out_[p].network) continue;
    bool any = false;
    for (int c = 0; c < vcs_; ++c)
      any |= (out_[p].vcs[c].owner >= 0 && out_[p].vcs[c].owner != kNotOffered) || out_[p].vcs[c].credits < cfg_.p.depth;
    if (!any) continue;
    o << "  router " << id_ << " out " << t.port_name(id_, p) << " credits:";
    for (int c = 0; c < vcs_; ++c)
      o << " " << out_[p].vcs[c].credits
        << (out_[p].vcs[c].owner == kNotOffered ? "(off)" : out_[p].vcs[c].owner >= 0 ? "*" : "");
    o << "\n";
  }
  (void)now;
  return o.str();
}

}  // namespace drb
