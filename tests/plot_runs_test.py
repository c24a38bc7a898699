# SPDX-License-Identifier: Apache-2.0
"""tb/plots/plot_runs.py on a hand-written results file: the title names the network, the VCs and buffers,
the packet length and the pattern; the latency axis reads as plain numbers; the one point that accepts less
than 95 % of its offered load is marked saturated, the accepted = offered line is drawn."""
import json
import sys
from pathlib import Path

src, tmp = Path(sys.argv[1]), Path(sys.argv[2])
sys.path.insert(0, str(src / "tb" / "plots"))
import matplotlib  # noqa: E402

matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text in the SVG
import plot_runs  # noqa: E402


def run(alg, offered, accepted, lat):
    return {"swept": {"routing.algorithm": alg, "traffic.rate": str(offered)},
            "result": {"offered_flits_per_node_cycle": offered, "accepted_flits_per_node_cycle": accepted,
                       "latency": {"mean": lat}}}


doc = {"network": "4-ary 3-tree",
       "config": {"router.vcs": 4, "router.buffer": 8, "traffic.length": [8], "traffic.pattern": "uniform",
                  "routing.algorithm": "(swept)", "traffic.rate": "(swept)"},
       "runs": [run("updown", 0.1, 0.1, 32), run("updown", 0.5, 0.499, 60), run("updown", 0.7, 0.52, 450),
                run("adaptive", 0.1, 0.1, 31), run("adaptive", 0.5, 0.5, 55), run("adaptive", 0.7, 0.69, 120)]}
(tmp / "plot.json").write_text(json.dumps(doc))
plot_runs.main(str(tmp / "plot.json"), str(tmp / "plot.svg"))
svg = (tmp / "plot.svg").read_text()
for text in ["4-ary 3-tree, 4 VCs x 8 flits, 8-flit packets, uniform", "algorithm=updown", "algorithm=adaptive",
             "saturated (accepted &lt; 95% of offered)", "accepted = offered", "offered load (flits/node/cycle)",
             ">50<", ">100<", ">200<", ">300<"]:
    assert text in svg, text
assert "10^" not in svg and "times 10" not in svg and "\\mathdefault" not in svg, "a tick in power notation"
# Exactly one point is saturated (0.52 of 0.7): ringed on both panels, and the legend shows the ring.
assert svg.count("stroke: #ff0000") == 3, svg.count("stroke: #ff0000")
# Without a network name (a topology key swept), the title falls back to the family.
del doc["network"]
doc["config"]["topology.kind"] = "fattree"
(tmp / "plot2.json").write_text(json.dumps(doc))
plot_runs.main(str(tmp / "plot2.json"), str(tmp / "plot2.svg"))
assert "fattree, 4 VCs x 8 flits" in (tmp / "plot2.svg").read_text()
# With stats.energy, the third panel maps the routers of the highest load's run: a 2x2 mesh as a grid whose
# color scale spans that run's energies (10..40 pJ, not the lower-load run's 1..4), per flit in the title.
mesh = {"network": "mesh 2x2", "config": {"topology.kind": "mesh", "topology.k": [2, 2], "traffic.rate": "(swept)"},
        "runs": [run("dor", 0.1, 0.1, 20), run("dor", 0.3, 0.3, 25)]}
mesh["runs"][0]["result"]["energy"] = {"elements_pj": [1, 2, 3, 4], "per_flit_pj": 7.5}
mesh["runs"][1]["result"]["energy"] = {"elements_pj": [10, 20, 30, 40], "per_flit_pj": 12.5}
(tmp / "energy.json").write_text(json.dumps(mesh))
plot_runs.main(str(tmp / "energy.json"), str(tmp / "energy.svg"))
svg = (tmp / "energy.svg").read_text()
for text in ["energy per router, offered 0.3 flits/node/cycle", "12.5 pJ per flit", "x (dimension 0)", ">40<", ">10<"]:
    assert text in svg, text
print("title, ticks, saturation, reference line and energy map as expected")
