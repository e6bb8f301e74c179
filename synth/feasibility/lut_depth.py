#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16): logic depth between flip-flops in a Yosys synth_ice40 JSON. For
# every input pin of a non-LUT cell of MODULE (flip-flops, block RAMs, kept sub-modules) the
# largest number of SB_LUT4 cells on a path to it from a flip-flop / RAM output / module input
# (SB_CARRY cells are passed without a level: carry delays are not counted). Prints the
# histogram of those endpoints by depth; with MIN, also the deepest paths grouped by their start
# net and their end register (indices folded to [*]), most frequent first.
# usage: python3 lut_depth.py NETLIST.json MODULE_SUFFIX [MIN]
#   e.g. python3 lut_depth.py $TMPDIR/pairunit_run/ovl_unit_harness.json feas_pair_arb_unit 6
import re, sys, collections
from netdepth import LOGIC, Depth, load_module, pins
name, m = load_module(sys.argv[1], sys.argv[2])
cells = m['cells']
depth = Depth(cells)
drv = depth.drv


def start(b):  # the register / RAM / port net at the head of b's deepest path ('const': none)
    while isinstance(b, int) and b in drv and cells[drv[b]]['type'] in LOGIC:
        ins = [x for _, x in pins(cells[drv[b]], 'input') if isinstance(x, int)]
        b = max(ins, key=depth) if ins else None
    return b


# every input pin of a register, RAM or kept cell: (cell, pin, net bit, depth)
ends = [(cn, p, b, depth(b)) for cn, c in cells.items() if c['type'] not in LOGIC for p, b in pins(c, 'input')]
hist = collections.Counter(e[3] for e in ends)
print(sys.argv[1], name, 'endpoints', len(ends))
print('  depth: ' + '  '.join('%d:%d' % (k, hist[k]) for k in sorted(hist)))
print('  >= 4: %d, >= 5: %d, >= 6: %d, max %d' % tuple([sum(v for k, v in hist.items() if k >= lo) for lo in (4, 5, 6)] + [max(hist)]))
if len(sys.argv) > 3:
    nn = {}
    for n, v in m['netnames'].items():
        for i, b in enumerate(v['bits']):
            if isinstance(b, int) and (b not in nn or len(n) < len(nn[b])): nn[b] = n + ('[%d]' % i if len(v['bits']) > 1 else '')

    def short(n):  # g_pair[3].u_pair.x_q[4] -> g_pair[*].u_pair.x_q
        n = re.sub(r'\[\d+\]', '[*]', n)
        n = re.sub(r'_SB_.*$', '', n)
        return re.sub(r'\[\*\]$', '', n)

    want = int(sys.argv[3])
    seen = collections.Counter()
    for cn, p, b, dp in ends:
        if dp < want: continue
        c = cells[cn]
        s = start(b)
        # the register (its Q net's name) rather than its D net
        q = [x for _, x in pins(c, 'output')]
        reg = nn.get(q[0], cn) if q else cn
        seen[(short(nn.get(s, '?') if s is not None else 'const'), c['type'] + '.' + p, short(reg))] += 1
    for (s, t, e), n in seen.most_common(40):
        print('  %4d  %s -> %s (%s)' % (n, s, e, t))
