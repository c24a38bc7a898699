#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Installs the package into a temporary prefix, builds examples/vp and examples/handwired against it as an
# outside project would, and runs them: every initiator must have completed transfers with no byte wrong,
# every hand-wired node must have delivered. The installed headers are vp_fabric.h and the headers of
# models/ and systemc/ with their paths (what the face includes), nothing of the front end. The installed
# drbsim runs from a moved prefix and plots with the script installed beside it.
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
headers=$(cd "$tmp/prefix/include/drb" && find . -type f | sort)
expect=$( (echo ./vp_fabric.h; cd "$src" && find ./models ./systemc -name '*.h') | sort)
[ "$headers" = "$expect" ] || { echo "installed headers differ:"; diff <(echo "$expect") <(echo "$headers"); exit 1; }
cmake -S "$src/examples/vp" -B "$tmp/vp" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/vp" -j 2 >/dev/null
out=$("$tmp/vp/vp" 8000)
echo "$out"
for d in dma_0 dma_5 dma_10 dma_15; do
  echo "$out" | grep -Eq "^$d +[1-9][0-9]* +[0-9.]+ +[0-9.]+ +0$" || { echo "no clean line for $d"; exit 1; }
done
# The trace replay, loosely and approximately timed: every access of traces/cpus.trace answered OK.
for mode in "" "--at"; do
  rep=$("$tmp/vp/vp" 20000 --trace "$src/examples/vp/traces/cpus.trace" $mode)
  for c in cpu_1 cpu_6 cpu_11 cpu_12; do
    echo "$rep" | grep -Eq "^$c +40 +[0-9.]+ +[0-9.]+ +0$" || { echo "trace $mode: no clean line for $c"; echo "$rep"; exit 1; }
  done
done
# The decoupled timing mode from the package: every byte read back right.
dec=$("$tmp/vp/vp" 8000 --quantum 1000 tlm.decoupled=true)
for d in dma_0 dma_5 dma_10 dma_15; do
  echo "$dec" | grep -Eq "^$d +[1-9][0-9]* +[0-9.]+ +[0-9.]+ +0$" || { echo "decoupled: no clean line for $d"; echo "$dec"; exit 1; }
done
# The SystemC face from the package: the hand-wired mesh builds outside the tree and passes its own check.
cmake -S "$src/examples/handwired" -B "$tmp/hw" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/hw" -j 2 >/dev/null
(cd "$tmp/hw" && cmake -DEXE="$tmp/hw/handwired_mesh" -P "$src/examples/handwired/check.cmake")
# The package reports the version drbsim reports (both from CMake's project(VERSION)), as does its version file.
want=$("$build/tb/drbsim" --version | sed -n 's/^drbsim \([^ ]*\) .*/\1/p')
echo "$out" | grep -q "^drb $want: " || { echo "the example does not report drbsim's version $want"; exit 1; }
grep -q "PACKAGE_VERSION \"$want\"" "$(find "$tmp/prefix" -name drbConfigVersion.cmake)" ||
  { echo "drbConfigVersion.cmake is not $want"; exit 1; }
# A bad key is refused before anything is built (exit 2, the key named).
set +e
err=$("$tmp/vp/vp" 100 routing.algorithm=nope 2>&1 >/dev/null)
rc=$?
set -e
[ $rc -eq 2 ] && echo "$err" | grep -q "routing.algorithm" || { echo "bad key: rc $rc, $err"; exit 1; }
# drbsim from the package, with the prefix moved elsewhere: it runs an installed scenario example and plots it
# with the script installed beside it, without the source or build tree.
cp -a "$tmp/prefix" "$tmp/moved"
mkdir "$tmp/run"
(cd "$tmp/run" && "$tmp/moved/bin/drbsim" "$tmp/moved/share/drb/scenarios/uniform_8x8.yaml" sim.warmup=200 \
   sim.measure=1000 out.json=u.json out.plot=u.png >/dev/null 2>&1) || { echo "installed drbsim failed"; exit 1; }
[ "$(head -c 8 "$tmp/run/u.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || { echo "no PNG from the installed drbsim"; exit 1; }
# Without its share/drb folder, a plot is refused before anything runs: exit 3, out.plot named, nothing written.
mkdir -p "$tmp/alone/bin" "$tmp/alone/run"
cp "$tmp/moved/bin/drbsim" "$tmp/alone/bin/"
set +e
err=$(cd "$tmp/alone/run" && "$tmp/alone/bin/drbsim" sim.measure=1000 out.json=a.json out.plot=a.png 2>&1 >/dev/null)
rc=$?
set -e
[ $rc -eq 3 ] && echo "$err" | grep -q "^drbsim: error: out.plot: no plotting script" && [ -z "$(ls "$tmp/alone/run")" ] ||
  { echo "drbsim without its script: rc $rc, $err, wrote: $(ls "$tmp/alone/run")"; exit 1; }
echo "installed drbsim: ran, plotted, refused a plot without its script"
