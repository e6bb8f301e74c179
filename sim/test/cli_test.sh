#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dsbc-system end to end: table and JSON, bad input exits 2 naming the option, and the dumped
# request stream replays on dsbc-replay to the same done cycles (and, with the RTL built, the
# rtl and both engines agree with the model).
set -euo pipefail
sys=$1 replay=$2 have_rtl=${3:-OFF}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$sys" --workload ring:p=0.9 --pes 16 --barriers 4 --epochs 2 --seed 3 --algos tiered,4c > "$tmp/table.txt"
grep -q "oracle: ok" "$tmp/table.txt"
"$sys" --workload tree:lambda=0.7,lmax=10 --pes 16 --barriers 4 --seed 2 --json --dump-trace "$tmp/t.trace" > "$tmp/out.json"
python3 - "$tmp/out.json" "$tmp/t.trace" "$replay" <<'PY'
import json, subprocess, sys
r = json.load(open(sys.argv[1]))
assert r["oracle_ok"], r["failures"]
mine = sorted((row["dsbc_done_cycle"], row["barrier"], row["dsbc_snap_cycle"]) for row in r["rows"])
out = subprocess.run([sys.argv[3], sys.argv[2]], check=True, capture_output=True, text=True).stdout
dones = sorted((int(a), int(b), int(c)) for k, a, b, c in (l.split() for l in out.splitlines() if l.startswith("done ")))
assert mine == dones, (mine, dones)
print("replay: %d done lines identical" % len(dones))
PY
set +e
"$sys" --pes 300 > /dev/null 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q -- "--pes: 300 is out of range 1..256" "$tmp/err"
set +e
"$sys" --engine fpga > /dev/null 2> "$tmp/err"; rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q -- "--engine" "$tmp/err"
if [ "$have_rtl" = "ON" ]; then
  a=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --engine model --json | sed 's/"wall_seconds":[^,]*,//')
  b=$("$sys" --workload ring:p=0.95 --pes 16 --barriers 4 --epochs 2 --seed 9 --engine both --json | sed 's/"wall_seconds":[^,]*,//;s/"engine":"both"/"engine":"model"/')
  [ "$a" = "$b" ]
  echo "engine both: same result as the model"
fi
echo "dsbc-system cli: ok"
