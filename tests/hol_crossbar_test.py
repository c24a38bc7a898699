# SPDX-License-Identifier: Apache-2.0
"""tb/experiments/hol_crossbar.py, the head-of-line model docs/results/hybrid compares the crossbar grid with,
gives the published saturation throughputs of a FIFO input-queued crossbar under uniform traffic (Karol,
Hluchyj and Morgan, 1987: 0.7500 for 2 ports, 0.6553 for 4, 0.6184 for 8), and refuses a bad value with one
error line and exit 2."""
import subprocess
import sys
from pathlib import Path

script = Path(sys.argv[1]) / "tb" / "experiments" / "hol_crossbar.py"
p = subprocess.run([sys.executable, str(script), "--ports", "2", "4", "8", "--cells", "400000"], capture_output=True,
                   text=True, check=True)
got = {int(line.split()[0]): float(line.split()[-1]) for line in p.stdout.splitlines()}
for ports, published in {2: 0.7500, 4: 0.6553, 8: 0.6184}.items():
    # 400,000 input-cycles: the standard error is about 0.001; 0.006 is a wide margin, and 2 ports (0.75)
    # against 8 (0.618) still differ by twenty margins.
    assert abs(got[ports] - published) < 0.006, (ports, got[ports], published)
bad = subprocess.run([sys.executable, str(script), "--ports", "0"], capture_output=True, text=True)
assert bad.returncode == 2 and not bad.stdout, (bad.returncode, bad.stdout)
assert bad.stderr.splitlines()[-1] == "hol_crossbar.py: error: argument --ports: 0 is outside [1, 4096]", bad.stderr
print("ok", got)
