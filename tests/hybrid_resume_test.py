# SPDX-License-Identifier: Apache-2.0
"""hybrid.py --reuse resumes from the committed results.json when the run cache is gone: every run whose
summary is there is kept as it is (made-up summaries survive unchanged, so none was simulated again), and only
the run the results lack is simulated (its accepted load is the offered 0.05, as below saturation it must)."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

src, drbsim, tmp = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]) / "hybrid_resume"
shutil.rmtree(tmp, ignore_errors=True)
run = [sys.executable, str(src / "tb" / "experiments" / "hybrid.py"), "--sets", "16", "--drbsim", drbsim,
       "--jobs", "2", "--out", str(tmp)]
# Every run of the set named in results.json, none simulated (a budget of 0 starts none).
subprocess.run(run + ["--budget", "0", "--raw", str(tmp / "cache0")], check=True, capture_output=True)
doc = json.loads((tmp / "results.json").read_text())
tags = [t for t in doc["results"] if t.startswith("16|")]
assert len(tags) > 100 and all("not run" in doc["results"][t]["error"] for t in tags), len(tags)
missing = "16|torus 4x4|det|uniform|0.05"
assert missing in tags
made_up = {t: {"accepted": 0.4242, "latency": 42.0 + i, "offered": 0.5, "wall_s": 0.0} for i, t in enumerate(tags)}
del made_up[missing]
doc["results"].update(made_up)
(tmp / "results.json").write_text(json.dumps(doc))
# A new cache: only results.json remembers the runs.
p = subprocess.run(run + ["--reuse", "--raw", str(tmp / "cache1")], capture_output=True, text=True)
assert p.returncode == 0, p.stderr[-2000:]
res = json.loads((tmp / "results.json").read_text())["results"]
changed = [t for t in made_up if res[t] != made_up[t]]
assert not changed, (len(changed), changed[:3])
assert abs(res[missing]["accepted"] - 0.05) < 0.005 and res[missing]["wall_s"] > 0, res[missing]
print(f"{len(made_up)} committed runs kept, the missing one simulated: {res[missing]}")
