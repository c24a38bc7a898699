"""One drbsim run whose summary is kept as JSON next to the raw output (the experiments' --reuse and
--budget): a summary already on disk is returned as it is; past the deadline the run is not started."""
import argparse
import concurrent.futures as cf
import json
import subprocess
import sys
import time
from pathlib import Path


def run_cached(drbsim, keys, raw, reuse, deadline, summarize):
    if reuse and raw.exists():
        return json.loads(raw.read_text())
    if deadline is not None and time.time() > deadline:
        return {"error": "not run (time budget)"}
    t0 = time.time()
    p = subprocess.run([drbsim] + keys + [f"out.json={raw}"], capture_output=True, text=True)
    if p.returncode != 0:
        r = {"error": (p.stderr.strip().splitlines() or [str(p.returncode)])[-1]}
        raw.write_text(json.dumps(r))
        return r
    out = summarize(json.loads(raw.read_text())["runs"][0]["result"])
    out["wall_s"] = time.time() - t0
    raw.write_text(json.dumps(out))
    return out


def add_run_args(ap, root, results):
    """The options every experiment runner takes: the drbsim binary, parallel runs, reuse, budget, output."""
    ap.add_argument("--drbsim", default=str(root / "build" / "tb" / "drbsim"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--budget", type=float, help="start no run after this many seconds")
    ap.add_argument("--out", default=str(results))


def start(a, raw):
    """Makes the output and raw folders; returns (output folder, start time, deadline or None)."""
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    raw.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    return out, t0, (t0 + a.budget if a.budget is not None else None)


def run_all(a, jobs, tagfile, summarize, deadline, label):
    """Runs the (tag, keys) jobs a.jobs at a time through the cache, printing progress; returns {tag: summary}."""
    res = {}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = {tag: ex.submit(run_cached, a.drbsim, keys, tagfile(tag), a.reuse, deadline, summarize) for tag, keys in jobs}
        for i, (tag, f) in enumerate(futs.items()):
            res[tag] = f.result()
            print(f"[{label}] {i + 1}/{len(futs)} {tag}: {res[tag]}", file=sys.stderr, flush=True)
    return res


def run_experiment(doc, root, results, raw, jobs, tagfile, summarize, write, label):
    """The whole of a simple runner: options, every job through the cache, results.json, write(res, out)."""

    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_run_args(ap, root, results)
    a = ap.parse_args()
    out, t0, deadline = start(a, raw)
    res = run_all(a, jobs, tagfile, summarize, deadline, label)
    json.dump(res, open(out / "results.json", "w"), indent=1, sort_keys=True)
    write(res, out)
    print(f"[{label}] {len(res)} runs in {time.time() - t0:.0f} s", file=sys.stderr)
