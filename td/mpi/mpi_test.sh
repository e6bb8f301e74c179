#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# One ctest of tdmpi (label mpi, td/mpi/CMakeLists.txt). Usage:
#   mpi_test.sh MODE TDMPI ORACLE NP DIR -- TDMPI_ARGS...
# MODE run:           the run exits 0 and the offline oracle finds its logs clean.
# MODE oracle-fails:  the run (with a planted fault) is caught: the oracle exits 1.
# MODE timeout:       the run exits non-zero within the timeout plus a margin, and rank 0's
#                     error names the ranks that had not finished (argument 6: expected text).
# MODE rank-dies:     a rank exits early: mpirun ends the job with a non-zero status.
# MODE bad-input:     tdmpi exits 2 with "tdmpi: error:" and the expected text (argument 6).
# mpirun runs as root (CI) and oversubscribed (2 cores); DIR is wiped first.
set -u
mode=$1 tdmpi=$2 oracle=$3 np=$4 dir=$5 expect=${6:-}
shift 6
[ "${1:-}" = "--" ] && shift
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Keep OpenMPI off the network interfaces CI containers may not have: shared memory only.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
rm -rf "$dir" && mkdir -p "$dir"
start=$(date +%s)
mpirun --oversubscribe -np "$np" "$tdmpi" "$@" --log-dir "$dir" --out "$dir/result.json" >"$dir/stdout" 2>"$dir/stderr"
rc=$?
secs=$(( $(date +%s) - start ))
cat "$dir/stdout"
fail() { echo "mpi_test: FAIL ($mode): $*"; echo "--- stderr:"; cat "$dir/stderr"; exit 1; }
case $mode in
  run)
    [ $rc -eq 0 ] || fail "tdmpi exited $rc"
    "$oracle" "$dir" || fail "the oracle rejected the logs"
    ;;
  oracle-fails)
    [ $rc -ne 0 ] || fail "the run's own check (exit $rc) missed the planted fault"
    "$oracle" "$dir"
    orc=$?
    [ $orc -eq 1 ] || fail "the oracle exited $orc, expected 1 (a failed check)"
    ;;
  timeout)
    [ $rc -ne 0 ] || fail "a hanging rank did not make the run fail"
    grep -q "$expect" "$dir/stderr" || fail "stderr lacks '$expect'"
    [ $secs -le 30 ] || fail "the run took $secs s"
    grep "tdmpi: error" "$dir/stderr"
    ;;
  rank-dies)
    [ $rc -ne 0 ] || fail "a dead rank did not make the run fail"
    [ $secs -le 30 ] || fail "the run took $secs s"
    grep -q "$expect" "$dir/stderr" || fail "stderr lacks '$expect'"
    grep -A3 "exited with non-zero\|$expect" "$dir/stderr" | head -8
    ;;
  bad-input)
    [ $rc -eq 2 ] || fail "tdmpi exited $rc, expected 2"
    grep -q "tdmpi: error:.*$expect" "$dir/stderr" || fail "stderr lacks 'tdmpi: error: ...$expect'"
    grep "tdmpi: error" "$dir/stderr"
    ;;
  *) echo "mpi_test: unknown mode $mode"; exit 2 ;;
esac
echo "mpi_test: PASS ($mode, ${secs} s)"
