// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/link_faults.h"

#include "models/routing/routability.h"
#include "systemc/fabric/link_host.h"

namespace drb {

LinkFaults::LinkFaults(LinkHost& net) : net_(net), p_(net.params().faults), n_(net.interconnect().terminals()) {
  pruned_ = std::make_unique<FaultPrunedRelation>(net.interconnect(), net.base_routing(), p_.channels);
  ok_.assign(static_cast<size_t>(n_) * n_, kUnknown);
  for (int a = 0; a < n_; ++a) ok_[static_cast<size_t>(a) * n_ + a] = 1;
  next_ = p_.at;
  if (next_ == 0) event(0);  // failed from the start: before the first message is offered
}

void LinkFaults::event(int64_t now) {
  failed_ = now == p_.at;
  for (int c : p_.channels)  // graph channel ids are the table's
    net_.channels().set_state(c, failed_ ? ChannelState::kFailed : ChannelState::kOn);
  net_.set_routing(failed_ ? pruned_.get() : nullptr);
  for (int r = 0; r < net_.interconnect().elements(); ++r) {
    net_.router(r).reroute_waiting(now);
    net_.wake_router(r);
  }
  next_ = failed_ && p_.repair > now ? p_.repair : -1;
}

bool LinkFaults::reaches(int src, int dst) {
  uint8_t& ok = ok_[static_cast<size_t>(src) * n_ + dst];
  if (ok == kUnknown) {
    const int r = net_.source(src).policy().reaches(dst);
    ok = (r >= 0 ? r == 1 : pruned_->routable(src, dst)) ? 1 : 0;
  }
  return ok != 0;
}

int LinkFaults::unroutable_pairs() {  // under the faults, also when asked after a repair
  int u = 0;
  for (int a = 0; a < n_; ++a)
    for (int b = 0; b < n_; ++b) u += !reaches(a, b);
  return u;
}

std::string LinkFaults::refused_report() const {
  return std::to_string(pairs_.size()) + " pairs have no fault-free way under routing.algorithm=" +
         net_.params().algorithm + " (" + std::to_string(refused_) + " messages not accepted): " + list(pairs_);
}

std::string LinkFaults::held_report() const {
  if (!failed_) return "";
  std::set<std::pair<int, int>> held;
  for (int r = 0; r < net_.interconnect().elements(); ++r) net_.router(r).held(held);
  if (held.empty()) return "";
  return "faults: packets of " + std::to_string(held.size()) + " pairs hold with no fault-free way on under routing.algorithm=" +
         net_.params().algorithm + ": " + list(held) + (pairs_.empty() ? "" : "; " + refused_report());
}

std::string LinkFaults::list(const std::set<std::pair<int, int>>& pairs, int most) {
  std::string s;
  int k = 0;
  for (const auto& [a, b] : pairs) {
    if (k == most) return s + " and " + std::to_string(pairs.size() - most) + " more";
    s += (k++ ? ", " : "") + std::to_string(a) + ">" + std::to_string(b);
  }
  return s;
}

}  // namespace drb
