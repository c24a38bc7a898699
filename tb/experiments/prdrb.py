#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""PR-DRB against DRB under phased traffic (docs/results/prdrb/): a conflicting pattern appears, goes away and
comes back; latency against time (100-cycle bins, mean over the seeds, and its running average), per
occurrence peak and convergence, latency maps and throughput.

usage: prdrb.py [--drbsim PATH] [--jobs 2] [--reuse] [--budget S] [--out DIR] [--seeds 50] [--raw DIR]
                [--slurm [--slurm-partition P] [--slurm-time T] [--slurm-throttle N]]   (docs/slurm.md)

Set-up (docs/prdrb.md): 8x8 torus, 8 VCs of 4 flits, 10-flit messages, exponential inter-arrival, source
queues of 16 messages, acks with priority over data (drb.ack_mode=high_priority) for every series. Four
occurrences of 3000 cycles at the pattern's full rate, each followed by 3000 quiet cycles at a tenth of it
(the pairs keep sending, so their acks report the relief); 24,000 cycles from an empty network.
  hotspot:     the DRB thesis' hot-spot channels at 30 cycles/message per channel, MSPs from its table
  permutation: transpose at 40 cycles/message per node (0.25 flits/node/cycle), sga:2 supernodes
Each with DRB's default band (Tol = 0.85 LatUmbral: an opened metapath is never closed again) and a narrow
band (Tol = 40 cycles: metapaths close in the quiet phases, as the paper assumes). Series: DRB; PR-DRB with
nothing ever stored (prdrb.w_stable=1048576: its disjoint MSP candidates and monitoring only, the control);
PR-DRB (stored solutions looked up when Latency(MP*) passes the threshold, Table 2 as printed); PR-DRB with
prdrb.apply=pattern (also looked up when an ack brings a captured pattern). Raw summaries go to
the cache, OUT/.cache/ (--raw DIR: elsewhere).
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
from runcache import Progress, add_run_args, cache_dir, run_all, run_cached, simulated, start  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results" / "prdrb"

PHASE, QUIET, OCC, LOW, BIN = 3000, 3000, 4, 0.1, 100
CYCLES = OCC * (PHASE + QUIET)
BINS = CYCLES // BIN


def schedule():
    pts, t = [], 0
    for _ in range(OCC):
        pts += [f"{t}:1", f"{t + PHASE - 1}:1", f"{t + PHASE}:{LOW}", f"{t + PHASE + QUIET - 1}:{LOW}"]
        t += PHASE + QUIET
    return ",".join(pts)


COMMON = ["topology.kind=torus", "topology.k=8", "topology.n=2", "routing.tie=positive", "routing.vc_classes=dateline",
          "router.vcs=8", "router.buffer=4", "traffic.injection=exponential", "traffic.length=10",
          "traffic.source_queue=16", "drb.ack_mode=high_priority", "sim.warmup=0", f"sim.measure={CYCLES}",
          f"stats.time_bin={BIN}", "sim.progress=off", "traffic.schedule=" + schedule()]
SETS = {
    "hotspot": ["traffic.pattern=channels", "traffic.interval=30", "traffic.channels=25>58,19>50,8>42,4>34,16>33,20>35",
                "drb.supernode=table", "drb.table=25>58=1|57; 19>50=51|59; 8>42=40|48; 4>34=36|44"],
    "permutation": ["traffic.pattern=transpose", "traffic.interval=40", "drb.supernode=sga:2"],
}
BANDS = {"default band": [], "narrow band": ["drb.tol_lat=40"]}
SERIES = {"DRB": ["routing.algorithm=drb"],
          "PR-DRB, nothing stored": ["routing.algorithm=prdrb", "prdrb.w_stable=1048576"],
          "PR-DRB": ["routing.algorithm=prdrb"],
          "PR-DRB, apply=pattern": ["routing.algorithm=prdrb", "prdrb.apply=pattern"]}
COLOURS = {"DRB": "tab:blue", "PR-DRB, nothing stored": "tab:grey", "PR-DRB": "tab:orange",
           "PR-DRB, apply=pattern": "tab:green"}


def summary(r):
    ts = r.get("time_series", [])[:BINS]
    waits = {}
    for link in r.get("links", []):
        w = waits.setdefault(link["router"], [0, 0.0])
        w[0] += link["heads"]
        w[1] += link["heads"] * link["mean_wait"]
    pr = r.get("drb", {}).get("prdrb", {})
    return {"mean": [b.get("mean") or 0 for b in ts], "count": [b.get("count", 0) for b in ts],
            "latency": r["latency"]["mean"], "accepted": r["accepted_flits_per_node_cycle"],
            "offered": r["offered_flits_per_node_cycle"], "rejected": r["rejection_rate"],
            "map": [waits[k][1] / waits[k][0] if waits.get(k, [0])[0] else 0 for k in range(64)],
            "resizes": r.get("drb", {}).get("resizes", 0), "prdrb": pr}


def jobs(seeds):
    out = []
    for st, sk in SETS.items():
        for band, bk in BANDS.items():
            for name, k in SERIES.items():
                for seed in range(1, seeds + 1):
                    out.append((f"{st}|{band}|{name}|{seed}", COMMON + sk + bk + k + [f"sim.seed={seed}"]))
    return out


def tagfile(tag):
    return cache_dir() / (tag.replace("|", "_").replace(" ", "_").replace(",", "").replace("=", "-") + ".json")


def occurrence_stats(m):
    """Per occurrence of the pattern: mean, peak bin, mean of its first 1000 cycles, steady state (its last
    1000 cycles) and convergence (cycles to the first bin after which every bin of the phase stays within
    +-10% of the steady state)."""
    per = PHASE // BIN
    out = []
    for k in range(OCC):
        seg = m[k * (PHASE + QUIET) // BIN:k * (PHASE + QUIET) // BIN + per]
        steady = statistics.mean(seg[-10:])
        conv = next((i for i in range(per) if all(abs(x - steady) <= 0.1 * steady for x in seg[i:])), per)
        out.append({"mean": statistics.mean(seg), "peak": max(seg), "first": statistics.mean(seg[:10]),
                    "steady": steady, "convergence": conv * BIN})
    return out


def aggregate(res, seeds):
    agg = {}
    for st in SETS:
        for band in BANDS:
            for name in SERIES:
                rs = [res.get(f"{st}|{band}|{name}|{s}") for s in range(1, seeds + 1)]
                rs = [r for r in rs if r and "error" not in r]
                if not rs:
                    continue
                n = min(len(r["mean"]) for r in rs)
                # Per bin, the packet-weighted mean over the seeds (a seed with no packet in a bin adds nothing).
                mean = []
                for i in range(n):
                    c = sum(r["count"][i] for r in rs)
                    mean.append(sum(r["mean"][i] * r["count"][i] for r in rs) / c if c else 0)
                run, acc_c, acc_l = [], 0, 0.0
                for i in range(n):
                    c = sum(r["count"][i] for r in rs)
                    acc_c += c
                    acc_l += mean[i] * c
                    run.append(acc_l / acc_c if acc_c else 0)
                prk = sorted(rs[0]["prdrb"]) if rs[0]["prdrb"] else []
                agg[(st, band, name)] = {
                    "seeds": len(rs), "mean": mean, "running": run, "occ": occurrence_stats(mean),
                    "latency": statistics.mean(r["latency"] for r in rs),
                    "latency_spread": max(r["latency"] for r in rs) - min(r["latency"] for r in rs),
                    "accepted": statistics.mean(r["accepted"] for r in rs),
                    "rejected": statistics.mean(r["rejected"] for r in rs),
                    "map": [statistics.mean(r["map"][k] for r in rs) for k in range(64)],
                    "resizes": statistics.mean(r["resizes"] for r in rs),
                    "prdrb": {k: statistics.mean(r["prdrb"][k] for r in rs) for k in prk}}
    return agg


def write(agg, seeds, out, wall):
    lines = ["# PR-DRB vs DRB under phased traffic", "",
             f"Generated by `tb/experiments/prdrb.py`: {seeds} seeds per series, wall time {wall:.0f} s. Set-up in the "
             "script's header and docs/prdrb.md. Latency in cycles from generation to the tail at the destination "
             "(source queue included), per 100-cycle bin of generation time, packet-weighted over the seeds.", "",
             "Per occurrence k (1-4) of the pattern: mean over its 3000 cycles / peak bin / mean of its first 1000 "
             "cycles / convergence (cycles from the start of the occurrence to the first bin after which every bin "
             "stays within ±10% of the occurrence's last 1000 cycles).", ""]
    for st in SETS:
        for band in BANDS:
            lines += [f"## {st}, {band}", "",
                      "| series | " + " | ".join(f"occurrence {k + 1}" for k in range(OCC)) +
                      " | whole run latency (spread) | accepted f/n/c | rejected | resizes |",
                      "|---" * (OCC + 5) + "|"]
            for name in SERIES:
                a = agg.get((st, band, name))
                if not a:
                    continue
                cells = [f"{o['mean']:.0f} / {o['peak']:.0f} / {o['first']:.0f} / {o['convergence']}" for o in a["occ"]]
                lines.append(f"| {name} | " + " | ".join(cells) + f" | {a['latency']:.1f} ({a['latency_spread']:.1f}) | "
                             f"{a['accepted']:.4f} | {a['rejected']:.3f} | {a['resizes']:.0f} |")
            lines.append("")
            pr = [(name, agg[(st, band, name)]["prdrb"]) for name in SERIES
                  if (st, band, name) in agg and agg[(st, band, name)]["prdrb"]]
            if pr:
                keys = list(pr[0][1])
                lines += ["PR-DRB counters (mean per run): " + ", ".join(keys) + ".", "",
                          "| series | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
                for name, d in pr:
                    lines.append(f"| {name} | " + " | ".join(f"{d[k]:.1f}" for k in keys) + " |")
                lines.append("")
    (out / "tables.md").write_text("\n".join(lines) + "\n")
    compact = {f"{st}|{band}|{name}": {k: v for k, v in a.items() if k not in ("mean", "running", "map")}
               for (st, band, name), a in agg.items()}
    json.dump(compact, open(out / "results.json", "w"), indent=1, sort_keys=True)
    plots(agg, out)


def plots(agg, out):
    for st in SETS:
        fig, axes = plt.subplots(2, len(BANDS), figsize=(7 * len(BANDS), 7.5), sharex=True)
        for col, band in enumerate(BANDS):
            for row, key in enumerate(("mean", "running")):
                ax = axes[row][col]
                for name in SERIES:
                    a = agg.get((st, band, name))
                    if a:
                        xs = [i * BIN for i in range(len(a[key]))]
                        ax.plot(xs, a[key], label=name, color=COLOURS[name], lw=1)
                for k in range(OCC):
                    ax.axvspan(k * (PHASE + QUIET), k * (PHASE + QUIET) + PHASE, color="tab:red", alpha=0.06)
                ax.set(title=f"{st}, {band}: " + ("per 100-cycle bin" if key == "mean" else "running average"),
                       ylabel="latency (cycles)")
                ax.grid(alpha=0.3)
            axes[1][col].set_xlabel("generation cycle (shaded: the pattern at full rate)")
        axes[0][0].legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(out / f"{st}_latency_time.png", dpi=80)
        plt.close(fig)
    # Latency maps: per router, the mean wait of the heads leaving it, DRB vs PR-DRB (apply=pattern), narrow band.
    names = ["DRB", "PR-DRB", "PR-DRB, apply=pattern"]
    fig, axes = plt.subplots(len(SETS), len(names), figsize=(4.2 * len(names), 3.8 * len(SETS)))
    for r, st in enumerate(SETS):
        maps = [agg.get((st, "narrow band", n), {}).get("map") for n in names]
        top = max((max(m) for m in maps if m), default=1)
        for c, (n, m) in enumerate(zip(names, maps)):
            ax = axes[r][c]
            if m:
                im = ax.imshow([[m[y * 8 + x] for x in range(8)] for y in range(8)], origin="lower", vmin=0, vmax=top,
                               cmap="magma")
                ax.set_title(f"{st}: {n}\npeak {max(m):.1f} cycles", fontsize=9)
            ax.set(xlabel="x", ylabel="y")
        fig.colorbar(im, ax=list(axes[r]), shrink=0.8, label="mean wait per head (cycles)")
    fig.savefig(out / "latency_maps.png", dpi=80)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_run_args(ap, ROOT, RESULTS)
    ap.add_argument("--seeds", type=int, default=50)
    a = ap.parse_args()
    out, t0, deadline = start(a)
    todo = jobs(a.seeds)
    res = run_all(a, todo, tagfile, summary, deadline, "prdrb") if a.slurm else {}
    with cf.ThreadPoolExecutor(a.jobs if not a.slurm else 1) as ex:
        kept = {tag: a.reuse and tagfile(tag).exists() for tag, _ in todo}
        futs = {} if a.slurm else {tag: ex.submit(run_cached, a.drbsim, keys, tagfile(tag), a.reuse, deadline, summary)
                                    for tag, keys in todo}
        prog = Progress("prdrb", len(futs))
        for tag, f in futs.items():
            res[tag] = f.result()
            line = prog.step(simulated(res[tag], kept[tag]))
            if prog.done % 50 == 0 or prog.done == len(futs) or "error" in res[tag]:
                print(f"{line} {tag}: {res[tag].get('error', 'ok')}", file=sys.stderr, flush=True)
    write(aggregate(res, a.seeds), a.seeds, out, time.time() - t0)
    print(f"[prdrb] {len(res)} runs in {time.time() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
