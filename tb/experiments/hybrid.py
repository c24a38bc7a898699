#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The hybrid-topology thesis' experiments (docs/results/hybrid/): direct, fat-tree, flattened-butterfly and
hybrid networks under the thesis' timing, latency against accepted load, and cost/performance tables.

usage: hybrid.py [--full] [--sets NAME ...] [--drbsim PATH] [--jobs 2] [--reuse] [--budget S] [--out DIR]

Timing (docs/results/hybrid/README.md): virtual cut-through, per routing element routing 20 cycles (route
compute 18 + VC and switch allocation 1 each), switch 1, link 1 + flight 8; node links 1 + 8; input
queues of 2 packets per VC; 256-flit packets (128 and 512 in the packet-size set); RUFT links back to the
routers 8 cycles of flight per stage. Deterministic routing with 1 VC (tori 2, the dateline classes),
adaptive with 2. One seed per point (the thesis reports one curve).

Reduced scale (default): the 16- and 64-node sets of every family (uniform, complement, hot spot), the
256-node set (uniform, hot spot, adaptive), and at 256 nodes as 4-D k = 4 (the thesis: 4096 nodes as 3-D
to 6-D) a uniform and complement set and the packet-size set (uniform, 128- and 512-flit packets), and the
crossbar hybrids of up to 1024 nodes, every k-ary n-direct 1-indirect (uniform: radix against dimensions). --full
adds the 2-D 4096-node uniform cost/performance set, run load by load (every network at the lowest load
first; networks already saturated at a lower load after the others) with each run's wall time in its table;
its 64x64 mesh and torus get a load of 0.01 below the sweep, since both saturate under its lowest load; and
the 3-D (k = 16) and 6-D (k = 4) 4096-node sets of the thesis' Table 5.3 (`--sets 4096-3d 4096-6d`), whose
three fat-trees are the 2-D set's runs. The 4096-node sets' runs are ordered together.
Raw per-run JSON goes to the cache, OUT/.cache/ (--raw DIR: elsewhere) (--reuse keeps what is there, and the runs
whose summaries OUT/results.json holds). --budget S starts no run
after S seconds: the points not run are left out of the tables (the sets' tables say how many) and a later
--reuse run completes them. Results of sets not run this time are kept from the previous results.json.
"""
import argparse
import concurrent.futures as cf
import json
import subprocess
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from plots import plain_log_ticks  # noqa: E402
from runcache import Progress, add_run_args, cache_dir, run_all, run_cached, simulated, start  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "results" / "hybrid"

TIMING = ["router.switching=vct", "router.delay.rc=18", "router.delay.va=1", "router.delay.sa=1",
          "router.delay.st=1", "router.delay.link=9", "router.delay.credit=1", "ni.inject_delay=9",
          "ni.eject_delay=9", "traffic.source_queue=4", "stats.links=false", "sim.progress=off"]


def torus(k, n):
    return (f"torus {k}^{n}" if n > 2 else f"torus {k}x{k}",
            ["topology.kind=torus", f"topology.k={k}", f"topology.n={n}"], 2)


def mesh(k, n):
    return (f"mesh {k}^{n}" if n > 2 else f"mesh {k}x{k}", ["topology.kind=mesh", f"topology.k={k}", f"topology.n={n}"], 1)


def tree(k, n):
    return f"{k}-ary {n}-tree", ["topology.kind=fattree", f"topology.k={k}", f"topology.n={n}"], 1


def flatfly(k, n, p):
    return (f"{k}-ary {n}-cube {p}-c", ["topology.kind=flatfly", f"topology.k={k}", f"topology.n={n}",
                                        f"topology.concentration={p}"], 1)


def hybrid(k, n, subnet, m):
    name = f"{k}-ary {n}-direct {m}-indirect" + ({"fattree": " (FT)", "ruft": " (RUFT)"}.get(subnet, ""))
    keys = ["topology.kind=hybrid", f"topology.k={k}", f"topology.n={n}", f"topology.subnet={subnet}",
            f"topology.stages={m}"]
    if subnet == "ruft":
        keys.append(f"topology.long_link={8 * (m - 1)}")
    return name, keys, 1


def family(k, n, stages, trees, flats):
    nets = [torus(k, n), mesh(k, n), hybrid(k, n, "crossbar", 1)]
    for m in stages:
        nets += [hybrid(k, n, "fattree", m), hybrid(k, n, "ruft", m)]
    nets += [tree(a, s) for a, s in trees] + [flatfly(*f) for f in flats]
    return nets


# More dimensions at the same size (thesis: 4096 nodes as 3-D/4-D/6-D, uniform and complement) and the packet-size
# figure (thesis: 4-D, k = 8) at reduced scale: 256 nodes as 4-D, k = 4, against the 2-D 256-node set.
SIZE_NETS = family(4, 4, [2], [(2, 8), (4, 4), (16, 2)], [(4, 4, 1)])
SIZE_LOADS = [0.05, 0.15, 0.3, 0.45, 0.6, 0.8]
TREES_4096 = [(2, 12), (4, 6), (16, 3)]
LOADS_4096 = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8]


SETS = {
    "16": dict(nets=family(4, 2, [2], [(2, 4), (4, 2)], [(2, 3, 2), (4, 2, 1)]),
               patterns=["uniform", "bitcomp", "hotspot"], loads=[0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9]),
    "64": dict(nets=family(8, 2, [3], [(2, 6), (4, 3), (8, 2)], [(8, 2, 1), (4, 2, 4)]),
               patterns=["uniform", "bitcomp", "hotspot"], loads=[0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9]),
    "256": dict(nets=family(16, 2, [2, 4], [(2, 8), (4, 4), (16, 2)], [(16, 2, 1)]),
                patterns=["uniform", "hotspot"], loads=[0.05, 0.15, 0.3, 0.45, 0.6, 0.8]),
    "256-adaptive": dict(nets=family(16, 2, [2, 4], [(4, 4), (16, 2)], [(16, 2, 1)]),
                         patterns=["uniform"], loads=[0.05, 0.15, 0.3, 0.45, 0.6, 0.8], adaptive=True),
    "4096": dict(nets=family(64, 2, [2, 3, 6], TREES_4096, [(16, 2, 16), (2, 10, 4), (64, 2, 1)]),
                 patterns=["uniform"], loads=LOADS_4096, full_only=True,
                 # the 64x64 mesh and torus saturate at 0.049 and 0.067: their base latency needs a lower load
                 low_loads={"mesh 64x64": [0.01], "torus 64x64": [0.01]}),
    # The thesis' Table 5.3 at 3-D and 6-D: its networks of those sections. The three fat-trees are the 2-D set's
    # runs (the same scenario to the key): taken from it, not run again.
    "4096-3d": dict(nets=family(16, 3, [2, 4], TREES_4096, [(4, 5, 4), (8, 3, 8), (16, 3, 1)]),
                    patterns=["uniform"], loads=LOADS_4096, full_only=True, title="4096 nodes (3-D, k = 16)",
                    same_as=("4096", [tree(a, s)[0] for a, s in TREES_4096])),
    "4096-6d": dict(nets=family(4, 6, [2], TREES_4096, [(2, 11, 2), (4, 6, 1)]),
                    patterns=["uniform"], loads=LOADS_4096, full_only=True, title="4096 nodes (6-D, k = 4)",
                    same_as=("4096", [tree(a, s)[0] for a, s in TREES_4096])),
    # The crossbar hybrid's radix against its dimensions, one load sweep for every k-ary n-direct 1-indirect of
    # up to 1024 nodes: at 4096 nodes it saturates lower at 3-D (16-port crossbars) than at 2-D (64-port ones),
    # where the thesis expects the smaller crossbars to gain.
    "xbar": dict(nets=[hybrid(k, n, "crossbar", 1) for k, n in [(4, 2), (4, 3), (4, 4), (4, 5), (8, 2), (8, 3),
                                                                (16, 2), (32, 2)]],
                 patterns=["uniform"], loads=[0.05, 0.3, 0.5, 0.65, 0.8],
                 title="crossbar hybrids, k-ary n-direct 1-indirect"),
    "256-4d": dict(nets=SIZE_NETS, patterns=["uniform", "bitcomp"], loads=SIZE_LOADS, title="256 nodes (4-D, k = 4)"),
    "256-4d-128": dict(nets=SIZE_NETS, patterns=["uniform"], loads=SIZE_LOADS, length=128,
                       title="256 nodes (4-D, k = 4), 128-flit packets"),
    "256-4d-512": dict(nets=SIZE_NETS, patterns=["uniform"], loads=SIZE_LOADS, length=512,
                       title="256 nodes (4-D, k = 4), 512-flit packets"),
}
PATTERN_KEYS = {"uniform": ["traffic.pattern=uniform"], "bitcomp": ["traffic.pattern=bitcomp"],
                "hotspot": ["traffic.pattern=hotspot_nodes", "traffic.hotspot.nodes=0", "traffic.hotspot.fraction=0.05"]}


def windows(nodes, full):
    # Enough 256-flit packets per point: 200k measured cycles on small networks, fewer on large ones.
    if full:
        return 20_000, 100_000
    return (20_000, 200_000) if nodes <= 64 else (20_000, 60_000)


def summary(r):
    return {"accepted": r["accepted_flits_per_node_cycle"], "latency": r["latency"]["mean"],
            "offered": r["offered_flits_per_node_cycle"]}


def raw_path(tag):
    return cache_dir() / (tag.replace("|", "_").replace(" ", "_").replace("(", "").replace(")", "") + ".json")


def saturated(series, loads, load):
    """Whether a kept run of this series (tag without the load) at a lower load accepted under 95% of what was
    offered."""
    for lo in loads:
        f = raw_path(f"{series}|{lo}")
        if lo < load and f.exists():
            r = json.loads(f.read_text())
            if "error" not in r and r["accepted"] < 0.95 * r["offered"]:
                return True
    return False


def keep_committed(prev, tag, raw):
    """--reuse: a run whose summary the results folder's results.json already holds is kept like a cached one,
    so that the thesis-scale sets (runs of up to an hour each) resume from their committed results when the
    cache is gone. Runs the budget skipped or that failed are run again."""
    r = prev.get("results", {}).get(tag)
    if r and "error" not in r and not raw.exists():
        raw.write_text(json.dumps(r))


def run(drbsim, keys, raw, reuse, deadline=None):
    return run_cached(drbsim, keys, raw, reuse, deadline, summary)


def structure(drbsim, keys):
    # The 4096-terminal structures are asked for on purpose: confirm drbsim topology's time guard for them.
    p = subprocess.run([drbsim, "topology", "--json"] + keys + ["sim.max_seconds=3600"], capture_output=True,
                       text=True, check=True)
    return json.loads(p.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--sets", nargs="*")
    add_run_args(ap, ROOT, RESULTS)
    a = ap.parse_args()
    names = a.sets or [n for n, s in SETS.items() if a.full or not s.get("full_only")]
    out, t0, deadline = start(a)
    prev = json.loads((out / "results.json").read_text()) if (out / "results.json").exists() else {}
    jobs, cost, slurm_jobs, raws, kept = {}, {}, [], {}, {}
    big = []  # the 4096-node sets' runs, ordered together below
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        for sname in names:
            st = SETS[sname]
            vcs_add = 1 if st.get("adaptive") else 0
            length = st.get("length", 256)  # queues hold 2 packets: buffer = 2 x length
            todo = []
            shared = st.get("same_as", (None, []))[1]
            for label, tkeys, vcs in st["nets"]:
                cost[label] = structure(a.drbsim, tkeys)
                if label in shared:
                    continue  # taken from the other set's results below
                warm, meas = windows(cost[label]["terminals"], a.full)
                algs = ["adaptive", "dor"] if st.get("adaptive") else [None]
                for alg in algs:
                    akeys = []
                    if alg == "adaptive":
                        akeys = ["routing.algorithm=adaptive"]
                    elif alg == "dor":  # deterministic with the same 2 VCs, either VC of the chosen channel
                        akeys = ["routing.algorithm=" + ("updown" if "tree" in label else "dor")]
                    v = vcs + vcs_add if alg else vcs
                    loads = sorted(st["loads"] + st.get("low_loads", {}).get(label, []))
                    for pat in st["patterns"]:
                        for load in loads:
                            keys = (tkeys + TIMING + PATTERN_KEYS[pat] + akeys +
                                    [f"router.vcs={v}", f"router.buffer={2 * length}", f"traffic.length={length}",
                                     f"traffic.rate={load}", f"sim.warmup={warm}", f"sim.measure={meas}"])
                            series = f"{sname}|{label}|{alg or 'det'}|{pat}"
                            tag, raw = f"{series}|{load}", raw_path(f"{series}|{load}")
                            if a.reuse:
                                keep_committed(prev, tag, raw)
                            todo.append((saturated(series, loads, load), load, cost[label]["average_distance"], tag,
                                         keys, raw))
            if st.get("full_only"):
                big += todo
                todo = []
            # The big sets load by load (every network's base latency first), short paths first; a network
            # already saturated at a lower load (in the runs kept) after every one whose throughput is still
            # open, so that a run cut by the budget leaves the table's throughputs measured.
            for *_, tag, keys, raw in todo + (sorted(big, key=lambda x: x[:3]) if sname == names[-1] else []):
                if a.slurm:  # one job array for every set, gathered below
                    slurm_jobs.append((tag, keys))
                    raws[tag] = raw
                else:
                    kept[tag] = a.reuse and raw.exists()
                    jobs[tag] = ex.submit(run, a.drbsim, keys, raw, a.reuse, deadline)
        res = run_all(a, slurm_jobs, lambda t: raws[t], summary, deadline, "hybrid") if a.slurm else {}
        prog = Progress("hybrid", len(jobs))
        for tag, f in jobs.items():
            res[tag] = f.result()
            print(f"{prog.step(simulated(res[tag], kept[tag]))} {tag}: {res[tag]}", file=sys.stderr, flush=True)
    # Keep the other sets' results: the tables cover every set run so far.
    old = {t: r for t, r in prev.get("results", {}).items() if t.split("|")[0] not in names}
    res = {**old, **res}
    for sname in names:  # networks whose runs another set holds (the same scenario)
        src, labels = SETS[sname].get("same_as", (None, []))
        for tag, r in list(res.items()):
            n, label, rest = tag.split("|", 2)
            if n == src and label in labels:
                res[f"{sname}|{label}|{rest}"] = r
    cost = {**prev.get("structure", {}), **cost}
    json.dump({"results": res, "structure": cost}, open(out / "results.json", "w"), indent=1, sort_keys=True)
    have = [n for n in SETS if any(t.split("|")[0] == n for t in res)]
    write_tables(have, res, cost, out)
    write_plots(have, res, out)
    print(f"[hybrid] {len(jobs)} runs in {time.time() - t0:.0f} s", file=sys.stderr)


def series(res, sname, alg, pat):
    s = {}
    for tag, r in res.items():
        n, label, al, p, load = tag.split("|")
        if n == sname and al == alg and p == pat and "error" not in r:
            s.setdefault(label, []).append((float(load), r))
    return {k: sorted(v, key=lambda x: x[0]) for k, v in s.items()}


def at_latency(pts, limit):
    """The accepted load where the latency first reaches `limit`, linear between the two sweep points around it."""
    for (_, a), (_, b) in zip(pts, pts[1:]):
        if b["latency"] >= limit > a["latency"]:
            t = (limit - a["latency"]) / (b["latency"] - a["latency"])
            return a["accepted"] + t * (b["accepted"] - a["accepted"])
    return None


def set_title(sname):
    return SETS[sname].get("title", sname.split("-")[0] + " nodes")


def write_tables(names, res, cost, out):
    lines = ["# Hybrid-topology experiments: tables", "",
             "Generated by `tb/experiments/hybrid.py`. Base latency = mean packet latency at the lowest load "
             "(cycles); throughput = the highest accepted load of the sweep (flits/node/cycle); at 2x base = the "
             "accepted load where the latency reaches twice the base latency, interpolated between the sweep's "
             "points (a saturation point rather than a peak; - where the sweep never doubles it); links = network "
             "channels (unidirectional); elements = switching elements (I x O per routing element).", ""]
    for sname in names:
        st = SETS[sname]
        for alg in (["adaptive", "dor"] if st.get("adaptive") else ["det"]):
            for pat in st["patterns"]:
                ser = series(res, sname, alg, pat)
                rows = []
                full = st.get("full_only")
                for label, pts in ser.items():
                    c = cost[label]
                    base = pts[0][1]["latency"]
                    thr = max(r["accepted"] for _, r in pts)
                    el = c["switching_elements"]
                    walls = "/".join(f"{r.get('wall_s', 0):.0f}" for _, r in pts)
                    planned_here = len(st["loads"]) + len(st.get("low_loads", {}).get(label, []))
                    rows.append((label, base, thr, c["channels"], c["switches"], el, thr / el * 1e6, base * el,
                                 f"{len(pts)}/{planned_here}", walls, at_latency(pts, 2 * base)))
                rows.sort(key=lambda r: -r[6])
                title = f"{set_title(sname)}, {pat}" + ("" if alg == "det" else f", {alg} (2 VCs)")
                planned = len(st["nets"]) * len(st["loads"]) + sum(len(v) for v in st.get("low_loads", {}).values())
                done = sum(len(p) for p in ser.values())
                lines += [f"## {title}", ""]
                if done < planned:
                    lines += [f"Partial: {done} of {planned} points run (the rest were not started within the time "
                              "budget); throughput is the highest accepted load among the points run.", ""]
                head = ("| network | base latency | throughput | at 2x base | links | switches | elements | "
                        "throughput per element (x1e6) | base latency x elements |")
                rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
                if full:
                    head += " points | wall s per run |"
                    rule += "---:|---|"
                lines += [head, rule]
                for r in rows:
                    twice = "-" if r[10] is None else f"{r[10]:.3f}"
                    line = f"| {r[0]} | {r[1]:.0f} | {r[2]:.3f} | {twice} | {r[3]} | {r[4]} | {r[5]} | {r[6]:.1f} | {r[7]:.3g} |"
                    if full:
                        line += f" {r[8]} | {r[9]} |"
                    lines.append(line)
                lines.append("")
    (out / "tables.md").write_text("\n".join(lines))


# matplotlib's ten colours, then ten darker ones: a 4096-node set draws 13 networks, and the default cycle
# gave the 11th the 1st one's colour (two flattened butterflies, both dotted, in one blue).
COLORS = [f"C{i}" for i in range(10)] + ["black", "navy", "maroon", "darkgoldenrod", "teal", "indigo",
                                          "saddlebrown", "slategray", "darkolivegreen", "deeppink"]


def write_plots(names, res, out):
    for sname in names:
        st = SETS[sname]
        for alg in (["adaptive", "dor"] if st.get("adaptive") else ["det"]):
            for pat in st["patterns"]:
                ser = series(res, sname, alg, pat)
                fig, ax = plt.subplots(figsize=(7.5, 4.8))
                for i, (label, pts) in enumerate(sorted(ser.items())):
                    style = "-" if "indirect" in label else "--" if "tree" in label else ":"
                    ax.plot([r["accepted"] for _, r in pts], [r["latency"] for _, r in pts], style, marker="o",
                            ms=3, label=label, color=COLORS[i % len(COLORS)])
                ax.set_yscale("log")
                ax.set_xlabel("accepted load (flits/node/cycle)")
                ax.set_ylabel("mean packet latency (cycles)")
                ax.set_title(f"{set_title(sname)}, {pat}" + ("" if alg == "det" else f", {alg}, 2 VCs"))
                ax.grid(alpha=0.3, which="both")
                ax.legend(fontsize=7, ncol=2)
                plain_log_ticks(ax)
                fig.tight_layout()
                fig.savefig(out / f"latency_{sname}_{pat}{'' if alg == 'det' else '_' + alg}.png", dpi=110)
                plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
