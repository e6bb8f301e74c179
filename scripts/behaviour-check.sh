#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Behaviour of the user tools dsbc-replay and dsbc-system before and after a change (issue 11:
# the CLIs moved to CLI11/nlohmann-json/fmt and must print the same bytes).
#
#   behaviour-check.sh record OUT_DIR DSBC_REPLAY DSBC_SYSTEM [DSBC_SYSTEM_SC]
#       runs the fixed set of runs below and stores, per run, its stdout, stderr, exit code
#       and any file it wrote.
#   behaviour-check.sh compare BEFORE_DIR AFTER_DIR
#       exits 0 when every run agrees, else lists the differences and exits 1.
#
# Run classes (the first word of each run line):
#   exact   stdout, stderr, exit code and written files byte-identical.
#   usage   a bad-usage run: exit code and stdout identical; stderr may be worded differently
#           (CLI11 words its own errors) but must still contain each of the needle's texts (the
#           option's name and, for out-of-range values, its legal range). Rewordings are shown.
#   help    --help: exit code identical, the new text must name every option in the needle list.
# "wall_seconds" in dsbc-system's JSON is the run's wall-clock time, the only non-deterministic
# value; record replaces it with a fixed text before storing.
set -uo pipefail

die() { echo "behaviour-check: $*" >&2; exit 2; }

# Each run: CLASS NAME TOOL NEEDLE ARGS... (TOOL: replay, system or system-sc; NEEDLE "-" for
# exact runs; in ARGS, @OUT@ is the run's own output folder, @EX@ tools/examples and @EMPTY@
# an empty argument).
runs() {
  local ex t
  for t in small overflow commit_at_snapshot; do
    echo "exact replay-$t-default replay - @EX@/$t.trace"
    echo "exact replay-$t-model-stall replay - --engine model --pop-stall 0.3 --seed 7 @EX@/$t.trace"
    echo "exact replay-$t-period replay - --pop-period 3 --fifo-depth 2 @EX@/$t.trace"
    echo "exact replay-$t-stall-max-seed replay - --pop-stall 0.5 --seed 18446744073709551615 @EX@/$t.trace"
    echo "exact replay-$t-timeout replay - --max-cycles 20 @EX@/$t.trace"
    echo "exact replay-$t-stim replay - --emit-stim @OUT@/$t.stim --fifo-depth 1024 @EX@/$t.trace"
  done
  echo "exact replay-max-cycles-0 replay - --max-cycles 0 @EX@/small.trace"
  echo "exact replay-stall-tiny replay - --pop-stall 0.000001 --seed 0 @EX@/small.trace"
  echo "exact replay-missing-file replay - @OUT@/nope.trace"
  echo "usage replay-no-trace replay trace --engine model"
  echo "usage replay-unknown-option replay --frobnicate --frobnicate @EX@/small.trace"
  echo "usage replay-engine replay --engine|model|rtl --engine gpu @EX@/small.trace"
  echo "usage replay-engine-missing replay --engine @EX@/small.trace --engine"
  echo "usage replay-pop-stall-one replay --pop-stall|0~<=~P~<~1 --pop-stall 1 @EX@/small.trace"
  echo "usage replay-pop-stall-neg replay --pop-stall|0~<=~P~<~1 --pop-stall -0.1 @EX@/small.trace"
  echo "usage replay-pop-stall-text replay --pop-stall --pop-stall half @EX@/small.trace"
  echo "usage replay-pop-stall-nan replay --pop-stall|0~<=~P~<~1 --pop-stall nan @EX@/small.trace"
  echo "usage replay-pop-period-zero replay --pop-period|K~>=~1 --pop-period 0 @EX@/small.trace"
  echo "usage replay-seed-neg replay --seed|unsigned~64-bit --seed -5 @EX@/small.trace"
  echo "usage replay-seed-overflow replay --seed|unsigned~64-bit --seed 18446744073709551616 @EX@/small.trace"
  echo "usage replay-seed-hex replay --seed --seed 0x10 @EX@/small.trace"
  echo "usage replay-max-cycles-text replay --max-cycles --max-cycles 1e6 @EX@/small.trace"
  echo "usage replay-fifo-depth-zero replay --fifo-depth|1..1024 --fifo-depth 0 @EX@/small.trace"
  echo "usage replay-fifo-depth-big replay --fifo-depth|1..1024 --fifo-depth 1025 @EX@/small.trace"
  echo "usage replay-fifo-depth-huge replay --fifo-depth --fifo-depth 99999999999 @EX@/small.trace"
  echo "usage replay-emit-stim-empty replay --emit-stim|empty~file~name --emit-stim @EMPTY@ @EX@/small.trace"
  echo "usage replay-emit-stim-dir replay --emit-stim --emit-stim @OUT@/no/such/x.stim @EX@/small.trace"
  echo "usage replay-two-traces replay small.trace @EX@/small.trace @EX@/small.trace"
  echo "help replay-help replay --engine,--pop-stall,--seed,--pop-period,--max-cycles,--fifo-depth,--emit-stim --help"

  # dsbc-system: four workloads, table and JSON, several algorithm sets and options.
  echo "exact sys-tree-table system - --workload tree:lambda=0.7,lmax=10 --pes 16 --barriers 4 --seed 2 --algos tiered,4c"
  echo "exact sys-tree-json system - --workload tree:lambda=0.7,lmax=10 --pes 16 --barriers 4 --seed 2 --algos tiered,4c --json"
  echo "exact sys-tree-default-table system -"
  echo "exact sys-tree-default-json system - --json"
  echo "exact sys-ring-table system - --workload ring:p=0.9 --pes 16 --barriers 4 --epochs 2 --seed 3 --algos tiered,4c,cda"
  echo "exact sys-ring-json system - --workload ring:p=0.9 --pes 16 --barriers 4 --epochs 2 --seed 3 --algos tiered,4c,cda --json --dump-trace @OUT@/ring.trace"
  echo "exact sys-ring8-table system - --workload ring --pes 8 --barriers 2 --algos tiered,cda --clock-ns 10 --latency-ns 250.5"
  echo "exact sys-dag-table system - --workload dag:tasks=300 --pes 7 --barriers 8 --algos credit,hcda,edod --task-ns 1000.25"
  echo "exact sys-dag-json system - --workload dag:tasks=300 --pes 7 --barriers 8 --algos credit,hcda,edod --task-ns 1000.25 --json --dump-trace @OUT@/dag.trace"
  echo "exact sys-forkjoin-table system - --workload forkjoin:width=8,rounds=2 --pes 32 --barriers 3 --epochs 3 --algos skr,ltd,ds,wtc --count-bits 12 --fifo-depth 3"
  echo "exact sys-forkjoin-json system - --workload forkjoin:width=8,rounds=2 --pes 32 --barriers 3 --epochs 3 --algos skr,ltd,ds,wtc --count-bits 12 --fifo-depth 3 --json"
  echo "exact sys-forkjoin64-json system - --workload forkjoin --pes 64 --algos ,baker,,cv, --seed 12345 --latency-ns 0 --json"
  echo "exact sys-tree-order system - --json --algos cda --pes 5 --barriers 3 --workload tree:lmax=8 --seed 4 --epochs 2"
  echo "exact sys-last-wins system - --pes 9 --pes 4 --seed 1 --seed 6"
  echo "exact sys-dump-only system - --workload ring:p=0.8 --pes 4 --barriers 2 --dump-trace @OUT@/ring4.trace"
  echo "exact sys-empty-values system - --pes 4 --dump-trace @EMPTY@ --algos @EMPTY@ --algos cda"
  echo "exact sys-model-engine system - --engine model --workload dag:tasks=100 --pes 3 --json"
  echo "exact replay-of-ring replay - @OUT@/../sys-ring-json/ring.trace"
  echo "exact replay-of-dag replay - @OUT@/../sys-dag-json/dag.trace"
  echo "exact replay-of-ring4-stall replay - --pop-stall 0.4 --seed 3 @OUT@/../sys-dump-only/ring4.trace"
  echo "usage sys-pes-big system --pes:~300~is~out~of~range~1..256 --pes 300"
  echo "usage sys-pes-zero system --pes:~0~is~out~of~range~1..256 --pes 0"
  echo "usage sys-barriers-big system --barriers:~1025~is~out~of~range~1..1024 --barriers 1025"
  echo "usage sys-epochs-zero system --epochs:~0~is~out~of~range~1..100000 --epochs 0"
  echo "usage sys-count-bits system --count-bits:~7~is~out~of~range~8..32 --count-bits 7"
  echo "usage sys-fifo-depth system --fifo-depth:~2000~is~out~of~range~1..1024 --fifo-depth 2000"
  echo "usage sys-pes-text system --pes --pes many"
  echo "usage sys-pes-float system --pes --pes 4.5"
  echo "usage sys-seed-text system --seed --seed x"
  echo "usage sys-engine system --engine|model|rtl|both|systemc --engine fpga"
  echo "usage sys-engine-missing system --engine --engine"
  echo "usage sys-clock-zero system --clock-ns|0.001 --clock-ns 0"
  echo "usage sys-clock-neg system --clock-ns|[0,~1e9) --clock-ns -3"
  echo "usage sys-clock-big system --clock-ns|[0,~1e9) --clock-ns 1e9"
  echo "usage sys-latency-text system --latency-ns|[0,~1e9) --latency-ns fast"
  echo "usage sys-task-nan system --task-ns|[0,~1e9) --task-ns nan"
  echo "usage sys-unknown-option system --frobnicate --frobnicate 1"
  echo "usage sys-positional system stray stray"
  echo "usage sys-workload-barriers system --workload|--barriers~(1..1024) --workload tree:barriers=2"
  echo "usage sys-workload-unknown system --workload --workload nosuch"
  echo "usage sys-workload-key system --workload --workload tree:x=1"
  echo "usage sys-algo-unknown system --algos --algos tiered,foo"
  echo "usage sys-algos-space system cda --algos tiered cda"
  echo "usage sys-dump-dir system --dump-trace --dump-trace @OUT@/no/such/t.trace"
  echo "help sys-help system --workload,--pes,--barriers,--epochs,--seed,--engine,--algos,--clock-ns,--latency-ns,--task-ns,--count-bits,--fifo-depth,--json,--dump-trace --help"
  # The SystemC top (only when DSBC_SYSTEM_SC is given): before issue 11 the binary
  # dsbc-system-sc, after it dsbc-system itself; --engine systemc is given explicitly.
  echo "exact sc-ring-table system-sc - --engine systemc --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --algos tiered"
  echo "exact sc-ring-json system-sc - --engine systemc --workload ring:p=0.95 --pes 16 --barriers 4 --seed 9 --json"
  echo "usage sc-pes-big system-sc --pes:~300~is~out~of~range~1..256 --engine systemc --pes 300"
}

record() {
  local out=$1 replay=$2 system=$3 system_sc=${4:-}
  local ex
  ex=$(cd "$(dirname "$0")/../tools/examples" && pwd) || die "no tools/examples"
  [ -x "$replay" ] || die "not executable: $replay"
  [ -x "$system" ] || die "not executable: $system"
  replay=$(realpath "$replay") system=$(realpath "$system")
  [ -z "$system_sc" ] || system_sc=$(realpath "$system_sc")
  mkdir -p "$out" || die "cannot create $out"
  out=$(cd "$out" && pwd)
  local class name tool needle args bin dir n=0
  while read -r class name tool needle args; do
    case $tool in
      replay) bin=$replay ;;
      system) bin=$system ;;
      system-sc) bin=$system_sc; [ -n "$bin" ] || continue ;;
    esac
    dir=$out/$name
    rm -rf "$dir" && mkdir -p "$dir"
    args=${args//@OUT@/$dir}
    args=${args//@EX@/$ex}
    # Arguments are split on spaces (none contains one); @EMPTY@ is an empty argument.
    local -a argv
    read -r -a argv <<<"$args"
    local i
    for i in "${!argv[@]}"; do [ "${argv[$i]}" != @EMPTY@ ] || argv[$i]=""; done
    # One RTL cache for all runs of a record (the caller's DSBC_CACHE_DIR if set), so each
    # configuration is verilated once.
    (cd "$dir" && DSBC_CACHE_DIR="${DSBC_CACHE_DIR:-$out/.rtl-cache}" \
      "$bin" "${argv[@]}" >stdout 2>stderr; echo $? >rc)
    # Paths differ between the two records: write them as @OUT@ and @EX@.
    sed -i "s|$dir|@OUT@|g; s|$ex|@EX@|g" "$dir/stdout" "$dir/stderr"
    sed -i 's/"wall_seconds":[^,]*,/"wall_seconds":WALL,/' "$dir/stdout"
    printf '%s %s %s\n' "$class" "$needle" "$args" >"$dir/run"
    sed -i "s|$dir|@OUT@|g; s|$ex|@EX@|g" "$dir/run"
    n=$((n + 1))
  done < <(runs)
  echo "behaviour-check: recorded $n runs in $out"
}

compare() {
  local before=$1 after=$2 bad=0 n=0 name class needle rest f dir
  [ -d "$before" ] && [ -d "$after" ] || die "compare needs two recorded folders"
  for dir in "$before"/*/; do
    name=$(basename "$dir")
    n=$((n + 1))
    if [ ! -d "$after/$name" ]; then
      echo "MISSING $name"; bad=$((bad + 1)); continue
    fi
    read -r class needle rest <"$dir/run"
    local why=""
    cmp -s "$dir/rc" "$after/$name/rc" || why+=" exit($(cat "$dir/rc")->$(cat "$after/$name/rc"))"
    case $class in
      exact)
        for f in $(cd "$dir" && ls); do
          [ "$f" = run ] && continue
          cmp -s "$dir/$f" "$after/$name/$f" || why+=" $f"
        done
        for f in $(cd "$after/$name" && ls); do
          [ -e "$dir/$f" ] || why+=" new:$f"
        done ;;
      usage)
        cmp -s "$dir/stdout" "$after/$name/stdout" || why+=" stdout"
        # needle: texts separated by "|", each must be there; "~" stands for a space (run
        # lines are split on spaces).
        local part
        IFS='|' read -r -a parts <<<"${needle//\~/ }"
        for part in "${parts[@]}"; do
          grep -qF -- "$part" "$after/$name/stderr" || why+=" stderr-lacks:'$part'"
        done
        if ! cmp -s "$dir/stderr" "$after/$name/stderr"; then
          echo "  reworded $name: $(head -n1 "$dir/stderr") => $(head -n1 "$after/$name/stderr")"
        fi ;;
      help)
        local o
        for o in ${needle//,/ }; do
          grep -qF -- "$o" "$after/$name/stdout" || why+=" help-lacks:$o"
        done ;;
    esac
    if [ -n "$why" ]; then
      echo "DIFFER $name:$why"
      bad=$((bad + 1))
    fi
  done
  for dir in "$after"/*/; do
    [ -d "$before/$(basename "$dir")" ] || { echo "EXTRA $(basename "$dir") (not in $before)"; }
  done
  echo "behaviour-check: $((n - bad)) of $n runs agree"
  [ "$bad" -eq 0 ]
}

case ${1:-} in
  record) [ $# -ge 4 ] || die "usage: $0 record OUT_DIR DSBC_REPLAY DSBC_SYSTEM [DSBC_SYSTEM_SC]"
          record "$2" "$3" "$4" "${5:-}" ;;
  compare) [ $# -eq 3 ] || die "usage: $0 compare BEFORE_DIR AFTER_DIR"
           compare "$2" "$3" ;;
  *) die "usage: $0 record OUT_DIR DSBC_REPLAY DSBC_SYSTEM [DSBC_SYSTEM_SC] | compare BEFORE_DIR AFTER_DIR" ;;
esac
