# SPDX-License-Identifier: Apache-2.0
"""The power-saving experiments' shared set-up (power.py and its sets): paths, networks, threshold points."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results" / "power"

COMMON = ["routing.algorithm=adaptive", "router.vcs=3", "router.buffer=4", "traffic.source_queue=64",
          "stats.links=false", "sim.progress=off"]
NETS = {
    "16x16": (["topology.k=16", "topology.trunk=4", "router.trunk_select=cyclic"], 1.0,
              [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]),
    "8x8x8": (["topology.k=8", "topology.n=3", "topology.trunk=4", "router.trunk_select=cyclic"], 1.4,
              [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]),
    "4-ary 4-tree": (["topology.kind=fattree", "topology.k=4", "topology.n=4", "routing.selection=sadp"], 2.1,
                     [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5]),
}
# The 13 valid points of the 2-D grid (U_off, U_on); the 3-D torus and the fat-tree scale them by 1.4 and 2.1.
POINTS = [(0.0125, 0.0625), (0.05, 0.10), (0.025, 0.125), (0.0625, 0.1625), (0.10, 0.20), (0.0375, 0.1875),
          (0.075, 0.225), (0.1125, 0.2625), (0.15, 0.30), (0.0125, 0.2125), (0.05, 0.25), (0.0875, 0.2875),
          (0.025, 0.275)]
SAT = {"16x16": 0.715, "8x8x8": 0.757, "4-ary 4-tree": 0.549}  # accepted at 2x offered, mechanism off (README)


# U_MAX, the highest link-member utilisation at the highest accepted load, measured on the mechanism-off
# networks (README); the grid's point 9 puts U_on at the thesis' U_MAX, 0.30 on its 2-D torus.
UMAX = {"16x16": 0.41, "8x8x8": 0.255, "4-ary 4-tree": 0.597}


def thresholds(net, pt, dynamic=False, rescaled=False):
    off, on = POINTS[pt - 1]
    s = UMAX[net] / 0.30 if rescaled else NETS[net][1]
    keys = [f"power.u_on={round(on * s, 6)}"]
    return keys + (["power.thresholds=dynamic"] if dynamic else [f"power.u_off={round(off * s, 6)}"])
