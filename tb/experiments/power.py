#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The link power-saving thesis' experiments (docs/results/power/): baselines with the mechanism off, the
static evaluation over the 13 threshold points, and the dynamic ramps with their time series.

usage: power.py [--full] [--sets NAME ...] [--drbsim PATH] [--jobs 2] [--reuse] [--budget S] [--out DIR]

Set-up (docs/power.md): trunks of 4 links on the 16x16 and 8x8x8 tori, the 4-ary 4-tree; Duato adaptive
routing with 3 VCs (1 adaptive + 2 escape) of 4 flits; 16-flit messages; uniform traffic; one injection
channel per node with the congestion test at 4 waiting messages; T_CHECK 2000, T_ON = T_OFF = 1000.
Tori use router.trunk_select=cyclic (the thesis' default selection), the fat-tree routing.selection=sadp
(the stand-in for FirstFreeAdaptive). L_rel is against the mechanism-off run of the same seed and load.

Reduced scale (default): 100,000 measured cycles per static point after 20,000 of warm-up (about 30,000 to
150,000 messages per point instead of the thesis' 500,000), one seed; the dynamic ramps at the thesis'
length (120,000-cycle ramps and holds). --full adds 256-flit messages to the static evaluation.
Raw per-run JSON goes to the cache, OUT/.cache/ (--raw DIR: elsewhere) (--reuse keeps what is there); --budget S starts no run
after S seconds.
"""
import argparse
import concurrent.futures as cf
import json
import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from runcache import Progress, add_run_args, cache_dir, run_all, run_cached, simulated, start  # noqa: E402

from power_attribution import attribution_jobs, write_attribution  # noqa: E402
from power_setup import COMMON, NETS, RESULTS, ROOT, SAT, thresholds  # noqa: E402


def save(fig, path):
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def summary(r, series):
    out = {"accepted": r["accepted_flits_per_node_cycle"], "latency": r["latency"]["mean"],
           "t_sim": r.get("closed_loop", {}).get("t_sim"), "messages": r["latency"]["count"]}
    if "power" in r:
        pw = r["power"]
        out.update(p_rel=pw["p_rel"], offs=pw["switch_offs"], ons=pw["switch_ons"])
        if series:
            out["power_series"] = [(b["start"], b["p_rel"]) for b in pw.get("time_series", [])]
    if series:
        out["series"] = [(b["start"], b["mean"], b["accepted"], b["count"]) for b in r.get("time_series", [])]
    return out


def run(drbsim, keys, raw, reuse, deadline, series=False):
    return run_cached(drbsim, keys, raw, reuse, deadline, lambda r: summary(r, series))


def tagfile(tag):
    return cache_dir() / (tag.replace("|", "_").replace(" ", "_") + ".json")


def static_jobs(full):
    jobs = []
    for net, (keys, _, loads) in NETS.items():
        tree = "tree" in net
        for length in ([16, 256] if full else [16]):
            win = ["sim.warmup=20000", "sim.measure=100000"]
            for load in loads:
                base = keys + COMMON + win + [f"traffic.length={length}", f"traffic.rate={load}"]
                jobs.append((f"static|{net}|{length}|off|{load}", base))
                for pt in range(1, 14):
                    for dyn in ([False, True] if tree else [False]):
                        cfg = f"{'D' if dyn else 'P'}{pt}"
                        jobs.append((f"static|{net}|{length}|{cfg}|{load}",
                                     base + ["power.mechanism=on"] + thresholds(net, pt, dyn)))
    return jobs


def ramp(net, traffic):
    # 2% of the saturation load for 10,000 cycles, a 120,000-cycle ramp to 100% (85% self-similar), a hold
    # (120,000 cycles on tori, 60,000 on the fat-tree), the ramp down, 40,000 cycles at 2% again.
    hold = 60000 if "tree" in net else 120000
    top = 0.85 if traffic == "selfsimilar" else 1.0
    t1, t2 = 10000, 130000
    t3, t4 = t2 + hold, t2 + hold + 120000
    end = t4 + 40000
    sched = f"0:0.02,{t1}:0.02,{t2}:{top},{t3}:{top},{t4}:0.02"
    keys = [f"traffic.rate={SAT[net]}", f"traffic.schedule={sched}", "sim.warmup=0", f"sim.measure={end}",
            "stats.time_bin=2000", "traffic.length=16", "power.init=minimum"]
    if traffic == "selfsimilar":
        keys.append("traffic.injection=onoff")
    return keys


def dynamic_jobs(full):
    jobs = []
    for net, (keys, _, _) in NETS.items():
        tree = "tree" in net
        for traffic in ["uniform", "selfsimilar"]:
            pts = range(3, 13) if traffic == "uniform" else [2, 5, 9, 12]
            base = keys + COMMON + ramp(net, traffic)
            jobs.append((f"dynamic|{net}|{traffic}|off", [k for k in base if k != "power.init=minimum"]))
            for pt in pts:
                for dyn in ([False, True] if tree else [False]):
                    cfg = f"{'D' if dyn else 'P'}{pt}"
                    jobs.append((f"dynamic|{net}|{traffic}|{cfg}", base + ["power.mechanism=on"] + thresholds(net, pt, dyn)))
    return jobs


def energy_jobs(full):
    # Closed loop on the 8x8x8 torus (the printed U_off 0.15 / U_on 0.30) and the 4-ary 4-tree (point 7,
    # static and dynamic); 100,000 messages per run (--full: the thesis' 500,000).
    jobs = []
    quota = 500000 if full else 100000
    for net in ["8x8x8", "4-ary 4-tree"]:
        keys = NETS[net][0]
        cfgs = {"off": []}
        if "tree" in net:
            cfgs["P7"] = ["power.mechanism=on"] + thresholds(net, 7)
            cfgs["D7"] = ["power.mechanism=on"] + thresholds(net, 7, True)
        else:
            cfgs["P9-2D"] = ["power.mechanism=on", "power.u_off=0.15", "power.u_on=0.3"]
        for act in [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]:
            for cfg, extra in cfgs.items():
                jobs.append((f"energy|{net}|{cfg}|{act}",
                             keys + COMMON + ["traffic.length=16", f"traffic.closed.active={act}",
                                              f"traffic.closed.quota={quota}", "sim.drain_max=100000000"] + extra))
    return jobs


def baseline_jobs(full):
    # Mechanism off: link aggregation X1/X2/X4 (16x16), the selection functions, 16- and 256-flit messages;
    # the fat-tree's minimal tree alone (MT links on, nothing ever turned on: U_on = 1).
    jobs = []
    win = ["sim.warmup=20000", "sim.measure=100000"]
    for net, (keys, _, loads) in NETS.items():
        tree = "tree" in net
        variants = {"FFA" if tree else "cyclic": keys}
        if tree:
            variants["FF"] = [k for k in keys if not k.startswith("routing.selection")] + ["routing.selection=lowest"]
            variants["MT only"] = keys + ["power.mechanism=on", "power.init=minimum", "power.u_on=1",
                                          "power.u_off=0.000001"]
        else:
            variants["first_free"] = [k for k in keys if not k.startswith("router.trunk_select")]
            if net == "16x16":
                for t in (1, 2):
                    variants[f"X{t}"] = [k.replace("topology.trunk=4", f"topology.trunk={t}") for k in keys
                                         if not k.startswith("router.trunk_select")]
        for name, vk in variants.items():
            for length in (16, 256):
                if length == 256 and name not in ("cyclic", "FFA"):
                    continue
                for load in loads:
                    jobs.append((f"baseline|{net}|{name}|{length}|{load}",
                                 vk + COMMON + win + [f"traffic.length={length}", f"traffic.rate={load}"]))
    return jobs


def rescaled_jobs(full):
    # The 8x8x8 torus with the grid rescaled to its measured U_MAX (x 0.85 instead of the thesis' x 1.4):
    # points 5, 7, 9, 12 (every point with --full).
    jobs = []
    net = "8x8x8"
    keys, _, loads = NETS[net]
    for load in loads:
        base = keys + COMMON + ["sim.warmup=20000", "sim.measure=100000", "traffic.length=16", f"traffic.rate={load}"]
        for pt in (range(1, 14) if full else [5, 7, 9, 12]):
            jobs.append((f"static|{net}|16|R{pt}|{load}", base + ["power.mechanism=on"] + thresholds(net, pt, rescaled=True)))
    return jobs


def long_jobs(full):
    # The reduced scale's share of the 256-flit static evaluation and of the FirstFree study: every network,
    # points 5, 7, 9, 12 with 256-flit messages (--full runs every point through the static set), and points
    # 5, 7, 9 on the 16x16 torus with router.trunk_select=first_free (L_rel against cyclic, mechanism off).
    jobs = []
    win = ["sim.warmup=20000", "sim.measure=100000"]
    if not full:
        for net, (nkeys, _, nloads) in NETS.items():
            for load in nloads:
                base = nkeys + COMMON + win + ["traffic.length=256", f"traffic.rate={load}"]
                jobs.append((f"static|{net}|256|off|{load}", base))
                for pt in [5, 7, 9, 12]:
                    jobs.append((f"static|{net}|256|P{pt}|{load}", base + ["power.mechanism=on"] + thresholds(net, pt)))
    keys, _, loads = NETS["16x16"]
    ff = [k for k in keys if not k.startswith("router.trunk_select")]
    for load in loads:
        for pt in [5, 7, 9]:
            jobs.append((f"static|16x16|16|F{pt}|{load}", ff + COMMON + win + ["traffic.length=16", f"traffic.rate={load}",
                                                                           "power.mechanism=on"] + thresholds("16x16", pt)))
    return jobs


def stage2_jobs(full):
    # Static runs below the X1 saturation from the minimum configuration, stage 1 alone and stages 1 + 2
    # (widths 100, 50, 25 %); L_rel against the static set's mechanism-off runs.
    jobs = []
    win = ["sim.warmup=20000", "sim.measure=100000"]
    for net in ["16x16", "8x8x8"]:
        keys = NETS[net][0]
        for pt in [5, 7, 9]:
            for load in [0.02, 0.05, 0.1, 0.2]:
                base = keys + COMMON + win + ["traffic.length=16", f"traffic.rate={load}", "power.mechanism=on",
                                              "power.init=minimum"] + thresholds(net, pt)
                jobs.append((f"stage2|{net}|S1-P{pt}|{load}", base))
                jobs.append((f"stage2|{net}|S2-P{pt}|{load}", base + ["power.width_steps=2"]))
    return jobs


# The tori with the thesis' four injection/ejection channels per node (topology.ni_channels=4) and the
# congestion test's literal reading (one waiting message: with four channels a message waits only when all
# four are busy). Saturation and U_MAX measured with the mechanism off (README); loads 10-90 % of it.
CHAN = {"16x16": 0.863, "8x8x8": 2.32}
CHAN256 = {"16x16": 1.03, "8x8x8": 1.81}  # the same with 256-flit messages
CHAN256_POINTS = [5, 7, 9, 12]
CHAN_UMAX = {"16x16": 0.56, "8x8x8": 0.65}
CHAN_POINTS = [1, 4, 5, 7, 8, 9, 12]


def chan_loads(net, length=16):
    sat = (CHAN if length == 16 else CHAN256)[net]
    return [round(f * sat, 3) for f in (0.1, 0.3, 0.5, 0.7, 0.9)]


def channels_jobs(full):
    jobs = []
    for net in CHAN:
        keys = NETS[net][0] + ["topology.ni_channels=4"]
        for length in (16, 256):
            for load in chan_loads(net, length):
                base = keys + COMMON + ["sim.warmup=20000", "sim.measure=50000", f"traffic.length={length}",
                                        f"traffic.rate={load}"]
                jobs.append((f"chan|{net}|{length}|off|{load}", base))
                on = base + ["power.mechanism=on", "power.congestion_queue=1"]
                for pt in (range(1, 14) if full else CHAN_POINTS if length == 16 else CHAN256_POINTS):
                    jobs.append((f"chan|{net}|{length}|P{pt}|{load}", on + thresholds(net, pt)))
    return jobs


SETS = {"static": static_jobs, "channels": channels_jobs, "rescaled": rescaled_jobs, "long": long_jobs, "stage2": stage2_jobs, "dynamic": dynamic_jobs, "energy": energy_jobs, "baseline": baseline_jobs,
        "attribution": attribution_jobs}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--sets", nargs="*", default=list(SETS))
    add_run_args(ap, ROOT, RESULTS)
    a = ap.parse_args()
    out, t0, deadline = start(a)
    futs, res, kept = {}, {}, {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for s in a.sets:
            if a.slurm:  # one job array per set (the dynamic set keeps its time series)
                res.update(run_all(a, list(SETS[s](a.full)), tagfile, lambda r, d=s == "dynamic": summary(r, d),
                                   deadline, "power"))
                continue
            for tag, keys in SETS[s](a.full):
                kept[tag] = a.reuse and tagfile(tag).exists()
                futs[tag] = ex.submit(run, a.drbsim, keys, tagfile(tag), a.reuse, deadline, s == "dynamic")
        prog = Progress("power", len(futs))
        for tag, f in futs.items():
            res[tag] = f.result()
            short = {k: v for k, v in res[tag].items() if "series" not in k}
            print(f"{prog.step(simulated(res[tag], kept[tag]))} {tag}: {short}", file=sys.stderr, flush=True)
    prev = json.loads((out / "results.json").read_text()) if (out / "results.json").exists() else {}
    res = {**{t: r for t, r in prev.items() if t.split("|")[0] not in a.sets}, **res}
    json.dump({t: {k: v for k, v in r.items() if "series" not in k} for t, r in res.items()},
              open(out / "results.json", "w"), indent=1, sort_keys=True)
    write_static(res, out)
    write_dynamic(res, out)
    write_energy(res, out)
    write_baseline(res, out)
    write_stage2(res, out)
    write_channels(res, out)
    write_attribution(res, out)
    print(f"[power] {len(futs)} runs in {time.time() - t0:.0f} s", file=sys.stderr)


def static_points(res, net, length, want="static"):
    by = {}
    for tag, r in res.items():
        kind, n, ln, cfg, load = tag.split("|") if tag.startswith(want) else [None] * 5
        if kind == want and n == net and ln == str(length) and "error" not in r:
            by.setdefault(cfg, {})[float(load)] = r
    return by


def static_table(by, loads):
    lines = ["| config | " + " | ".join(f"{x:g}" for x in loads) + " |", "|---" * (len(loads) + 1) + "|"]
    lines.append("| off: L (accepted) | " + " | ".join(
        f"{by['off'][x]['latency']:.1f} ({by['off'][x]['accepted']:.3f})" for x in loads) + " |")
    worst = {}
    for cfg in sorted((c for c in by if c != "off"), key=lambda c: (c[0], int(c[1:]))):
        cells = []  # P: the thesis' grid; D: dynamic thresholds; R: the grid rescaled to U_MAX
        for x in loads:
            r, o = by[cfg].get(x), by["off"].get(x)
            if not r or not o:
                cells.append("-")
                continue
            lr = r["latency"] / o["latency"]
            lp = lr * r["p_rel"]
            worst[cfg] = max(worst.get(cfg, 0), lp)
            cells.append(f"{r['p_rel']:.3f} / {lr:.3f} / {lp:.3f}")
        lines.append(f"| {cfg}: P_rel / L_rel / LP | " + " | ".join(cells) + " |")
    over = [c for c, w in worst.items() if w > 1.0005]  # above 1 in the table's third decimal
    return lines + ["", f"Largest L_rel x P_rel: {max(worst.values()):.4f} "
                    f"({max(worst, key=worst.get)}); above 1: {', '.join(over) if over else 'none'}.", ""]


def write_channels(res, out):
    lines = ["# Four injection/ejection channels per node: tables", "",
             "Generated by `tb/experiments/power.py --sets channels`. The tori of the static evaluation with "
             "`topology.ni_channels=4` (the thesis' node) and `power.congestion_queue=1`; 20,000 + 50,000 cycles, one "
             "seed; loads 10-90 % of the saturation with four channels. Cells as in static.md.", ""]
    for length, sat in ((16, CHAN), (256, CHAN256)):
        for net in CHAN:
            by = static_points(res, net, length, "chan")
            if "off" not in by:
                continue
            loads = sorted(by["off"])
            umax = f", U_MAX {CHAN_UMAX[net]}" if length == 16 else ""
            lines += [f"## {net}, {length}-flit messages, 4 channels (saturation {sat[net]}{umax})", ""] + static_table(by, loads)
            plot_static(by, loads, f"{net} 4ch", length, out)
    (out / "channels.md").write_text("\n".join(lines) + "\n")


def write_static(res, out):
    lines = ["# Static evaluation: tables", "",
             "Generated by `tb/experiments/power.py`. Per point and offered load (flits/node/cycle): P_rel = "
             "relative link power over the measured window; L = mean message latency (cycles, generation to "
             "delivery); L_rel = L / L with the mechanism off (same seed and load); LP = L_rel x P_rel. "
             "P = static thresholds of the grid point; D = dynamic thresholds (fat-tree) with that point's U_on; "
             "R = the grid rescaled to the measured U_MAX; F = router.trunk_select=first_free (L_rel against the "
             "cyclic selection with the mechanism off, the better one).", ""]
    for net in NETS:
        for length in (16, 256):
            by = static_points(res, net, length)
            if "off" not in by:
                continue
            loads = sorted(by["off"])
            lines += [f"## {net}, {length}-flit messages", ""] + static_table(by, loads)
            plot_static(by, loads, net, length, out)
    (out / "static.md").write_text("\n".join(lines) + "\n")


def plot_static(by, loads, net, length, out):
    fig, ax = plt.subplots(1, 3, figsize=(16, 4.6))
    off = by["off"]
    ax[0].plot([off[x]["accepted"] for x in loads], [off[x]["latency"] for x in loads], "k-o", label="off", lw=2)
    for cfg in sorted((c for c in by if c != "off"), key=lambda c: (c[0], int(c[1:]))):
        xs = [x for x in loads if x in by[cfg]]
        st = dict(ls={"D": "--", "R": ":", "F": "-."}.get(cfg[0], "-"), color=plt.cm.tab20((int(cfg[1:]) - 1) % 20), label=cfg, lw=1)
        ax[0].plot([by[cfg][x]["accepted"] for x in xs], [by[cfg][x]["latency"] for x in xs], **st)
        ax[1].plot(xs, [by[cfg][x]["p_rel"] for x in xs], **st)
        ax[2].plot(xs, [by[cfg][x]["latency"] / off[x]["latency"] * by[cfg][x]["p_rel"] for x in xs], **st)
    ax[0].set(xlabel="accepted load (flits/node/cycle)", ylabel="mean latency (cycles)", yscale="log",
              title=f"{net}, {length} flits: latency")
    ax[1].set(xlabel="offered load (flits/node/cycle)", ylabel="P_rel", title="relative link power", ylim=(0, 1.05))
    ax[2].axhline(1, color="k", lw=0.8)
    ax[2].set(xlabel="offered load (flits/node/cycle)", ylabel="L_rel x P_rel", title="latency x power")
    for a in ax:
        a.grid(alpha=0.3)
    ax[1].legend(fontsize=7, ncol=2)
    save(fig, out / f"static_{net.replace(' ', '_')}_{length}.png")


def write_dynamic(res, out):
    lines = ["# Dynamic ramps: summary", "",
             "Generated by `tb/experiments/power.py`. Whole run (about 420,000 cycles on tori, 360,000 on the "
             "fat-tree): P_rel, mean latency L, L_rel against the mechanism-off run, transitions started.", "",
             "| network | traffic | config | P_rel | L | L_rel | offs | ons |", "|---|---|---|---|---|---|---|---|"]
    for net in NETS:
        for traffic in ["uniform", "selfsimilar"]:
            runs = {t.split("|")[3]: r for t, r in res.items()
                    if t.startswith(f"dynamic|{net}|{traffic}|") and "error" not in r}
            if "off" not in runs:
                continue
            off = runs["off"]
            for cfg in sorted(runs, key=lambda c: (c != "off", c[0], int(c[1:]) if c != "off" else 0)):
                r = runs[cfg]
                lines.append(f"| {net} | {traffic} | {cfg} | {r.get('p_rel', 1):.3f} | {r['latency']:.1f} | "
                             f"{r['latency'] / off['latency']:.3f} | {r.get('offs', 0)} | {r.get('ons', 0)} |")
            plot_dynamic(runs, net, traffic, out)
    (out / "dynamic.md").write_text("\n".join(lines) + "\n")


def plot_dynamic(runs, net, traffic, out):
    shown = [c for c in ["off", "P3", "P5", "P7", "P9", "P12", "D7", "D9", "P2"] if c in runs and "series" in runs[c]]
    fig, ax = plt.subplots(1, 3, figsize=(16, 4.6))
    for i, cfg in enumerate(shown):
        r = runs[cfg]
        s = r["series"]
        st = dict(label=cfg, color="k" if cfg == "off" else plt.cm.tab10(i % 10))
        ax[0].plot([b[0] / 1000 for b in s if b[3]], [b[1] for b in s if b[3]], lw=1, **st)
        if "power_series" in r:
            ps = r["power_series"][:len(s)]
            ax[1].plot([b[0] / 1000 for b in ps], [b[1] for b in ps], lw=1, **st)
            acc = [b[2] for b in s][:len(ps)]
            ax[2].plot(acc, [b[1] for b in ps][:len(acc)], lw=0.8, **st)
    ax[0].set(xlabel="thousands of cycles (message generation, 2000-cycle bins)", ylabel="mean latency (cycles)",
              yscale="log", title=f"{net}, {traffic}: latency")
    ax[1].set(xlabel="thousands of cycles", ylabel="P_rel", title="relative link power", ylim=(0, 1.05))
    ax[2].set(xlabel="accepted load (flits/node/cycle)", ylabel="P_rel", title="hysteresis", ylim=(0, 1.05))
    for a in ax:
        a.grid(alpha=0.3)
        a.legend(fontsize=7)
    save(fig, out / f"dynamic_{net.replace(' ', '_')}_{traffic}.png")


def write_baseline(res, out):
    curves = {}
    for tag, r in res.items():
        parts = tag.split("|")
        if parts[0] == "baseline" and "error" not in r:
            curves.setdefault((parts[1], parts[3]), {}).setdefault(parts[2], []).append((float(parts[4]), r))
    # The default-selection 16-flit curves are the static set's mechanism-off runs.
    for tag, r in res.items():
        parts = tag.split("|")
        if parts[0] == "static" and parts[3] == "off" and "error" not in r:
            name = "FFA" if "tree" in parts[1] else "cyclic"
            curves.setdefault((parts[1], parts[2]), {}).setdefault(name, []).append((float(parts[4]), r))
    if not curves:
        return
    lines = ["# Baselines (mechanism off): tables", "",
             "Generated by `tb/experiments/power.py`. Mean message latency in cycles (accepted flits/node/cycle) "
             "per offered load. cyclic / first_free: router.trunk_select; X1, X2: trunks of 1 and 2 links "
             "(first_free); FFA / FF: routing.selection sadp / lowest; MT only: the minimal tree's links alone.", ""]
    fig, axes = plt.subplots(1, len(NETS), figsize=(16, 4.6))
    for ax, net in zip(axes, NETS):
        for length in ("16", "256"):
            c = curves.get((net, length), {})
            if not c:
                continue
            loads = sorted({x for v in c.values() for x, _ in v})
            lines += [f"## {net}, {length}-flit messages", "", "| variant | " + " | ".join(f"{x:g}" for x in loads) + " |",
                      "|---" * (len(loads) + 1) + "|"]
            for name, pts in sorted(c.items()):
                d = dict(pts)
                lines.append(f"| {name} | " + " | ".join(
                    f"{d[x]['latency']:.1f} ({d[x]['accepted']:.3f})" if x in d else "-" for x in loads) + " |")
                pts = sorted(pts, key=lambda p: p[0])
                per_flit = 1 if length == "16" else 16  # latency per 16 flits, so both lengths share an axis
                ax.plot([r["accepted"] for _, r in pts], [r["latency"] / per_flit for _, r in pts],
                        "-o" if length == "16" else "--s", ms=3, label=f"{name} {length}" + ("" if length == "16" else " (/16)"))
            lines.append("")
        ax.set(xlabel="accepted load (flits/node/cycle)", ylabel="latency (cycles; 256-flit: per 16 flits)",
               yscale="log", title=net)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    save(fig, out / "baseline.png")
    (out / "baseline.md").write_text("\n".join(lines) + "\n")


def write_stage2(res, out):
    rows = {}
    for tag, r in res.items():
        parts = tag.split("|")
        if parts[0] == "stage2" and "error" not in r:
            rows.setdefault(parts[1], {}).setdefault(parts[2], {})[float(parts[3])] = r
    if not rows:
        return
    lines = ["# Stage 2 (link width): tables", "",
             "Generated by `tb/experiments/power.py`. From the minimum configuration (one member per trunk), "
             "stage 1 alone (S1) and stages 1 + 2 with widths 100/50/25 % (S2), per grid point and offered load: "
             "P_rel / L_rel / L_rel x P_rel, L_rel against the mechanism-off run of the static set.", ""]
    for net, cfgs in rows.items():
        off = static_points(res, net, 16).get("off", {})
        loads = sorted({x for c in cfgs.values() for x in c})
        lines += [f"## {net}", "", "| config | " + " | ".join(f"{x:g}" for x in loads) + " |", "|---" * (len(loads) + 1) + "|"]
        for cfg in sorted(cfgs, key=lambda c: (int(c.split("P")[1]), c)):
            cells = []
            for x in loads:
                r, o = cfgs[cfg].get(x), off.get(x)
                if not r or not o:
                    cells.append("-")
                    continue
                lr = r["latency"] / o["latency"]
                cells.append(f"{r['p_rel']:.3f} / {lr:.3f} / {lr * r['p_rel']:.3f}")
            lines.append(f"| {cfg} | " + " | ".join(cells) + " |")
        lines.append("")
    (out / "stage2.md").write_text("\n".join(lines) + "\n")


def write_energy(res, out, a=0.824):
    lines = ["# Energy (closed loop): tables", "",
             "Generated by `tb/experiments/power.py`. Request-reply with a fraction of active nodes; T = cycles to "
             "deliver the quota; E = a P_rel T + (1 - a) T with a = 0.824, relative to E_nominal = T of the "
             "mechanism-off run; dE = E / E_nominal - 1.", "",
             "| network | config | active | T | P_rel | L | dE |", "|---|---|---|---|---|---|---|"]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    any_row = False
    for net in ["8x8x8", "4-ary 4-tree"]:
        rows = {}
        for tag, r in res.items():
            parts = tag.split("|")
            if parts[0] == "energy" and parts[1] == net and "error" not in r:
                rows.setdefault(parts[2], {})[float(parts[3])] = r
        if "off" not in rows:
            continue
        for cfg in [c for c in rows if c != "off"]:
            xs, ys = [], []
            for act in sorted(rows[cfg]):
                r, o = rows[cfg][act], rows["off"].get(act)
                if not o:
                    continue
                e = (a * r["p_rel"] * r["t_sim"] + (1 - a) * r["t_sim"]) / o["t_sim"] - 1
                xs.append(act), ys.append(100 * e)
                lines.append(f"| {net} | {cfg} | {act:g} | {r['t_sim']} (off {o['t_sim']}) | {r['p_rel']:.3f} | "
                             f"{r['latency']:.1f} | {100 * e:+.1f} % |")
                any_row = True
            ax.plot(xs, ys, "-o", label=f"{net} {cfg}")
    if not any_row:
        plt.close(fig)
        return
    ax.axhline(0, color="k", lw=0.8)
    ax.set(xlabel="fraction of active nodes", ylabel="energy change (%)", title="closed loop: energy against nominal")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    save(fig, out / "energy.png")
    (out / "energy.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
