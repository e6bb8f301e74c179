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
import json, re, sys, collections
d = json.load(open(sys.argv[1]))
mods = d['modules']
name = [k for k in mods if k.endswith(sys.argv[2])][0]
m = mods[name]
cells = m['cells']
drv = {}
for cn, c in cells.items():
    for p, bits in c['connections'].items():
        if c['port_directions'].get(p) == 'output':
            for b in bits:
                if isinstance(b, int): drv[b] = (cn, p)
memo = {}
def depth(b):
    if not isinstance(b, int) or b not in drv: return 0
    if b in memo: return memo[b]
    cn, p = drv[b]; c = cells[cn]; t = c['type']
    if t in ('SB_LUT4', 'SB_CARRY'):
        memo[b] = 0  # cycle guard
        ins = [x for q, bits in c['connections'].items() if c['port_directions'].get(q) == 'input' for x in bits]
        v = max([depth(x) for x in ins] + [0]) + (1 if t == 'SB_LUT4' else 0)
    else:
        v = 0
    memo[b] = v
    return v
sys.setrecursionlimit(100000)
hist = collections.Counter()
for cn, c in cells.items():
    t = c['type']
    if t in ('SB_LUT4', 'SB_CARRY'): continue
    for p, bits in c['connections'].items():
        if c['port_directions'].get(p) == 'input':
            for b in bits:
                hist[depth(b)] += 1
tot = sum(hist.values())
print(sys.argv[1], name, 'endpoints', tot)
print('  depth: ' + '  '.join('%d:%d' % (k, hist[k]) for k in sorted(hist)))
print('  >= 4: %d, >= 5: %d, >= 6: %d, max %d' % (sum(v for k, v in hist.items() if k >= 4), sum(v for k, v in hist.items() if k >= 5), sum(v for k, v in hist.items() if k >= 6), max(hist)))
if len(sys.argv) > 3:
    nn = {}
    for n, v in m['netnames'].items():
        for i, b in enumerate(v['bits']):
            if isinstance(b, int) and (b not in nn or len(n) < len(nn[b])): nn[b] = n + ('[%d]' % i if len(v['bits']) > 1 else '')
    def short(n):  # g_pair[3].u_pair.x_q[4] -> g_pair[*].u_pair.x_q
        n = re.sub(r'\[\d+\]', '[*]', n)
        n = re.sub(r'_SB_.*$', '', n)
        return re.sub(r'\[\*\]$', '', n)
    def trace(b):
        path = []
        while isinstance(b, int) and b in drv and cells[drv[b][0]]['type'] in ('SB_LUT4', 'SB_CARRY'):
            c = cells[drv[b][0]]
            ins = [x for q, bits in c['connections'].items() if c['port_directions'].get(q) == 'input' for x in bits if isinstance(x, int)]
            path.append(nn.get(b, '?'))
            b = max(ins, key=depth) if ins else None
        path.append(nn.get(b, '?') if b is not None else 'const')
        return list(reversed(path))
    want = int(sys.argv[3])
    seen = collections.Counter()
    for cn, c in cells.items():
        if c['type'] in ('SB_LUT4', 'SB_CARRY'): continue
        for p, bits in c['connections'].items():
            if c['port_directions'].get(p) == 'input':
                for b in bits:
                    if depth(b) >= want:
                        pth = trace(b)
                        # the register (its Q net's name) rather than its D net
                        q = [x for op, bs in c['connections'].items() if c['port_directions'].get(op) == 'output' for x in bs]
                        reg = nn.get(q[0], cn) if q else cn
                        key = (short(pth[0]), c['type'] + '.' + p, short(reg))
                        seen[key] += 1
    for (s, t, e), n in seen.most_common(40):
        print('  %4d  %s -> %s (%s)' % (n, s, e, t))
