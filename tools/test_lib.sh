#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shared by the tools' shell tests (test_cli.sh, test_sched.sh): source it after setting BIN.
# It gives a scratch directory ($TMP, removed on exit) with its own cache, the failure
# counter, `run` (exit code and output of one call of $BIN), `expect_error` (a call must exit 2
# and name the problem on stderr) and `finish` (the summary line and the exit code).
# Usage in a test: BIN=...; source "$(dirname "$0")/test_lib.sh" <name>

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dsbc-${1:-tools}-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export DSBC_CACHE_DIR="$TMP/cache"   # never touch the user's cache

failures=0
checks=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run <args...>: runs the tool, sets RC, OUT, ERR.
run() {
  "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# expect_error <name> <expected stderr substring> <args...>: bad input exits 2 and says why.
expect_error() {
  local name=$1 want=$2
  shift 2
  checks=$((checks + 1))
  run "$@"
  if [[ $RC -ne 2 ]]; then
    fail "$name: exit code $RC, expected 2 (stderr: $ERR)"
  elif [[ "$ERR" != *"$want"* ]]; then
    fail "$name: stderr '$ERR' does not contain '$want'"
  fi
}

# finish: the summary; exit 1 if any check failed.
finish() {
  if [[ $failures -ne 0 ]]; then
    echo "$failures of $checks checks failed" >&2
    exit 1
  fi
  echo "all $checks checks passed"
}
