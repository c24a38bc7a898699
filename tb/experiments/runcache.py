"""One drbsim run whose summary is kept as JSON next to the raw output (the experiments' --reuse and
--budget): a summary already on disk is returned as it is; past the deadline the run is not started."""
import json
import subprocess
import time


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
