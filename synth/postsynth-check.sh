#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Post-synthesis simulation: maps a small whole DSBC unit to iCE40 cells with Yosys
# (synth/flow/dsbc_top_postsynth_ice40.ys), simulates that netlist under Icarus with Yosys's
# cell models (ice40/cells_sim.v), replays traces through the existing Icarus testbench
# (testbench/icarus/tb_replay.v) and requires output identical to `dsbc-replay --engine model`
# (the replay-and-diff loop of the Icarus RTL check: testbench/icarus/replay-diff.sh).
# Traces: random ones from scripts/gen-trace.py (one with a burst to the edge of T) and the
# committed example small.trace re-headed to this configuration, each with pops every cycle
# and with pop stalls (--pop-period 3, 40: full FIFOs).
#   synth/postsynth-check.sh <path to dsbc-replay>
set -euo pipefail
replay=${1:?usage: postsynth-check.sh <dsbc-replay>}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=../testbench/icarus/replay-diff.sh
source testbench/icarus/replay-diff.sh
command -v yosys >/dev/null && command -v iverilog >/dev/null || bash scripts/install-deps.sh
cells=$(yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ice40/cells_sim.v
[ -f "$cells" ] || cells=/usr/share/yosys/ice40/cells_sim.v
out=build/synth/postsynth
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# N=3 (not a power of two), M=16, T=8, D=2: small enough for a fast gate-level run, big enough
# that Yosys maps the count RAM to block RAM (it keeps 4-word RAMs in LUTs), and the
# FIFO fills up under the pop stalls. T+1 = 9 bits fit one SB_RAM40_4K per PE.
N=3 M=16 T=8 D=2
brams=$((N * ((T + 1 + 15) / 16)))
# One netlist per scheduler (issue 13): rr (Sched 0), arb (Sched 1), rr with the pipelined
# global sum (rr-pipe: Sched 0, Pipe 1; docs/architecture.md 4f) and rr at half the request
# rate (rr-half: HalfRate 1, 4f; its blocks use the same block RAMs). HalfRate is set only
# for rr-half, so the other netlists are those of before it existed.
variants="rr arb rr-pipe rr-half"
for sched in $variants; do
  replay_diff_params postsynth-check "$sched"
  S=$replay_diff_sched_param P=$replay_diff_pipe
  half=""
  [ "$replay_diff_half" = 1 ] && half="-set HalfRate 1"
  sed -e "s/@N@/$N/g; s/@M@/$M/g; s/@T@/$T/g; s/@D@/$D/g; s/@S@/$S/g; s/@P@/$P/g; s/@HALF@/$half/g; s|@OUT@|$out/dsbc_top_n${N}_m${M}_${sched}_ice40|g; s/@BRAMS@/$brams/g" \
    synth/flow/dsbc_top_postsynth_ice40.ys > "$work/netlist_$sched.ys"
  nice -n 10 yosys -q -l "$out/netlist_$sched.log" -s "$work/netlist_$sched.ys" > /dev/null
done

python3 scripts/gen-trace.py --pes $N --barriers $M --count-bits $T --fifo-depth $D \
  --tasks 300 --seed 41 > "$work/random0.trace"
python3 scripts/gen-trace.py --pes $N --barriers $M --count-bits $T --fifo-depth $D \
  --tasks 200 --seed 42 --burst 130 > "$work/random1.trace"
# small.trace is written for N=3, M=4, T=8; barrier IDs 0..3 are valid with M=16 too.
awk -v d=$D -v m=$M '/^barriers/ {print "barriers " m; next} /^count_bits/ {print; print "fifo_depth " d; next} /^fifo_depth/ {next} {print}' \
  tools/examples/small.trace > "$work/small.trace"

# The netlist has no parameters: Icarus warns that tb_replay's overrides are unused, which
# is expected (the netlist is this configuration); tb_replay checks the stimulus header and
# takes Sched, Pipe and HalfRate for its end condition.
runs=0 lines=0 cells_used=
for replay_diff_sched in $variants; do
  replay_diff_params postsynth-check "$replay_diff_sched"
  S=$replay_diff_sched_param P=$replay_diff_pipe
  netlist=$out/dsbc_top_n${N}_m${M}_${replay_diff_sched}_ice40
  iverilog -g2005 -DNO_ICE40_DEFAULT_ASSIGNMENTS -o "$work/net_$replay_diff_sched.vvp" \
    -P tb_replay.NumPes=$N -P tb_replay.NumBarriers=$M -P tb_replay.CountBits=$T \
    -P tb_replay.FifoDepth=$D -P tb_replay.Sched=$S -P tb_replay.Pipe=$P \
    -P tb_replay.HalfRate="$replay_diff_half" -s tb_replay "$netlist.v" "$cells" \
    testbench/icarus/tb_replay.v 2> "$work/iverilog.err" || { cat "$work/iverilog.err"; exit 1; }
  replay_diff postsynth-check "iCE40 netlist" basename "$replay" "$work" "$work/net_$replay_diff_sched.vvp" \
    "$work"/random0.trace "$work"/random1.trace "$work"/small.trace
  runs=$((runs + replay_diff_runs)) lines=$((lines + replay_diff_lines))
  cells_used="$cells_used $replay_diff_sched $(grep -E 'Number of cells' "$netlist.stat" | tail -1 | awk '{print $4}')"
done
echo "postsynth-check: iCE40 netlists of N=$N M=$M T=$T D=$D (cells:$cells_used; $brams SB_RAM40_4K each): $runs runs, $lines output lines identical to the model ($variants)"
