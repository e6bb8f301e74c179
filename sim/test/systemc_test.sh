#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SystemC top and the pure-C++ path give the same detection times, cycles and request
# streams on the same seeds (model engine on the C++ side: the lockstep shows it equals the RTL).
set -euo pipefail
sys=$1 sc=$2
# SystemC prints its banner on stdout unless told not to.
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for args in "--workload ring:p=0.97 --seed 4 --epochs 3 --algos tiered,edod" \
            "--workload tree:lambda=0.75,lmax=12,map=random --seed 11 --epochs 2"; do
  # shellcheck disable=SC2086
  "$sys" --pes 16 --barriers 4 $args --engine model --json --dump-trace "$tmp/a.trace" \
    | sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/a.json"
  # shellcheck disable=SC2086
  "$sc" --pes 16 --barriers 4 $args --engine systemc --json --dump-trace "$tmp/b.trace" \
    | sed 's/"engine":"[a-z]*",//;s/"wall_seconds":[^,]*,//' > "$tmp/b.json"
  cmp "$tmp/a.json" "$tmp/b.json"
  cmp "$tmp/a.trace" "$tmp/b.trace"
  grep -q '"oracle_ok":true' "$tmp/a.json"
done
echo "SystemC and C++ paths: identical results"
