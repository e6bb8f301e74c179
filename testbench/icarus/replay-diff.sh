# SPDX-License-Identifier: Apache-2.0
# "Simulate, then diff with the model", shared by the Icarus check (RTL,
# testbench/icarus/icarus-check.sh) and the post-synthesis check (iCE40 netlist,
# synth/postsynth-check.sh). Sourced, not run; both callers `set -euo pipefail`.
#
#   replay_diff TAG VERSUS NAMING REPLAY WORK IMAGE TRACE...
#
# For every trace and pop period 1, 3 and 40 (40 fills small FIFOs): `REPLAY --engine model`
# replays the trace and writes the stimulus for testbench/icarus/tb_replay.v; the Icarus image
# (vvp) of tb_replay runs that stimulus, and its output must equal the model's line for line.
#   TAG     message prefix (the caller's name)
#   VERSUS  what the model is compared with, in the mismatch message ("Icarus", ...)
#   NAMING  "path" or "basename": how the mismatch message names the trace
#   REPLAY  dsbc-replay;  WORK  scratch directory
#   IMAGE   the vvp file to run, or "rtl": compile rtl/dsbc_*.v with tb_replay for each trace's
#           configuration (read from the stimulus header)
# The scheduler is $replay_diff_sched (rr, the default, arb, rr-pipe: rr with the pipelined
# global sum, or rr-half: rr at half the request rate, docs/architecture.md 4f): the model
# replays with --sched (and --pipe, --half-rate), and an "rtl" image is compiled with the
# matching tb_replay.Sched, Pipe and HalfRate (a netlist IMAGE must have been synthesized with
# them).
# On a mismatch: prints the first differences and exits 1. Otherwise sets replay_diff_runs
# and replay_diff_lines (runs and model output lines compared) for the caller's summary.

replay_diff_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# replay_diff_params TAG SCHED: the RTL parameters of a scheduler name, in
# replay_diff_sched_param (Sched), replay_diff_pipe (Pipe) and replay_diff_half (HalfRate);
# an unknown name exits 2. Also for callers that synthesize a netlist per scheduler
# (synth/postsynth-check.sh).
replay_diff_params() {
  replay_diff_pipe=0 replay_diff_half=0
  case $2 in
    rr) replay_diff_sched_param=0 ;;
    arb) replay_diff_sched_param=1 ;;
    rr-pipe) replay_diff_sched_param=0 replay_diff_pipe=1 ;;
    rr-half) replay_diff_sched_param=0 replay_diff_half=1 ;;
    *) echo "$1: scheduler '$2' is not one: legal rr, arb, rr-pipe, rr-half"; exit 2 ;;
  esac
}

replay_diff() {
  local tag=$1 versus=$2 naming=$3 replay=$4 work=$5 image=$6
  shift 6
  local t period name n m tb d vvp label
  local sched=${replay_diff_sched:-rr} sched_param pipe half model_sched
  replay_diff_params "$tag" "$sched"
  sched_param=$replay_diff_sched_param pipe=$replay_diff_pipe half=$replay_diff_half
  model_sched=${sched%-*}
  replay_diff_runs=0
  replay_diff_lines=0
  for t in "$@"; do
    [ -f "$t" ] || continue
    for period in 1 3 40; do
      name=$(basename "$t" .trace)-$sched-p$period
      "$replay" --engine model --sched "$model_sched" --pipe "$pipe" --half-rate "$half" --pop-period "$period" \
        --emit-stim "$work/$name.stim" "$t" \
        > "$work/$name.model"
      vvp=$image
      if [ "$image" = rtl ]; then
        read -r n m tb d < "$work/$name.stim"
        vvp=$work/$name.vvp
        iverilog -g2005 -o "$vvp" \
          -P tb_replay.NumPes="$n" -P tb_replay.NumBarriers="$m" -P tb_replay.CountBits="$tb" \
          -P tb_replay.FifoDepth="$d" -P tb_replay.Sched="$sched_param" -P tb_replay.Pipe="$pipe" \
          -P tb_replay.HalfRate="$half" \
          -s tb_replay "$replay_diff_root"/rtl/dsbc_*.v \
          "$replay_diff_root/testbench/icarus/tb_replay.v"
      fi
      vvp -n "$vvp" +stim="$work/$name.stim" +pop_period="$period" \
        | grep -E '^(commit|overflow|done|pop|end|timeout) ' > "$work/$name.sim" || true
      if ! diff -q "$work/$name.model" "$work/$name.sim" > /dev/null; then
        label=$t
        [ "$naming" = basename ] && label=$(basename "$t")
        echo "$tag: MISMATCH on $label (sched $sched, pop period $period): model vs $versus"
        diff "$work/$name.model" "$work/$name.sim" | head -20
        exit 1
      fi
      replay_diff_runs=$((replay_diff_runs + 1))
      replay_diff_lines=$((replay_diff_lines + $(wc -l < "$work/$name.model")))
    done
  done
}
