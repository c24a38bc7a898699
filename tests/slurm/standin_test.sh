#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Default label, no Slurm needed: `drbsim --slurm` against stand-in sbatch and squeue executables. The
# stand-in sbatch keeps the array script, runs its tasks at once (the task of run 1 fails the first time
# around) and prints a job id; squeue reports an empty queue. Checks the generated script, that the failed
# run is reported, that a second call submits only it (resume), that the gathered results are byte for
# byte those of a local run, and that no folder name or argument, however hostile, shapes the script or
# the tasks' arguments.
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
  [ -e "$STANDIN/run_nothing" ] && continue
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
grep -q "runs 1 (missing) left no result" first.err || { echo "failed run not named:"; cat first.err; exit 1; }
s=submitted_0.sh
for want in '#SBATCH --array=0-2%2' '#SBATCH --partition=short' '#SBATCH --time=0:05:00' '#SBATCH --job-name=drbsim'; do
  grep -qxF -- "$want" "$s" || { echo "array script lacks '$want':"; cat "$s"; exit 1; }
done
grep -qF -- '--args-file "$DRBSIM_WORK/args.json" --run-index "$idx"' "$s" || { echo "task line:"; cat "$s"; exit 1; }
grep -qx -- "--parsable --export=ALL array.sh" args_0 || { echo "sbatch args: $(cat args_0)"; exit 1; }
if grep -qF "$tmp" "$s"; then echo "a path was written into the job script:"; cat "$s"; exit 1; fi
# Resume: only run 1 goes out again, as an array of one task.
"$drbsim" --slurm --slurm-partition=short --slurm-poll=1 --slurm-dir=work "${sweep[@]}" out.json=res.json > /dev/null 2> second.err
grep -q "job 771, 1 of 3 runs (2 done before)" second.err || { echo "resume:"; cat second.err; exit 1; }
grep -qxF '#SBATCH --array=0-0' submitted_1.sh || { echo "resume array:"; cat submitted_1.sh; exit 1; }
[ "$(cat work/*/pending.txt)" = 1 ] || { echo "pending: $(cat work/*/pending.txt)"; exit 1; }
cmp local.json res.json
# A task's result is trusted only as far as it has the shape of one: a malformed one is reported (exit 3,
# naming --slurm and what is wrong) and submitted again by the next call, which gathers the same bytes.
for garbage in '{}' 'null' '5' '{"latency":"NaN"}' '{"error":1}' '{"error":"x","kind":"y"}' \
               '{"error":"x","kind":"input","key":5}' '[1,2]' '{"a":'; do
  printf '%s' "$garbage" > work/*/run_2.json
  touch run_nothing
  set +e
  "$drbsim" --slurm --slurm-poll=1 --slurm-dir=work "${sweep[@]}" out.json=res.json > /dev/null 2> garbage.err
  rc=$?
  set -e
  [ $rc -eq 3 ] && grep -q "drbsim: error: --slurm: runs 2 (" garbage.err ||
    { echo "result '$garbage' gathered: rc $rc"; cat garbage.err; exit 1; }
  rm run_nothing
  "$drbsim" --slurm --slurm-poll=1 --slurm-dir=work "${sweep[@]}" out.json=res.json > /dev/null 2> garbage.err
  [ "$(cat work/*/pending.txt)" = 2 ] || { echo "pending after '$garbage': $(cat work/*/pending.txt)"; exit 1; }
  cmp local.json res.json
done
# out.runs is one folder of finished runs for local sweeps and the cluster: two loads kept by a local sweep
# are not submitted, the task keeps the third there, and a local sweep then takes all three. Every path
# gives the bytes of the plain local run.
"$drbsim" topology.k=4 "sweep.traffic.rate=0.1,0.2" sim.warmup=200 sim.measure=1000 sim.progress=off out.runs=kept \
  out.json=two.json > /dev/null 2>&1
"$drbsim" --slurm --slurm-poll=1 --slurm-dir=work2 "${sweep[@]}" out.runs=kept out.json=res.json > /dev/null 2> kept.err ||
  { echo "slurm with out.runs:"; cat kept.err; exit 1; }
grep -q "1 of 3 runs (2 done before)" kept.err || { echo "out.runs not taken by --slurm:"; cat kept.err; exit 1; }
cmp local.json res.json
[ "$(ls kept/*.json | wc -l)" = 3 ] || { echo "the task did not keep its run in out.runs:"; ls kept; exit 1; }
"$drbsim" "${sweep[@]}" out.runs=kept out.json=res.json > /dev/null 2> local_again.err
grep -q "out.runs: 3 of 3 runs taken" local_again.err || { echo "local after slurm:"; cat local_again.err; exit 1; }
cmp local.json res.json
# Bad options: exit 2 naming the option, before anything is submitted.
refused() {  # refused KEY ARG...: exit 2, one line naming KEY, nothing submitted
  local key=$1 n err rc
  shift
  n=$(ls submitted_*.sh | wc -l)
  set +e
  err=$("$drbsim" "$@" topology.k=4 2>&1 >/dev/null)
  rc=$?
  set -e
  [ $rc -eq 2 ] && [[ "$err" == "drbsim: error: $key:"* ]] && [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] ||
    { echo "$*: rc $rc, $err"; exit 1; }
  [ "$(ls submitted_*.sh | wc -l)" = "$n" ] || { echo "$*: submitted something"; exit 1; }
}
refused --slurm-partition --slurm-partition=x
refused --slurm-throttle --slurm --slurm-throttle=x
refused --slurm header --slurm
# Slurm's own formats: every value that goes into an #SBATCH line.
for t in "" ",,,," forever "1h;rm" "1:00:00
#SBATCH --wrap=id" "-5" "1:99:00" "1:00:00 --uid=0"; do refused --slurm-time --slurm "--slurm-time=$t"; done
for p in "" --wrap "-p" "a b" "a,,b" "a;b" "\$(id)" "a
#SBATCH --wrap=id"; do refused --slurm-partition --slurm "--slurm-partition=$p"; done
# Task options are a front door too: only together, only for a simulation.
refused --result --result r.json
refused --run-index header --run-index 0 --result r.json
refused --result topology --result r.json

# Hostile names: a working folder and a --slurm-dir holding newlines, spaces, quotes, $( ) and #SBATCH lines,
# and a value holding a newline and a second key. The script stays the same text, the task runs exactly the
# validated arguments (the 4x4 torus, not the smuggled 8x8), and no command hidden in a name runs.
evil=$'d i r\n#SBATCH --wrap=touch '"$tmp/pwned"$'\n'"touch $tmp/pwned2;'\"\$(touch $tmp/pwned3)"
mkdir -p "$tmp/$evil"
cd "$tmp/$evil"
one=(topology.k=4 sim.warmup=200 sim.measure=1000 sim.progress=off)
"$drbsim" "${one[@]}" out.json=local.json > /dev/null 2>&1
"$drbsim" --slurm --slurm-poll=1 --slurm-dir="$evil" "${one[@]}" $'out.json=res.json\ntopology.k=8' > /dev/null 2> evil.err ||
  { echo "hostile folder names:"; cat evil.err; exit 1; }
cd "$tmp"
ls pwned* > /dev/null 2>&1 && { echo "a command hidden in a folder name ran"; exit 1; }
last=$(ls submitted_*.sh | sort -V | tail -n 1)
grep -v -e '^#SBATCH --array=' "$last" | cmp - <(grep -v -e '^#SBATCH --array=' -e '^#SBATCH --partition=' \
  -e '^#SBATCH --time=' submitted_0.sh | sed '/^#SBATCH --cpus-per-task=1$/a #SBATCH --time=1:00:00') ||
  { echo "the script changed with the folder names:"; cat "$last"; exit 1; }
# The value with a newline is one argument: the result file is named by it, the network is the 4x4 torus.
res=$(find "$tmp/$evil" -name $'res.json\ntopology.k=8')
[ -n "$res" ] || { echo "the task did not keep the value whole"; ls -R "$tmp/$evil"; exit 1; }
python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(a["runs"]!=b["runs"])' \
  "$res" "$tmp/$evil/local.json" || { echo "the task simulated another network"; exit 1; }
echo "array script, failure report, resume, byte-identical gather, out.runs shared with local sweeps, bad options and hostile names: ok"
