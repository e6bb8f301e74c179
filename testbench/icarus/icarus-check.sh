#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Second simulator: replays traces on the RTL under Icarus (testbench/icarus/tb_replay.v) and
# on the golden model (dsbc-replay), and requires identical output. Traces: the committed
# examples plus random ones from scripts/gen-trace.py over several configurations, each with
# pops every cycle and with deterministic pop stalls (--pop-period 3 and 40, which fill the
# small FIFOs). The replay-and-diff loop is testbench/icarus/replay-diff.sh, shared with the
# post-synthesis check (synth/postsynth-check.sh).
#   testbench/icarus/icarus-check.sh <path to dsbc-replay>
set -euo pipefail
replay=${1:?usage: icarus-check.sh <dsbc-replay>}
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=replay-diff.sh
source "$root/testbench/icarus/replay-diff.sh"
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

# Both schedulers (issue 13): rr, the paper's round robin, and arb; rr with the pipelined
# global sum (Pipe = 1, docs/architecture.md 4f); and rr at half the request rate (HalfRate =
# 1, 4f) on the traces with M >= 3 (its legal range at Pipe = 0).
half_traces=()
for t in "${traces[@]}"; do
  [ "$(awk '$1 == "barriers" {print $2}' "$t")" -ge 3 ] && half_traces+=("$t")
done
runs=0 lines=0
for replay_diff_sched in rr arb rr-pipe rr-half; do
  if [ "$replay_diff_sched" = rr-half ]; then
    replay_diff icarus-check Icarus path "$replay" "$work" rtl "${half_traces[@]}"
  else
    replay_diff icarus-check Icarus path "$replay" "$work" rtl "${traces[@]}"
  fi
  echo "icarus-check: sched $replay_diff_sched: $replay_diff_runs runs, $replay_diff_lines output lines"
  runs=$((runs + replay_diff_runs)) lines=$((lines + replay_diff_lines))
done
echo "icarus-check: $runs runs, $lines output lines, Icarus RTL == model on all (rr, arb, rr-pipe, rr-half)"
