#!/usr/bin/env python3
"""overlap_ident.py: default-mode byte identity (overlap.md 13f): re-runs the command lines of the
committed logs in overlap_logs/ (every STEP-th block) and compares whole output blocks.
Run from synth/feasibility/: python3 overlap_ident.py [LOG.txt ...] > overlap_logs/pipeend_ident.txt"""
import subprocess, sys
# default-mode byte identity: fresh runs of the committed logs' command lines (every STEP-th block)
import sys
sel = sys.argv[1:]
for log, step in [('mutants.txt',1),('calib.txt',1),('busy.txt',6),('busyseeds.txt',10),('random.txt',10),('random_spec.txt',10),('sweep.txt',12),('r3_adv.txt',8),('r3_tasks.txt',16),('r3_bounds.txt',8),('r3_check.txt',1)]:
    if sel and log not in sel: continue
    lines = open('overlap_logs/' + log).read().split('\n')
    blocks = []; cur = None
    for l in lines:
        if l.startswith('overlap_model: '):
            cur = [l]; blocks.append(cur)
        elif cur is not None:
            cur.append(l)
            if l.startswith('PASS seed=') or l.startswith('FAIL seed='):
                cur = None
    for b in blocks[::step]:
        args = b[0][len('overlap_model: '):]
        want = '\n'.join(b) + '\n'
        got = subprocess.run(['nice', '-n', '10', 'python3', 'overlap_model.py'] + args.split(), capture_output=True, text=True).stdout
        print('IDENTICAL' if got == want else 'DIFFERENT', log, args, flush=True)
