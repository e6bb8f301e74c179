#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Timing of the NCL global path in gate delays, for docs/ncl.md: T = 16, N in {4, 16, 64},
# an ideal environment (asynchronous locals that answer at once, +env=1 +agent=0) so the
# figures are the circuit's own.
#   unit delay (+delay_mode=0): every gate takes 1 tick, so ticks are gate delays
#   random (+delay_mode=1): the regression's distribution; divided by the mean drawn delay
# cycle = DATA-to-DATA time of the decision (one slot), word = a complete word (all Q + 2
# slots, every word sums to zero: +all_done), measured from the previous word's decision.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=build/ncl/time
mkdir -p "$out"
seeds=${1:-8}

echo "| N | Q | slots/word | unit delay: cycle | unit delay: word | random: cycle (mean gate delays) | random: word (mean gate delays) |"
echo "|---|---|---|---|---|---|---|"
for n in 4 16 64; do
  iverilog -g2005 -DNCL_DELAYS -DNCL_CHECKS -Irtl/ncl -o "$out/n$n.vvp" \
    -Ptb_ncl_global.NumPes=$n -Ptb_ncl_global.CountBits=16 \
    testbench/ncl/tb_ncl_global.v testbench/ncl/ncl_rng.v testbench/ncl/ncl_wavecheck.v \
    rtl/ncl/*.v rtl/dsbc_param_check.v
  q=$((16 + $(python3 -c "import math; print(math.ceil(math.log2($n)))")))
  unit=$(nice -n 10 vvp -n "$out/n$n.vvp" +seed=1 +env=1 +agent=0 +delay_mode=0 +all_done +words=6)
  grep -q 'violations=0 mismatches=0' <<<"$unit" || { echo "measurement run failed: $unit"; exit 1; }
  ucyc=$(sed -nE 's/.*cycle_ticks=([0-9.]+).*/\1/p' <<<"$unit")
  uword=$(sed -nE 's/.*full_word_ticks=([0-9.]+).*/\1/p' <<<"$unit")
  rc=0; rw=0
  for s in $(seq 1 "$seeds"); do
    r=$(nice -n 10 vvp -n "$out/n$n.vvp" +seed=$s +env=1 +agent=0 +delay_mode=1 +all_done +words=6)
    grep -q 'violations=0 mismatches=0' <<<"$r" || { echo "measurement run failed: $r"; exit 1; }
    rc=$(python3 -c "print($rc + $(sed -nE 's/.*cycle_gates=([0-9.]+).*/\1/p' <<<"$r"))")
    rw=$(python3 -c "print($rw + $(sed -nE 's/.*full_word_gates=([0-9.]+).*/\1/p' <<<"$r"))")
  done
  printf '| %s | %s | %s | %s | %s | %.1f | %.0f |\n' "$n" "$q" "$((q + 2))" "$ucyc" "$uword" \
    "$(python3 -c "print($rc / $seeds)")" "$(python3 -c "print($rw / $seeds)")"
done
