#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Area of the NCL global path against the synchronous global logic, for N in {4, 16, 64},
# T = 16, M = 16 (Yosys 0.23). Prints a Markdown table (docs/ncl.md section "Area").
#
# NCL transistors: Yosys cannot cost a hysteresis gate (its latch has no CMOS cost), so each
# kept gate cell is costed with the static-CMOS threshold-gate model of docs/ncl.md:
#   hysteresis gate with n inputs and a set function of L literals (factored):
#     set (L nMOS) + hold0 (L pMOS + 1) + reset (n pMOS) + hold1 (n nMOS + 1) + inverter (2)
#     = 2L + 2n + 4;  reset variants +2;  TH1n (no hold) = NOR + inverter = 2n + 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mkdir -p build/ncl/synth
YOSYS=${YOSYS:-yosys}

# gate -> transistors (model above); L: TH22 2, TH33 3, TH44 4, TH23 a(b+c)+bc 5,
# TH24comp (a+b)(c+d) 4, TH34w2 a(b+c+d)+bcd 7, TH34w22 ab+(a+b)(c+d) 6.
declare -A tr=(
  [ncl_th12]=6 [ncl_th13]=8 [ncl_th14]=10 [ncl_inv]=2 [ncl_and2]=6
  [ncl_th22]=12 [ncl_th22n]=14 [ncl_th22d]=14 [ncl_th33]=16 [ncl_th44]=20
  [ncl_th23]=20 [ncl_th24comp]=20 [ncl_th34w2]=26 [ncl_th34w22]=24
)

echo "| N | NCL gates | NCL transistors (model) | NCL gate mix | sync cells | sync transistors (Yosys cmos) | sync logic depth (gates, flop to flop) |"
echo "|---|---|---|---|---|---|---|"
for n in 4 16 64; do
  "$YOSYS" -q -l build/ncl/synth/ncl_n$n.log -p "script synth/ncl/ncl_read.ys; chparam -set NumPes $n -set CountBits 16 dsbc_ncl_global; script synth/ncl/ncl_synth.ys" >/dev/null
  gates=0; trans=0; mix=""
  while read -r name count; do
    gates=$((gates + count))
    trans=$((trans + count * ${tr[$name]}))
    mix="$mix ${name#ncl_}:$count"
  done < <(awk '/=== dsbc_ncl_global ===/{f=1} f && $1 ~ /^ncl_/ {print $1, $2} /Estimated|=== ncl_/{if(f&&NR>1&&$0~/===/&&!/dsbc/)f=0}' build/ncl/synth/ncl.stat | sort -u)
  "$YOSYS" -q -l build/ncl/synth/sync_n$n.log -p "script synth/ncl/sync_read.ys; chparam -set NumPes $n -set NumBarriers 16 -set CountBits 16 -set Sched 0 dsbc_global; script synth/ncl/sync_synth.ys" >/dev/null
  scells=$(awk '/Number of cells:/{print $4; exit}' build/ncl/synth/sync.stat)
  strans=$(awk '/Estimated number of transistors:/{print $5; exit}' build/ncl/synth/sync.stat)
  sdepth=$(sed -nE 's/.*Longest topological path in .* \(length=([0-9]+)\).*/\1/p' build/ncl/synth/sync.ltp | head -1)
  echo "| $n | $gates | $trans |$mix | $scells | $strans | $sdepth |"
done
