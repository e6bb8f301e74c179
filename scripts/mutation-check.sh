#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shows that the verification can fail: applies one deliberate bug at a time to a copy of the
# RTL and requires the Icarus-vs-model check (testbench/icarus/icarus-check.sh) to report a
# MISMATCH for each (any other failure, e.g. a compile error, is not a catch).
#   scripts/mutation-check.sh <path to dsbc-replay>
# The mutants are the `sim=True` entries of formal/mutants.py (shared with `make
# formal-mutants`); each is a pattern that must match exactly once, whitespace-tolerant, so
# a mutant can never silently stop applying.
set -euo pipefail
replay=$(realpath "${1:?usage: mutation-check.sh <dsbc-replay>}")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t mutants < <(python3 "$root/formal/mutants.py" list-sim)
[ "${#mutants[@]}" -gt 0 ] || { echo "mutation-check: no mutants listed"; exit 1; }

caught=0
for m in "${mutants[@]}"; do
  IFS=$'\t' read -r id file what <<< "$m"
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  cp -r "$root/rtl" "$root/scripts" "$root/testbench" "$root/tools" "$work/tree/"
  python3 "$root/formal/mutants.py" apply "$id" "$work/tree/rtl/$file"
  if bash "$work/tree/testbench/icarus/icarus-check.sh" "$replay" > "$work/out.txt" 2>&1; then
    echo "mutation-check: NOT CAUGHT: $what ($id, $file)"
    exit 1
  fi
  if ! grep -q -E ': MISMATCH on ' "$work/out.txt"; then
    echo "mutation-check: $id failed without a mismatch report (not a catch):"
    tail -5 "$work/out.txt"
    exit 1
  fi
  echo "mutation-check: caught: $what ($(grep -m1 -E ': MISMATCH on ' "$work/out.txt" | sed 's|.*/||'))"
  caught=$((caught + 1))
done
echo "mutation-check: $caught of ${#mutants[@]} deliberate bugs caught"
