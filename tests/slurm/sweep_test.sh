#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# `ctest -L slurm`: starts a real single-node Slurm cluster in a temporary folder (tests/slurm/cluster.sh),
# runs a small sweep through it with `drbsim --slurm` and the same sweep locally, and requires the two JSON
# and CSV results to be byte for byte the same; then resubmits (nothing left to run) and stops the cluster.
set -euo pipefail
drbsim=$1 here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
cleanup() { "$here/cluster.sh" stop "$tmp/cluster" || true; rm -rf "$tmp" || true; }
trap cleanup EXIT
export SLURM_CONF
SLURM_CONF=$("$here/cluster.sh" start "$tmp/cluster")
echo "cluster: $(sinfo -h -o '%P %D %c %t')"
sweep=(topology.k=4 routing.algorithm=drb router.vcs=4 "sweep.traffic.rate=0.1,0.3,0.5" "sweep.sim.seed=1,2"
       sim.warmup=500 sim.measure=3000 sim.progress=off)
cd "$tmp"
"$drbsim" "${sweep[@]}" out.json=res.json out.csv=res.csv > local.txt 2>/dev/null
mv res.json local.json && mv res.csv local.csv
start=$(date +%s)
"$drbsim" --slurm --slurm-partition=drb --slurm-throttle=2 --slurm-time=0:10:00 --slurm-poll=1 --slurm-dir="$tmp/work" \
  "${sweep[@]}" out.json=res.json out.csv=res.csv > slurm.txt 2> slurm.err
echo "slurm sweep: $(( $(date +%s) - start )) s; $(grep 'slurm: job' slurm.err)"
cmp local.json res.json && cmp local.csv res.csv && cmp local.txt slurm.txt
echo "results identical to the local run (JSON, CSV, table)"
# The log path in the script is relative: Slurm resolves it in the work folder sbatch was started in.
logs=$(find "$tmp/work" -path '*/logs/*.out' | wc -l)
[ "$logs" = 6 ] || { echo "task logs in the work folder: $logs, want 6"; exit 1; }
# A work folder whose name holds spaces, quotes and a line of its own reaches the tasks intact.
evil=$'w o\'rk\n#SBATCH --wrap=touch '"$tmp/pwned"
"$drbsim" --slurm --slurm-partition=drb --slurm-poll=1 --slurm-dir="$tmp/$evil" topology.k=4 sim.warmup=500 \
  sim.measure=3000 sim.progress=off out.json=evil.json 2> evil.err > /dev/null || { cat evil.err; exit 1; }
"$drbsim" topology.k=4 sim.warmup=500 sim.measure=3000 sim.progress=off out.json=evil_local.json > /dev/null 2>&1
python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["runs"] != json.load(open(sys.argv[2]))["runs"])' \
  evil.json evil_local.json || { echo "the hostile folder's run differs"; exit 1; }
[ ! -e "$tmp/pwned" ] || { echo "a line in the folder name ran"; exit 1; }
echo "hostile work folder name: same result, nothing injected"
# Resume: everything is there, so nothing is submitted.
"$drbsim" --slurm --slurm-partition=drb --slurm-dir="$tmp/work" "${sweep[@]}" out.json=res.json out.csv=res.csv \
  > /dev/null 2> again.err
if grep -q 'slurm: job' again.err; then echo "resubmitted finished runs"; exit 1; fi
cmp local.json res.json
echo "resume: nothing resubmitted, same results"
cat slurm.txt
