#!/bin/sh
# overlap_run.sh: every model run of overlap.md (from the repository's root or from here).
#   sh synth/feasibility/overlap_run.sh [calib|sweep|busy|random|mutants|summary|all]
#   sh synth/feasibility/overlap_run.sh r3|r3seeds|r3adv|r3check|r3summary   (overlap.md 12; not in 'all')
#   sh synth/feasibility/overlap_run.sh pipeend|pipeend_b|pipeend_w|pipeend_mut   (overlap.md 13; not in 'all')
#   sh synth/feasibility/overlap_run.sh stream|stream_gap|stream_mut|stream_stale|stream_probe|stream_dead|stream_elim   (ovlrtl.md 17, streamed key slots; not in 'all')
#   sh synth/feasibility/overlap_run.sh stream_lag   (ovlrtl.md 20, the reaction time R = 2 .. 8; not in 'all')
#   sh synth/feasibility/overlap_run.sh ideal   (ovlrtl.md 21, ideal_bound.py: words on the lines against R; not in 'all')
# Logs in synth/feasibility/overlap_logs/; summary.txt is made from them by overlap_table.py.
set -u
cd "$(dirname "$0")"
LOG=overlap_logs
mkdir -p $LOG
PY="nice -n 10 python3 overlap_model.py"
C=100000
what=${1:-all}

calib() {  # the measured contract: radix 2, no overlap, R = 0 and R = 2 (pairunit.md 2 and 7)
  : > $LOG/calib.txt
  for R in 0 2; do
    for a in "--mode sparse --seed 15 --gapmin 60 --gap 100" "--mode sparse --seed 11" \
             "--mode sparse --seed 12" "--mode busy --seed 6" "--mode random --seed 1" \
             "--mode random --seed 2" "--mode worst --seed 7"; do
      $PY --radix 2 --overlap 0 --R $R --cycles $C $a >> $LOG/calib.txt
    done
    for M in 4 256 1024; do
      $PY --radix 2 --overlap 0 --R $R --M $M --cycles $C --mode sparse --seed 11 >> $LOG/calib.txt
      $PY --radix 2 --overlap 0 --R $R --M $M --cycles $C --mode sparse --seed 15 --gapmin 60 --gap 100 >> $LOG/calib.txt
    done
  done
}

sweep() {  # the new contract (radix 4, overlap, NEXT slot): sparse and idle closings
  : > $LOG/sweep.txt
  for R in 0 1 2 3; do for E in 0 1 2; do for M in 4 32 256 1024; do
    $PY --R $R --E $E --M $M --cycles $C --mode sparse --seed 11 >> $LOG/sweep.txt
    $PY --R $R --E $E --M $M --cycles $C --mode sparse --seed 15 --gapmin 60 --gap 100 >> $LOG/sweep.txt
  done; done; done
  # idle speculation (key slot 1 in the cycle after each idle POLL), R = 1 .. 3
  for R in 1 2 3; do for E in 0 1 2; do for M in 4 32 256 1024; do
    $PY --idlespec 1 --R $R --E $E --M $M --cycles $C --mode sparse --seed 11 >> $LOG/sweep.txt
    $PY --idlespec 1 --R $R --E $E --M $M --cycles $C --mode sparse --seed 15 --gapmin 60 --gap 100 >> $LOG/sweep.txt
  done; done; done
  # the sketch as given (no NEXT slot) and radix 2 with overlap, R = 2
  for M in 4 32 256 1024; do
    for v in "--next 0" "--radix 2 --next 0" "--radix 2"; do
      $PY --R 2 --M $M --cycles $C --mode sparse --seed 11 $v >> $LOG/sweep.txt
      $PY --R 2 --M $M --cycles $C --mode sparse --seed 15 --gapmin 60 --gap 100 $v >> $LOG/sweep.txt
    done
  done
}

busy() {  # M = 32: completions per 1,000 cycles, the contract against two round-robin scans
  : > $LOG/busy.txt
  for R in 0 1 2 3; do for E in 0 1 2; do
    for w in "--mode busy --seed 6" "--mode worst --seed 7"; do
      $PY --R $R --E $E --cycles $C $w >> $LOG/busy.txt
      $PY --R $R --E $E --cycles $C $w --next 0 >> $LOG/busy.txt
      $PY --R $R --E $E --cycles $C $w --idlespec 1 >> $LOG/busy.txt
      $PY --R $R --E $E --cycles $C $w --sched rr --rrcount 3 >> $LOG/busy.txt
      $PY --R $R --E $E --cycles $C $w --sched rr --rrcount 5 >> $LOG/busy.txt
    done
  done; done
  # the spread over seeds: the contract against the lean rr scan, busy
  : > $LOG/busyseeds.txt
  for RE in "0 0" "2 0" "2 2" "3 0" "3 1"; do
    set -- $RE
    for sd in 6 16 26 36 46; do
      $PY --R $1 --E $2 --cycles $C --mode busy --seed $sd >> $LOG/busyseeds.txt
      $PY --R $1 --E $2 --cycles $C --mode busy --seed $sd --sched rr --rrcount 3 >> $LOG/busyseeds.txt
    done
  done
}

random_() {  # random workloads: the largest latency against the derived bound
  : > $LOG/random.txt
  for R in 0 1 2 3; do for E in 0 1 2; do
    for a in "--seed 1" "--seed 2" "--seed 3" "--seed 4 --popdiv 40" "--seed 5 --hot 0" \
             "--seed 8 --mode worst --popdiv 40" "--seed 9 --mode busy --hot 0"; do
      $PY --R $R --E $E --cycles $C --mode random $a >> $LOG/random.txt
    done
    for M in 4 256 1024; do
      $PY --R $R --E $E --M $M --cycles $C --mode random --hot 0 --seed 5 >> $LOG/random.txt
      $PY --R $R --E $E --M $M --cycles $C --mode worst --seed 7 >> $LOG/random.txt
    done
  done; done
  : > $LOG/random_spec.txt
  for R in 1 2 3; do for E in 0 1 2; do
    for a in "--seed 1" "--seed 2" "--seed 3" "--seed 4 --popdiv 40" "--seed 5 --hot 0" \
             "--seed 8 --mode worst --popdiv 40" "--seed 9 --mode busy --hot 0"; do
      $PY --idlespec 1 --R $R --E $E --cycles $C --mode random $a >> $LOG/random_spec.txt
    done
    for M in 4 256 1024; do
      $PY --idlespec 1 --R $R --E $E --M $M --cycles $C --mode random --hot 0 --seed 5 >> $LOG/random_spec.txt
      $PY --idlespec 1 --R $R --E $E --M $M --cycles $C --mode worst --seed 7 >> $LOG/random_spec.txt
    done
  done; done
}

mutants() {  # planted bugs in the scheduler: every one must FAIL
  : > $LOG/mutants.txt
  for a in "--bug nowrap --mode random --seed 1" "--bug nowrap --mode random --hot 0 --seed 3" \
           "--bug snapcut --mode random --seed 1" "--bug snapcut --mode sparse --seed 11" \
           "--bug lo_all --mode random --seed 1" "--bug room1 --mode worst --popdiv 40 --seed 7" \
           "--bug next_noroom --mode worst --popdiv 40 --seed 7" "--mode worst --popdiv 40 --seed 7"; do
    echo "== $a" >> $LOG/mutants.txt
    $PY --R 2 --cycles 30000 $a >> $LOG/mutants.txt
  done
}

pipeend_() {  # overlap.md 13: the pipelined word end (--pipeend 1 / 2), R = 2, E = 0, M = 32
  : > $LOG/pipeend_busy.txt
  for sd in 6 16 26 36 46; do
    for v in "--pipeend 0" "--pipeend 1" "--pipeend 2" "--sched rr --rrcount 3" \
             "--sched rr --rrcount 5" "--R 1 --sched rr --rrcount 3"; do
      $PY --R 2 --E 0 --cycles $C --mode busy --seed $sd $v >> $LOG/pipeend_busy.txt
    done
  done
  for v in "--pipeend 0" "--pipeend 1" "--pipeend 2" "--sched rr --rrcount 3" \
           "--sched rr --rrcount 5" "--R 1 --sched rr --rrcount 3"; do
    $PY --R 2 --E 0 --cycles $C --mode worst --seed 7 $v >> $LOG/pipeend_busy.txt
  done
  : > $LOG/pipeend_sparse.txt
  for pe in 0 1 2; do for M in 4 32 256 1024; do
    $PY --R 2 --E 0 --M $M --cycles $C --mode sparse --seed 11 --pipeend $pe >> $LOG/pipeend_sparse.txt
    $PY --R 2 --E 0 --M $M --cycles $C --mode sparse --seed 15 --gapmin 60 --gap 100 --pipeend $pe >> $LOG/pipeend_sparse.txt
  done; $PY --R 2 --E 0 --M 32 --cycles $C --mode tasks --seed 1 --pipeend $pe >> $LOG/pipeend_sparse.txt
  done
}

pipeend_w() {  # overlap.md 13: the worst case under --pipeend
  : > $LOG/pipeend_worst.txt   # the largest latencies against the (new) derived bound
  for pe in 1 2; do for M in 2 4 32 1024; do
    for m in caseA caseB caseB2; do
      $PY --R 2 --E 0 --M $M --cycles $C --mode $m --pipeend $pe >> $LOG/pipeend_worst.txt
    done
    for sd in 1 2 3; do
      $PY --R 2 --E 0 --M $M --cycles $C --mode advrand --seed $sd --pipeend $pe >> $LOG/pipeend_worst.txt
    done
    $PY --R 2 --E 0 --M $M --cycles $C --mode random --hot 0 --seed 5 --pipeend $pe >> $LOG/pipeend_worst.txt
    $PY --R 2 --E 0 --M $M --cycles $C --mode random --seed 2 --pipeend $pe >> $LOG/pipeend_worst.txt
    $PY --R 2 --E 0 --M $M --cycles $C --mode worst --seed 7 --pipeend $pe >> $LOG/pipeend_worst.txt
    $PY --R 2 --E 1 --M $M --cycles $C --mode random --seed 1 --pipeend $pe >> $LOG/pipeend_worst.txt
  done; done
}

pipeend_more() {  # overlap.md 13f': --pipeend at R = 2 E = 2, R = 3 and R = 1 (30,000 cycles)
  : > $LOG/pipeend_more.txt
  for v in "--R 2 --E 2" "--R 3 --E 0" "--R 1 --E 0"; do for pe in 1 2; do for M in 4 32; do
    for m in "--mode caseB" "--mode advrand --seed 1" "--mode random --seed 1"; do
      $PY $v --M $M --cycles 30000 --pipeend $pe $m >> $LOG/pipeend_more.txt
    done
  done; done; done
}

pipeend_mut() {  # overlap.md 13: planted bugs in the pipelined word end: every one must FAIL
  : > $LOG/pipeend_mutants.txt
  for a in "--pipeend 1 --bug pe_late --mode busy --seed 6" "--pipeend 2 --bug pe_late --mode worst --seed 7" \
           "--pipeend 1 --bug pe_same --M 2 --mode random --seed 2" "--pipeend 2 --bug pe_same --M 2 --mode random --seed 2" \
           "--pipeend 1 --bug pe_room --mode worst --popdiv 40 --seed 7" "--pipeend 2 --bug pe_room --mode worst --popdiv 40 --seed 7" \
           "--pipeend 2 --M 2 --mode random --seed 2" "--pipeend 2 --mode worst --popdiv 40 --seed 7"; do
    echo "== $a" >> $LOG/pipeend_mutants.txt
    $PY --R 2 --cycles 30000 $a >> $LOG/pipeend_mutants.txt
  done
}

r3seeds() {  # R = 3 decision (overlap.md 12): the sparse mean over 10 seeds, the same workload as
  # the sweep (gap 0..64, 100,000 cycles; the sweep used seed 11 only), R = 3 and R = 2
  : > $LOG/r3_sparse_seeds.txt
  for v in "--R 3 --idlespec 1" "--R 3" "--R 2" "--R 2 --idlespec 1"; do
    for M in 4 32 256 1024; do for sd in 11 12 13 14 15 16 17 18 19 20; do
      $PY $v --E 0 --M $M --cycles $C --mode sparse --seed $sd >> $LOG/r3_sparse_seeds.txt
    done; done
  done
  # how much the figure owes to the gap law (opening to closing 0 .. gap cycles), M = 32
  : > $LOG/r3_sparse_gaps.txt
  for v in "--R 3 --idlespec 1" "--R 2"; do
    for g in "--gap 16" "--gap 32" "--gap 128" "--gap 256" "--gapmin 60 --gap 100"; do
      for sd in 11 12 13 14 15; do
        $PY $v --E 0 --M 32 --cycles $C --mode sparse --seed $sd $g >> $LOG/r3_sparse_gaps.txt
      done
    done
  done
}

r3adv() {  # R = 3 decision (overlap.md 12b): the worst case at small M, built and searched for;
  # every run checks its closings against the tight bound (--bound tight: derived_tight())
  : > $LOG/r3_adv.txt
  for v in "--R 3" "--R 3 --idlespec 1" "--R 2" "--R 2 --idlespec 1" "--R 2 --E 1 --idlespec 1" \
           "--R 3 --E 1 --idlespec 1"; do
    for m in caseA caseB caseB2; do
      $PY $v --M 4 --cycles 30000 --mode $m --bound tight >> $LOG/r3_adv.txt
      $PY $v --M 32 --cycles 100000 --mode $m --bound tight >> $LOG/r3_adv.txt
    done
  done
  for m in caseA caseB caseB2; do
    $PY --R 3 --idlespec 1 --M 256 --cycles 100000 --mode $m --bound tight >> $LOG/r3_adv.txt
  done
  for v in "--R 3" "--R 3 --idlespec 1" "--R 2"; do
    for sd in 1 2 3 4 5 6 7 8 9 10; do
      $PY $v --M 4 --cycles $C --mode advrand --seed $sd --bound tight >> $LOG/r3_adv.txt
    done
    for sd in 7 17 27 37 47; do
      $PY $v --M 4 --cycles $C --mode worst --seed $sd --bound tight >> $LOG/r3_adv.txt
      $PY $v --M 4 --cycles $C --mode random --hot 0 --seed $((sd - 2)) --bound tight >> $LOG/r3_adv.txt
    done
  done
  for sd in 1 2 3 4 5; do
    $PY --R 3 --idlespec 1 --M 32 --cycles $C --mode advrand --seed $sd --bound tight >> $LOG/r3_adv.txt
  done
}

r3check() {  # the checks of r3adv can fail: a liveness bound one below the tight one; the bounds
  : > $LOG/r3_check.txt
  for a in "--R 3 --idlespec 1 --mode caseB --bound 141" "--R 3 --idlespec 1 --mode caseB2 --bound 140" \
           "--R 3 --mode caseB --bound 144" "--R 3 --mode caseB2 --bound 143" \
           "--R 3 --mode caseA --bound 135" "--R 3 --idlespec 1 --mode caseB --bound 142"; do
    $PY --M 4 --cycles 30000 $a >> $LOG/r3_check.txt
  done
  : > $LOG/r3_bounds.txt
  for R in 2 3; do for E in 0 1 2; do for s in 0 1; do for M in 4 32 256 1024; do
    $PY --R $R --E $E --idlespec $s --M $M --cycles 1 --bound tight >> $LOG/r3_bounds.txt
  done; done; done; done
}

r3more() {  # R = 3 decision (overlap.md 12e): busy over 5 seeds with idlespec; sparse at E = 1
  : > $LOG/r3_busyseeds.txt
  for sd in 6 16 26 36 46; do
    $PY --R 3 --E 0 --idlespec 1 --cycles $C --mode busy --seed $sd >> $LOG/r3_busyseeds.txt
    $PY --R 3 --E 0 --cycles $C --mode busy --seed $sd --sched rr --rrcount 3 >> $LOG/r3_busyseeds.txt
  done
  : > $LOG/r3_sparse_e1.txt
  for sd in 11 12 13 14 15; do
    $PY --R 3 --E 1 --idlespec 1 --M 32 --cycles $C --mode sparse --seed $sd >> $LOG/r3_sparse_e1.txt
  done
  # one epoch at a time with task trees (--mode tasks, after the golden model's sparse1)
  : > $LOG/r3_tasks.txt
  for v in "--R 3 --idlespec 1" "--R 3" "--R 2" "--R 2 --idlespec 1"; do
    for M in 4 32 256 1024; do for sd in 1 2 3 4 5; do
      $PY $v --E 0 --M $M --cycles $C --mode tasks --seed $sd >> $LOG/r3_tasks.txt
    done; done
  done
}

r3summary() { nice -n 10 python3 overlap_table.py --r3 $LOG > $LOG/r3_summary.txt; }

summary() { nice -n 10 python3 overlap_table.py $LOG > $LOG/summary.txt; }

stream_() {  # ovlrtl.md 17: streamed key slots (--stream 1), against the race as built and the rr
  # model; 30,000 cycles as ovlrtl.md 16o's ss_model.txt. Tables: stream_summary (stream_table.py).
  CS=30000
  : > $LOG/stream.txt
  for R in 2 3 4; do for PE in 2 0; do for v in "--stream 0" "--stream 1 --streamlat 0" "--stream 1 --streamlat 1"; do
    for a in "--mode sparse --seed 11" "--mode sparse --seed 15 --gapmin 60 --gap 100" \
             "--mode busy --seed 6" "--mode busy --seed 16" "--mode busy --seed 26"; do
      $PY --R $R --E 0 --M 32 --pipeend $PE $v --cycles $CS $a >> $LOG/stream.txt
    done
  done; done; done
  for a in "--mode busy --seed 6" "--mode busy --seed 16" "--mode busy --seed 26" "--mode sparse --seed 11"; do
    $PY --R 2 --E 0 --M 32 --sched rr --cycles $CS $a >> $LOG/stream.txt
  done
  # latency against M, and the sparse mean over 10 seeds at M = 32
  : > $LOG/stream_m.txt
  for R in 2 3 4; do for v in "--stream 0" "--stream 1 --streamlat 0" "--stream 1 --streamlat 1"; do
    for M in 4 32 256 1024; do
      $PY --R $R --E 0 --M $M --pipeend 2 $v --cycles $CS --mode sparse --seed 11 >> $LOG/stream_m.txt
    done
    for sd in 12 13 14 15 16 17 18 19 20; do
      $PY --R $R --E 0 --M 32 --pipeend 2 $v --cycles $CS --mode sparse --seed $sd >> $LOG/stream_m.txt
    done
  done; done
  # the worst case: the directed and random adversaries and the worst workload against the
  # derived bound (liveness checked against derived(); the tight bound printed)
  : > $LOG/stream_worst.txt
  for R in 2 3 4; do for v in "--stream 1 --streamlat 0" "--stream 1 --streamlat 1"; do
    for M in 4 32; do
      for a in "--mode caseA --seed 1" "--mode caseB --seed 1" "--mode caseB2 --seed 1" \
               "--mode advrand --seed 1" "--mode advrand --seed 2" "--mode advrand --seed 3" \
               "--mode worst --seed 7" "--mode random --seed 1" "--mode random --seed 2"; do
        $PY --R $R --E 0 --M $M --pipeend 2 $v --bound tight --cycles $CS $a >> $LOG/stream_worst.txt
      done
    done
  done; done
}

stream_summary() { nice -n 10 python3 stream_table.py $LOG > $LOG/stream_summary.txt; }

stream_mut() {  # ovlrtl.md 17: planted bugs in the streamed race: every one must FAIL
  : > $LOG/stream_mutants.txt
  for a in "--bug st_keep --mode random --seed 2" "--bug st_keep --M 4 --mode advrand --seed 1" \
           "--bug lo_all --mode random --seed 2" "--bug sk_nowrap --mode random --seed 2"; do
    echo "== $a" >> $LOG/stream_mutants.txt
    $PY --R 2 --E 0 --pipeend 2 --stream 1 --cycles 30000 $a >> $LOG/stream_mutants.txt
  done
}

stream_elim() {  # ovlrtl.md 17: the global block's streamed-digit decision alone: its self-check
  # (Icarus, two seeds, and two planted bugs that must FAIL) and its LUT depth (Yosys 0.23)
  t=${TMPDIR:-/tmp}/stream_elim.$$; mkdir -p $t
  L=$LOG/stream_elim.txt; : > $L
  iverilog -g2005 -o $t/tb feas_stream_elim_tb.v feas_stream_elim.v
  for sd in 1 3; do vvp -n $t/tb +seed=$sd >> $L; done
  sed 's/(hi ? lo1 : lo0)/lo0/' feas_stream_elim.v > $t/bug_lo.v
  sed 's/first_i ? {NumPairs{1.b1}} : still_q/{NumPairs{1'"'"'b1}}/' feas_stream_elim.v > $t/bug_still.v
  for b in bug_lo bug_still; do
    if cmp -s feas_stream_elim.v $t/$b.v; then echo "$b: the sed did not apply" >> $L; exit 1; fi
    iverilog -g2005 -o $t/$b feas_stream_elim_tb.v $t/$b.v
    echo "== planted $b (must FAIL)" >> $L
    vvp -n $t/$b +seed=1 2>&1 | grep -E '^(PASS|FAIL)' | head -3 >> $L
  done
  yosys -q -p "read_verilog -DSYNTHESIS feas_stream_elim.v; synth_ice40 -dffe_min_ce_use 4 -top feas_stream_elim; tee -o $t/stat.txt stat; write_json $t/se.json"
  grep -E 'SB_LUT4|SB_DFF' $t/stat.txt >> $L
  python3 lut_depth.py $t/se.json feas_stream_elim 3 | sed "s|$t/||" >> $L
  rm -rf $t
}

stream_stale() {  # ovlrtl.md 17: the pairs' key formed S cycles before key slot 1 (a pipelined
  # encoder): S <= R must pass, S = 4 (older than an idle race's POLL at R = 2) must FAIL
  : > $LOG/stream_stale.txt
  for S in 0 1 2 4; do
    for a in "--mode random --seed 2" "--mode random --hot 0 --seed 1" "--mode sparse --seed 11" \
             "--mode busy --seed 6" "--M 4 --mode advrand --seed 1" "--M 4 --mode caseB --seed 1"; do
      echo "== S $S: $a" >> $LOG/stream_stale.txt
      $PY --R 2 --E 0 --pipeend 2 --stream 1 --streamstale $S --cycles 30000 $a >> $LOG/stream_stale.txt
    done
  done
}

stream_gap() {  # ovlrtl.md 17: the gap laws of overlap.md 12a (late closings: 0 .. 256 cycles
  # after the opening; task-tree epochs) at M = 32, 10 / 5 seeds, R = 2 .. 4, pipeend 2
  : > $LOG/stream_gap.txt
  for R in 2 3 4; do for v in "--stream 0" "--stream 1 --streamlat 0" "--stream 1 --streamlat 1"; do
    for sd in 11 12 13 14 15 16 17 18 19 20; do
      $PY --R $R --E 0 --M 32 --pipeend 2 $v --cycles 30000 --mode sparse --gap 256 --seed $sd >> $LOG/stream_gap.txt
    done
    for sd in 1 2 3 4 5; do
      $PY --R $R --E 0 --M 32 --pipeend 2 $v --cycles 30000 --mode tasks --seed $sd >> $LOG/stream_gap.txt
    done
  done; done
}

stream_probe() {  # ovlrtl.md 17: the parity probe (--probe 1 / 2) with the streamed race, R = 2 .. 4:
  # busy (3 seeds), sparse, and the adversaries / random runs for the checks; planted bugs must FAIL
  : > $LOG/stream_probe.txt
  for R in 2 3 4; do for pr in 0 1 2; do
    for a in "--mode busy --seed 6" "--mode busy --seed 16" "--mode busy --seed 26" "--mode sparse --seed 11" \
             "--mode random --seed 1" "--mode random --seed 2" "--mode worst --seed 7" \
             "--M 4 --mode advrand --seed 1" "--M 4 --mode caseB --seed 1"; do
      $PY --R $R --E 0 --M 32 --pipeend 2 --stream 1 --probe $pr --cycles 30000 $a >> $LOG/stream_probe.txt
    done
  done; done
  : > $LOG/stream_probe_mutants.txt
  for a in "--probe 1 --bug pr_or --mode busy --seed 6" "--probe 1 --bug pr_half --mode busy --seed 6" \
           "--probe 1 --bug pr_clear --mode random --seed 2" "--probe 2 --bug pr_or --mode busy --seed 6" \
           "--probe 2 --bug pr_half --mode busy --seed 6" "--probe 2 --bug pr_clear --mode random --hot 0 --seed 1"; do
    echo "== $a" >> $LOG/stream_probe_mutants.txt
    $PY --R 2 --E 0 --pipeend 2 --stream 1 --cycles 30000 $a >> $LOG/stream_probe_mutants.txt
  done
}

stream_dead() {  # ovlrtl.md 17a: one header slot (--dead 1: NEXT in s + 1, count bits from s + 2)
  # with the streamed race; the room check for free (an upper bound) or on NEXT's B line
  # (--nextroom 1); busy, sparse under three gap laws, the worst case, a planted bug
  : > $LOG/stream_dead.txt
  for R in 2 3 4; do for PE in 2 0; do
    for v in "--stream 1" "--stream 1 --dead 1" "--stream 1 --dead 1 --nextroom 1"; do
      for a in "--mode busy --seed 6" "--mode busy --seed 16" "--mode busy --seed 26" \
               "--mode sparse --seed 11" "--mode sparse --seed 15 --gapmin 60 --gap 100" \
               "--mode sparse --gap 256 --seed 11" "--mode sparse --gap 256 --seed 12" \
               "--mode sparse --gap 256 --seed 13" "--mode tasks --seed 1" "--mode tasks --seed 2"; do
        $PY --R $R --E 0 --M 32 --pipeend $PE $v --cycles 30000 $a >> $LOG/stream_dead.txt
      done
    done
  done; done
  : > $LOG/stream_dead_worst.txt
  for R in 2 3 4; do for M in 4 32; do
    for a in "--mode caseA --seed 1" "--mode caseB --seed 1" "--mode caseB2 --seed 1" \
             "--mode advrand --seed 1" "--mode advrand --seed 2" "--mode advrand --seed 3" \
             "--mode worst --seed 7" "--mode worst --popdiv 40 --seed 7" "--mode random --seed 1" \
             "--mode random --seed 2" "--mode random --hot 0 --seed 1"; do
      $PY --R $R --E 0 --M $M --pipeend 2 --stream 1 --dead 1 --nextroom 1 --bound tight --cycles 30000 $a >> $LOG/stream_dead_worst.txt
    done
  done; done
  : > $LOG/stream_dead_mutants.txt
  for v in "--dead 1" "--dead 1 --nextroom 1"; do
    echo "== $v --bug dead_room --mode worst --popdiv 40 --seed 7" >> $LOG/stream_dead_mutants.txt
    $PY --R 2 --E 0 --pipeend 2 --stream 1 $v --bug dead_room --mode worst --popdiv 40 --seed 7 --cycles 30000 >> $LOG/stream_dead_mutants.txt
  done
}

fig_run() {  # kind command...: one run's output appended to $RUNLOG; prints its figure, the
  # completion rate (kind busy) or the mean latency (otherwise), or ERR if it had errors
  k=$1; shift
  o=$("$@")
  echo "$o" >> $RUNLOG
  echo "$o" | grep -q '^ *0 errors$' || { echo "ERRORS: $*" >&2; echo "ERR"; return; }
  if [ "$k" = busy ]; then echo "$o" | sed -n 's/.*completions per 1000 cycles \([0-9.]*\).*/\1/p'
  else echo "$o" | sed -n 's/.*latency mean \([0-9.]*\).*/\1/p'; fi
}

stream_lag() {  # ovlrtl.md 20: the best contract of 17a (streamed keys, one header slot, room on
  # NEXT, pipelined word end) at reaction times R = 2 .. 8, against the model's rr scan: busy
  # (3 seeds), sparse under three gap laws, sparse at M = 1024, and the worst case at the tight
  # bound (liveness) -> stream_lag.txt (every run's output), stream_lag_summary.txt (the table)
  B="--E 0 --M 32 --pipeend 2 --stream 1 --dead 1 --nextroom 1 --cycles 30000"
  : > $LOG/stream_lag.txt
  S=$LOG/stream_lag_summary.txt
  RUNLOG=$LOG/stream_lag.txt
  lag_run() { k=$1; shift; fig_run $k $PY "$@"; }
  rr=""
  for sd in 6 16 26; do rr="$rr $(lag_run busy --sched rr --R 2 --E 0 --M 32 --cycles 30000 --mode busy --seed $sd)"; done
  {
    echo "model rr scan (R = 2), busy completions per 1,000 cycles, seeds 6 / 16 / 26:$rr"
    echo "| R | busy 6 / 16 / 26 | busy mean | sparse M=32 seed 11 | late closings (gap 256) 11 / 12 / 13 | idle closing | sparse M=1024 seed 11 | worst-case runs |"
    echo "|---:|---|---:|---:|---|---:|---:|---|"
  } > $S
  for R in 2 3 4 5 6 7 8; do
    b=""; for sd in 6 16 26; do b="$b $(lag_run busy --R $R $B --mode busy --seed $sd)"; done
    sp=$(lag_run sparse --R $R $B --mode sparse --seed 11)
    late=""; for sd in 11 12 13; do late="$late $(lag_run sparse --R $R $B --mode sparse --gap 256 --seed $sd)"; done
    idle=$(lag_run sparse --R $R $B --mode sparse --seed 15 --gapmin 60 --gap 100)
    big=$(lag_run sparse --R $R $(echo "$B" | sed 's/--M 32/--M 1024/') --mode sparse --seed 11)
    w=0; f=0
    for M in 4 32; do
      for a in "--mode caseA --seed 1" "--mode caseB --seed 1" "--mode advrand --seed 1" \
               "--mode advrand --seed 2" "--mode worst --seed 7" "--mode worst --popdiv 40 --seed 7" \
               "--mode random --seed 1" "--mode random --hot 0 --seed 1"; do
        w=$((w + 1))
        [ "$(lag_run sparse --R $R $(echo "$B" | sed "s/--M 32/--M $M/") --bound tight $a)" = ERR ] && f=$((f + 1))
      done
    done
    bm=$(echo $b | awk '{printf "%.2f", ($1 + $2 + $3) / 3}')
    echo "| $R |$b | $bm | $sp |$late | $idle | $big | $w runs, $f with errors |" >> $S
  done
  cat $S
}

ideal() {  # ovlrtl.md 21: ideal_bound.py, a scheduler that knows the dirty set for free, with the
  # words' timing of a contract: W words on the lines, count bit 0 in s + h, reaction R; busy
  # (3 seeds), sparse at M = 32 (free selection: M changes nothing) -> ideal.txt (every run), ideal_summary.txt (the table)
  IPY="nice -n 10 python3 ideal_bound.py"
  : > $LOG/ideal.txt
  S=$LOG/ideal_summary.txt
  RUNLOG=$LOG/ideal.txt
  ideal_run() { k=$1; shift; fig_run $k $IPY "$@"; }
  {
    echo "ideal_bound.py, --stale P (the selection sees a barrier dirty only if it was P = R + 1 cycles before too), 30,000 cycles"
    echo "| R | words on the lines | h | busy 6 / 16 / 26 | busy mean | sparse M=32 seed 11 |"
    echo "|---:|---|---:|---|---:|---:|"
  } > $S
  for R in 2 3 4 5 6 7 8; do
    P=$((R + 1))
    for v in "1 fixed 2" "1 fixed 1" "2 fixed 2" "2 adapt 2" "2 adapt 1"; do
      set -- $v
      A="--R $R --stale $P --W $1 --h $3 --cycles 30000"
      [ "$2" = adapt ] && A="$A --adapt 1"
      b=""; for sd in 6 16 26; do b="$b $(ideal_run busy $A --mode busy --seed $sd)"; done
      sp=$(ideal_run sparse $A --mode sparse --seed 11)
      bm=$(echo $b | awk '{printf "%.2f", ($1 + $2 + $3) / 3}')
      lab="1"; [ "$1" = 2 ] && lab="2, $2"
      echo "| $R | $lab | $3 |$b | $bm | $sp |" >> $S
    done
  done
  # planted bugs: each must FAIL (the Check independent of the scheduler)
  for bug in "anysum --seed 6" "phantom --seed 6" "noroom --popdiv 40 --seed 7"; do
    set -- $bug
    o=$($IPY --R 4 --W 2 --adapt 1 --cycles 30000 --bug $bug)
    echo "$o" >> $LOG/ideal.txt
    echo "planted $1: $(echo "$o" | sed -n 's/^ *\([0-9]*\) errors$/\1 errors/p') ($(echo "$o" | tail -1 | cut -c1-4))" >> $S
    echo "$o" | tail -1 | grep -q '^FAIL' || echo "ideal: planted bug $1 NOT CAUGHT" >&2
  done
  cat $S
}

case $what in
  calib) calib ;; sweep) sweep ;; busy) busy ;; random) random_ ;; mutants) mutants ;;
  summary) summary ;;
  r3seeds) r3seeds ;; r3adv) r3adv ;; r3check) r3check ;; r3summary) r3summary ;;
  r3more) r3more ;;
  pipeend) pipeend_; pipeend_w; pipeend_mut; pipeend_more ;;
  pipeend_b) pipeend_ ;; pipeend_w) pipeend_w ;; pipeend_mut) pipeend_mut ;; pipeend_more) pipeend_more ;;
  stream) stream_; stream_gap; stream_mut; stream_stale; stream_probe; stream_dead; stream_elim; stream_summary ;;
  stream_mut) stream_mut ;; stream_gap) stream_gap ;; stream_probe) stream_probe ;; stream_dead) stream_dead ;; stream_lag) stream_lag ;; stream_stale) stream_stale ;; stream_elim) stream_elim ;; stream_summary) stream_summary ;;
  ideal) ideal ;;
  r3) r3seeds; r3adv; r3check; r3more; r3summary ;;
  all) calib; sweep; busy; random_; mutants; summary ;;
  *) echo "usage: $0 [calib|sweep|busy|random|mutants|summary|all]"; exit 2 ;;
esac
grep -h "^FAIL seed\|^PASS seed" $LOG/*.txt 2>/dev/null | cut -c1-4 | sort | uniq -c
