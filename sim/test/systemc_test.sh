#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SystemC system (dsbc-system --engine systemc) and the pure-C++ path give the same
# detection times, cycles and request streams on the same seeds, for the 16-PE configuration
# and for one of another size (its SystemC plugin is built on first use) (model engine on the C++ side: the lockstep shows it equals the RTL),
# and for rr with the pipelined global sum (--pipe 1: the unit's SystemC plugin with Pipe = 1)
# and at half the request rate (--half-rate 1: the plugin with HalfRate = 1),
# and under SystemC the machine's events really ran in the PE and network processes: the
# network thread delivered exactly the run's primary messages, the PE threads ran at least one
# event per task (its completion; the rest are the hold timers), the scheduler one injection
# per epoch.
set -euo pipefail
sys=$1
# SystemC prints its banner on stdout unless told not to.
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for args in "--pes 16 --barriers 4 --workload ring:p=0.97 --seed 4 --epochs 3 --algos tiered,edod" \
            "--pes 16 --barriers 4 --workload tree:lambda=0.75,lmax=12,map=random --seed 11 --epochs 2" \
            "--pes 16 --barriers 4 --workload dag:tasks=2000,live=48 --seed 5 --epochs 2 --clock-ns 3.3 --latency-ns 40 --task-ns 55 --algos cda" \
            "--pes 7 --barriers 8 --workload dag:tasks=300,live=20 --seed 2" \
            "--pes 16 --barriers 4 --workload ring:p=0.97 --seed 4 --epochs 3 --sched rr --pipe 1" \
            "--pes 16 --barriers 4 --workload ring:p=0.97 --seed 4 --epochs 3 --sched rr --half-rate 1"; do
  # shellcheck disable=SC2086
  "$sys" $args --engine model --json --dump-trace "$tmp/a.trace" \
    | sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/a.json"
  # shellcheck disable=SC2086
  "$sys" $args --engine systemc --json --dump-trace "$tmp/b.trace" 2> "$tmp/b.err" \
    | sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/b.json"
  cmp "$tmp/a.json" "$tmp/b.json"
  cmp "$tmp/a.trace" "$tmp/b.trace"
  grep -q '"oracle_ok":true' "$tmp/a.json"
  python3 - "$tmp/b.json" "$tmp/b.err" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
err = open(sys.argv[2]).read()
m = re.search(r"PE threads (\d+) \((\d+) of (\d+) PEs\), network (\d+), controller (\d+), scheduler (\d+)", err)
assert m, "no event counts on stderr: " + err
pe, active, npes, net, ctl, sched = map(int, m.groups())
tasks = sum(row["tasks"] for row in r["rows"])
msgs = sum(row["primary_msgs"] for row in r["rows"])
assert net == msgs, f"network thread delivered {net}, the run sent {msgs} primary messages"
assert pe >= tasks, f"PE threads ran {pe} events for {tasks} tasks"
assert active == npes, f"only {active} of {npes} PE threads ran events"  # every workload here reaches every PE
assert sched == r["epochs"], f"scheduler injected {sched} times for {r['epochs']} epochs"
assert ctl == 0, "the controller thread ran events in a run without a software detector"
print(f"  SystemC processes: {pe} PE events ({active}/{npes} PEs, {tasks} tasks), {net} deliveries")
PY
done
echo "SystemC and C++ paths: identical results"
