#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Latency versus accepted load for every series of a drbsim sweep.

usage: plot_runs.py results.json out.png|out.svg
Series are the values of the swept keys other than the load key (traffic.rate or traffic.interval).
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

LOAD_KEYS = ("traffic.rate", "traffic.interval")


def main(src, dst):
    doc = json.load(open(src))
    series = {}
    for run in doc["runs"]:
        res = run["result"]
        if "error" in res:
            continue
        label = ", ".join(f"{k.split('.')[-1]}={v}" for k, v in sorted(run["swept"].items()) if k not in LOAD_KEYS)
        series.setdefault(label or doc["config"].get("routing.algorithm", "run"), []).append(
            (res["accepted_flits_per_node_cycle"], res["latency"]["mean"], res["offered_flits_per_node_cycle"]))
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    for label, pts in series.items():
        pts.sort(key=lambda p: p[2])
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
    cfg = doc["config"]
    k = cfg.get("topology.k")
    ax.set_title(f"{cfg.get('topology.kind')} {'x'.join(map(str, k)) if isinstance(k, list) else k}, "
                 f"{cfg.get('traffic.pattern')}, {cfg.get('traffic.length')} flits")
    ax.set_xlabel("accepted load (flits/node/cycle)")
    ax.set_ylabel("mean latency (cycles, incl. source queue)")
    ax.set_yscale("log")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
