#!/usr/bin/python3
"""The negative-first paper's experiment (docs/results/negative-first/): mean message latency against the
interval between message releases per processor, negative-first with misrouting next to dimension order and
Duato's adaptive routing, on a 3-D mesh.

usage: negative_first.py [--drbsim PATH] [--jobs 2] [--reuse] [--budget S] [--out DIR]

Set-up (docs/negative-first.md, the specification's recommended values where the paper is silent): an 8x8x8
mesh, 64-flit messages, uniform destinations (source excluded), negative-exponential inter-release times,
one flit per link and cycle, one-cycle router stages, 1, 2 and 4 VCs of 4 flits (Duato needs 2, so 1 VC for
negative-first and DOR only), source queues of 16 messages; 10,000 warm-up + 30,000 measured cycles,
2 seeds per point (mean and spread). Negative-first also without misrouting (routing.misroute=false), to
separate the turn model from the misroutes. Raw per-run JSON goes to out/experiments/negative-first/.
"""
import argparse
import concurrent.futures as cf
import json
import statistics
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runcache import run_cached  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results" / "negative-first"
RAW = ROOT / "out" / "experiments" / "negative-first"

LENGTH = 64
INTERVALS = [200, 250, 320, 400, 600, 1000, 2000]  # cycles between releases per processor
ALGS = {"DOR": ["routing.algorithm=dor"], "Duato adaptive": ["routing.algorithm=adaptive"],
        "negative-first": ["routing.algorithm=negative_first"],
        "negative-first, no misroute": ["routing.algorithm=negative_first", "routing.misroute=false"]}
VCS = [1, 2, 4]
COLOURS = {"DOR": "tab:blue", "Duato adaptive": "tab:orange", "negative-first": "tab:green",
           "negative-first, no misroute": "tab:red"}
SEEDS = [1, 2]
COMMON = ["topology.kind=mesh", "topology.n=3", "topology.k=8", "router.buffer=4", f"traffic.length={LENGTH}",
          "traffic.injection=exponential", "traffic.source_queue=16", "sim.warmup=10000", "sim.measure=30000",
          "stats.links=false", "sim.progress=off"]


def jobs():
    out = []
    for vcs in VCS:
        for alg, keys in ALGS.items():
            if alg.startswith("Duato") and vcs < 2:
                continue
            for iv in INTERVALS:
                for seed in SEEDS:
                    tag = f"{vcs}|{alg}|{iv}|{seed}"
                    out.append((tag, COMMON + keys + [f"router.vcs={vcs}", f"traffic.rate={LENGTH / iv:.6g}",
                                                      f"sim.seed={seed}"]))
    return out


def summary(r):
    return {"accepted": r["accepted_flits_per_node_cycle"], "offered": r["offered_flits_per_node_cycle"],
            "latency": r["latency"]["mean"], "hops": r["hops"]["mean"] if isinstance(r.get("hops"), dict) else r.get("hops"),
            "rejection": r["rejection_rate"], "messages": r["latency"]["count"]}


def tagfile(tag):
    return RAW / (tag.replace("|", "_").replace(" ", "_").replace(",", "") + ".json")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--drbsim", default=str(ROOT / "build" / "tb" / "drbsim"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--budget", type=float)
    ap.add_argument("--out", default=str(RESULTS))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    RAW.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    deadline = t0 + a.budget if a.budget is not None else None
    res = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = {tag: ex.submit(run_cached, a.drbsim, keys, tagfile(tag), a.reuse, deadline, summary) for tag, keys in jobs()}
        for i, (tag, f) in enumerate(futs.items()):
            res[tag] = f.result()
            print(f"[negative-first] {i + 1}/{len(futs)} {tag}: {res[tag]}", file=sys.stderr, flush=True)
    json.dump(res, open(out / "results.json", "w"), indent=1, sort_keys=True)
    write(res, out)
    print(f"[negative-first] {len(res)} runs in {time.time() - t0:.0f} s", file=sys.stderr)


def points(res, vcs, alg):
    """Per interval: (mean latency, its spread over the seeds, mean accepted, mean hops), seeds with an error
    skipped."""
    pts = {}
    for iv in INTERVALS:
        rs = [res.get(f"{vcs}|{alg}|{iv}|{s}") for s in SEEDS]
        rs = [r for r in rs if r and "error" not in r]
        if rs:
            lat = [r["latency"] for r in rs]
            pts[iv] = (statistics.mean(lat), (max(lat) - min(lat)) / 2, statistics.mean(r["accepted"] for r in rs),
                       statistics.mean(r["hops"] for r in rs))
    return pts


def write(res, out):
    lines = ["# Negative-first: tables", "",
             f"Generated by `tb/experiments/negative_first.py`. 8x8x8 mesh, {LENGTH}-flit messages, uniform, "
             "exponential inter-release times; per interval (cycles between releases per processor; offered "
             f"load = {LENGTH} / interval flits/node/cycle): mean message latency in cycles ± half the spread over "
             f"{len(SEEDS)} seeds, then accepted load and mean hops.", ""]
    fig, axes = plt.subplots(1, len(VCS), figsize=(5.2 * len(VCS), 4.4), sharey=True)
    for ax, vcs in zip(axes, VCS):
        lines += [f"## {vcs} VC{'s' if vcs > 1 else ''} per channel", "",
                  "| interval | offered | " + " | ".join(a for a in ALGS if not (a.startswith("Duato") and vcs < 2)) + " |",
                  "|---" * (2 + sum(1 for a in ALGS if not (a.startswith("Duato") and vcs < 2))) + "|"]
        table = {alg: points(res, vcs, alg) for alg in ALGS if not (alg.startswith("Duato") and vcs < 2)}
        for iv in INTERVALS:
            cells = []
            for alg, pts in table.items():
                p = pts.get(iv)
                cells.append(f"{p[0]:.0f} ± {p[1]:.0f} ({p[2]:.3f}, {p[3]:.2f})" if p else "-")
            lines.append(f"| {iv} | {LENGTH / iv:.3f} | " + " | ".join(cells) + " |")
        lines.append("")
        for alg, pts in table.items():
            xs = sorted(pts)
            ax.errorbar(xs, [pts[x][0] for x in xs], yerr=[pts[x][1] for x in xs], marker="o", ms=4, capsize=2,
                        label=alg, color=COLOURS[alg], ls="--" if "no misroute" in alg else "-")
        ax.set(xscale="log", yscale="log", xlabel="interval between releases (cycles)", title=f"8x8x8 mesh, {vcs} VC(s)")
        ax.grid(alpha=0.3, which="both")
    axes[0].set_ylabel("mean latency (cycles)")
    axes[-1].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "latency_vs_interval.png", dpi=90)
    plt.close(fig)
    (out / "tables.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
