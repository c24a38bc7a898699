#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# docs/tutorial.md's `sh` blocks, in order, in a scratch folder that sees the build as build/ and the sources'
# tb/ and examples/ as the repository's top folder would: every command a newcomer copies must run.
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$build" "$tmp/build"
ln -s "$src/tb" "$tmp/tb"
ln -s "$src/examples" "$tmp/examples"
/usr/bin/python3 - "$src/docs/tutorial.md" "$tmp/tutorial.sh" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"^```sh\n(.*?)^```", text, flags=re.S | re.M)
assert len(blocks) >= 8, len(blocks)
open(sys.argv[2], "w").write("set -euo pipefail\n" + "\n".join(blocks))
PY
cd "$tmp"
out=$(bash tutorial.sh 2>&1) || { echo "$out"; echo "a tutorial command failed"; exit 1; }
# What the text says the commands show.
echo "$out" | grep -q "drbsim: error: traffic.rat" || { echo "$out"; echo "no error line for the mistyped key"; exit 1; }
echo "$out" | grep -q "out.runs: 8 of 10 runs taken" || { echo "$out"; echo "the resumed sweep did not reuse 8 runs"; exit 1; }
echo "$out" | grep -q "^moved (exit 1)" || { echo "$out"; echo "compare did not report the deeper buffers"; exit 1; }
/usr/bin/python3 -c "
import json, sys
runs = json.load(open('my/hot.json'))['runs']
assert runs[1]['swept']['routing.algorithm'] == 'drb' and runs[1]['result']['drb']['resizes'] > 0, 'DRB did not widen'
" || { echo "the hot spot section's DRB run shows no metapath resize"; exit 1; }
grep -q '^route ' my/mesh.net || { echo "$out"; echo "the mesh's network file has no route table"; exit 1; }
for f in my/sweep.png my/sweep.csv my/sweep.json my/mesh.dot my/mesh.png my/mesh.net my/w.vcd my/p.txt; do
  [ -s "$f" ] || { echo "$out"; echo "no $f"; exit 1; }
done
echo "every tutorial command ran"
