#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The main job in one command: replay example traces on the golden model and on the RTL
# (verilated for the trace's configuration on first use, then cached), show the model's
# output, and require the two engines to agree line for line.
#   scripts/demo.sh <path to dsbc-replay>
set -euo pipefail
replay=${1:?usage: demo.sh <dsbc-replay>}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for t in "$root"/tools/examples/*.trace; do
  name=$(basename "$t" .trace)
  echo "=== $name: $(grep -E '^(pes|barriers|count_bits|fifo_depth) ' "$t" | tr '\n' ' ')"
  "$replay" --engine model "$t" > "$work/$name.model"
  "$replay" --engine rtl "$t" > "$work/$name.rtl"
  if [ "$(wc -l < "$work/$name.model")" -gt 24 ]; then
    head -n 12 "$work/$name.model"
    echo "    ... $(($(wc -l < "$work/$name.model") - 24)) more lines ..."
    tail -n 12 "$work/$name.model"
  else
    cat "$work/$name.model"
  fi
  if diff -q "$work/$name.model" "$work/$name.rtl" > /dev/null; then
    echo "--- model and RTL agree on all $(wc -l < "$work/$name.model") lines"
  else
    echo "--- MISMATCH between model and RTL:"
    diff "$work/$name.model" "$work/$name.rtl" | head -20
    exit 1
  fi
done
