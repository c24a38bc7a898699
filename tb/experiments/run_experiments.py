#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Reproduce the DRB thesis experiments (chapter-4 example, chapter-6 evaluation) with drbsim.

usage: run_experiments.py [NAMES...] [--full] [--drbsim PATH] [--jobs 2] [--reuse] [--slurm ...] (docs/slurm.md)
                          [--packets N] [--seeds N] [--out DIR] [--raw DIR] [--list]

Each experiment runs one or more scenario files of tb/scenarios with every seed, one drbsim process per
run (--jobs at a time), aggregates the seeds and writes docs/results/<experiment>/results.json,
tables.md and *.png (--out DIR: DIR/<experiment>/). Raw per-run JSON stays in the cache below the results
folder, DIR/.cache/<experiment>/<scale>/ (git ignores it; --raw DIR puts it elsewhere); --reuse skips runs
whose raw file is there.

Scale: reduced (default) = 100k offered packets measured after a 10k-packet warm-up, 3 seeds, loads
10..120 cycles/message at 7 points; --full = 1M packets, 50k warm-up, 5 seeds, 10..120 step 10.
Window lengths are converted from packets to cycles per run: cycles = packets / (messages per cycle of
the whole network). Time-series experiments keep the fixed windows of their scenario files.
"""
import argparse
import concurrent.futures as cf
import functools
import hashlib
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runcache import Progress, add_slurm_args, cache_root, run_slurm  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import aggregate  # noqa: E402
import plots  # noqa: E402
import tables  # noqa: E402
from scenario_yaml import load_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tb" / "scenarios"
RESULTS = ROOT / "docs" / "results"
MAX_CYCLES = 100_000_000  # drbsim's default sim.max_cycles

SCALES = {
    "reduced": dict(packets=100_000, warmup=10_000, seeds=3, loads=[10, 20, 30, 40, 60, 80, 120]),
    "full": dict(packets=1_000_000, warmup=50_000, seeds=5, loads=list(range(10, 121, 10))),
}


class Part:
    """One scenario file, optionally with cases (extra keys) and sweep lists replaced."""

    def __init__(self, scenario, study="main", cases=None, sweep=None, fixed=False, loads=None):
        self.scenario = scenario
        self.study = study
        self.cases = cases or {"": {}}
        self.sweep = sweep or {}
        self.fixed = fixed  # keep the file's warm-up, window and loads (time series)
        self.loads = loads  # only these loads (cycles/message) instead of the scale's


class Experiment:
    def __init__(self, title, parts, keep_loads=False, seeds=None, heatmap_at=None, history=None):
        self.title = title
        self.parts = parts
        self.keep_loads = keep_loads  # the loads of the file are part of the experiment (chapter 4)
        self.seeds = seeds  # (reduced, full) when the scale's seed count is not enough (transients)
        self.heatmap_at = heatmap_at  # interval whose per-link waits are kept, per node
        self.history = history  # intervals whose metapath size history (first seed) is kept


TORUS_4 = {"topology.kind": "torus", "topology.k": "4", "topology.n": "2"}
TORUS_8 = {"topology.kind": "torus", "topology.k": "8", "topology.n": "2"}
CUBE_4 = {"topology.kind": "hypercube", "topology.n": "4"}
CUBE_6 = {"topology.kind": "hypercube", "topology.n": "6"}

TORUS_2x3 = {"topology.kind": "torus", "topology.k": "2", "topology.n": "3"}
TORUS_4x3 = {"topology.kind": "torus", "topology.k": "4", "topology.n": "3"}
CUBE_3 = {"topology.kind": "hypercube", "topology.n": "3"}
# The scalability study's networks (thesis Table 6-8): 2-D and 3-D tori and hypercubes of 8 to 64 nodes.
SCALABILITY_NETS = {"torus 4x4": TORUS_4, "torus 8x8": TORUS_8, "torus 2x2x2": TORUS_2x3, "torus 4x4x4": TORUS_4x3,
                    "hypercube 3D": CUBE_3, "hypercube 4D": CUBE_4, "hypercube 6D": CUBE_6}


def nodes_of(cfg):
    if cfg.get("topology.kind", "torus") == "hypercube":
        return 2 ** int(cfg["topology.n"])
    return int(cfg.get("topology.k", "8")) ** int(cfg.get("topology.n", "2"))


def static_links(cfg, src, dst):
    """The links (node, dimension) of the static path src -> dst: dimension order, the shorter way round a
    ring, ties + (routing.tie=positive, as the scenario files set); a hypercube is the 2-ary case."""
    hyper = cfg.get("topology.kind") == "hypercube"
    k = 2 if hyper else int(cfg["topology.k"])
    n = int(cfg["topology.n"])
    cur = [src // k ** d % k for d in range(n)]
    out = []
    for d in range(n):
        want = dst // k ** d % k
        while cur[d] != want:
            step = 1 if (want - cur[d]) % k <= k // 2 else -1
            out.append((sum(c * k ** i for i, c in enumerate(cur)), d, step))
            cur[d] = (cur[d] + step) % k
    return out


@functools.lru_cache(maxsize=None)
def _hotspot(items):
    return hotspot_set(dict(items))


def hotspot_channels(cfg):
    """hotspot_set(cfg), computed once per network (the experiment list and the normalisation both ask)."""
    return _hotspot(tuple(sorted(cfg.items())))


def hotspot_set(cfg):
    """The scaled hot spot: the largest set of channels with distinct sources and distinct destinations whose
    static paths all cross one link (the thesis' C1-C4 are such a set on the 8x8 torus, 4 channels through
    D3->E3; it gives no lists for the other networks). A maximum bipartite matching per link, the longest paths
    tried first; of the links with the largest set, the highest dimension, then the lowest node."""
    n = nodes_of(cfg)
    by_link = {}
    for s in range(n):
        for d in range(n):
            if s != d:
                path = static_links(cfg, s, d)
                for link in path:
                    by_link.setdefault(link, []).append((len(path), s, d))
    best = None
    for link in sorted(by_link, key=lambda l: (-l[1], l[0], -l[2])):
        pairs = sorted(by_link[link], key=lambda p: (-p[0], p[1], p[2]))
        adj = {}
        for _, s, d in pairs:
            adj.setdefault(s, []).append(d)
        match = {}  # destination -> source

        def augment(s, seen):
            for d in adj[s]:
                if d not in seen:
                    seen.add(d)
                    if d not in match or augment(match[d], seen):
                        match[d] = s
                        return True
            return False
        for s in adj:
            augment(s, set())
        if best is None or len(match) > len(best):
            best = dict(match)
    return ",".join(f"{s}>{d}" for d, s in sorted(best.items(), key=lambda x: x[1]))


def vc_control_parts(study, cases, sweep=None, file="systematic.yaml"):
    """The VC control's series on `cases`: static with 8 and 4 VCs, then DRB with 8."""
    return [Part(file, study, cases=cases, sweep={**(sweep or {}), "routing.algorithm": [alg], "router.vcs": vcs})
            for alg, vcs in (("dor", ["8", "4"]), ("drb", ["8"]))]


EXPERIMENTS = {
    "ch4_example": Experiment(
        "Chapter-4 example: hot-spot channels, static vs DRB, per-channel latency",
        [Part("ch4_hotspot_8x8.yaml")], keep_loads=True),
    "systematic": Experiment(
        "Chapter 6: systematic patterns on 4x4/8x8 tori and 4D/6D hypercubes, static vs adaptive vs DRB",
        [Part("systematic.yaml", cases={"torus 4x4": TORUS_4, "torus 8x8": TORUS_8,
                                        "hypercube 4D": CUBE_4, "hypercube 6D": CUBE_6})]),
    # Packet length (thesis section 6.7): the 4x4 torus at 10, 20 and 64 flits, the loads scaled with the
    # length so that every length sees the same flit rates (10 c/m at 10 flits = 64 c/m at 64 flits).
    "packet_length": Experiment(
        "Chapter 6: packet length on the 4x4 torus, 10/20/64-flit messages, static vs adaptive vs DRB",
        [Part("systematic.yaml", cases={f"torus 4x4, {n} flits": {**TORUS_4, "traffic.length": str(n)}},
              loads=[round(v * n / 10) for v in SCALES["reduced"]["loads"]]) for n in (10, 20, 64)]),
    # Scalability (thesis section 6.8, Table 6-8): static vs DRB on tori and hypercubes of 8-64 nodes, the
    # butterfly and the scaled hot spot, plotted against load normalised to the bisection (docs/results).
    "scalability": Experiment(
        "Chapter 6: scalability, butterfly and hot spot on 2-D/3-D tori and hypercubes, static vs DRB",
        [Part("systematic.yaml", "butterfly", cases=SCALABILITY_NETS,
              sweep={"traffic.pattern": ["butterfly"], "routing.algorithm": ["dor", "drb"]}),
         Part("systematic.yaml", "hot spot", sweep={"traffic.pattern": ["channels"], "routing.algorithm": ["dor", "drb"]},
              cases={name: {**net, "traffic.channels": hotspot_channels(net)} for name, net in SCALABILITY_NETS.items()})]),
    "router_change": Experiment(
        "Chapter 6 tori on the corrected router: balanced ring VC classes, ties + (thesis) and random",
        [Part("systematic.yaml", cases={
            "torus 4x4, balanced": {**TORUS_4, "routing.vc_classes": "balanced"},
            "torus 8x8, balanced": {**TORUS_8, "routing.vc_classes": "balanced"},
            "torus 4x4, balanced, random ties": {**TORUS_4, "routing.vc_classes": "balanced", "routing.tie": "random"},
            "torus 8x8, balanced, random ties": {**TORUS_8, "routing.vc_classes": "balanced", "routing.tie": "random"}})]),
    "vc_split": Experiment(
        "VC splits per method (router.vc_split) on the 8x8 torus, corrected router, systematic patterns at 10 c/m",
        [Part("systematic.yaml", method, loads=[10], sweep={"routing.algorithm": [method]},
              cases={f"split {sp}": {**TORUS_8, "routing.vc_classes": "balanced", "router.vc_split": sp} for sp in splits})
         for method, splits in (("dor", ["4,4", "2,6", "6,2"]), ("adaptive", ["1,1,6", "2,2,4", "3,3,2"]),
                                ("drb", ["2,2,2,2", "3,3,1,1", "1,1,3,3"]))]),
    "router_change_hotspot": Experiment(
        "Chapter 6 hot spot on the corrected router: balanced ring VC classes (ties stay +)",
        [Part("hotspot_8x8.yaml", cases={"": {"routing.vc_classes": "balanced"}})], heatmap_at=10),
    "router_change_acks": Experiment(
        "Ack studies on the corrected router: balanced ring VC classes on the tori (ties stay +)",
        [Part("acks.yaml", "modes", cases={"torus 4x4": {**TORUS_4, "routing.vc_classes": "balanced"}}),
         Part("acks_hotspot_8x8.yaml", "modes", cases={"torus 8x8": {"routing.vc_classes": "balanced"}}),
         Part("acks_hotspot_8x8.yaml", "early", cases={"torus 8x8": {"routing.vc_classes": "balanced"}},
              sweep={"drb.ack_mode": ["ideal"], "routing.algorithm": ["drb", "drb2"]})]),
    "hotspot": Experiment(
        "Chapter 6: hot spot on the 8x8 torus, static vs adaptive vs DRB, per-link latency maps",
        [Part("hotspot_8x8.yaml"),
         # the sources' DRB monitor also counting the wait in the source queue (a modelling choice)
         Part("hotspot_8x8.yaml", sweep={"routing.algorithm": ["drb"], "al.count_source_queue": ["true"]})],
        heatmap_at=10),
    "acks": Experiment(
        "Chapter 6: ack transport (ideal / in-network / high priority), DRB vs DRB2, ack delay",
        [Part("acks.yaml", "modes", cases={"torus 4x4": TORUS_4, "hypercube 4D": CUBE_4}),
         Part("acks_hotspot_8x8.yaml", "modes", cases={"torus 8x8": {}}),
         Part("acks_hotspot_8x8.yaml", "early", cases={"torus 8x8": {}},
              sweep={"drb.ack_mode": ["ideal"], "routing.algorithm": ["drb", "drb2"]}),
         Part("acks_hotspot_8x8.yaml", "delay", cases={"torus 8x8": {}},
              sweep={"drb.ack_mode": ["ideal"], "drb.ack_delay": ["0", "5", "10", "15", "20"]})]),
    # The control for the VC classes: of 8 VCs DRB makes twice the classes static routing makes (step x dateline
    # on a torus, step on a hypercube), so it has half the VCs per class, and fewer packets interleave on a busy
    # link. Static routing with 4 VCs has DRB's VCs per class: what DRB gains over it is routing.
    "vc_control": Experiment(
        "Control: static routing with DRB's VCs per class (4 VCs) beside static and DRB with 8",
        vc_control_parts("main", {"torus 4x4": TORUS_4, "torus 8x8": TORUS_8, "hypercube 4D": CUBE_4,
                                  "hypercube 6D": CUBE_6}) +
        vc_control_parts("main", {"torus 2x2x2": TORUS_2x3, "torus 4x4x4": TORUS_4x3, "hypercube 3D": CUBE_3},
                         {"traffic.pattern": ["butterfly"]}) +
        vc_control_parts("hot spot", {name: {**net, "traffic.channels": hotspot_channels(net)}
                                      for name, net in SCALABILITY_NETS.items()}, {"traffic.pattern": ["channels"]}) +
        # the thesis' own hot spot (C1-C6, the chapter-4 MSP table), section 3's experiment
        vc_control_parts("hot spot", {"torus 8x8, thesis C1-C6": {}}, file="hotspot_8x8.yaml")),
    "transient": Experiment(
        "Start-up transient of the hot spot at 10 cycles/message, and a transpose -> hot spot change",
        [Part("transient_hotspot_8x8.yaml", "startup", fixed=True),
         Part("transient_hotspot_8x8.yaml", "startup", fixed=True,
              sweep={"routing.algorithm": ["drb"], "drb.ack_delay": ["5", "10", "15", "20"]}),
         # at 25 cycles/message the source queues no longer hide what the network does
         Part("transient_hotspot_8x8.yaml", "startup_25", fixed=True, sweep={"traffic.interval": ["25"]}),
         Part("pattern_change_8x8.yaml", "change", fixed=True)], seeds=(50, 100)),
    "observability": Experiment(
        "DRB observability on the hot spot: metapath sizes, MSP use, acks and early acks",
        [Part("observability_hotspot_8x8.yaml")], history=(10, 20, 40)),
    "drb_config": Experiment(
        "Sensitivity: DRB supernode family and size on the 8x8 torus (systematic patterns)",
        [Part("systematic.yaml", "supernodes", cases={"torus 8x8": TORUS_8},
              sweep={"routing.algorithm": ["drb"], "drb.supernode": ["sga:1", "sga:2", "sga:3", "dga:1", "random"]}),
         Part("systematic.yaml", "supernodes", cases={"torus 8x8": TORUS_8},
              sweep={"routing.algorithm": ["drb"], "al.count_source_queue": ["true"]}),
         Part("systematic.yaml", "supernodes", cases={"torus 8x8": TORUS_8},
              sweep={"routing.algorithm": ["dor", "adaptive"]})]),
}


# ---------------------------------------------------------------- traffic: who sends, how much

def address_bits(n):
    return max(1, (n - 1).bit_length())


def permutation(name, n):
    bits = address_bits(n)
    if name == "bitrev":
        return lambda x: int(format(x, f"0{bits}b")[::-1], 2)
    if name == "butterfly":
        return lambda x: (x & ~(1 | 1 << (bits - 1))) | ((x & 1) << (bits - 1)) | ((x >> (bits - 1)) & 1)
    if name == "shuffle":
        return lambda x: ((x << 1) | (x >> (bits - 1))) & (n - 1)
    if name == "transpose":
        h = bits // 2
        return lambda x: ((x & ((1 << h) - 1)) << h) | (x >> h)
    raise ValueError(f"no sender count for pattern {name}")


def channels_of(cfg):
    """[(src, dst, interval)] of the channels pattern."""
    out = []
    for item in cfg["traffic.channels"].split(","):
        pair, _, iv = item.strip().partition("@")
        src, dst = pair.split(">")
        out.append((int(src), int(dst), float(iv) if iv else float(cfg["traffic.interval"])))
    return out


def senders(cfg):
    """Sending nodes (channels: channels) of the first pattern; fixed points of a permutation are silent."""
    if cfg["traffic.pattern"] == "channels":
        return len(channels_of(cfg))
    n = nodes_of(cfg)
    f = permutation(cfg["traffic.pattern"], n)
    return sum(1 for x in range(n) if f(x) != x)


def messages_per_cycle(cfg):
    if cfg["traffic.pattern"] == "channels":
        return sum(1.0 / iv for _, _, iv in channels_of(cfg))
    return senders(cfg) / float(cfg["traffic.interval"])


# ---------------------------------------------------------------- runs

def expand(exp, scale, args):
    """Every run of an experiment: dicts with the drbsim keys, the point's identity and the raw path."""
    runs = []
    nseeds = args.seeds or (exp.seeds[scale == "full"] if exp.seeds else SCALES[scale]["seeds"])
    packets = args.packets or SCALES[scale]["packets"]
    warm = SCALES[scale]["warmup"] * packets // SCALES[scale]["packets"]
    for part in exp.parts:
        path = SCENARIOS / part.scenario
        base, sweep = load_scenario(path)
        sweep.update(part.sweep)
        if part.loads:
            sweep["traffic.interval"] = [str(v) for v in part.loads]
        elif not part.fixed and not exp.keep_loads:
            sweep["traffic.interval"] = [str(v) for v in SCALES[scale]["loads"]]
        keys = list(sweep)
        for case, case_keys in part.cases.items():
            if args.cases and case not in args.cases:
                continue
            for values in product([sweep[k] for k in keys]):
                point = dict(zip(keys, values))
                cfg = {**base, **case_keys, **point}
                over = {**case_keys, **point}
                if not part.fixed:
                    rate = messages_per_cycle(cfg)
                    over["sim.warmup"] = str(math.ceil(warm / rate))
                    over["sim.measure"] = str(math.ceil(packets / rate))
                    # drbsim refuses a window past sim.max_cycles unless it is raised to confirm: the
                    # chapter-4 example at 1000 cycles/message and thesis scale needs 1.75e8 cycles (about
                    # 10 s on its nearly idle network). Only such runs carry the key, so the others keep
                    # their cache tags.
                    total = int(over["sim.warmup"]) + int(over["sim.measure"])
                    if total > MAX_CYCLES:
                        over["sim.max_cycles"] = str(total)
                    cfg.update(over)
                ident = identity(part.study, case, cfg, {**case_keys, **point})
                for seed in range(1, nseeds + 1):
                    argv = [str(path)] + [f"{k}={v}" for k, v in sorted(over.items())] + [f"sim.seed={seed}"]
                    tag = hashlib.sha1("\0".join(argv).encode()).hexdigest()[:16]
                    runs.append(dict(argv=argv, ident=ident, cfg=cfg, seed=seed, tag=tag))
    return runs


def product(lists):
    if not lists:
        yield ()
        return
    for v in lists[0]:
        for rest in product(lists[1:]):
            yield (v,) + rest


def identity(study, case, cfg, own):
    """What names a point of an experiment (everything but the seed). The VC count names it only where the
    experiment sets it (`own`: its case and sweep keys), so the other experiments' points stay as they were."""
    ident = dict(study=study, case=case, pattern=cfg.get("traffic.pattern"),
                 method=cfg.get("routing.algorithm", "dor"), supernode=cfg.get("drb.supernode", "sga:2"),
                 ack_mode=cfg.get("drb.ack_mode", "ideal"), queue_wait=cfg.get("al.count_source_queue", "false") == "true",
                 ack_delay=int(cfg.get("drb.ack_delay", "0")), interval=float(cfg["traffic.interval"]))
    if "router.vcs" in own:
        ident["vcs"] = int(own["router.vcs"])
    return ident


def run_one(drbsim, raw_dir, run, reuse):
    out = raw_dir / f"{run['tag']}.json"
    meta = raw_dir / f"{run['tag']}.meta"
    if reuse and out.exists() and meta.exists():
        return json.loads(meta.read_text()), True
    t0 = time.time()
    cmd = [drbsim] + run["argv"] + ["sim.jobs=1", "sim.progress=off", f"out.json={out}"]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    info = dict(rc=p.returncode, seconds=round(time.time() - t0, 3), cmd=cmd[1:-1])
    if p.returncode != 0:
        info["stderr"] = p.stderr[-2000:]
    meta.write_text(json.dumps(info))
    return info, False


def execute(name, exp, scale, args):
    raw_dir = cache_root(args) / name / scale
    raw_dir.mkdir(parents=True, exist_ok=True)
    runs = expand(exp, scale, args)
    unique = {r["tag"]: r for r in runs}
    print(f"[{name}] {len(runs)} runs ({len(unique)} distinct), {args.jobs} at a time", file=sys.stderr)
    t0 = time.time()
    done, cached, run_seconds = 0, 0, 0.0
    prog = Progress(name, len(unique))
    infos = {}
    if args.slurm:  # one job array; runs with a raw result already are not submitted again
        run_slurm(args, [(tag, r["argv"] + ["sim.jobs=1", "sim.progress=off"]) for tag, r in unique.items()],
                  lambda tag: raw_dir / f"{tag}.json", lambda res: {"runs": [{"result": res}]}, name)
        for tag, r in unique.items():
            infos[tag] = dict(rc=0, seconds=0.0, cmd=r["argv"])
            (raw_dir / f"{tag}.meta").write_text(json.dumps(infos[tag]))
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(run_one, args.drbsim, raw_dir, r, args.reuse): tag
                for tag, r in ([] if args.slurm else unique.items())}
        for fut in cf.as_completed(futs):
            info, was_cached = fut.result()
            infos[futs[fut]] = info
            done += 1
            cached += was_cached
            run_seconds += info["seconds"]
            if info["rc"] != 0:
                print(f"[{name}] run failed (exit {info['rc']}): drbsim {' '.join(info['cmd'])}\n"
                      f"{info.get('stderr', '')}", file=sys.stderr)
            line = prog.step(not was_cached)
            if done % 20 == 0 or done == len(unique):
                print(line, file=sys.stderr, flush=True)
    wall = time.time() - t0
    results = []
    for r in runs:
        info = infos[r["tag"]]
        res = None
        if info["rc"] == 0:
            res = json.loads((raw_dir / f"{r['tag']}.json").read_text())["runs"][0]["result"]
        results.append((r, res))
    return results, dict(wall_seconds=round(wall, 1), run_seconds=round(run_seconds, 1),
                         runs=len(unique), cached=cached, failed=sum(i["rc"] != 0 for i in infos.values()))


def normalise_to_bisection(doc, drbsim):
    """Loads as a fraction of the bisection's capacity (the thesis' PCRCW'94 convention): under uniform traffic
    half the messages cross the bisection, so a network of bisection bandwidth B (flits/cycle, both directions)
    and N nodes takes at most 2B/N flits per node and cycle. B = 2 x drbsim topology's bisection_channels (one
    direction, lower half of the node ids to the upper half: the cut across the last dimension)."""
    cut = {}
    for p in doc["points"]:
        cfg = SCALABILITY_NETS[p["case"]]
        if p["case"] not in cut:
            out = subprocess.run([drbsim, "topology", "--json"] + [f"{k}={v}" for k, v in cfg.items()], check=True,
                                 capture_output=True, text=True).stdout
            cut[p["case"]] = json.loads(out)["bisection_channels"]
        if p["study"] == "hot spot":
            p["channels_list"] = hotspot_channels(cfg)
        cap = 2 * (2 * cut[p["case"]]) / nodes_of(cfg)
        p["bisection_channels"] = cut[p["case"]]
        p["capacity_fnc"] = cap
        for src, dst in (("acc_fnc", "acc_norm"), ("off_fnc", "off_norm")):
            p[dst] = p[src] / cap if p.get(src) is not None else None


def case_order(exp):
    return list(dict.fromkeys(c for part in exp.parts for c in part.cases))


def check_cases(ap, args, names, scale):
    """--cases: one experiment, names it has, and earlier sittings at the same scale (exit 2 before any run)."""
    args.cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    if len(names) != 1:
        ap.error("--cases: name exactly one experiment")
    order = case_order(EXPERIMENTS[names[0]])
    unknown = [c for c in args.cases if c not in order]
    if unknown or not args.cases:
        ap.error(f"--cases: no case {', '.join(map(repr, unknown)) or 'given'} in {names[0]} "
                 f"(its cases: {', '.join(order)})")
    prev = Path(args.out) / names[0] / "results.json"
    if prev.exists():
        try:
            old = json.loads(prev.read_text())
            was = old["scale"]["name"]
        except (ValueError, KeyError, TypeError):
            ap.error(f"--cases: {prev} is not a results file to merge into")
        if was != scale:
            ap.error(f"--cases: {prev} holds the {was} scale, this run is {scale}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="experiments to run (default: all)")
    ap.add_argument("--full", action="store_true", help="thesis scale: 1M packets, 50k warm-up, 5 seeds")
    ap.add_argument("--drbsim", default=str(ROOT / "build" / "tb" / "drbsim"))
    ap.add_argument("--jobs", type=int, default=2, help="simulations at once")
    ap.add_argument("--reuse", action="store_true", help="reuse raw results already in the cache")
    ap.add_argument("--packets", type=int, help="measured packets per run (quick looks)")
    ap.add_argument("--seeds", type=int, help="seeds per point (quick looks)")
    ap.add_argument("--out", default=str(RESULTS), help="results folder (default docs/results)")
    ap.add_argument("--raw", help="the run cache (default: OUT/.cache, which git ignores)")
    ap.add_argument("--cases", help="only these cases (networks) of the experiment, comma-separated; the results "
                    "of its other cases already in OUT/NAME/results.json are kept (a thesis-scale run in sittings)")
    ap.add_argument("--list", action="store_true", help="list the experiments and exit")
    add_slurm_args(ap)
    args = ap.parse_args()
    if args.list:
        for n, e in EXPERIMENTS.items():
            print(f"{n:14s} {e.title}")
        return 0
    names = args.names or list(EXPERIMENTS)
    for n in names:
        if n not in EXPERIMENTS:
            ap.error(f"unknown experiment {n} (known: {', '.join(EXPERIMENTS)})")
    if not os.access(args.drbsim, os.X_OK):
        ap.error(f"no drbsim at {args.drbsim} (build it or pass --drbsim)")
    scale = "full" if args.full else "reduced"
    if args.cases is not None:
        check_cases(ap, args, names, scale)
    for name in names:
        exp = EXPERIMENTS[name]
        results, timing = execute(name, exp, scale, args)
        if timing["failed"]:  # a point short of seeds would pass for a measured one: write nothing
            print(f"[{name}] {timing['failed']} of {timing['runs']} runs failed (above); nothing written. "
                  "Runs that finished stay in the cache: --reuse resumes", file=sys.stderr)
            return 3
        out_dir = Path(args.out) / name
        out_dir.mkdir(parents=True, exist_ok=True)
        doc = aggregate.aggregate(name, exp, results, senders, nodes_of)
        if name == "scalability":
            normalise_to_bisection(doc, args.drbsim)
        prev = out_dir / "results.json"
        old = json.loads(prev.read_text()) if prev.exists() else None
        jobs = args.jobs
        if timing["cached"] == timing["runs"] and old:  # nothing simulated: keep the old wall time
            same = [s for s in aggregate.sittings_of(old) if set(s["cases"]) == set(args.cases)] if args.cases \
                else [old["timing"]]
            if same:
                timing["wall_seconds"] = same[0]["wall_seconds"]
            if not args.cases and old["timing"]["runs"] == timing["runs"]:  # and that sitting's cached count and jobs
                timing["cached"] = old["timing"].get("cached", timing["cached"])
                jobs = old["scale"]["jobs"]
        doc["timing"] = timing
        doc["scale"] = dict(name=scale, jobs=jobs, packets=args.packets or SCALES[scale]["packets"],
                            seeds=doc["seeds"])
        doc["command"] = f"tb/experiments/run_experiments.py {name}" + (" --full" if args.full else "")
        doc["drbsim_sha256"] = hashlib.sha256(Path(args.drbsim).read_bytes()).hexdigest()[:16]
        if args.cases:
            doc = aggregate.merge_cases(old, doc, args.cases, case_order(exp))
        prev.write_text(aggregate.dumps(doc))
        plots.plot(name, doc, out_dir)
        (out_dir / "tables.md").write_text(tables.render(name, doc))
        print(f"[{name}] wrote {out_dir} (wall {timing['wall_seconds']} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
