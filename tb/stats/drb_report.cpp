// SPDX-License-Identifier: Apache-2.0
#include "tb/stats/drb_report.h"

#include <algorithm>
#include <type_traits>

#include "models/drb/metapath.h"
#include "models/drb/prdrb.h"

namespace drb {

nlohmann::json drb_report(Network& net, int64_t time_bin, int64_t end, int flit_bytes, size_t max_channels) {
  using json = nlohmann::json;
  json channels = json::array();
  uint64_t n_channels = 0, resizes = 0, acks = 0, early = 0, unknown = 0;
  std::vector<double> size_sum;  // per time bin: sum over channels of the size, weighted by time in the bin
  size_t listed = 0;
  std::vector<uint64_t> size_count(16, 0);
  uint64_t captures = 0, commits = 0, applied = 0, expansions = 0, stored = 0;
  // DRB's and PR-DRB's policies keep the same per-channel metapath state; PR-DRB adds its database.
  auto visit = [&](auto* pol, int src) {
    resizes += pol->resizes();
    std::vector<int> dsts;
    for (auto& [d, c] : pol->channels())
      if (c.mp) dsts.push_back(d);  // channels without a candidate (link faults) carry nothing
    std::sort(dsts.begin(), dsts.end());  // the map's order is not deterministic across libraries
    for (int d : dsts) {
      const auto& c = pol->channels().at(d);
      ++n_channels;
      acks += c.acks;
      early += c.early;
      json pr;
      if constexpr (std::is_same_v<std::decay_t<decltype(*pol)>, PrdrbPolicy>) {
        captures += c.captures;
        commits += c.commits;
        applied += c.applied;
        expansions += c.expansions;
        stored += pol->db().entries(d).size();
        json ap = json::array();
        for (auto& [t, s] : c.applies) ap.push_back({t, s});
        pr = {{"captures", c.captures}, {"commits", c.commits}, {"applied", ap},
              {"stored", pol->db().entries(d).size()}};
      }
      unknown += c.unknown;
      const Metapath& mp = *c.mp;
      ++size_count[std::min<size_t>(mp.size(), size_count.size() - 1)];
      const auto& h = mp.history();
      if (time_bin > 0) {
        const size_t bins = static_cast<size_t>((end + time_bin - 1) / time_bin);
        if (size_sum.size() < bins) size_sum.resize(bins, 0.0);
        for (size_t k = 0; k < h.size(); ++k) {  // integrate the piecewise-constant size over each bin
          const int64_t a = h[k].first, b = k + 1 < h.size() ? h[k + 1].first : end;
          for (int64_t t = a; t < b;) {
            const size_t bin = static_cast<size_t>(t / time_bin);
            if (bin >= bins) break;
            const int64_t stop = std::min<int64_t>(b, static_cast<int64_t>(bin + 1) * time_bin);
            size_sum[bin] += static_cast<double>(h[k].second) * (stop - t) / time_bin;
            t = stop;
          }
        }
      }
      if (listed < max_channels) {
        ++listed;
        json hist = json::array();
        for (auto& [t, s] : h) hist.push_back({t, s});
        json msps = json::array();
        for (int i = 0; i < mp.candidates(); ++i) {
          json nodes = json::array();
          for (int k = 0; k < mp.msp(i).n; ++k) nodes.push_back(mp.msp(i).node[k]);
          msps.push_back({{"via", nodes}, {"t_tx", mp.msp(i).t_tx}, {"packets", c.use[i]},
                          {"last_latency", mp.lat_cfg(i)}});
        }
        channels.push_back({{"src", src},
                            {"dst", d},
                            {"size", mp.size()},
                            {"lat_umbral", mp.lat_umbral()},
                            {"tol_lat", mp.tol_lat()},
                            {"resizes", static_cast<int64_t>(h.size()) - 1},
                            {"acks", c.acks},
                            {"early_acks", c.early},
                            {"msps", msps},
                            {"size_history", hist}});
        if (!pr.is_null()) channels.back()["prdrb"] = pr;
      }
    }
  };
  bool any_prdrb = false;
  for (int src = 0; src < net.nodes(); ++src) {
    if (auto* pol = dynamic_cast<MetapathPolicy*>(&net.source(src).policy())) visit(pol, src);
    if (auto* pol = dynamic_cast<PrdrbPolicy*>(&net.source(src).policy())) visit(pol, src), any_prdrb = true;
  }
  json r;
  r["channels_total"] = n_channels;
  r["channels"] = channels;
  r["resizes"] = resizes;
  json dist = json::object();
  for (size_t s = 1; s < size_count.size(); ++s)
    if (size_count[s]) dist[std::to_string(s)] = size_count[s];
  r["final_size_distribution"] = dist;
  r["acks"] = {{"final_used", acks},
               {"early_used", early},
               {"unmatched", unknown},
               {"sent_final", net.acks_sent()},
               {"crossed_network", net.acks_crossed()},
               {"network_latency", net.ack_network_latency()},
               {"sent_early", net.early_acks()},
               {"early_dropped", net.early_drops()},
               {"bytes", (net.acks_sent() + net.early_acks() - net.early_drops()) * net.params().ack_flits * flit_bytes}};
  if (any_prdrb)
    r["prdrb"] = {{"captures_made", net.captures()}, {"acks_with_capture", captures}, {"solutions_stored", commits},
                  {"solutions_held", stored}, {"solutions_applied", applied}, {"gradual_expansions", expansions}};
  if (time_bin > 0 && n_channels) {
    json ts = json::array();
    for (size_t b = 0; b < size_sum.size(); ++b)
      ts.push_back({{"start", static_cast<int64_t>(b) * time_bin}, {"mean_size", size_sum[b] / n_channels}});
    r["size_series"] = ts;
  }
  return r;
}

}  // namespace drb
