#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Idle elements cost nothing, busy ones cost per flit (ctest -L perf): the fabric's activity sets checked
with instruction counts, which repeat to well under 0.1 % (tb/bench/perf_guard.py says why wall time cannot).

- Idle: one flow (node 0 to node 2, a 1-flit message every 20 cycles) on a 4x4 and on a 64x64 torus. The
  instructions per simulated cycle differ only by what the 4,080 extra idle routers and NIs cost, which must
  stay under --idle instructions per idle element and cycle (default 2): a bit in a 64-bit activity word
  costs a fraction of one, while stepping an element, even one that returns at once, costs a call, a load
  and a branch or more.
- Busy: instructions per flit-hop on a 16x16 torus (drb_bench B3 at 0.01 offered flits per node and cycle)
  with 2 and with 8 VCs per port, the same flits. They must agree within --busy (default 10 %): the stages
  scan only the VCs in their state, so a busy router's cycle costs per flit, not per VC it has (measured
  +1.6 %; a step that visited every VC of every port measured +25 %).

Each figure is a difference of two runs, 2,000 and 4,000 measured cycles, so that building the fabric and
the drain cancel out.

    tb/bench/scaling_guard.py --bench build/tb/drb_bench
"""
import argparse
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from perf_guard import die, measure  # noqa: E402

FLOW = ["traffic.pattern=channels", "traffic.channels=0>2@20"]


def window(valgrind, bench, config, warmup, keys):
    """Instructions and flit-hops of the 2,000 cycles a 4,000-cycle run of drb_bench's configuration has
    beyond a 2,000-cycle one."""
    runs = [measure(valgrind, bench, {"name": config, "bench": config, "warmup": warmup, "cycles": c, "keys": keys})
            for c in (2000, 4000)]
    return runs[1]["instructions"] - runs[0]["instructions"], runs[1]["flit_hops"] - runs[0]["flit_hops"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", required=True, help="path of the drb_bench binary")
    ap.add_argument("--idle", type=float, default=2.0,
                    help="largest cost of an idle element, instructions per cycle (default 2)")
    ap.add_argument("--busy", type=float, default=0.10,
                    help="largest difference of the instructions per flit-hop with 2 and 8 VCs (default 0.10)")
    a = ap.parse_args()
    bench = Path(a.bench)
    if not bench.is_file() or not os.access(bench, os.X_OK):
        die("--bench %s: not an executable file" % a.bench)
    if not 0 < a.idle < 1000:
        die("--idle %g: a number of instructions above 0 and below 1000 expected" % a.idle)
    if not 0 < a.busy < 1:
        die("--busy %g: a fraction between 0 and 1 expected" % a.busy)
    valgrind = shutil.which("valgrind")
    if not valgrind:
        die("valgrind: not installed (Debian package valgrind; ./drb test installs it)")
    per_cycle = {}
    for k in (4, 64):
        ins, _ = window(valgrind, str(bench), "B1", 0, FLOW + ["topology.k=%d" % k])
        per_cycle[k] = ins / 2000
        print("one flow, %2dx%-2d torus: %8.1f instructions per cycle" % (k, k, per_cycle[k]), flush=True)
    idle = (per_cycle[64] - per_cycle[4]) / (64 * 64 - 4 * 4)
    per_hop = {}
    for vcs in (2, 8):
        ins, hops = window(valgrind, str(bench), "B3", 1000, ["traffic.rate=0.01", "router.vcs=%d" % vcs])
        per_hop[vcs] = ins / hops
        print("16x16 torus, %d VCs:       %8.1f instructions per flit-hop (%d flit-hops)" % (vcs, per_hop[vcs], hops),
              flush=True)
    busy = per_hop[8] / per_hop[2] - 1
    checks = [("an idle element costs %.2f instructions per cycle (at most %g)" % (idle, a.idle), idle <= a.idle),
              ("per flit-hop, 8 VCs against 2: %+.1f %% (within %g %%)" % (100 * busy, 100 * a.busy),
               abs(busy) <= a.busy)]
    for what, ok in checks:
        print("%-66s %s" % (what, "ok" if ok else "FAILED"))
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
