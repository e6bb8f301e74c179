#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16o): from overlap_model.py's --trace output on stdin, the KEY slots
# sent while a word runs (after a head 'H', before the next exit event) and in idle: how often
# the in-word key slots of overlap.md 1a are used at all (a count of the trace, not a model).
# usage: python3 overlap_model.py ... --cycles C --trace C | python3 seq_keyslots.py
import sys, re
inw = False; kin = kidle = heads = 0
for l in sys.stdin:
    if not l.startswith('trace '): continue
    if "ev=('exit'" in l: inw = False  # (an exit and a head in one cycle: the head is the new word's)
    m = re.search(r"slot=\('(\w)'", l)
    if not m: continue
    if m.group(1) == 'H': heads += 1; inw = True
    elif m.group(1) == 'K':
        if inw: kin += 1
        else: kidle += 1
print('heads %d, key slots in a word %d, in idle %d' % (heads, kin, kidle))
