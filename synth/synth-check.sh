#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the Yosys checks in synth/*.ys (each asserts its own expectations, e.g. block-RAM
# inference) and prints one line per script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v yosys >/dev/null || bash scripts/install-deps.sh
mkdir -p build/synth
for ys in synth/*.ys; do
  name=$(basename "$ys" .ys)
  if ! yosys -q -l "build/synth/$name.log" -s "$ys" > /dev/null; then
    echo "synth-check: FAILED $ys (log: build/synth/$name.log)"
    tail -5 "build/synth/$name.log"
    exit 1
  fi
  echo "synth-check: $name ok"
done
