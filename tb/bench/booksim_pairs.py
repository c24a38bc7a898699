#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Side-by-side speed pairs against BookSim2: the same network, router and load simulated by a BookSim2
binary the user built (never fetched or required by this tree) and by drbsim, timed as whole processes.
Each pair runs BookSim2, then drbsim (and on the tori drbsim again under router.preset=booksim); the
table gives the medians over the pairs and ratio = BookSim2 seconds / drbsim seconds (above 1: drbsim
is faster).

    tb/bench/booksim_pairs.py --booksim ~/booksim2/src/booksim
    tb/bench/booksim_pairs.py --booksim ~/booksim2/src/booksim --pairs 3 --only T1 F1 --json pairs.json

BookSim2 builds with `make` in its src/ folder, whose configuration parser needs flex and bison
(Debian: apt-get install flex bison); none of it is needed by this tree.

Exit 0 when every run succeeded, 1 when one failed (its output tail is printed), 2 on a usage error.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# name, topology, k, packet flits, offered flits/node/cycle, cycles
CONFIGS = [
    ("T1", "torus", 8, 1, 0.10, 60000),
    ("T2", "torus", 8, 10, 0.30, 100000),
    ("T3", "torus", 16, 10, 0.15, 100000),
    ("F1", "fattree", 4, 10, 0.30, 100000),
]

# BookSim2's iq_router with the parameters shared by every configuration. warmup_periods = 0 with
# max_samples = 1 simulates exactly one sample period; BookSim then reports "Simulation unstable" (it
# needs three converged samples), which is expected here, and stops without draining; drbsim drains the
# packets still in flight (a few hundred cycles below saturation).
BOOKSIM_COMMON = """num_vcs = 2;
vc_buf_size = 8;
wait_for_tail_credit = 0;
vc_allocator = islip;
sw_allocator = islip;
alloc_iters = 1;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
traffic = uniform;
injection_rate_uses_flits = 1;
sim_type = latency;
warmup_periods = 0;
max_samples = 1;
sim_count = 1;
"""

# The fat-tree pair (F1): BookSim2's `fattree` (networks/fattree.cpp) with `nca` routing
# (routefunc.cpp, fattree_nca) against drbsim's k-ary n-tree with up/down routing.
# - Same: 4^3 = 64 terminals, 3 levels of 4^2 = 16 switches (48), 2k = 8-port switches, every channel
#   (injection, ejection, switch to switch) 1 cycle; minimal routing up to a nearest common ancestor,
#   then the single down path; every VC usable by every packet (one class, no deadlock to avoid).
# - Differs: the up port. BookSim2 draws it at random per packet at every switch; drbsim's updown takes
#   up port k + t_e (the destination's digit), deterministic and load-balanced. Its closest random choice,
#   routing.algorithm=adaptive routing.selection=random, is adaptive, so updown is used.
# - Differs: BookSim2's top switches have k ports; drbsim's have 2k with the up ports unconnected.
# - Differs: router.preset=booksim is refused on a fat-tree, so drbsim runs its default router there
#   with BookSim2's allocators (router.alloc.sa/va=islip) and its credit delay 1 against BookSim2's
#   credit_delay = 0 (the credit usable a cycle after it arrives): the credit loops differ by a cycle.
# On every topology BookSim2's uniform pattern includes the source itself; drbsim's default router column
# excludes it, the preset column includes it (router.preset=booksim sets traffic.self=true).
# The delays are BookSim2's defaults (routing_delay = 1, credit_delay = 0, one cycle each for VC and
# switch allocation and traversal), which router.preset=booksim reproduces on the tori.


def booksim_config(topology, k, flits, rate, cycles):
    if topology == "torus":
        net = "topology = torus;\nk = %d;\nn = 2;\nrouting_function = dim_order;\n" % k
    else:
        net = "topology = fattree;\nk = %d;\nn = 3;\nrouting_function = nca;\n" % k
    return (net + BOOKSIM_COMMON + "packet_size = %d;\ninjection_rate = %g;\nsample_period = %d;\n"
            % (flits, rate, cycles))


def drbsim_args(topology, k, flits, rate, cycles):
    if topology == "torus":
        net = ["topology.kind=torus", "topology.n=2", "topology.k=%d" % k, "routing.algorithm=dor"]
    else:
        net = ["topology.kind=fattree", "topology.k=%d" % k, "topology.n=3", "routing.algorithm=updown",
               "router.alloc.sa=islip", "router.alloc.va=islip"]
    return net + ["router.vcs=2", "router.buffer=8", "traffic.pattern=uniform", "traffic.length=%d" % flits,
                  "traffic.rate=%g" % rate, "sim.warmup=0", "sim.measure=%d" % cycles, "sim.progress=off"]


def fail(what, proc, output, why=""):
    tail = "\n".join(output.strip().splitlines()[-20:]) or "(no output)"
    sys.exit("booksim_pairs.py: %s failed (exit %d%s):\n%s" % (what, proc.returncode, why, tail))


def timed(cmd, cwd):
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          errors="replace")
    return time.perf_counter() - start, proc


def run_booksim(binary, cfg, cwd, name):
    seconds, proc = timed([binary, str(cfg)], cwd)
    # BookSim2's exit code says little: main() returns 0 after "Simulation unstable" (our case) and -1
    # (255) after a converged run and on a parse error. That it simulated shows in its last line.
    if proc.returncode not in (0, 255) or "Total run time" not in proc.stdout:
        why = "" if "Total run time" in proc.stdout else ", no 'Total run time' in its output"
        fail("%s BookSim2 %s" % (name, cfg.name), proc, proc.stdout + proc.stderr, why)
    return seconds


def run_drbsim(binary, args, cwd, name):
    # drbsim's stdout is its result table: only the time matters here.
    seconds, proc = timed([binary] + args, cwd)
    if proc.returncode != 0:
        fail("%s drbsim %s" % (name, " ".join(args)), proc, proc.stderr)
    return seconds


def executable(option, value):
    path = Path(value).expanduser()
    if not path.exists():
        reason = "not found"
    elif not path.is_file():
        reason = "not a file"
    elif not os.access(path, os.X_OK):
        reason = "not executable"
    else:
        return str(path.resolve())
    sys.stderr.write("booksim_pairs.py: %s %s: %s\n" % (option, value, reason))
    sys.exit(2)


def positive(kind):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a number: %r" % text)
        if value <= 0:
            raise argparse.ArgumentTypeError("must be above 0: %r" % text)
        return value
    return parse


def main():
    ap = argparse.ArgumentParser(description="BookSim2 / drbsim wall-time pairs.")
    ap.add_argument("--booksim", required=True, help="BookSim2 binary built by the user")
    ap.add_argument("--drbsim", default=str(REPO / "build" / "tb" / "drbsim"),
                    help="drbsim binary (default: build/tb/drbsim)")
    ap.add_argument("--pairs", type=positive(int), default=5,
                    help="paired runs per configuration (default: 5)")
    ap.add_argument("--only", nargs="+", choices=[c[0] for c in CONFIGS], metavar="NAME",
                    help="configurations to run (T1 T2 T3 F1)")
    ap.add_argument("--json", metavar="FILE", help="write every timing as JSON")
    # Multiplies every cycle count: --pairs 1 --scale 0.05 checks the whole script in seconds.
    ap.add_argument("--scale", type=positive(float), default=1.0, help=argparse.SUPPRESS)
    a = ap.parse_args()
    booksim = executable("--booksim", a.booksim)
    drbsim = executable("--drbsim", a.drbsim)
    if a.json:  # checked now: the file is written after minutes of runs
        target = Path(a.json)
        reason = ("its directory does not exist" if not target.resolve().parent.is_dir()
                  else "not a regular file" if target.exists() and not target.is_file()
                  else "not writable" if not os.access(target if target.exists() else target.resolve().parent,
                                                       os.W_OK)
                  else None)
        if reason:
            sys.stderr.write("booksim_pairs.py: --json %s: %s\n" % (a.json, reason))
            sys.exit(2)

    results = []
    with tempfile.TemporaryDirectory(prefix="booksim_pairs_") as tmp:
        for name, topology, k, flits, rate, cycles in CONFIGS:
            if a.only and name not in a.only:
                continue
            cycles = max(1, round(cycles * a.scale))
            cfg = Path(tmp) / ("%s.cfg" % name)
            cfg.write_text(booksim_config(topology, k, flits, rate, cycles))
            args = drbsim_args(topology, k, flits, rate, cycles)
            # The preset is BookSim2's torus router; drbsim refuses it on a fat-tree.
            preset = args + ["router.preset=booksim"] if topology == "torus" else None
            r = {"name": name, "cycles": cycles, "booksim_config": cfg.read_text(), "drbsim_args": args,
                 "preset_args": preset, "booksim_s": [], "drbsim_s": [], "preset_s": []}
            for i in range(a.pairs):
                # Interleaved, so a drift in machine load reaches both sides of a pair alike.
                r["booksim_s"].append(run_booksim(booksim, cfg, tmp, name))
                r["drbsim_s"].append(run_drbsim(drbsim, args, tmp, name))
                line = "[%s %d/%d] BookSim2 %.3f s  drbsim %.3f s" % (
                    name, i + 1, a.pairs, r["booksim_s"][-1], r["drbsim_s"][-1])
                if preset:
                    r["preset_s"].append(run_drbsim(drbsim, preset, tmp, name))
                    line += "  preset %.3f s" % r["preset_s"][-1]
                print(line, file=sys.stderr, flush=True)
            for side in ("booksim", "drbsim", "preset"):
                r[side + "_median"] = statistics.median(r[side + "_s"]) if r[side + "_s"] else None
            r["ratio"] = r["booksim_median"] / r["drbsim_median"]
            r["preset_ratio"] = r["booksim_median"] / r["preset_median"] if preset else None
            results.append(r)

    print("%-4s %7s %11s %9s %7s %9s %7s" % ("", "cycles", "BookSim2 s", "drbsim s", "ratio", "preset s",
                                             "ratio"))
    for r in results:
        tail = ("%9.3f %6.1fx" % (r["preset_median"], r["preset_ratio"]) if r["preset_args"]
                else "%9s %7s" % ("-", "-"))
        print("%-4s %7d %11.3f %9.3f %6.1fx %s" % (r["name"], r["cycles"], r["booksim_median"],
                                                   r["drbsim_median"], r["ratio"], tail))
    print("medians of %d pair(s); ratio = BookSim2 s / drbsim s (above 1: drbsim faster); "
          "preset = drbsim router.preset=booksim" % a.pairs)
    if a.json:
        Path(a.json).write_text(json.dumps({"booksim": booksim, "drbsim": drbsim, "pairs": a.pairs,
                                            "scale": a.scale, "host": platform.platform(),
                                            "cpus": os.cpu_count(), "configs": results}, indent=2) + "\n")


if __name__ == "__main__":
    main()
