#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Whole-simulation campaign: random scenarios drawn from every key's interesting values, short windows.

    tests/fuzz/random_runs.py DRBSIM RUNS SEED

A finding is a run that crashes, hangs (120 s), prints a sanitizer report, is refused with more than one
line, or fails for another reason than a stall, scoreboard or drain failure. Runs go through an argument
vector, never a shell. docs/robustness.md has the results."""
import random
import subprocess
import sys

B = sys.argv[1]
N = int(sys.argv[2])
seed = int(sys.argv[3])
r = random.Random(seed)
V = {
 'topology.kind': ['torus', 'mesh', 'hypercube', 'midimew'],
 'topology.k': ['2', '3', '4', '5', '4,3', '2,2,2', '8'],
 'topology.n': ['1', '2', '3', '4'],
 'topology.nodes': ['8', '13', '32', '50'],
 'router.vcs': ['1', '2', '3', '4', '6', '8', '12'],
 'router.buffer': ['1', '2', '3', '4', '8', '16'],
 'router.switching': ['wormhole', 'vct'],
 'router.vc_realloc': ['auto', 'eager', 'atomic'],
 'router.delay.rc': ['0', '1', '2'], 'router.delay.va': ['0', '1', '3'], 'router.delay.sa': ['0', '1', '2'],
 'router.delay.st': ['0', '1', '2'], 'router.delay.link': ['1', '2', '5'], 'router.delay.credit': ['1', '3'],
 'router.delay.dec': ['0', '1', '4'],
 'al.width': ['12', '16', '32'], 'al.tick': ['1', '2', '8'], 'al.count_source_queue': ['true', 'false'],
 'ni.inject_delay': ['1', '3'], 'ni.eject_delay': ['1', '2'], 'ni.max_packet_flits': ['0', '1', '2', '5'],
 'ni.seq_bits': ['4', '5', '8', '16'],
 'routing.algorithm': ['dor', 'adaptive', 'valiant', 'drb', 'drb2'],
 'routing.tie': ['positive', 'negative'], 'routing.dim_order': ['increasing', 'decreasing'],
 'traffic.pattern': ['uniform', 'bitcomp', 'bitrev', 'butterfly', 'shuffle', 'transpose', 'tornado', 'neighbour', 'hotspot_nodes'],
 'traffic.injection': ['bernoulli', 'exponential'],
 'traffic.rate': ['0.01', '0.1', '0.3', '0.6', '1', '3'],
 'traffic.length': ['1', '2', '10', '1,10', '33'],
 'traffic.hotspot.nodes': ['0', '1,2'], 'traffic.hotspot.fraction': ['0.2', '1'],
 'traffic.source_queue': ['unbounded', '1', '4', '64'],
 'traffic.change_pattern': ['none', 'uniform', 'bitcomp'], 'traffic.change_at': ['0', '50', '300'],
 'drb.supernode': ['static', 'sga:1', 'sga:2', 'dga:1', 'random', 'row:2', 'column:2', 'subcube:1', 'plane:2x2'],
 'drb.s_max': ['1', '2', '3', '8'], 'drb.ack_mode': ['ideal', 'in_network', 'high_priority'],
 'drb.ack_delay': ['0', '5'], 'drb.ack_flits': ['1', '3'], 'drb.trigger_mode': ['lat_band', 'bw_compare'],
 'drb.init_latency': ['zero_load', 'metapath', 'canonical'], 'drb.lat_umbral': ['0', '1', '50'],
 'drb.tol_lat': ['0', '1'], 'drb2.threshold': ['0', '1', '30'], 'drb2.early_ack': ['once', 'every_hop'],
 'drb2.queue': ['1', '4'], 'stats.per_pair': ['true', 'false'], 'stats.time_bin': ['0', '50'],
 'sim.warmup': ['0', '100', '500'], 'sim.measure': ['200', '1000', '2000'], 'sim.drain_max': ['5000', '100000'],
 'sim.watchdog': ['100', '2000', '10000'],
}
keys = list(V)
bad = 0
counts = {}
for i in range(N):
    kv = {k: r.choice(V[k]) for k in r.sample(keys, r.randint(3, 18))}
    for k in ('sim.warmup', 'sim.measure'): kv.setdefault(k, r.choice(V[k]))
    args = [f'{k}={v}' for k, v in kv.items()] + ['sim.progress=off', 'sim.jobs=1']
    try:
        p = subprocess.run([B] + args, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        print('TIMEOUT', ' '.join(args)); bad += 1; continue
    counts[p.returncode] = counts.get(p.returncode, 0) + 1
    err = p.stderr
    ok = p.returncode in (0, 2) or (p.returncode == 3 and ('run failed (stall)' in err or 'run failed (scoreboard)' in err or 'run failed (drain)' in err))
    if p.returncode == 2 and err.count('\n') != 1: ok = False
    if not ok or 'run failed (internal)' in err or 'AddressSanitizer' in err or 'runtime error' in err:
        bad += 1
        print('FINDING rc=%d' % p.returncode, ' '.join(args)); print('   ', err.strip()[-600:].replace('\n', '\n    '))
    elif p.returncode == 3:
        print('FAILED-RUN', ' '.join(args)); print('   ', err.strip().splitlines()[-1][:300] if err.strip() else '')
print('done', N, 'runs, exit codes', counts, 'findings', bad)
