#!/bin/bash
# Default label, no Slurm needed: `drbsim --slurm` against stand-in sbatch and squeue executables. The
# stand-in sbatch keeps the array script, runs its tasks at once (the task of run 1 fails the first time
# around) and prints a job id; squeue reports an empty queue. Checks the generated script, that the failed
# run is reported, that a second call submits only it (resume), and that the gathered results are byte for
# byte those of a local run.
set -euo pipefail
drbsim=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
cat > "$tmp/bin/sbatch" <<'SB'
#!/bin/bash
script=${@: -1}
n=$(ls "$STANDIN"/submitted_*.sh 2>/dev/null | wc -l)
cp "$script" "$STANDIN/submitted_$n.sh"
echo "$*" > "$STANDIN/args_$n"
last=$(grep '^#SBATCH --array=' "$script" | sed 's/^#SBATCH --array=0-\([0-9]*\).*/\1/')
for i in $(seq 0 "$last"); do
  idx=$(sed -n "$((i + 1))p" "$(dirname "$script")/pending.txt")
  if [ "$idx" = 1 ] && [ ! -e "$STANDIN/failed_once" ]; then touch "$STANDIN/failed_once"; continue; fi
  SLURM_ARRAY_TASK_ID=$i bash "$script" > /dev/null 2>&1
done
echo "77$n;standin"
SB
printf '#!/bin/bash\nexit 0\n' > "$tmp/bin/squeue"
chmod +x "$tmp/bin/"*
export STANDIN=$tmp PATH=$tmp/bin:$PATH
sweep=(topology.k=4 "sweep.traffic.rate=0.1,0.2,0.3" sim.warmup=200 sim.measure=1000 sim.progress=off)
cd "$tmp"
"$drbsim" "${sweep[@]}" out.json=res.json > /dev/null 2>&1
mv res.json local.json
set +e
"$drbsim" --slurm --slurm-partition=short --slurm-time=0:05:00 --slurm-throttle=2 --slurm-poll=1 --slurm-dir=work \
  "${sweep[@]}" out.json=res.json > /dev/null 2> first.err
rc=$?
set -e
[ $rc -eq 3 ] || { echo "first call: exit $rc, want 3 (run 1 failed)"; cat first.err; exit 1; }
grep -q "runs 1 left no result" first.err || { echo "failed run not named:"; cat first.err; exit 1; }
s=submitted_0.sh
for want in '#SBATCH --array=0-2%2' '#SBATCH --partition=short' '#SBATCH --time=0:05:00' '#SBATCH --job-name=drbsim'; do
  grep -qxF -- "$want" "$s" || { echo "array script lacks '$want':"; cat "$s"; exit 1; }
done
grep -q -- "--args-file '.*/args.txt' --run-index \"\$idx\"" "$s" || { echo "task line:"; cat "$s"; exit 1; }
grep -qx -- "--parsable $tmp/work/.*/array.sh" args_0 || { echo "sbatch args: $(cat args_0)"; exit 1; }
# Resume: only run 1 goes out again, as an array of one task.
"$drbsim" --slurm --slurm-partition=short --slurm-poll=1 --slurm-dir=work "${sweep[@]}" out.json=res.json > /dev/null 2> second.err
grep -q "job 771, 1 of 3 runs (2 done before)" second.err || { echo "resume:"; cat second.err; exit 1; }
grep -qxF '#SBATCH --array=0-0' submitted_1.sh || { echo "resume array:"; cat submitted_1.sh; exit 1; }
[ "$(cat work/*/pending.txt)" = 1 ] || { echo "pending: $(cat work/*/pending.txt)"; exit 1; }
cmp local.json res.json
# Bad options: exit 2 naming the option, before anything is submitted.
for bad in "--slurm-partition=x|--slurm-partition" "--slurm --slurm-throttle=x|--slurm-throttle" \
           "--slurm --slurm-time=1h;rm|--slurm-time" "header --slurm|--slurm"; do
  args=${bad%|*} key=${bad#*|}
  set +e
  # shellcheck disable=SC2086
  err=$("$drbsim" $args topology.k=4 2>&1 >/dev/null)
  rc=$?
  set -e
  [ $rc -eq 2 ] && [[ "$err" == "drbsim: error: $key:"* ]] || { echo "$args: rc $rc, $err"; exit 1; }
done
[ "$(ls submitted_*.sh | wc -l)" = 2 ] || { echo "a bad option submitted something"; exit 1; }
echo "array script, failure report, resume, byte-identical gather and bad options: ok"
