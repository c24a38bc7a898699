// SPDX-License-Identifier: Apache-2.0
#include "tb/stats/collector.h"

#include <cmath>

#include "models/power/energy.h"
#include "tb/stats/summary.h"

namespace drb {

Collector::Collector(Network& net, const StatsParams& sp, int64_t s, int64_t e)
    : net_(net), sp_(sp), start_(s), end_(e) {}

void Collector::packet_arrived(const Packet& p, const Message& m, int64_t now) {
  if (in_window(now)) {
    win_flits_ += p.hdr.length;
    ++win_packets_;
    win_net_lat_sum_ += now - p.t_inj;
  }
  if (sp_.time_bin > 0) {
    const size_t b = static_cast<size_t>(p.t_gen / sp_.time_bin);
    if (b >= series_.size()) series_.resize(b + 1);
    const double l = static_cast<double>(now - p.t_gen);
    ++series_[b].n;
    series_[b].sum += l;
    series_[b].sq += l * l;
    const size_t a = static_cast<size_t>(now / sp_.time_bin);  // accepted load: by arrival
    if (a >= arrived_.size()) arrived_.resize(a + 1, 0);
    arrived_[a] += p.hdr.length;
    if (sp_.energy) {
      if (a >= energy_bins_.size()) energy_bins_.resize(a + 1);
      const double routers = p.hops + 1.0;  // network channels crossed, and the routers on both ends
      energy_bins_[a].flit_routers += p.hdr.length * routers;
      energy_bins_[a].head_routers += routers;
      energy_bins_[a].flit_links += static_cast<double>(p.hdr.length) * p.hops;
    }
  }
  if (!p.measured) return;
  lat_.add(now - p.t_gen);
  net_lat_.add(now - p.t_inj);
  hops_.add(p.hops);
  // The AL field must equal the cycles waited beyond the zero-load schedule (mod 2^W), unless the
  // source-queue wait is folded in too.
  const uint32_t mask = net_.al().mask();
  if (!net_.params().al_count_source_queue && net_.params().al_tick == 1 && (p.wait & mask) != p.hdr.latency) ++al_mismatch_;
  al_field_.add(p.hdr.latency);
  if (sp_.per_pair) {
    Pair& q = pairs_[{p.src, static_cast<int>(p.hdr.final_dest)}];
    ++q.n;
    q.sum += now - p.t_gen;
    q.max = std::max<int64_t>(q.max, now - p.t_gen);
  }
}

void Collector::message_delivered(const Message& m, int64_t now) {
  ++delivered_;
  if (m.measured) reorder_lat_.add(now - m.t_gen);
}

void Collector::ack_used(int, const Header& ack, int64_t) {
  if (ack.ack_kind == AckKind::Early) ++acks_early_;
  else ++acks_final_;
}

nlohmann::json Collector::finish(int64_t end_cycle) {
  using json = nlohmann::json;
  const Interconnect& ic = net_.interconnect();
  const NetworkGraph& g = ic.graph();
  const int N = net_.nodes();
  const double cycles = static_cast<double>(end_ - start_);
  json r;
  r["cycles"] = {{"warmup", start_}, {"measure", end_ - start_}, {"drain", end_cycle - end_}, {"end", end_cycle}};
  r["accepted_flits_per_node_cycle"] = win_flits_ / (cycles * N);
  r["latency"] = to_json(summarize(lat_));
  r["latency"]["histogram"] = histogram(lat_, sp_.hist_bin);
  r["network_latency"] = to_json(summarize(net_lat_));
  r["latency_after_reorder"] = to_json(summarize(reorder_lat_));
  const Summary hs = summarize(hops_);
  r["hops"] = {{"mean", hs.mean}, {"max", hs.max}};
  const Summary as = summarize(al_field_);
  r["al_field"] = {{"mean", as.mean}, {"max", as.max}, {"mismatches", al_mismatch_}};
  const double in_net = net_.in_flight_sum() / cycles;
  const double rate = win_packets_ / cycles;
  const double wlat = win_packets_ ? static_cast<double>(win_net_lat_sum_ / win_packets_) : 0.0;
  r["littles_law"] = {{"mean_packets_in_network", in_net},
                      {"packet_rate", rate},
                      {"mean_network_latency", wlat},
                      {"rate_x_latency", rate * wlat}};
  size_t reorder_max = 0;
  for (int n = 0; n < N; ++n) {
    reorder_max = std::max(reorder_max, net_.dest(n).max_reorder());
  }
  r["reorder_max_held"] = reorder_max;
  r["flit_hops"] = net_.flit_hops();
  uint64_t ev[5] = {0, 0, 0, 0, 0};
  for (int n = 0; n < net_.elements(); ++n) {
    const RouterCounters& c = net_.counters(n);
    ev[0] += c.dec_pops;
    ev[1] += c.al_waits;
    ev[2] += c.gmr_fires;
    ev[3] += c.gmr_drops;
    ev[4] += c.contended;
  }
  r["events"] = {{"dec_pops", ev[0]},  {"al_waits", ev[1]},         {"gmr_fires", ev[2]},
                 {"gmr_drops", ev[3]}, {"contended_allocations", ev[4]}, {"acks_sent", net_.acks_sent()},
                 {"acks_used_final", acks_final_}, {"acks_used_early", acks_early_}};
  if (sp_.links) {
    json links = json::array();
    double umax = 0;
    for (int n = 0; n < net_.elements(); ++n) {
      for (int p = 0; p < ic.ports(n); ++p) {
        const int ch = g.out(n, p);
        if (ch < 0) continue;
        const ChannelStats& ls = net_.channels().stats(ch);
        const double u = static_cast<double>(net_.channels().flits(ch)) / cycles;
        umax = std::max(umax, u);
        links.push_back({{"router", n},
                         {"port", ic.port_name(n, p)},
                         {"to", g.channels()[ch].to},
                         {"utilization", u},
                         {"mean_wait", ls.heads ? static_cast<double>(ls.wait_sum) / ls.heads : 0.0},
                         {"heads", ls.heads}});
      }
    }
    r["links"] = links;
    r["max_link_utilization"] = umax;
  }
  if (sp_.per_pair) {
    json pp = json::array();
    for (auto& [k, v] : pairs_)
      pp.push_back({{"src", k.first}, {"dst", k.second}, {"count", v.n},
                    {"mean", static_cast<double>(v.sum / v.n)}, {"max", v.max}});
    r["per_pair"] = pp;
  }
  if (sp_.time_bin > 0) {
    json ts = json::array();
    arrived_.resize(series_.size(), 0);  // the bins of the generation series (the drain's arrivals fall after)
    const double per_bin = static_cast<double>(sp_.time_bin) * net_.nodes();
    for (size_t b = 0; b < series_.size(); ++b) {
      const Bin& x = series_[b];
      const double mean = x.n ? static_cast<double>(x.sum / x.n) : 0.0;
      const double var = x.n > 1 ? static_cast<double>((x.sq - x.sum * x.sum / x.n) / (x.n - 1)) : 0.0;
      ts.push_back({{"start", static_cast<int64_t>(b) * sp_.time_bin}, {"count", x.n}, {"mean", mean},
                    {"stddev", std::sqrt(std::max(0.0, var))}, {"accepted", arrived_[b] / per_bin}});
    }
    r["time_series"] = ts;
  }
  if (sp_.energy) {
    r["energy"] = energy_json(cycles);
    if (sp_.time_bin > 0) {
      // Power over time: each bin's arrivals at the network's mean table and link length, plus leakage.
      const auto& e = r["energy"];
      const double bin_ns = static_cast<double>(sp_.time_bin) * sp_.clock_ns;
      const double per_flit_router = e["mean_pj"]["flit_router"].get<double>(), per_head = e["mean_pj"]["head_router"].get<double>(),
                   per_flit_link = e["mean_pj"]["flit_link"].get<double>(), leak_mw = e["leakage_mw"].get<double>();
      energy_bins_.resize(r["time_series"].size());
      for (size_t b = 0; b < energy_bins_.size(); ++b) {
        const EnergyBin& x = energy_bins_[b];
        r["time_series"][b]["power_mw"] =
            (x.flit_routers * per_flit_router + x.head_routers * per_head + x.flit_links * per_flit_link) / bin_ns + leak_mw;
      }
    }
  }
  return r;
}

nlohmann::json Collector::energy_json(double cycles) const {
  const Interconnect& ic = net_.interconnect();
  const NetworkGraph& g = ic.graph();
  const ChannelTable& ch = net_.channels();
  EnergyCounts c;
  c.flits_out.assign(ic.elements(), 0);
  c.heads_out.assign(ic.elements(), 0);
  for (int i = 0; i < ch.size(); ++i)
    if (ch[i].from.kind == ChannelEnd::kElement) {
      c.flits_out[ch[i].from.id] += ch.flits(i);
      c.heads_out[ch[i].from.id] += ch.stats(i).heads;
    }
  const int d_link = std::max(1, net_.params().d_link);
  double mm_sum = 0;
  for (size_t i = 0; i < g.channels().size(); ++i) {
    const double mm = sp_.link_mm * (d_link + g.channels()[i].extra) / d_link;
    c.links.push_back({g.channels()[i].from, ch.flits(static_cast<int>(i)), mm});
    mm_sum += mm;
  }
  // One table per element: the OSU018 derivation for its ports, or the user's table over it; made once per
  // port count (a network has few), not once per element.
  std::map<int, EnergyTable> by_ports;
  std::vector<EnergyTable> tables;
  for (int e = 0; e < ic.elements(); ++e) {
    auto it = by_ports.find(ic.ports(e));
    if (it == by_ports.end()) {
      const EnergyTable base = osu018_table(ic.ports(e), net_.params().vcs, net_.params().depth, sp_.bits());
      it = by_ports.emplace(ic.ports(e), sp_.energy_text ? parse_energy_table(*sp_.energy_text, base) : base).first;
    }
    tables.push_back(it->second);
  }
  const double window_ns = cycles * sp_.clock_ns;
  const EnergyReport rep = account_energy(tables, c, window_ns);
  double leak_mw = 0, flit_router = 0, head_router = 0, link = 0;
  for (const EnergyTable& t : tables) {
    leak_mw += t.leak_router;
    flit_router += t.buffer_write + t.buffer_read + t.sw_alloc + t.crossbar;
    head_router += t.route + t.vc_alloc;
    link += t.link;
  }
  for (const EnergyCounts::Link& l : c.links) leak_mw += tables[static_cast<size_t>(l.from)].leak_link * l.mm;
  const double E = static_cast<double>(tables.size()), dynamic = rep.total() - rep.leakage;
  using json = nlohmann::json;
  const EnergyTable& t0 = tables[0];
  json j;
  j["source"] = sp_.energy_text ? "energy.table over osu018" : "osu018";
  j["flit_bits"] = sp_.bits();
  j["table_element0"] = {{"buffer_write", t0.buffer_write}, {"buffer_read", t0.buffer_read}, {"sw_alloc", t0.sw_alloc},
                         {"crossbar", t0.crossbar},         {"route", t0.route},             {"vc_alloc", t0.vc_alloc},
                         {"link", t0.link},                 {"leak_router", t0.leak_router}, {"leak_link", t0.leak_link}};
  j["total_pj"] = rep.total();
  j["dynamic_pj"] = dynamic;
  j["leakage_pj"] = rep.leakage;
  j["breakdown_pj"] = {{"buffer", rep.buffer}, {"sw_alloc", rep.sw_alloc}, {"crossbar", rep.crossbar}, {"route", rep.route},
                       {"vc_alloc", rep.vc_alloc}, {"link", rep.link}, {"leakage", rep.leakage}};
  j["per_flit_pj"] = win_flits_ ? dynamic / static_cast<double>(win_flits_) : 0.0;
  j["per_packet_pj"] = win_packets_ ? dynamic / static_cast<double>(win_packets_) : 0.0;
  j["power_mw"] = window_ns > 0 ? rep.total() / window_ns : 0.0;
  j["leakage_mw"] = leak_mw;
  j["mean_pj"] = {{"flit_router", flit_router / E},
                  {"head_router", head_router / E},
                  {"flit_link", c.links.empty() ? 0.0 : link / E * mm_sum / static_cast<double>(c.links.size())}};
  j["elements_pj"] = rep.per_element;
  return j;
}

}  // namespace drb
