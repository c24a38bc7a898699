# SPDX-License-Identifier: Apache-2.0
"""One drbsim run whose summary is kept as JSON next to the raw output (the experiments' --reuse and
--budget): a summary already on disk is returned as it is; past the deadline the run is not started."""
import argparse
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path


def run_env():
    """drbsim's environment: glibc's heap on transparent huge pages. A network of thousands of elements touches
    hundreds of MB each cycle and pays a TLB miss per element on 4 KiB pages (about 9% of a 4096-node run);
    results do not depend on it."""
    env = dict(os.environ)
    t = env.get("GLIBC_TUNABLES", "")
    if "glibc.malloc.hugetlb" not in t:
        env["GLIBC_TUNABLES"] = (t + ":" if t else "") + "glibc.malloc.hugetlb=1"
    return env


def duration(s):
    """A duration for a progress line: 40 s, 12 min, 3 h 05 min."""
    s = int(round(s))
    if s < 120:
        return f"{s} s"
    if s < 7200:
        return f"{s // 60} min"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class Progress:
    """A sweep's progress line, `[label] 23/102 (1532 s, about 1 h 50 min left)`. The time left is the wall time
    per run simulated in this call times the runs still to come: a run kept in the cache or not started (time
    budget) costs nothing and is left out of the rate. Runs of very different lengths make it rough, hence
    "about"."""

    def __init__(self, label, total):
        self.label, self.total, self.t0 = label, total, time.time()
        self.done = self.ran = 0

    def step(self, ran=True):
        self.done += 1
        self.ran += bool(ran)
        el = time.time() - self.t0
        left = self.total - self.done
        eta = f", about {duration(el / self.ran * left)} left" if self.ran and left else ""
        return f"[{self.label}] {self.done}/{self.total} ({el:.0f} s{eta})"


def simulated(r, kept):
    """Whether a run_cached summary came from a simulation in this call (not kept, not skipped by the budget)."""
    return not kept and not str(r.get("error", "")).startswith("not run")


def run_cached(drbsim, keys, raw, reuse, deadline, summarize):
    if reuse and raw.exists():
        return json.loads(raw.read_text())
    if deadline is not None and time.time() > deadline:
        return {"error": "not run (time budget)"}
    t0 = time.time()
    p = subprocess.run([drbsim] + keys + [f"out.json={raw}"], capture_output=True, text=True, env=run_env())
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
    ap.add_argument("--reuse", action="store_true", help="keep the runs already in the cache (--raw)")
    ap.add_argument("--budget", type=float, help="start no run after this many seconds")
    ap.add_argument("--out", default=str(results), help="results folder")
    ap.add_argument("--raw", help="the run cache: one summary per run (default: OUT/.cache, which git ignores)")
    add_slurm_args(ap)


_CACHE = []  # the running experiment's cache folder, set by start()


def cache_root(a):
    """Where a runner's cache lives: --raw, or .cache/ below the results folder (--out)."""
    return Path(a.raw) if a.raw else Path(a.out) / ".cache"


def cache_dir():
    """The run cache of the running experiment (start()): --raw, or .cache/ below the results folder."""
    return _CACHE[-1]


def slurm_format(name, pattern, forms):
    """An argparse type: the value must match Slurm's own format (it goes into an #SBATCH line)."""
    def check(v):
        if not re.fullmatch(pattern, v):
            raise argparse.ArgumentTypeError(f"{v!r} is not a Slurm {name} ({forms})")
        return v
    return check


# The formats drbsim accepts for the same options (tb/drbsim/slurm.cpp).
SLURM_TIME = r"[0-9]{1,7}(:[0-5]?[0-9]){0,2}|[0-9]{1,5}-[0-9]{1,2}(:[0-5]?[0-9]){0,2}"
SLURM_PARTITION = r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}(,[A-Za-z0-9_][A-Za-z0-9_.-]{0,63})*"


def add_slurm_args(ap):
    """--slurm and its options (docs/slurm.md)."""
    ap.add_argument("--slurm", action="store_true",
                    help="run as a Slurm job array and gather when it finishes; runs already summarised are kept")
    ap.add_argument("--slurm-partition", default="",
                    type=slurm_format("partition", f"|{SLURM_PARTITION}", "letters, digits, _ . -, comma-separated"))
    ap.add_argument("--slurm-time", default="1:00:00", help="per task",
                    type=slurm_format("time limit", SLURM_TIME, "minutes[:seconds], hours:minutes:seconds or "
                                      "days-hours[:minutes[:seconds]]"))
    ap.add_argument("--slurm-throttle", type=int, default=0, help="tasks running at once (0: no limit)")
    ap.add_argument("--slurm-poll", type=float, default=10, help="seconds between queue checks")


def run_slurm(a, jobs, tagfile, summarize, label):
    """The (tag, keys) jobs as one Slurm job array (docs/slurm.md): each task runs drbsim on an argument file
    (no shell between); the results are summarised into the cache like local runs. A job whose summary is
    already there is not submitted again, so a failed or cancelled array resumes."""
    todo = [(tag, keys) for tag, keys in jobs if not tagfile(tag).exists()]
    if todo:
        work = (tagfile(todo[0][0]).parent / "slurm").resolve()
        (work / "logs").mkdir(parents=True, exist_ok=True)
        for old in work.glob("task_*.json"):
            old.unlink()
        # Task i's arguments as a JSON array (any text stays one argument); no path goes into the script.
        for i, (tag, keys) in enumerate(todo):
            run = tagfile(tag).resolve().with_suffix(".run.json")
            (work / f"task_{i}.json").write_text(json.dumps(keys + [f"out.json={run}"]) + "\n")
        throttle = f"%{a.slurm_throttle}" if a.slurm_throttle > 0 else ""
        script = work / "array.sh"
        script.write_text("\n".join([
            "#!/bin/bash", f"#SBATCH --job-name={label}", f"#SBATCH --array=0-{len(todo) - 1}{throttle}",
            "#SBATCH --ntasks=1", "#SBATCH --cpus-per-task=1", f"#SBATCH --time={a.slurm_time}"]
            + ([f"#SBATCH --partition={a.slurm_partition}"] if a.slurm_partition else [])
            + ["#SBATCH --output=logs/%A_%a.out",
               "# Submitted from this folder with DRBSIM_EXE and DRBSIM_WORK in sbatch's environment.",
               'exec "$DRBSIM_EXE" --args-file "$DRBSIM_WORK/task_$SLURM_ARRAY_TASK_ID.json"']) + "\n")
        env = dict(os.environ, DRBSIM_EXE=str(Path(a.drbsim).resolve()), DRBSIM_WORK=str(work))
        p = subprocess.run(["sbatch", "--parsable", "--export=ALL", "array.sh"], capture_output=True, text=True,
                           cwd=work, env=env)
        if p.returncode:
            sys.exit(f"[{label}] sbatch failed: {p.stderr.strip() or p.returncode}")
        job = p.stdout.strip().split(";")[0]
        print(f"[{label}] slurm job {job}: {len(todo)} of {len(jobs)} runs", file=sys.stderr, flush=True)
        while True:
            done = sum(1 for tag, _ in todo if tagfile(tag).with_suffix(".run.json").exists())
            q = subprocess.run(["squeue", "-h", "-j", job, "-o", "%T"], capture_output=True, text=True)
            if done == len(todo) or q.returncode or not q.stdout.strip():
                break
            print(f"[{label}] slurm: {done}/{len(todo)} runs done", file=sys.stderr, flush=True)
            time.sleep(a.slurm_poll)
        for tag, _ in todo:  # summarise what came back, as run_cached does for a local run
            raw, run = tagfile(tag), tagfile(tag).with_suffix(".run.json")
            if run.exists():
                raw.write_text(json.dumps(summarize(json.loads(run.read_text())["runs"][0]["result"])))
                run.unlink()
    res = {tag: json.loads(tagfile(tag).read_text()) if tagfile(tag).exists() else {"error": "no result from Slurm"}
           for tag, _ in jobs}
    missing = [t for t, r in res.items() if "error" in r and r["error"] == "no result from Slurm"]
    if missing:
        sys.exit(f"[{label}] {len(missing)} runs left no result (logs in {tagfile(jobs[0][0]).parent / 'slurm' / 'logs'}); "
                 "run the same command again to submit only those")
    return res


def start(a):
    """Makes the output and cache folders (cache_dir()); returns (output folder, start time, deadline or None)."""
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    raw = cache_root(a)
    raw.mkdir(parents=True, exist_ok=True)
    _CACHE.append(raw)
    t0 = time.time()
    return out, t0, (t0 + a.budget if a.budget is not None else None)


def run_all(a, jobs, tagfile, summarize, deadline, label):
    """Runs the (tag, keys) jobs a.jobs at a time through the cache, printing progress; returns {tag: summary}."""
    if getattr(a, "slurm", False):
        return run_slurm(a, jobs, tagfile, summarize, label)
    res = {}
    kept = {tag: a.reuse and tagfile(tag).exists() for tag, _ in jobs}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = {tag: ex.submit(run_cached, a.drbsim, keys, tagfile(tag), a.reuse, deadline, summarize) for tag, keys in jobs}
        prog = Progress(label, len(futs))
        for tag, f in futs.items():
            res[tag] = f.result()
            print(f"{prog.step(simulated(res[tag], kept[tag]))} {tag}: {res[tag]}", file=sys.stderr, flush=True)
    return res


def run_experiment(doc, root, results, jobs, tagfile, summarize, write, label):
    """The whole of a simple runner: options, every job through the cache, results.json, write(res, out)."""

    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_run_args(ap, root, results)
    a = ap.parse_args()
    out, t0, deadline = start(a)
    res = run_all(a, jobs, tagfile, summarize, deadline, label)
    json.dump(res, open(out / "results.json", "w"), indent=1, sort_keys=True)
    write(res, out)
    print(f"[{label}] {len(res)} runs in {time.time() - t0:.0f} s", file=sys.stderr)
