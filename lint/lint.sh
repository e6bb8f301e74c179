#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# verilator --lint-only -Wall over the RTL, for corner and typical parameter sets of each
# design. One place for the lint configurations; ctest runs each design as a test (label
# "lint"), `make lint` runs them all.
#
#   lint/lint.sh dsbc|ncl|wnor|all
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
VERILATOR=${VERILATOR:-verilator}

# The DSBC unit: "N M T D".
dsbc_configs=("1 1 8 1" "2 4 8 2" "3 5 9 3" "7 4 20 5" "16 32 16 8" "64 1024 32 16" "256 4 8 1")
# The NCL global path: "N T" (corners, odd sizes, the largest).
ncl_configs=("1 8" "2 8" "3 9" "4 16" "5 11" "16 8" "64 32" "256 8")
# The Wired-NOR barrier: "N m arity".
wnor_configs=("1 1 2" "2 16 2" "3 5 3" "7 3 8" "16 16 4" "64 32 4" "1024 2 4" "64 256 2")

lint_dsbc() {
  local c v runs=0
  # Both schedulers (Sched 0: rr, 1: arb, issue 13), the pipelined sum (Pipe 1, rr only) and
  # half the request rate (HalfRate 1, rr only, (M - 1)(3 + P) > 4: M >= 3, or M >= 2 at
  # Pipe 1 with N >= 2; the others are skipped) for every configuration: "Sched Pipe HalfRate".
  local l p
  for v in "0 0 0" "1 0 0" "0 1 0" "0 0 1" "0 1 1"; do
    for c in "${dsbc_configs[@]}"; do
      set -- $c $v
      # P, the pipelined sum's latency: 1 + ceil(clog2(N) / 2) at Pipe 1, else 0.
      p=0
      if [ "$6" = 1 ]; then
        l=0
        while [ $((1 << l)) -lt "$1" ]; do l=$((l + 1)); done
        p=$((1 + (l + 1) / 2))
      fi
      if [ "$7" = 1 ] && [ $((($2 - 1) * (3 + p))) -le 4 ]; then continue; fi
      "$VERILATOR" --lint-only -Wall lint/verilator_waiver.vlt -Irtl rtl/dsbc_top.v --top-module dsbc_top \
        -GNumPes="$1" -GNumBarriers="$2" -GCountBits="$3" -GFifoDepth="$4" -GSched="$5" -GPipe="$6" \
        -GHalfRate="$7"
      runs=$((runs + 1))
    done
  done
  echo "lint dsbc: clean for $runs runs: ${#dsbc_configs[@]} configurations x (rr, arb, rr with Pipe = 1), and those with a legal M x HalfRate = 1 (Pipe 0, 1)"
}

lint_ncl() {
  local ncl=("$VERILATOR" --lint-only -Wall lint/ncl_waiver.vlt -Irtl -Irtl/ncl) c b n f
  for c in "${ncl_configs[@]}"; do
    set -- $c
    "${ncl[@]}" rtl/ncl/dsbc_ncl_global.v --top-module dsbc_ncl_global -GNumPes="$1" -GCountBits="$2"
  done
  for b in 1 2 3; do
    for n in 3 16; do
      "${ncl[@]}" rtl/ncl/dsbc_ncl_global.v --top-module dsbc_ncl_global -GNumPes="$n" -GCountBits=8 -GBroken="$b"
    done
  done
  for c in 8 32; do
    "${ncl[@]}" rtl/ncl/dsbc_ncl_local_if.v --top-module dsbc_ncl_local_if -GCountBits="$c"
  done
  # Self-instantiating modules: Verilator 5.006 mis-elaborates them as the *top* module (it
  # reports their recursive instances' outputs undriven), so they are linted inside the
  # dsbc_ncl_global hierarchy above, which covers every recursion depth up to N = 256.
  for f in rtl/ncl/*.v; do
    case "$f" in rtl/ncl/dsbc_ncl_andn.v | rtl/ncl/dsbc_ncl_popcount.v) continue ;; esac
    "${ncl[@]}" "$f" --top-module "$(basename "$f" .v)"
  done
  echo "lint ncl: clean for ${#ncl_configs[@]} + 6 broken global configurations, 2 local_if, every other file as top"
}

lint_wnor() {
  local c
  for c in "${wnor_configs[@]}"; do
    set -- $c
    "$VERILATOR" --lint-only -Wall -Irtl/wnor rtl/wnor/wnor_top.v --top-module wnor_top \
      -GNumPes="$1" -GNumBarriers="$2" -GTreeArity="$3"
  done
  echo "lint wnor: clean for ${#wnor_configs[@]} configurations"
}

case "${1:-all}" in
  dsbc) lint_dsbc ;;
  ncl) lint_ncl ;;
  wnor) lint_wnor ;;
  all) lint_dsbc; lint_ncl; lint_wnor ;;
  *) echo "usage: lint/lint.sh dsbc|ncl|wnor|all" >&2; exit 2 ;;
esac
