#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Default label, no Slurm needed: an experiments runner (tb/experiments/prdrb.py, one seed) with --slurm
# against stand-in sbatch and squeue executables gives the same results.json as its local run, and a second
# --slurm call submits nothing (every run is summarised already).
set -euo pipefail
drbsim=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
cat > "$tmp/bin/sbatch" <<'SB'
#!/bin/bash
script=${@: -1}
echo x >> "$STANDIN/submissions"
last=$(grep '^#SBATCH --array=' "$script" | sed 's/^#SBATCH --array=0-\([0-9]*\).*/\1/')
for i in $(seq 0 "$last"); do SLURM_ARRAY_TASK_ID=$i bash "$script" > /dev/null 2>&1; done
echo 55
SB
printf '#!/bin/bash\nexit 0\n' > "$tmp/bin/squeue"
chmod +x "$tmp/bin/"*
export STANDIN=$tmp
run="/usr/bin/python3 $src/tb/experiments/prdrb.py --drbsim $drbsim --seeds 1"
$run --raw "$tmp/raw_local" --out "$tmp/local" 2> /dev/null
PATH=$tmp/bin:$PATH $run --raw "$tmp/raw_slurm" --out "$tmp/slurm" --slurm --slurm-throttle=4 --slurm-poll=1 2> "$tmp/err"
grep -q "slurm job 55: 16 of 16 runs" "$tmp/err" || { cat "$tmp/err"; exit 1; }
grep -qxF '#SBATCH --array=0-15%4' "$tmp/raw_slurm/slurm/array.sh"
cmp "$tmp/local/results.json" "$tmp/slurm/results.json"
PATH=$tmp/bin:$PATH $run --raw "$tmp/raw_slurm" --out "$tmp/slurm" --slurm 2> /dev/null
[ "$(wc -l < "$tmp/submissions")" = 1 ] || { echo "resubmitted"; exit 1; }
cmp "$tmp/local/results.json" "$tmp/slurm/results.json"
echo "runner: slurm results identical to the local run, nothing resubmitted"
