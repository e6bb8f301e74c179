#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Behaviour check for refactorings of the TD lab (issue 11): runs a fixed set of tdsim
# invocations and writes their outputs into OUTDIR, one file per run. Run it with the
# tdsim built before a change and with the one built after, then `diff -r` the two
# directories. wall_seconds (host time) is the only field masked: it differs run to run.
# Usage: td_equiv.sh TDSIM OUTDIR
set -eu
tdsim=$1
out=$2
mkdir -p "$out"
mask() { sed -e 's/"wall_seconds":[0-9.e+-]*/"wall_seconds":X/'; }
i=0
run() {  # run NAME ARGS...: stdout, stderr and exit code of one invocation
  name=$1; shift
  set +e
  "$tdsim" "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.rc"
  set -e
  mask <"$out/$name.out" >"$out/$name.tmp" && mv "$out/$name.tmp" "$out/$name.out"
  i=$((i + 1))
}
run sweep2000 --sweep 2000 --seed 5
run sweeplit --sweep 600 --seed 3 --sweep-literal
for a in cda wtc ds tiered; do
  for w in "tree:lambda=0.8,lmax=12" "ring:p=0.95,branch=0.2,maxsteps=300"; do
    n=$(echo "$a-$w" | tr ':=,.' '____')
    run "json-$n" --algo "$a" --workload "$w" --pes 16 --seed 7 --json
    run "text-$n" --algo "$a" --workload "$w" --pes 16 --seed 7
  done
done
for a in 4c edod cv ltd skr baker credit hcda; do
  run "json-$a" --algo "$a" --workload "dag:tasks=300,barriers=2" --pes 9 --seed 11 --latency uniform:1:30 --json
done
run json-wtc-abort --algo wtc --workload dag:tasks=200 --pes 8 --seed 3 --opt abort=40 --opt w0=8 --opt fixed=2 --opt supply=16 --json
run json-literal --algo baker --literal --workload tree:lmax=8 --pes 5 --seed 2 --json
run json-model --algo cda --model load --workload forkjoin --pes 8 --json
run json-quote --algo ds --workload 'tree:lmax=5' --pes 4 --json
for a in ds cda wtc tiered; do
  run "trace-$a" --algo "$a" --workload "tree:lambda=0.7,lmax=8,barriers=2" --pes 6 --seed 4 \
    --events "$out/ev-$a.jsonl" --chrome-trace "$out/ct-$a.json"
done
# bad input: exit code and message
run bad-opt-octal --algo cda --opt cinit=010 --json
run bad-opt-hex --algo cda --opt cinit=0x10 --json
run bad-wl --workload tree:lambda=7
run bad-pes --pes 0
run bad-algo --algo nosuch
run list --list
echo "$i runs written to $out"
