#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Self-test of the synthesis regression guard and report parsing (no synthesis tools needed)."""
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import synth_report  # noqa: E402


def run_check(base, res, tol="0.10"):
    with tempfile.TemporaryDirectory() as d:
        b, r = Path(d, "b.json"), Path(d, "r.json")
        b.write_text(json.dumps(base))
        r.write_text(json.dumps(res))
        p = subprocess.run([sys.executable, str(HERE / "synth_report.py"), "check", "--baseline", str(b),
                            "--results", str(r), "--tolerance", tol], capture_output=True, text=True)
        return p.returncode, p.stdout


BASE = {"_policy": "text", "blk": {"generic_cells": 100, "generic_depth": 20, "osu018_nand2_eq": 50.0,
                                  "osu018_period_ns": 1.0, "ice40_luts": 10}}


class Guard(unittest.TestCase):
    def result(self, **over):
        r = dict(BASE["blk"])
        r.update(over)
        return {"blk": r}

    def test_equal_passes(self):
        self.assertEqual(run_check(BASE, self.result())[0], 0)

    def test_growth_at_the_limit_passes(self):
        self.assertEqual(run_check(BASE, self.result(generic_cells=110, osu018_period_ns=1.1))[0], 0)

    def test_each_guarded_metric_fails_past_the_limit(self):
        for k, v in [("generic_cells", 111), ("generic_depth", 23), ("osu018_nand2_eq", 55.1),
                     ("osu018_period_ns", 1.11), ("ice40_luts", 12)]:
            rc, out = run_check(BASE, self.result(**{k: v}))
            self.assertEqual(rc, 1, k)
            self.assertIn("FAIL: blk", out)

    def test_shrinking_at_the_limit_passes(self):
        self.assertEqual(run_check(BASE, self.result(generic_cells=90, osu018_period_ns=0.9))[0], 0)

    def test_each_guarded_metric_fails_past_the_limit_below(self):
        # A baseline that describes a bigger design than the one built is stale: it fails, naming the metric.
        for k, v in [("generic_cells", 89), ("generic_depth", 17), ("osu018_nand2_eq", 44.9),
                     ("osu018_period_ns", 0.89), ("ice40_luts", 8)]:
            rc, out = run_check(BASE, self.result(**{k: v}))
            self.assertEqual(rc, 1, k)
            self.assertIn("stale baseline", out)

    def test_block_without_baseline_fails(self):
        rc, out = run_check(BASE, {**self.result(), "new": dict(BASE["blk"])})
        self.assertEqual(rc, 1)
        self.assertIn("new: not in the baseline", out)

    def test_unmeasured_guarded_metric_fails(self):
        # A row mapped without iCE40 (flow.sh ICE40=0) against a baseline that has its LUTs.
        rc, out = run_check(BASE, self.result(ice40_luts=None))
        self.assertEqual(rc, 1)
        self.assertIn("iCE40 LUT4s not measured", out)

    def test_unmapped_metric_outside_the_baseline_passes(self):
        base = {"blk": {k: v for k, v in BASE["blk"].items() if k != "ice40_luts"}}
        self.assertEqual(run_check(base, self.result(ice40_luts=None))[0], 0)

    def test_missing_block_fails(self):
        self.assertEqual(run_check(BASE, {})[0], 1)


class Parsing(unittest.TestCase):
    LIB = """library (x) {
  cell (NAND2X1) { area : 24; pin (Y) { function : "(!(A B))"; } }
  cell (DFFPOSX1) { area : 96; ff (DS0000,P0000) { next_state : "D"; } }
  cell (INVX1) { area : 16; }
}"""

    def test_liberty(self):
        self.assertEqual(synth_report.liberty_areas(self.LIB), {"NAND2X1": 24.0, "DFFPOSX1": 96.0, "INVX1": 16.0})
        self.assertEqual(synth_report.liberty_sequential(self.LIB), {"DFFPOSX1"})

    def test_cell_counts(self):
        stat = "   Number of cells:                 39\n     $_ANDNOT_                      31\n     $_DFF_P_   8\n"
        self.assertEqual(synth_report.cell_counts(stat), {"$_ANDNOT_": 31, "$_DFF_P_": 8})


if __name__ == "__main__":
    unittest.main()
