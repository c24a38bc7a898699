#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# A real single-node Slurm cluster in a temporary folder (munged, slurmctld and slurmd as root, their
# configuration, sockets, state and logs all there), for the `slurm` label:
#   cluster.sh start DIR   starts it and waits until the node is idle; prints the SLURM_CONF to use
#   cluster.sh stop DIR    stops the daemons
# Needs slurm-wlm and munge (`./drb test -L slurm` installs them when missing).
set -euo pipefail
cmd=$1 dir=$2
host=$(hostname -s)
case "$cmd" in
  start)
    mkdir -p "$dir"/{state,spool,munge}
    chmod 700 "$dir/munge"
    mungekey --create --keyfile="$dir/munge/munge.key" --force 2>/dev/null || \
      dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 600 "$dir/munge/munge.key"
    munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
      --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" --force
    cpus=$(nproc)
    cat > "$dir/slurm.conf" <<CONF
ClusterName=drbtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=2
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=drb Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF=$dir/slurm.conf
    slurmctld -f "$SLURM_CONF" -i
    slurmd -f "$SLURM_CONF"
    for _ in $(seq 1 60); do
      state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
      [ "$state" = idle ] && { echo "$SLURM_CONF"; exit 0; }
      sleep 1
    done
    echo "cluster.sh: the node did not become idle (state '$state'); logs in $dir" >&2
    tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
    exit 1
    ;;
  stop)  # and wait until each daemon is gone (they write their state on the way out)
    for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
      [ -f "$f" ] || continue
      pid=$(cat "$f")
      kill "$pid" 2>/dev/null || continue
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    ;;
esac
