// SPDX-License-Identifier: Apache-2.0
#include "models/drb/metapath.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace drb {

Metapath::Metapath(std::vector<Msp> cand, const MetapathParams& p) : cand_(std::move(cand)), p_(p) {
  if (cand_.empty()) cand_.push_back(Msp{});
  if (static_cast<int>(cand_.size()) > p_.s_max) cand_.resize(p_.s_max);
  for (const Msp& m : cand_) {
    lat_cfg_.push_back(m.t_tx);
    lat_sel_.push_back(m.t_tx);
  }
  abc_ = bw(cand_[0].t_tx);  // canonical bandwidth: 1 / canonical latency
  umbral_ = p_.lat_umbral > 0 ? p_.lat_umbral : static_cast<int64_t>(p_.umbral_factor * cand_[0].t_tx + 0.5);
  tol_ = p_.tol_lat > 0 ? p_.tol_lat : static_cast<int64_t>(p_.tol_factor * umbral_ + 0.5);
  recompute();
}

void Metapath::recompute() {
  ab_ = 0;
  for (int i = 0; i < s_; ++i) ab_ += bw(lat_cfg_[i]);
}

int Metapath::find(const Header& a) const {
  for (int i = 0; i < candidates(); ++i) {
    const Msp& m = cand_[i];
    const bool d1 = m.n >= 1, d2 = m.n >= 2;
    if (a.d1_valid == d1 && a.d2_valid == d2 && (!d1 || a.d1 == m.node[0]) && (!d2 || a.d2 == m.node[1])) return i;
  }
  return -1;
}

void Metapath::report(int i, uint32_t lat_queue, bool final_report) {
  const int64_t lat = cand_[i].t_tx + lat_queue;  // Eq. 4-5: transmission time + queueing
  if (i < s_) ab_ += bw(lat) - bw(lat_cfg_[i]);   // subtract the old term, add the new one
  lat_cfg_[i] = lat;
  if (final_report) lat_sel_[i] = lat;
}

bool Metapath::wants_grow() const {
  return p_.bw_compare ? ab_ < abc_ * p_.tol_bw : latency() > umbral_ + tol_;
}
bool Metapath::wants_shrink() const {
  return p_.bw_compare ? ab_ > abc_ * p_.tol_bw : latency() < umbral_ - tol_;
}

int Metapath::on_latency(int i, uint32_t lat_queue, bool final_report, int64_t now) {
  report(i, lat_queue, final_report);
  return resize(now);
}

int Metapath::resize(int64_t now) {
  const int cap = capacity();
  const int64_t lat_p = latency();
  const long double step = static_cast<long double>(abc_) * p_.tol_bw / p_.k_bw;  // ABc * Tol / k
  int change = 0;
  if (wants_grow() && s_ < cap) {
    int d = 1;  // Eq. 4-12: until ABc < AB + step * d(d+1)/2, or the metapath is full
    while (!(abc_ < ab_ + step * d * (d + 1) / 2) && s_ + d < cap) ++d;
    const int64_t init = p_.init == MetapathParams::MetapathLatency ? lat_p : cand_[0].t_tx;
    for (int k = s_; k < s_ + d; ++k) {
      // A newly opened MSP has no report yet: zero-load time, or the metapath's or canonical latency.
      lat_cfg_[k] = lat_sel_[k] = p_.init == MetapathParams::ZeroLoad ? cand_[k].t_tx : init;
    }
    s_ += d;
    change = d;
  } else if (wants_shrink() && s_ > 1) {
    int d = 1;  // Eq. 4-13: until AB - step * d(d+1)/2 < ABc (1 + 1/k), keeping the canonical path
    const long double hi = abc_ * (1.0L + 1.0L / p_.k_bw);
    while (!(ab_ - step * d * (d + 1) / 2 < hi) && s_ - d > 1) ++d;
    if (d > 1 && ab_ - step * d * (d + 1) / 2 <= abc_) --d;  // never aim below ABc
    s_ -= d;
    change = -d;
  }
  if (change) {
    recompute();
    history_.push_back({now, s_});
  }
  return change;
}

int Metapath::apply(int s, const int64_t* lat, int64_t now) {
  const int before = s_;
  s_ = std::max(1, std::min(s, capacity()));
  for (int i = 0; i < s_; ++i) lat_cfg_[i] = lat_sel_[i] = lat[i];
  recompute();
  if (s_ != before) history_.push_back({now, s_});
  return s_ - before;
}

uint64_t Metapath::total() const {
  uint64_t c = 0;
  for (int i = 0; i < s_; ++i) c += static_cast<uint64_t>(std::max<int64_t>(1, bw(lat_sel_[i])));
  return c;
}

int Metapath::select(uint64_t r) const {
  uint64_t c = 0;
  for (int i = 0; i < s_; ++i) {
    c += static_cast<uint64_t>(std::max<int64_t>(1, bw(lat_sel_[i])));
    if (r < c) return i;
  }
  return s_ - 1;
}

// ---------------------------------------------------------------------------------------------------------
double MetapathPolicy::channel_bytes(int cands, int events) {
  auto heap = [](double b) { return b <= 0 ? 0.0 : 16.0 * std::ceil((std::max(32.0, b + 8)) / 16); };
  return heap(sizeof(std::pair<const int, Channel>) + sizeof(void*) + sizeof(size_t)) + sizeof(void*) +  // node, bucket
         heap(sizeof(Metapath)) + heap(cands * sizeof(Msp)) + 2 * heap(cands * sizeof(int64_t)) +
         heap(cands * sizeof(uint64_t)) + heap(events * sizeof(std::pair<int64_t, int>));
}

MetapathPolicy::MetapathPolicy(int src, const MetapathParams& p, Candidates cands)
    : src_(src), p_(p), cands_(std::move(cands)) {}

void MetapathChannel::open(std::vector<Msp> cand, const MetapathParams& p) {
  if (cand.empty()) return;  // unreachable: the network refuses the pair's messages
  mp = std::make_unique<Metapath>(std::move(cand), p);
  use.assign(mp->candidates(), 0);
}

void MetapathChannel::draw(Rng& rng, PathChoice& out) {
  const int i = mp->size() == 1 ? 0 : mp->select(rng.below(mp->total()));  // one path: no draw
  const Msp& m = mp->msp(i);
  out.n = m.n;
  out.node[0] = m.node[0];
  out.node[1] = m.node[1];
  out.msp = static_cast<uint16_t>(i);
  ++use[i];
}

MetapathPolicy::Channel& MetapathPolicy::channel(int dst) {
  auto [it, added] = ch_.try_emplace(dst);
  if (added) it->second.open(cands_(src_, dst), p_);
  return it->second;
}

void MetapathPolicy::choose(int dst, Rng& rng, PathChoice& out) { channel(dst).draw(rng, out); }

void MetapathPolicy::on_ack(const Header& ack, int64_t now) {
  Channel& c = channel(static_cast<int>(ack.final_dest));
  const bool early = ack.ack_kind == AckKind::Early;
  ++(early ? c.early : c.acks);
  const int i = c.mp->find(ack);
  if (i < 0) {
    ++c.unknown;
    return;
  }
  if (c.mp->on_latency(i, ack.latency, !early, now)) ++resizes_;
}

}  // namespace drb
