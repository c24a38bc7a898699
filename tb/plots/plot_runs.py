#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Latency and accepted load against the load of every series of a drbsim sweep.

usage: plot_runs.py results.json out.png|out.svg
Series are the values of the swept keys other than the load key (traffic.rate or traffic.interval).
Left: mean latency against accepted load (log scale, plain-number ticks). Right: accepted against offered
load with the line accepted = offered. Saturated points (accepted below 95 % of offered, or a window ended by
sim.saturation_stop) are ringed on both. With stats.energy, a third panel maps each router's energy (its
buffers, allocators, crossbar and the links it drives) in the run of the highest offered load: a grid on a
2-D torus or mesh, bars per element elsewhere.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

LOAD_KEYS = ("traffic.rate", "traffic.interval")
SATURATED = 0.95  # accepted / offered below this: the network no longer takes what is offered


def title(doc):
    cfg = doc["config"]
    net = doc.get("network")
    if net is None:  # a topology key was swept: the series name the networks
        net = str(cfg.get("topology.kind"))
    parts = [net]
    vcs, buf = cfg.get("router.vcs"), cfg.get("router.buffer")
    if vcs not in (None, "(swept)") and buf not in (None, "(swept)"):
        parts.append(f"{vcs} VCs x {buf} flits")
    length = cfg.get("traffic.length")
    if isinstance(length, list):
        length = "/".join(map(str, length))
    if length not in (None, "(swept)"):
        parts.append(f"{length}-flit packets")
    if cfg.get("traffic.pattern") not in (None, "(swept)"):
        parts.append(str(cfg["traffic.pattern"]))
    return ", ".join(parts)


def energy_panel(ax, doc):
    runs = [r for r in doc["runs"] if "energy" in r["result"]]
    run = max(runs, key=lambda r: r["result"]["offered_flits_per_node_cycle"])
    e = run["result"]["energy"]["elements_pj"]
    scale, unit = (1e-3, "nJ") if max(e) >= 1e4 else (1.0, "pJ")
    k, kind = doc["config"].get("topology.k"), doc["config"].get("topology.kind")
    if kind in ("torus", "mesh") and isinstance(k, list) and len(k) == 2 and k[0] * k[1] == len(e):
        grid = [[e[x + k[0] * y] * scale for x in range(k[0])] for y in range(k[1])]
        im = ax.imshow(grid, origin="lower", cmap="viridis")
        ax.figure.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label=unit)
        ax.set_xlabel("x (dimension 0)")
        ax.set_ylabel("y (dimension 1)")
    else:
        ax.bar(range(len(e)), [v * scale for v in e], width=1.0)
        ax.set_xlabel("element")
        ax.set_ylabel(unit)
    load = run["result"]["offered_flits_per_node_cycle"]
    ax.set_title(f"energy per router, offered {load:.3g} flits/node/cycle\n"
                 f"{run['result']['energy']['per_flit_pj']:.3g} pJ per flit", fontsize="medium")


def main(src, dst):
    doc = json.load(open(src))
    series = {}
    for run in doc["runs"]:
        res = run["result"]
        if "error" in res:
            continue
        label = ", ".join(f"{k.split('.')[-1]}={v}" for k, v in sorted(run["swept"].items()) if k not in LOAD_KEYS)
        series.setdefault(label or doc["config"].get("routing.algorithm", "run"), []).append(
            (res["accepted_flits_per_node_cycle"], res["latency"]["mean"], res["offered_flits_per_node_cycle"],
             "saturated" in res))
    energy = any("energy" in r["result"] for r in doc["runs"])
    if energy:
        fig, (ax, ax2, ax3) = plt.subplots(1, 3, figsize=(14.5, 4.4), gridspec_kw={"width_ratios": [3, 2, 2.4]})
        energy_panel(ax3, doc)
    else:
        fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 4.4), gridspec_kw={"width_ratios": [3, 2]})
    top = 0.0
    sat_shown = False
    for label, pts in series.items():
        pts.sort(key=lambda p: p[2])
        line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
        ax2.plot([p[2] for p in pts], [p[0] for p in pts], marker="o", color=line.get_color())
        sat = [p for p in pts if p[3] or (p[2] > 0 and p[0] < SATURATED * p[2])]  # or stopped by sim.saturation_stop
        if sat:
            kw = dict(s=130, facecolors="none", edgecolors="red", linewidths=1.5, zorder=3)
            ax.scatter([p[0] for p in sat], [p[1] for p in sat],
                       label=None if sat_shown else f"saturated (accepted < {SATURATED:.0%} of offered)", **kw)
            ax2.scatter([p[2] for p in sat], [p[0] for p in sat], **kw)
            sat_shown = True
        top = max([top] + [p[2] for p in pts] + [p[0] for p in pts])
    fig.suptitle(title(doc))
    ax.set_xlabel("accepted load (flits/node/cycle)")
    ax.set_ylabel("mean latency (cycles, incl. source queue)")
    ax.set_yscale("log")
    # Ticks at 1, 2, 3, 5 per decade written as plain numbers: a latency reads off the axis (20, 30, 50, 100).
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 3.0, 5.0)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.grid(True, which="both", alpha=0.3)
    handles, labels = ax.get_legend_handles_labels()  # the series first, the saturation mark last
    order = sorted(range(len(labels)), key=lambda i: labels[i].startswith("saturated"))
    ax.legend([handles[i] for i in order], [labels[i] for i in order], fontsize="small")
    ax2.plot([0, top * 1.05], [0, top * 1.05], ls="--", color="gray", lw=1, label="accepted = offered")
    ax2.set_xlim(0, top * 1.05)
    ax2.set_ylim(0, top * 1.05)
    ax2.set_xlabel("offered load (flits/node/cycle)")
    ax2.set_ylabel("accepted load (flits/node/cycle)")
    ax2.grid(True, alpha=0.3)
    ax2.legend(fontsize="small", loc="upper left")
    fig.tight_layout()
    fig.savefig(dst)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
