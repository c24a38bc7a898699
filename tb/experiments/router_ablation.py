#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Router ablation on the issue's 8x8 torus table (docs/router-saturation.md).

Runs drbsim for each variant (a set of key=value overrides) at every configuration and offered load of
the reference table, and prints a markdown table of accepted load (mean packet latency below saturation).

  tb/experiments/router_ablation.py [--drbsim build/tb/drbsim] [--cycles 20000] [--seeds 1]
                                    [--variants NAME ...] [--jobs 2] [--json FILE]

Without --variants every column of VARIANTS runs (about 2 minutes on 2 cores).
"""
import argparse
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import tempfile

# (VCs, packet flits, offered loads): the configurations of the reference table.
CONFIGS = [(2, 1, [0.2, 0.3, 0.4, 0.5]), (2, 10, [0.2, 0.3, 0.4, 0.5]),
           (4, 1, [0.3, 0.45, 0.6]), (4, 10, [0.3, 0.45, 0.6])]
# The reference column, BookSim2 at the same parameters: accepted load (mean packet latency or None).
REFERENCE = {
    (2, 1): [(0.199, 36.1), (0.250, None), (0.213, None), (0.214, None)],
    (2, 10): [(0.200, 49.9), (0.297, 124.9), (0.313, None), (0.313, None)],
    (4, 1): [(0.299, 33.2), (0.449, 38.3), (0.470, None)],
    (4, 10): [(0.299, 52.3), (0.449, 77.5), (0.504, None)],
}
BASE = ["topology.kind=torus", "topology.k=8", "topology.n=2", "routing.algorithm=dor", "traffic.pattern=uniform",
        "router.buffer=8", "traffic.source_queue=64", "stats.links=false"]
# One mechanism at a time against the thesis router (dateline classes, positive ties, separable round-robin
# allocation); "default" is the current default router, "booksim" the preset.
THESIS = ["routing.vc_classes=dateline", "routing.tie=positive"]
VARIANTS = {
    "thesis": THESIS,
    "tie=random": THESIS + ["routing.tie=random"],
    "partition": THESIS + ["routing.vc_classes=partition"],
    "balanced": THESIS + ["routing.vc_classes=balanced"],
    "credit=2": THESIS + ["router.delay.credit=2"],
    "atomic": THESIS + ["router.vc_realloc=atomic"],
    "sa_islip": THESIS + ["router.alloc.sa=islip"],
    "va_islip": THESIS + ["router.alloc.va=islip"],
    "age": THESIS + ["router.arbiter=age"],
    "partition+random": THESIS + ["routing.vc_classes=partition", "routing.tie=random"],
    "balanced+random": THESIS + ["routing.vc_classes=balanced", "routing.tie=random"],
    "balanced+age": THESIS + ["routing.vc_classes=balanced", "router.arbiter=age"],
    "default": [],
    "booksim": ["router.preset=booksim"],
    "booksim+sa_separable": ["router.preset=booksim", "router.alloc.sa=separable"],
    "booksim+age": ["router.preset=booksim", "router.arbiter=age"],
    "booksim+credit=1": ["router.preset=booksim", "router.delay.credit=1"],
    "booksim+credit=2": ["router.preset=booksim", "router.delay.credit=2"],
    "booksim+link=1": ["router.preset=booksim", "router.delay.link=1", "router.delay.credit=2"],
    "booksim+va_separable": ["router.preset=booksim", "router.alloc.va=separable"],
    "booksim+inject=1": ["router.preset=booksim", "ni.inject_delay=1"],
}


def run(drbsim, keys):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        p = subprocess.run([drbsim] + keys + ["out.json=" + path], capture_output=True, text=True)
        if p.returncode != 0:
            return {"error": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else str(p.returncode)}
        r = json.load(open(path))["runs"][0]["result"]
        return {"accepted": r["accepted_flits_per_node_cycle"], "latency": r["latency"]["mean"],
                "max_link": r.get("max_link_utilization")}
    finally:
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--drbsim", default="build/tb/drbsim")
    ap.add_argument("--cycles", type=int, default=20000, help="warm-up and measured cycles each")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--variants", nargs="*", default=list(VARIANTS), help="columns (default: all of VARIANTS)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args()
    jobs = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for v in a.variants:
            for vcs, length, loads in CONFIGS:
                for load in loads:
                    for seed in range(1, a.seeds + 1):
                        keys = BASE + [f"router.vcs={vcs}", f"traffic.length={length}", f"traffic.rate={load}",
                                       f"sim.warmup={a.cycles}", f"sim.measure={a.cycles}", f"sim.seed={seed}"]
                        jobs[(v, vcs, length, load, seed)] = ex.submit(run, a.drbsim, keys + VARIANTS[v])
    res = {k: f.result() for k, f in jobs.items()}
    out = []
    head = "| VCs | flits | offered | BookSim2 |" + "".join(f" {v} |" for v in a.variants)
    out += [head, "|" + "---|" * (4 + len(a.variants))]
    for vcs, length, loads in CONFIGS:
        for i, load in enumerate(loads):
            acc, lat = REFERENCE[(vcs, length)][i]
            row = f"| {vcs} | {length} | {load} | {acc:.3f}" + (f" ({lat})" if lat else "") + " |"
            for v in a.variants:
                rs = [res[(v, vcs, length, load, s)] for s in range(1, a.seeds + 1)]
                if any("error" in r for r in rs):
                    row += " error |"
                    continue
                m = sum(r["accepted"] for r in rs) / len(rs)
                l = sum(r["latency"] for r in rs) / len(rs)
                row += f" {m:.3f}" + (f" ({l:.1f})" if l < 200 else "") + " |"
            out.append(row)
    print("\n".join(out))
    if a.json:
        json.dump({"|".join(map(str, k)): v for k, v in res.items()}, open(a.json, "w"), indent=1, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
