#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The speed regression guard (ctest -L perf): instructions per flit-hop of scaled-down drb_bench runs.

Wall time on a shared or virtual machine moves by 10-30% from run to run; the instruction count of a run
with a fixed seed moves by well under 0.1%, so a +3% budget catches a real drift that a timed test would
drown in noise. Each entry of the baseline file runs `drb_bench NAME --warmup W --cycles C KEY=VALUE ...`
under valgrind's instruction counter (cachegrind without its cache model) and divides the simulating child
process' instructions by the run's flit-hops. The guard fails when one entry is more than --budget above its
baseline, and says so when one is more than that below (then the baseline is stale: re-record it).

    tb/bench/perf_guard.py --bench build/tb/drb_bench                 # compare with tb/bench/perf_baseline.json
    tb/bench/perf_guard.py --bench build/tb/drb_bench --record        # measure and rewrite the baseline
    tb/bench/perf_guard.py --bench build/tb/drb_bench --self-test     # the guard's own check (seconds)

The counts belong to one compiler and library set (Debian 12's, as CI): change the baseline only in a commit
of its own that says why (a compiler update, a measured optimisation, a feature that costs what it costs).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def die(msg, code=2):
    print(Path(sys.argv[0]).name + ": " + msg, file=sys.stderr)  # also scaling_guard.py's, which imports it
    sys.exit(code)


def instructions(cg_file):
    """Total instructions of one cachegrind output file (its `summary:` line)."""
    for line in cg_file.read_text().splitlines():
        if line.startswith("summary:"):
            return int(line.split()[1])
    die("%s: no summary line (valgrind output cut short?)" % cg_file, 1)


def measure(valgrind, bench, entry):
    """Instructions per flit-hop of one entry, and the figures it comes from."""
    with tempfile.TemporaryDirectory(prefix="drb-perf-") as tmp:
        out = Path(tmp) / "cg.%p"
        cmd = [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=%s" % out,
               bench, entry["bench"], "--warmup", str(entry["warmup"]), "--cycles", str(entry["cycles"])]
        cmd += entry.get("keys", [])
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        stdout, stderr = p.communicate()
        lines = [l for l in stdout.splitlines() if l.startswith("{")]
        if p.returncode != 0 or len(lines) != 1:
            die("%s: drb_bench failed (exit %d):\n%s" % (entry["name"], p.returncode, stderr[-2000:]), 1)
        r = json.loads(lines[0])
        if "error" in r or not r.get("flit_hops"):
            die("%s: no flit-hops measured: %s" % (entry["name"], lines[0]), 1)
        # drb_bench simulates in a forked child: its file is the one not named after the parent's pid
        # (valgrind runs the program in the process it was started as).
        files = [f for f in Path(tmp).iterdir() if f.name != "cg.%d" % p.pid]
        if len(files) != 1:
            die("%s: expected one child profile, found %d" % (entry["name"], len(files)), 1)
        ins = instructions(files[0])
        return {"instructions": ins, "flit_hops": r["flit_hops"], "per_flit_hop": ins / r["flit_hops"]}


def verdict(change, budget):
    """For a relative change against the baseline: 'slower' above the budget, 'stale' more than the budget
    below, '' within it."""
    return "slower" if change > budget else "stale" if change < -budget else ""


def self_test(valgrind, bench, budget):
    """The guard's premises: the count repeats, and a rise past the budget fails while one within passes."""
    e = {"name": "self-test", "bench": "B1", "warmup": 200, "cycles": 2000}
    a, b = measure(valgrind, bench, e), measure(valgrind, bench, e)
    spread = abs(a["instructions"] / b["instructions"] - 1)
    checks = [("the count repeats (spread %.5f%%)" % (100 * spread), spread < 0.001),
              ("+%.1f%% fails" % (100 * 1.5 * budget), verdict(1.5 * budget, budget) == "slower"),
              ("+%.1f%% passes" % (100 * 0.5 * budget), verdict(0.5 * budget, budget) == ""),
              ("-%.1f%% says stale" % (100 * 1.5 * budget), verdict(-1.5 * budget, budget) == "stale")]
    for what, ok in checks:
        print("%-40s %s" % (what, "ok" if ok else "FAILED"))
    return 0 if all(ok for _, ok in checks) else 1


def load_baseline(path, record):
    """The baseline file, checked before anything runs: a readable regular file (a FIFO would block the
    read), writable when --record rewrites it, each entry naming a drb_bench configuration and its window."""
    f = Path(path)
    if not f.is_file():
        die("--baseline %s: %s" % (path, "not found" if not f.exists() else "not a regular file"))
    if record and not os.access(f, os.W_OK):
        die("--baseline %s: not writable (--record rewrites it)" % path)
    try:
        base = json.loads(f.read_text())
    except (OSError, ValueError) as e:
        die("--baseline %s: %s" % (path, e))
    entries = base.get("entries") if isinstance(base, dict) else None
    if not isinstance(entries, list) or not entries:
        die("--baseline %s: an object with a non-empty list \"entries\" expected" % path)
    for e in entries:
        ok = (isinstance(e, dict) and isinstance(e.get("name"), str) and isinstance(e.get("bench"), str)
              and all(isinstance(e.get(k), int) and 0 <= e[k] <= 100000000 for k in ("warmup", "cycles"))
              and all(isinstance(k, str) for k in e.get("keys", []))
              and isinstance(e.get("per_flit_hop", 0), (int, float)))
        if not ok:
            die("--baseline %s: entry %s: name, bench, warmup and cycles (0..100000000), optional keys "
                "(strings) and per_flit_hop (a number) expected" % (path, json.dumps(e)[:80]))
    return base


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", required=True, help="path of the drb_bench binary")
    ap.add_argument("--baseline", default=str(HERE / "perf_baseline.json"), help="the baseline file")
    ap.add_argument("--budget", type=float, default=0.03, help="largest allowed rise (0.03 = +3%%)")
    ap.add_argument("--only", nargs="*", help="entries to run (default: all)")
    ap.add_argument("--record", action="store_true", help="measure and rewrite the baseline's figures")
    ap.add_argument("--self-test", action="store_true", help="check the guard itself on a short run")
    a = ap.parse_args()
    bench = Path(a.bench)
    if not bench.is_file() or not os.access(bench, os.X_OK):
        die("--bench %s: not an executable file" % a.bench)
    if not 0 < a.budget < 1:
        die("--budget %g: a fraction between 0 and 1 expected" % a.budget)
    valgrind = shutil.which("valgrind")
    if not valgrind:
        die("valgrind: not installed (Debian package valgrind; ./drb test installs it)")
    if a.self_test:
        return self_test(valgrind, str(bench), a.budget)
    base = load_baseline(a.baseline, a.record)
    entries = base["entries"]
    names = [e["name"] for e in entries]
    for n in a.only or []:
        if n not in names:
            die("--only %s: no such entry (%s)" % (n, ", ".join(names)))
    failed = stale = 0
    print("%-10s %14s %12s %10s %10s %8s" % ("entry", "instructions", "flit-hops", "per hop", "baseline", "change"))
    for e in entries:
        if a.only and e["name"] not in a.only:
            continue
        m = measure(valgrind, str(bench), e)
        ref = e.get("per_flit_hop")
        change = m["per_flit_hop"] / ref - 1 if ref else 0.0
        v = verdict(change, a.budget)
        failed += v == "slower"
        stale += v == "stale"
        note = {"slower": "  SLOWER than the budget", "stale": "  faster: re-record the baseline", "": ""}[v]
        print("%-10s %14d %12d %10.1f %10.1f %+7.2f%%%s" % (e["name"], m["instructions"], m["flit_hops"],
              m["per_flit_hop"], ref or 0, 100 * change, note), flush=True)
        if a.record:
            e["per_flit_hop"] = round(m["per_flit_hop"], 2)
    if a.record:
        Path(a.baseline).write_text(json.dumps(base, indent=2) + "\n")
        print("recorded in %s: commit it on its own, saying why" % a.baseline)
        return 0
    if failed:
        print("%d entr%s above the +%.0f%% budget" % (failed, "y" if failed == 1 else "ies", 100 * a.budget))
        return 1
    if stale:
        print("%d entr%s more than %.0f%% below the baseline" % (stale, "y" if stale == 1 else "ies", 100 * a.budget))
    return 0


if __name__ == "__main__":
    sys.exit(main())
