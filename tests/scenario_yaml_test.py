# SPDX-License-Identifier: Apache-2.0
"""The experiment runners' scenario reader (tb/experiments/scenario_yaml.py): every scenario file loads, and
ch4_hotspot_8x8.yaml gives the keys and sweep lists read off the file by hand, each value the file's text."""
import sys
from pathlib import Path

src = Path(sys.argv[1])
sys.path.insert(0, str(src / "tb" / "experiments"))
from scenario_yaml import load_scenario  # noqa: E402

files = sorted((src / "tb" / "scenarios").glob("*.yaml"))
assert len(files) >= 10, files
for f in files:
    base, sweep = load_scenario(f)
    assert base and all(isinstance(v, str) for v in base.values()), f
    assert all(isinstance(v, list) and v for v in sweep.values()), f

base, sweep = load_scenario(src / "tb" / "scenarios" / "ch4_hotspot_8x8.yaml")
want = {"topology.kind": "torus", "topology.k": "8", "topology.n": "2", "routing.tie": "positive",
        "routing.vc_classes": "dateline", "router.vcs": "8", "router.buffer": "4", "traffic.pattern": "channels",
        "traffic.injection": "exponential", "traffic.length": "10", "traffic.interval": "100",
        "traffic.channels": "25>58,19>50,8>42,4>34,16>33,20>35", "traffic.source_queue": "16",
        "drb.supernode": "table", "drb.table": "25>58=1|57; 19>50=51|59; 8>42=40|48; 4>34=36|44",
        "sim.warmup": "10000", "sim.measure": "100000", "stats.per_pair": "true", "stats.links": "false"}
assert base == want, {k: (base.get(k), want.get(k)) for k in set(base) | set(want) if base.get(k) != want.get(k)}
assert sweep == {"routing.algorithm": ["dor", "drb"],
                 "traffic.interval": ["10", "25", "50", "100", "150", "200", "250", "500", "1000"]}, sweep

# Scalars keep their text (0.10 is not 0.1, true is not True); a sweep value that is no list is refused.
tmp = Path(sys.argv[2]) / "t.yaml"
tmp.write_text("traffic: {rate: 0.10, pattern: uniform}\nstats:\n  per_pair: true\nsweep:\n  traffic.rate: [0.05, 1e-1]\n")
assert load_scenario(tmp) == ({"traffic.rate": "0.10", "traffic.pattern": "uniform", "stats.per_pair": "true"},
                              {"traffic.rate": ["0.05", "1e-1"]}), load_scenario(tmp)
tmp.write_text("sweep:\n  traffic.rate: 0.1\n")
try:
    load_scenario(tmp)
    raise SystemExit("a sweep value that is no list was accepted")
except ValueError as e:
    assert "sweep.traffic.rate must be a list" in str(e), e
print(f"{len(files)} scenario files read; ch4_hotspot_8x8.yaml as written")
