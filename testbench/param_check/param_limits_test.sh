#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The RTL's parameter check (rtl/dsbc_param_check.v) agrees with the C++ limits (dsbc/unit.h):
# for every parameter, dsbc_top elaborates at both legal edges and refuses one past each edge
# with a message naming the parameter and the C++ range. Verilator (--lint-only -Wall, as
# `make lint`) sees the `$error` branch; Icarus sees the `$fatal` branch, so both are checked.
# The other parameters keep dsbc_top's defaults.
#
# Usage: param_limits_test.sh PRINT_LIMITS   (the executable built from print_limits.cpp)
# Environment: VERILATOR, IVERILOG, VVP (default: from PATH).
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 PRINT_LIMITS (executable printing '<name> <min> <max>' lines)" >&2
  exit 2
fi
printer=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
verilator=${VERILATOR:-verilator}
iverilog=${IVERILOG:-iverilog}
vvp=${VVP:-vvp}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! limits=$("$printer"); then
  echo "FAIL: $printer exited with an error" >&2
  exit 1
fi
# Guard against a vacuous pass: the four parameters of docs/architecture.md section 2, the
# scheduler Sched, the pipelined sum Pipe and half the request rate HalfRate.
if [ "$(printf '%s\n' "$limits" | wc -l)" -ne 7 ]; then
  echo "FAIL: expected 7 limits from $printer, got:" >&2
  printf '%s\n' "$limits" >&2
  exit 1
fi

failures=0
checks=0

# run_tools NAME VALUE [PARAM=VALUE ...]: elaborate dsbc_top with NAME=VALUE (and the other
# parameters given) under both simulators; sets vl_rc/vl_out (Verilator) and iv_rc/iv_out
# (Icarus compile + run at time 0).
run_tools() {
  local vl_extra=() iv_extra=() p
  for p in "${@:3}"; do
    vl_extra+=("-G$p")
    iv_extra+=("-Pdsbc_top.$p")
  done
  vl_out=$("$verilator" --lint-only -Wall "$root/lint/verilator_waiver.vlt" -I"$root/rtl" \
    "$root/rtl/dsbc_top.v" --top-module dsbc_top "-G$1=$2" "${vl_extra[@]}" 2>&1)
  vl_rc=$?
  iv_out=$("$iverilog" -g2005 -I"$root/rtl" -y"$root/rtl" -s dsbc_top -P"dsbc_top.$1=$2" \
    "${iv_extra[@]}" -o "$work/sim.vvp" "$root/rtl/dsbc_top.v" 2>&1 && "$vvp" -n "$work/sim.vvp" 2>&1)
  iv_rc=$?
}

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

while read -r name lo hi; do
  failures_before=$failures
  # Pipe = 1 and HalfRate = 1 are legal only with Sched = 0 (rr): their edges are tried under rr.
  sched=()
  [ "$name" = Pipe ] || [ "$name" = HalfRate ] && sched=(Sched=0)
  for v in "$lo" "$hi"; do
    run_tools "$name" "$v" "${sched[@]}"
    checks=$((checks + 1))
    [ "$vl_rc" -eq 0 ] || fail "verilator refuses legal $name=$v:"$'\n'"$vl_out"
    [ "$iv_rc" -eq 0 ] || fail "icarus refuses legal $name=$v:"$'\n'"$iv_out"
  done
  for v in $((lo - 1)) $((hi + 1)); do
    run_tools "$name" "$v" "${sched[@]}"
    checks=$((checks + 1))
    want="parameter $name is out of range: legal $lo..$hi"
    want_iv="parameter $name = $v is out of range: legal $lo..$hi"
    if [ "$vl_rc" -eq 0 ]; then
      fail "verilator accepts illegal $name=$v"
    elif ! grep -qF "$want" <<<"$vl_out"; then
      fail "verilator refuses $name=$v without '$want':"$'\n'"$vl_out"
    fi
    if [ "$iv_rc" -eq 0 ]; then
      fail "icarus accepts illegal $name=$v"
    elif ! grep -qF "$want_iv" <<<"$iv_out"; then
      fail "icarus refuses $name=$v without '$want_iv':"$'\n'"$iv_out"
    fi
  done
  if [ "$failures" -eq "$failures_before" ]; then
    echo "$name: $lo..$hi accepted at both edges, refused one past each"
  else
    echo "$name: $lo..$hi: $((failures - failures_before)) failure(s), see above"
  fi
done <<<"$limits"

# refused WANT NAME VALUE [PARAM=VALUE ...]: an illegal combination of legal values is refused
# by both tools with a message containing WANT.
refused() {
  local want=$1
  shift
  run_tools "$@"
  checks=$((checks + 1))
  if [ "$vl_rc" -eq 0 ] || ! grep -qF "$want" <<<"$vl_out"; then
    fail "verilator: $* not refused with '$want':"$'\n'"$vl_out"
  elif [ "$iv_rc" -eq 0 ] || ! grep -qF "$want" <<<"$iv_out"; then
    fail "icarus: $* not refused with '$want':"$'\n'"$iv_out"
  else
    echo "$* refused: $want"
  fi
}
# accepted NAME VALUE [PARAM=VALUE ...]: a legal combination elaborates under both tools.
accepted() {
  run_tools "$@"
  checks=$((checks + 1))
  [ "$vl_rc" -eq 0 ] || fail "verilator refuses legal $*:"$'\n'"$vl_out"
  [ "$iv_rc" -eq 0 ] || fail "icarus refuses legal $*:"$'\n'"$iv_out"
}

# The illegal combinations of legal values, refused naming the parameters: Pipe = 1 or
# HalfRate = 1 under arb; HalfRate = 1 with too few barriers for the rebase's rule,
# (M - 1)(3 + P) > 4 (rtl/dsbc_local_half.v; P = 1 + ceil(clog2(N) / 2) at Pipe = 1, else 0):
# M = 2 at Pipe = 0 (3), M = 1 at Pipe = 1 (0), M = 2 at Pipe = 1 with N = 1 (P = 1: 4); and
# the edges next to them accepted: M = 3 at Pipe = 0 (6), M = 2 at Pipe = 1 with N = 2 (P = 2:
# 5), M = 3 at Pipe = 1 with N = 1 (8).
half_m="parameter HalfRate = 1 needs NumBarriers >= 3 (Pipe = 0) or >= 2 (Pipe = 1 and NumPes >= 2)"
refused "parameter Pipe = 1 needs Sched = 0 (rr)" Pipe 1 Sched=1
refused "parameter HalfRate = 1 needs Sched = 0 (rr)" HalfRate 1 Sched=1
refused "$half_m" HalfRate 1 Sched=0 NumBarriers=2
refused "$half_m" HalfRate 1 Sched=0 NumBarriers=1 Pipe=1
refused "$half_m" HalfRate 1 Sched=0 NumBarriers=2 Pipe=1 NumPes=1
accepted HalfRate 1 Sched=0 NumBarriers=3
accepted HalfRate 1 Sched=0 NumBarriers=2 Pipe=1 NumPes=2
accepted HalfRate 1 Sched=0 NumBarriers=3 Pipe=1 NumPes=1

if [ "$failures" -ne 0 ]; then
  echo "param_limits_test: $failures failure(s) in $checks elaborations" >&2
  exit 1
fi
echo "param_limits_test: the RTL agrees with the C++ limits ($checks elaborations, 2 tools each)"
