// VC allocation of the router core (systemc/router/router_core.h): separable (each head picks one free VC of
// its first candidate class with one, a round-robin arbiter per output VC grants) by default, or iSLIP with
// one iteration (router.alloc.va): each head requests every free VC of that class, each output VC grants
// one head, each head accepts one grant; pointers move only on accepted grants (docs/router-saturation.md).
#include "systemc/fabric/network.h"
#include "systemc/router/router_core.h"

namespace drb {

// Selection::MostCredits (the fat-tree's SADP stand-in): the candidate whose free VCs hold the most
// credits, ties to the relation's order; -1 if none has a free VC (the callers then find none either).
int RouterCore::most_credits(const InputVc& v, int group, int len) const {
  const NetParams& p = net_.params();
  const VcLayout& lay = net_.layout();
  int best = -1, best_cr = 0;
  for (int i = 0; i < v.route.n; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    int cr = 0;
    for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
      const OutputVc& o = out_[v.route.c[i].port].vcs[c];
      if (o.owner >= 0 || (p.vct && o.credits < len) || (p.atomic_vc && o.credits < p.depth)) continue;
      cr += o.credits + 1;  // a free VC with no credit still counts above none
    }
    if (cr > best_cr) best = i, best_cr = cr;
  }
  return best;
}

// Input stage of VC allocation: the first candidate (in routing preference order) with a free VC; among a
// class's free VCs the one with the most credits. Virtual cut-through also needs room for the packet. With
// trunks, a candidate's members are tried in order and the first with a free VC is taken (first free).
template <bool kTrunk>
int RouterCore::pick_output_vc_t(const InputVc& v, int& port, int len) const {
  const NetParams& p = net_.params();
  if (v.eject) {
    port = v.eject_port;
    for (int c = 0; c < vcs_; ++c)
      if (out_[port].vcs[c].owner < 0) return c;
    return -1;
  }
  const Header& h = net_.pkt(v.buf.front().pkt).hdr;
  const VcLayout& lay = net_.layout();
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (by_credits_) {
    if ((i = most_credits(v, group, len)) < 0) return -1;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    for (int m = 0; m < members; ++m) {
      const int op = kTrunk ? v.route.c[i].port * trunk_ + m : v.route.c[i].port;
      int best = -1, best_cr = -1;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = out_[op].vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;  // previous packet not yet out of the buffer
        if (o.credits > best_cr) {
          best = c;
          best_cr = o.credits;
        }
      }
      if (best >= 0) {
        port = op;
        return best;
      }
    }
  }
  return -1;
}

// The free VCs a head may take: those of its first candidate (in routing preference order, with trunks its
// first member) that has any; port is set to that output. Same walk and conditions as pick_output_vc,
// written out twice on purpose: pick_output_vc is among the hottest functions of drb_bench B1, and sharing
// the walk (a mask, or a visitor) measured 2-3% more instructions there.
template <bool kTrunk>
uint64_t RouterCore::free_output_vcs_t(const InputVc& v, int& port, int len) const {
  const NetParams& p = net_.params();
  uint64_t m = 0;
  if (v.eject) {
    port = v.eject_port;
    for (int c = 0; c < vcs_; ++c)
      if (out_[port].vcs[c].owner < 0) m |= uint64_t{1} << c;
    return m;
  }
  const Header& h = net_.pkt(v.buf.front().pkt).hdr;
  const VcLayout& lay = net_.layout();
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (by_credits_) {
    if ((i = most_credits(v, group, len)) < 0) return m;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    for (int mb = 0; mb < members; ++mb) {
      const int op = kTrunk ? v.route.c[i].port * trunk_ + mb : v.route.c[i].port;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = out_[op].vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;
        m |= uint64_t{1} << c;
      }
      if (m) {
        port = op;
        return m;
      }
    }
  }
  return 0;
}

// Output stage of both VC allocators: does request a lead request b for output VC (port, ovc)? Oldest first
// with router.arbiter=age, then round robin: the input VC nearest at or after the output VC's pointer.
inline bool RouterCore::va_leads(const VaReq& a, const VaReq& b, int port, int ovc, int n_in) const {
  if (net_.params().age_arbiter) {
    const int64_t ta = age(*a.v), tb = age(*b.v);
    if (ta != tb) return ta < tb;
  }
  const int ptr = static_cast<int>(out_[port].va_ptr[ovc]);
  int da = a.in_idx - ptr, db = b.in_idx - ptr;
  if (da < 0) da += n_in;
  if (db < 0) db += n_in;
  return da < db;
}

template <bool kWide>
void RouterCore::vc_allocate(int64_t now) {
  if (net_.params().va_islip) return vc_allocate_islip<kWide>(now);
  va_req_.clear();
  for (int w = 0; w < words<kWide>(); ++w) {
    for (uint64_t pm = stage_ports_[w][kVcAlloc]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      for (uint64_t m = in_[i].stage[kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = in_[i].vcs[c];
        int port = -1;
        const int ovc = pick_output_vc(v, port, net_.params().vct ? net_.pkt(v.buf.front().pkt).hdr.length : 0);
        if (ovc < 0) {
          block(v);
          continue;
        }
        va_req_.push_back(VaReq{static_cast<int16_t>(port * vcs_ + ovc), static_cast<int16_t>(i * vcs_ + c),
                                static_cast<int16_t>(port), static_cast<int16_t>(ovc), &v});
      }
    }
  }
  // Output stage: per output VC a round-robin arbiter over all input VCs. The winner is the request at the
  // smallest distance at or after the pointer; one pass finds it for every output VC, a second grants.
  const int n_in = in_ports_ * vcs_;
  const int nreq = static_cast<int>(va_req_.size());
  if (nreq == 1) {  // one request: it wins (the arbiter's pointer then moves past it as usual)
    grant_vc(va_req_[0], n_in, now);
    return;
  }
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    int16_t& best = va_best_[r.out];
    if (best < 0) {
      best = static_cast<int16_t>(a);
      continue;
    }
    if (va_leads(r, va_req_[best], r.port, r.ovc, n_in)) best = static_cast<int16_t>(a);
  }
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    InputVc& v = *r.v;
    if (va_best_[r.out] == a) {
      grant_vc(r, n_in, now);
    } else {
      ++cnt_.contended;
      block(v);
    }
  }
  for (const VaReq& r : va_req_) va_best_[r.out] = -1;
}

void RouterCore::grant_vc(const VaReq& r, int n_in, int64_t now) {
  InputVc& v = *r.v;
  OutputPort& op = out_[r.port];
  op.vcs[r.ovc].owner = r.in_idx;
  v.out_port = r.port;
  v.out_vc = r.ovc;
  set_state(v, kActive);
  v.ready = now + net_.params().d_va;
  op.va_ptr[r.ovc] = static_cast<uint32_t>(r.in_idx + 1 == n_in ? 0 : r.in_idx + 1);
}

template <bool kWide>
void RouterCore::vc_allocate_islip(int64_t now) {
  va_req_.clear();
  va_mask_.clear();
  const int len_vct = net_.params().vct;
  for (int w = 0; w < words<kWide>(); ++w) {
    for (uint64_t pm = stage_ports_[w][kVcAlloc]; pm; pm &= pm - 1) {
      const int i = w * 64 + __builtin_ctzll(pm);
      for (uint64_t m = in_[i].stage[kVcAlloc]; m; m &= m - 1) {
        const int c = __builtin_ctzll(m);
        InputVc& v = in_[i].vcs[c];
        int port = -1;
        const uint64_t free = free_output_vcs(v, port, len_vct ? net_.pkt(v.buf.front().pkt).hdr.length : 0);
        if (!free) {
          block(v);
          continue;
        }
        va_req_.push_back(VaReq{-1, static_cast<int16_t>(i * vcs_ + c), static_cast<int16_t>(port), -1, &v});
        va_mask_.push_back(free);
      }
    }
  }
  // Grant: per output VC, the requesting head nearest at or after its pointer (or the oldest).
  const int n_in = in_ports_ * vcs_;
  const int nreq = static_cast<int>(va_req_.size());
  for (int a = 0; a < nreq; ++a) {
    const VaReq& r = va_req_[a];
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      int16_t& best = va_best_[r.port * vcs_ + ovc];
      if (best < 0) {
        best = static_cast<int16_t>(a);
        continue;
      }
      if (va_leads(r, va_req_[best], r.port, ovc, n_in)) best = static_cast<int16_t>(a);
    }
  }
  // Accept: each head takes one of its grants, round robin from its own pointer.
  for (int a = 0; a < nreq; ++a) {
    VaReq r = va_req_[a];
    uint64_t granted = 0;
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) {
      const int ovc = __builtin_ctzll(m);
      if (va_best_[r.port * vcs_ + ovc] == a) granted |= uint64_t{1} << ovc;
    }
    if (!granted) {
      ++cnt_.contended;
      block(*r.v);
      continue;
    }
    const uint64_t hi = granted & (~uint64_t{0} << r.v->va_acc);
    const int ovc = __builtin_ctzll(hi ? hi : granted);
    r.v->va_acc = static_cast<uint8_t>(ovc + 1 == vcs_ ? 0 : ovc + 1);
    r.ovc = static_cast<int16_t>(ovc);
    r.out = static_cast<int16_t>(r.port * vcs_ + ovc);
    grant_vc(r, n_in, now);
  }
  for (int a = 0; a < nreq; ++a)
    for (uint64_t m = va_mask_[a]; m; m &= m - 1) va_best_[va_req_[a].port * vcs_ + __builtin_ctzll(m)] = -1;
}

template int RouterCore::pick_output_vc_t<false>(const InputVc&, int&, int) const;
template int RouterCore::pick_output_vc_t<true>(const InputVc&, int&, int) const;
template uint64_t RouterCore::free_output_vcs_t<false>(const InputVc&, int&, int) const;
template uint64_t RouterCore::free_output_vcs_t<true>(const InputVc&, int&, int) const;
template void RouterCore::vc_allocate<false>(int64_t);
template void RouterCore::vc_allocate<true>(int64_t);

}  // namespace drb
