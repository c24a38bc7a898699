#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# cmake/git_commit.cmake, the step every build runs to capture the git commit, on a throw-away repository:
# "unknown" outside a checkout (and below its top, and without git), HEAD's 12 hex digits in one, "-dirty"
# once a tracked file changes (an untracked file does not count), a new commit seen on the next run, and the
# generated file left untouched (no recompilation) while the value stays the same. Skipped without git.
set -euo pipefail
script=$1
command -v git >/dev/null || { echo "git not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/commit.cpp
capture() { cmake -DSRC="$1" -DOUT="$out" "${@:2}" -P "$script"; sed -n 's/.*return "\(.*\)";.*/\1/p' "$out"; }
expect() {
  local got
  got=$(capture "${@:2}")
  [ "$got" = "$1" ] || { echo "FAIL: $* gave '$got'"; exit 1; }
  echo "ok: ${*:2} -> $got"
}
g() { git -C "$tmp/repo" -c user.name=t -c user.email=t@example.org "$@"; }

mkdir -p "$tmp/repo/sub"
expect unknown "$tmp/repo"                     # not a checkout
g init -q
echo a > "$tmp/repo/f.txt"
g add f.txt
g commit -qm one
one=$(g rev-parse HEAD)
expect "${one:0:12}" "$tmp/repo"
expect unknown "$tmp/repo/sub"                 # inside a checkout but not its top
expect unknown "$tmp/repo" -DGIT=/nonexistent/git
echo b > "$tmp/repo/untracked.txt"
expect "${one:0:12}" "$tmp/repo"
# Unchanged value: the file is not rewritten (its old timestamp stays), so nothing recompiles.
touch -d '2001-01-01 00:00' "$out"
capture "$tmp/repo" >/dev/null
[ "$(stat -c %Y "$out")" = "$(date -d '2001-01-01 00:00' +%s)" ] || { echo "FAIL: unchanged value rewrote the file"; exit 1; }
echo "ok: unchanged value leaves the file alone"
echo c > "$tmp/repo/f.txt"
expect "${one:0:12}-dirty" "$tmp/repo"
g commit -qam two
two=$(g rev-parse HEAD)
[ "$one" != "$two" ]
expect "${two:0:12}" "$tmp/repo"
grep -q '^// SPDX-License-Identifier: Apache-2.0$' "$out" || { echo "FAIL: generated file without its SPDX line"; exit 1; }
