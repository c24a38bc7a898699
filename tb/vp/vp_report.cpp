// SPDX-License-Identifier: Apache-2.0
// The outputs a virtual platform's keys ask for (out.json, trace.vcd, trace.packets): drbsim's collector
// over the fabric from cycle 0, the hosts' messages measured, and a latency summary per source node.
#include <map>
#include <stdexcept>

#include "systemc/fabric/fabric.h"
#include "systemc/fabric/vp_fabric.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/report.h"
#include "tb/drbsim/runner.h"
#include "tb/io/outputs.h"
#include "tb/stats/collector.h"
#include "tb/stats/summary.h"

namespace drb {

namespace {

// Each source node's message latencies (cycles from entering the source queue to delivery).
struct PerSource : NetObserver {
  std::map<int, Samples> lat;
  void message_delivered(const Message& m, int64_t now) override { lat[m.src].add(now - m.t_gen); }
  nlohmann::json to_json(int bin) const {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [src, s] : lat) {
      const Summary sum = summarize(s);
      j[std::to_string(src)] = {{"messages", sum.count}, {"mean", sum.mean}, {"p95", sum.p95}, {"max", sum.max}, {"histogram", histogram(s, bin)}};
    }
    return j;
  }
};

class KeyReport : public VpReport {
 public:
  KeyReport(Fabric& fab, ScenarioSet set) : fab_(fab), set_(std::move(set)), col_(fab.net(), set_.runs[0].stats, 0, INT64_MAX / 4) {
    const Scenario& s = set_.runs[0];
    Network& net = fab.net();
    net.add_observer(&col_);
    net.add_observer(&per_);
    net.set_measuring(true);  // the hosts' messages are measured from the start
    start_traces(fab, s);     // an OutputError is a std::runtime_error("key: reason")
  }
  std::string results_json(int64_t cycle) override { return dump_json(result(cycle)); }
  void finish(int64_t cycle) override {
    const Scenario& s = set_.runs[0];
    const nlohmann::json r = result(cycle);
    end_traces(fab_);
    if (!s.out.json.empty()) write_output("out.json", s.out.json, dump_json(report_json(set_, {r}), 1) + "\n");
  }

 private:
  nlohmann::json result(int64_t cycle) {
    col_.set_end(std::max<int64_t>(cycle, 1));
    nlohmann::json r = col_.finish(cycle);
    r["per_source"] = per_.to_json(set_.runs[0].stats.hist_bin);
    r["vc_layout"] = fab_.net().layout().describe();
    return r;
  }
  Fabric& fab_;
  ScenarioSet set_;
  Collector col_;
  PerSource per_;
};

}  // namespace

std::function<std::unique_ptr<VpReport>(Fabric&)> vp_report(const ScenarioSet& set) {
  const Scenario& s = set.runs[0];
  if (s.out.json.empty() && s.out.trace.empty() && s.out.packets.empty()) return {};
  return [set](Fabric& fab) { return std::make_unique<KeyReport>(fab, set); };
}

}  // namespace drb
