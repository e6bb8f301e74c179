#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shows that the verification can fail: applies one deliberate bug at a time to a copy of the
# RTL and requires the Icarus-vs-model check (testbench/icarus/icarus-check.sh) to catch each.
#   scripts/mutation-check.sh <path to dsbc-replay>
set -euo pipefail
replay=$(realpath "${1:?usage: mutation-check.sh <dsbc-replay>}")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "file#original text#mutated text#what the bug is"
mutants=(
  "dsbc_summation.v#wire           forward = last_wr_en_q && (last_wr_addr_q == w_barrier_q);#wire           forward = 1'b0;#no forwarding: back-to-back updates to one barrier are lost"
  "dsbc_rr.v#      bypass_q      <= ram_wr_en_i && (ram_wr_addr_i == cnt2_next);#      bypass_q      <= 1'b0;#no read-first bypass: a same-cycle commit leaks into the snapshot"
  "dsbc_rr.v#      piso_q       <= {piso_q[T+1], piso_q[T+1:1]};#      piso_q       <= {1'b0, piso_q[T+1:1]};#logical shift: negative counts are not sign-extended"
  "dsbc_rr.v#      touched_q <= ctl_load_i ? commit_to_next : (touched_q || commit_to_cur);#      touched_q <= ctl_load_i ? 1'b0 : (touched_q || commit_to_cur);#a commit in the snapshot cycle does not keep the barrier open"
  "dsbc_global.v#          if (!col_zero) phase_d = PH_LOAD;#          if (1'b0) phase_d = PH_LOAD;#full slot ignored: completions pushed into full FIFOs"
  "dsbc_summation.v#  wire overflow = (new_count[T] != new_count[T-1]);#  wire overflow = 1'b0;#overflow not refused: counts wrap silently"
)

caught=0
for m in "${mutants[@]}"; do
  IFS='#' read -r file orig mutated what <<< "$m"
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  cp -r "$root/rtl" "$root/scripts" "$root/testbench" "$root/tools" "$work/tree/"
  python3 - "$work/tree/rtl/$file" "$orig" "$mutated" <<'PY'
import sys
path, orig, mutated = sys.argv[1:]
text = open(path).read()
if orig not in text:
    sys.exit(f"mutation-check: pattern not found in {path}: {orig}")
open(path, "w").write(text.replace(orig, mutated, 1))
PY
  if bash "$work/tree/testbench/icarus/icarus-check.sh" "$replay" > "$work/out.txt" 2>&1; then
    echo "mutation-check: NOT CAUGHT: $what ($file)"
    exit 1
  fi
  echo "mutation-check: caught: $what ($(grep -m1 -E 'MISMATCH' "$work/out.txt" | sed 's|.*/||'))"
  caught=$((caught + 1))
done
echo "mutation-check: $caught of ${#mutants[@]} deliberate bugs caught"
