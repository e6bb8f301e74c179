#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16k): LUT depth (as lut_depth.py counts it) of each register of the leader
# sequencer copy (g_pseq[0]) at OvlPipeEnd = 2, N = 16 (field widths for M = 32, R = 2), by
# field: its candidates (ofol's cand_q part), precomputed slots (pre_q), tail flags (opefs), the
# flags fl_q and hd_q, and the bus registers (oseqs). Per register the deepest of its inputs.
# usage: python3 seq_depth.py NETLIST.json [MIN]   (lists the fields with a register at >= MIN)
import sys, collections, re
from netdepth import LOGIC, Depth, load_module, pins
from seq_layout import SF, PF, SW, PW, fld
PRE = 4 * PW  # ofol / opres: the four precomputed slots below the candidates (and opres's en)
_, m = load_module(sys.argv[1], 'feas_pair_arb_unit')
cells = m['cells']
depth = Depth(cells)
nn = {}
for n, v in m['netnames'].items():
    for i, b in enumerate(v['bits']):
        if isinstance(b, int): nn.setdefault(b, []).append((n, i))
res = collections.defaultdict(list)
for cn, c in cells.items():
    if c['type'] in LOGIC: continue
    qs = [x for _, x in pins(c, 'output')]
    if not qs: continue
    for (n, i) in nn.get(qs[0], []):
        key = None
        if n.endswith('g_ovl.ofol'):
            if i >= PRE: key = 'cand[%d].%s' % ((i-PRE)//SW, fld(SF, (i-PRE)%SW))
            else: key = 'pre[%d].%s' % (i//PW, fld(PF, i % PW))
        elif n == 'opres' and i <= PRE:
            key = 'opres.pre[%d].%s' % (i//PW, fld(PF, i % PW)) if i < PRE else 'opres.en'
        elif n == 'opefs' and i < 12: key = 'pef[%d]' % (i//3)
        elif re.search(r'g_pseq\[0\].*fl_q$', n): key = 'fl[%d]' % (i//3)
        elif re.search(r'g_pseq\[0\].*hd_q$', n): key = 'hd[%d]' % (i//4)
        elif n == 'oseqs' and i < 60: key = 'oseqs[%d]' % i
        if key:
            dd = max(depth(b) for p, b in pins(c, 'input'))
            res[key].append(dd); break
tot = collections.Counter()
for k in sorted(res):
    for x in res[k]: tot[x] += 1
print('sequencer endpoints (max input pin depth per FF):', dict(sorted(tot.items())))
mx = int(sys.argv[2]) if len(sys.argv) > 2 else 5
for k in sorted(res):
    if max(res[k]) >= mx: print('  %-28s n=%2d max %d  %s' % (k, len(res[k]), max(res[k]), dict(collections.Counter(res[k]))))
