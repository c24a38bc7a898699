// SPDX-License-Identifier: Apache-2.0
#include "models/routing/fat_tree_routing.h"

namespace drb {

RelationNeeds FatTreeRouting::needs() const {
  RelationNeeds n{subclasses()};
  n.selection = adaptive_ && sel_ == UpSelection::Sadp ? Selection::MostCredits : Selection::InOrder;
  n.reads = adaptive_ ? kReadsSelection : 0;  // the deterministic up phase has one port to take
  n.multipath = adaptive_;
  return n;
}

void FatTreeRouting::route(int e, const Header& h, RouteSet& out) const {
  out.clear();
  const int dst = static_cast<int>(h.front());
  const int stage = t_.stage(e), k = t_.k();
  const int digit = t_.digit(dst, stage);
  if (t_.ancestor(e, dst)) {
    out.add(digit, 0);
    return;
  }
  if (!adaptive_) {
    out.add(k + digit, 0);
    return;
  }
  // Every up port, starting at the deterministic one (first_free, sadp's tie order) or at one drawn from
  // the packet and the switch (random: a hash, so runs stay byte-identical per seed).
  int first = sel_ == UpSelection::Lowest ? 0 : digit;  // lowest: the power thesis' FirstFree, towards the MT
  if (sel_ == UpSelection::Random) {
    uint64_t x = (static_cast<uint64_t>(h.origin) << 40) ^ (static_cast<uint64_t>(h.seq) << 16) ^ static_cast<uint64_t>(e);
    x ^= static_cast<uint64_t>(dst) * 0x9e3779b97f4a7c15ULL;
    x ^= x >> 31, x *= 0xbf58476d1ce4e5b9ULL, x ^= x >> 29;
    first = static_cast<int>(x % static_cast<uint64_t>(k));
  }
  for (int i = 0; i < k; ++i) out.add(k + (first + i) % k, 0);
}

}  // namespace drb
