#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# examples/regression as a user runs it: record the golden files, then the suite passes under ctest with a
# JUnit report; a golden file whose latency is edited by 5 % fails its test, naming the run and the metric.
set -euo pipefail
drbsim=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake -S "$src/examples/regression" -B "$tmp/reg" -DDRBSIM="$drbsim" -DGOLDEN="$tmp/golden" -DUPDATE_GOLDEN=ON >/dev/null
ctest --test-dir "$tmp/reg" >/dev/null
[ "$(ls "$tmp/golden")" = "$(printf 'mesh_uniform.json\ntorus_bitrev_drb.json')" ] || { echo "golden files: $(ls "$tmp/golden")"; exit 1; }
cmake "$tmp/reg" -DUPDATE_GOLDEN=OFF >/dev/null
ctest --test-dir "$tmp/reg" --output-junit "$tmp/junit.xml" >/dev/null || { echo "the suite fails against its own goldens"; exit 1; }
grep -q 'tests="2"' "$tmp/junit.xml" && grep -q 'failures="0"' "$tmp/junit.xml" || { cat "$tmp/junit.xml"; exit 1; }
# The second run's mean latency in the mesh's golden file, 5 % higher: that test fails, the other passes.
/usr/bin/python3 - "$tmp/golden/mesh_uniform.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["runs"][1]["result"]["latency"]["mean"] *= 1.05
json.dump(d, open(sys.argv[1], "w"))
PY
set +e
out=$(ctest --test-dir "$tmp/reg" --output-on-failure --output-junit "$tmp/junit2.xml" 2>&1)
rc=$?
set -e
[ $rc -ne 0 ] || { echo "the edited golden file passed"; exit 1; }
echo "$out" | grep -q "run 2 (rate=0.2): latency.mean .* (-4.76 %, allowed 0 %)" || { echo "$out"; exit 1; }
echo "$out" | grep -q "regression.torus_bitrev_drb .*Passed" || { echo "$out"; exit 1; }
grep -q 'failures="1"' "$tmp/junit2.xml" || { cat "$tmp/junit2.xml"; exit 1; }
echo "recorded, passed, and caught a 5 % latency edit in run 2 of mesh_uniform"
