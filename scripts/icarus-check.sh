#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Second simulator: replays traces on the RTL under Icarus (testbench/icarus/tb_replay.v) and
# on the golden model (dsbc-replay), and requires identical output. Traces: the committed
# examples plus random ones from scripts/gen-trace.py over several configurations, each with
# pops every cycle and with deterministic pop stalls (--pop-period 3 and 40, which fill the
# small FIFOs).
#   scripts/icarus-check.sh <path to dsbc-replay>
set -euo pipefail
replay=${1:?usage: icarus-check.sh <dsbc-replay>}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v iverilog >/dev/null || bash "$root/scripts/install-deps.sh"

# Random traces: "N M T tasks seed burst fifo_depth"
configs=(
  "1 1 8 40 11 0 1"
  "2 4 8 200 12 130 2"
  "3 5 8 300 13 0 8"
  "4 32 16 400 14 0 3"
  "7 4 9 300 15 300 8"
  "16 8 12 600 16 0 4"
  "2 1 8 3000 17 0 8"
  "3 2 8 3000 18 0 2"
)
i=0
for c in "${configs[@]}"; do
  set -- $c
  python3 "$root/scripts/gen-trace.py" --pes "$1" --barriers "$2" --count-bits "$3" \
    --tasks "$4" --seed "$5" --burst "$6" --fifo-depth "$7" > "$work/random$i.trace"
  i=$((i + 1))
done
traces=("$work"/random*.trace "$root"/tools/examples/*.trace)

checked=0
lines=0
for t in "${traces[@]}"; do
  [ -f "$t" ] || continue
  for period in 1 3 40; do
    name=$(basename "$t" .trace)-p$period
    "$replay" --engine model --pop-period "$period" --emit-stim "$work/$name.stim" "$t" \
      > "$work/$name.model"
    read -r n m tb d < "$work/$name.stim"
    iverilog -g2005 -o "$work/$name.vvp" \
      -P tb_replay.NumPes="$n" -P tb_replay.NumBarriers="$m" -P tb_replay.CountBits="$tb" \
      -P tb_replay.FifoDepth="$d" -s tb_replay "$root"/rtl/dsbc_*.v "$root/testbench/icarus/tb_replay.v"
    vvp -n "$work/$name.vvp" +stim="$work/$name.stim" +pop_period="$period" \
      | grep -E '^(commit|overflow|done|pop|end|timeout) ' > "$work/$name.icarus" || true
    if ! diff -q "$work/$name.model" "$work/$name.icarus" > /dev/null; then
      echo "icarus-check: MISMATCH on $t (pop period $period): model vs Icarus"
      diff "$work/$name.model" "$work/$name.icarus" | head -20
      exit 1
    fi
    checked=$((checked + 1))
    lines=$((lines + $(wc -l < "$work/$name.model")))
  done
done
echo "icarus-check: $checked runs, $lines output lines, Icarus RTL == model on all"
