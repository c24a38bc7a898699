# SPDX-License-Identifier: Apache-2.0
"""run_experiments.py --cases: a thesis-scale experiment run network by network in sittings. First the merge
on hand-made results (the values are arbitrary labels, followed through), then two real sittings of the
systematic study at a tiny scale: the first sitting's points survive the second unchanged, the points follow
the experiment's case order, and what is still to run is named in results.json and tables.md. Then a whole
experiment completed from a cache says for which runs its wall time counts, also when regenerated. Last, the
VC control's series."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

src, drbsim, tmp = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]) / "experiment_cases"
sys.path.insert(0, str(src / "tb" / "experiments"))
from aggregate import merge_cases  # noqa: E402

shutil.rmtree(tmp, ignore_errors=True)

ORDER = ["A", "B", "C"]
timing = dict(wall_seconds=10.0, run_seconds=20.0, runs=4, cached=0, failed=0)
prev = dict(experiment="x", seeds=5, scale=dict(name="full", jobs=1), drbsim_sha256="old", timing=timing,
            points=[dict(case="A", v=1, seeds=5), dict(case="B", v=2, seeds=5)],
            sittings=[dict(cases=["A", "B"], jobs=1, drbsim_sha256="old", **timing)])
new = dict(experiment="x", seeds=5, scale=dict(name="full", jobs=2), drbsim_sha256="new",
           timing=dict(wall_seconds=1.5, run_seconds=3.0, runs=2, cached=1, failed=0),
           points=[dict(case="C", v=4, seeds=5), dict(case="B", v=3, seeds=5)])
m = merge_cases(prev, new, ["B", "C"], ORDER)
assert [(p["case"], p["v"]) for p in m["points"]] == [("A", 1), ("B", 3), ("C", 4)], m["points"]
assert [(s["cases"], s["drbsim_sha256"], s["jobs"]) for s in m["sittings"]] == \
    [(["A"], "old", 1), (["B", "C"], "new", 2)], m["sittings"]
assert m["timing"] == dict(wall_seconds=11.5, run_seconds=23.0, runs=6, cached=1, failed=0), m["timing"]
assert m["missing_cases"] == [] and m["drbsim_sha256"] == "new", m
# Results written by one whole run (no sittings) count as one sitting of the cases they hold.
whole = {k: v for k, v in prev.items() if k != "sittings"}
m = merge_cases(whole, {**new, "points": [dict(case="C", v=4, seeds=5)]}, ["C"], ORDER)
assert [(s["cases"], s["runs"]) for s in m["sittings"]] == [(["A", "B"], 4), (["C"], 2)], m["sittings"]
assert [(p["case"], p["v"]) for p in m["points"]] == [("A", 1), ("B", 2), ("C", 4)], m["points"]
first = merge_cases(None, new, ["C", "B"], ORDER)
assert first["missing_cases"] == ["A"] and [s["cases"] for s in first["sittings"]] == [["B", "C"]], first

# Two sittings of the real runner, 300 measured packets and one seed per point.
run = [sys.executable, str(src / "tb" / "experiments" / "run_experiments.py"), "systematic", "--full",
       "--packets", "300", "--seeds", "1", "--jobs", "2", "--drbsim", drbsim, "--out", str(tmp)]
res = tmp / "systematic" / "results.json"
bad = subprocess.run(run + ["--cases", "torus 5x5"], capture_output=True, text=True)
assert bad.returncode == 2 and "--cases: no case 'torus 5x5'" in bad.stderr and not res.exists(), bad.stderr
subprocess.run(run + ["--cases", "hypercube 4D"], check=True, capture_output=True)
one = json.loads(res.read_text())
assert {p["case"] for p in one["points"]} == {"hypercube 4D"} and len(one["points"]) == 4 * 3 * 12, one["points"][0]
assert one["missing_cases"] == ["torus 4x4", "torus 8x8", "hypercube 6D"], one["missing_cases"]
subprocess.run(run + ["--cases", "torus 4x4"], check=True, capture_output=True)
two = json.loads(res.read_text())
assert [p for p in two["points"] if p["case"] == "hypercube 4D"] == one["points"]
cases = [p["case"] for p in two["points"]]
assert cases == ["torus 4x4"] * 144 + ["hypercube 4D"] * 144, cases[:3]
assert two["missing_cases"] == ["torus 8x8", "hypercube 6D"] and two["timing"]["runs"] == 288, two["timing"]
table = (tmp / "systematic" / "tables.md").read_text()
assert "**Partial:** torus 8x8, hypercube 6D still to run" in table, table[:1200]
wrong = subprocess.run(run[:3] + run[4:] + ["--cases", "torus 8x8"], capture_output=True, text=True)
assert wrong.returncode == 2 and "holds the full scale, this run is reduced" in wrong.stderr, wrong.stderr
# A whole experiment, then 5 of its raw runs lost and run again with --reuse (one job): the wall time is the
# second sitting's, for those 5 runs; regenerating from the complete cache with two jobs keeps that line.
whole = [sys.executable, str(src / "tb" / "experiments" / "run_experiments.py"), "vc_split", "--packets", "300",
         "--seeds", "1", "--drbsim", drbsim, "--out", str(tmp), "--reuse"]
subprocess.run(whole + ["--jobs", "2"], check=True, capture_output=True)
for f in sorted((tmp / ".cache" / "vc_split").rglob("*.json"))[:5]:
    f.unlink()
line = "36 runs, wall time {} s with 1 job for the 5 runs not in the cache"
for jobs in ("1", "2"):
    subprocess.run(whole + ["--jobs", jobs], check=True, capture_output=True)
    doc = json.loads((tmp / "vc_split" / "results.json").read_text())
    text = (tmp / "vc_split" / "tables.md").read_text()
    assert line.format(round(doc["timing"]["wall_seconds"])) in text, text[:400]
# The VC control (docs/results, section 12): per network, pattern and load three series that differ only in
# method and VC count, each run given its count; experiments that do not set the count name no point by it.
import run_experiments as rx  # noqa: E402
import tables  # noqa: E402


class Quick:
    seeds, packets, cases = 1, 300, None


runs = rx.expand(rx.EXPERIMENTS["vc_control"], "reduced", Quick)
group = [r for r in runs
         if (r["ident"]["case"], r["ident"]["pattern"], r["ident"]["interval"]) == ("torus 4x4", "transpose", 20.0)]
assert [(r["ident"]["method"], r["ident"]["vcs"]) for r in group] == [("dor", 8), ("dor", 4), ("drb", 8)], group
assert all(f"router.vcs={r['ident']['vcs']}" in r["argv"] for r in group), [r["argv"] for r in group]
labels = list(tables.groups({"points": [r["ident"] for r in group]}).values())[0]
assert list(labels) == ["static, 8 VCs", "static, 4 VCs", "DRB, 8 VCs"], labels
assert all("vcs" not in p for p in two["points"]), two["points"][0]
# and the thesis' own hot spot (section 3) with its file's channels and MSP table, the same three series
thesis = [r for r in runs if r["ident"]["case"] == "torus 8x8, thesis C1-C6" and r["ident"]["interval"] == 10.0]
assert [(r["ident"]["method"], r["ident"]["vcs"]) for r in thesis] == [("dor", 8), ("dor", 4), ("drb", 8)], thesis
assert all(r["argv"][0].endswith("hotspot_8x8.yaml") for r in thesis), [r["argv"] for r in thesis]
print("merge, two sittings and the VC control's series as expected")
