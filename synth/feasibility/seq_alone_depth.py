#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16o): seq_depth.py for feas_ovl_seq synthesised ALONE as top
# (seq_study.sh). Per flip-flop the deepest of its input pins in LUT4 levels (SB_CARRY passed
# without a level, as lut_depth.py counts), grouped by field: the candidates (cand[c].f), the
# precomputed slots (pre[v].f), the flags fl_q, the tail flags pef_q, the bus registers
# (th_q, ks_q) and the state registers (tg_q, w_j_q, ...). Widths for M = 32, R = 2 (as
# seq_depth.py). A flip-flop Yosys merged from several registers is listed under its first name
# in the order above.
# usage: python3 seq_alone_depth.py NETLIST.json [MIN]   (lists the fields with a FF at >= MIN)
import sys, collections, re
from netdepth import Depth, load_module, pins
from seq_layout import SF, PF, SW, PW, fld
_, m = load_module(sys.argv[1], 'feas_ovl_seq')
cells = m['cells']
depth = Depth(cells)

nn = collections.defaultdict(list)
for n, v in m['netnames'].items():
    for i, b in enumerate(v['bits']):
        if isinstance(b, int): nn[b].append((n, i))
STATE = ['tg_q', 'ph_q', 'w_act_q', 't_act_q', 'w_off_q', 'w_j_q', 'w_lt_q', 'w_ge_q', 'r_act_q', 'r_dec_q',
         'r_nxt_q', 'r_i_q', 'pfx_q', 'c2_q', 'c2_p1', 'c2_p2']


def key(names):
    for n, i in names:
        if n == 'g_cand.cand_q': return 'cand[%d].%s' % (i // SW, fld(SF, i % SW))
    for n, i in names:
        if n == 'pre_q': return 'pre[%d].%s' % (i // PW, fld(PF, i % PW))
    for n, i in names:
        if n == 'g_cand.fl_q': return 'fl[%d]' % (i // 3)
        if n == 'g_cand.pef_q': return 'pef[%d]' % (i // 3)
        if n in ('g_bus_th.th_q', 'g_bus_th.ks_q'): return n.split('.')[1]
    for n, i in names:
        if n in STATE: return n
    return 'other:' + min((n for n, _ in names), key=len)


res = collections.defaultdict(list)
for cn, c in cells.items():
    if not c['type'].startswith('SB_DFF'): continue
    q = c['connections']['Q'][0]
    res[key(nn.get(q, [('?', 0)]))].append(max(depth(b) for _, b in pins(c, 'input')))
tot = collections.Counter(x for v in res.values() for x in v)
print('flip-flops %d, by their deepest input: %s' % (sum(tot.values()), dict(sorted(tot.items()))))
grp = collections.defaultdict(collections.Counter)  # field without the candidate / value index
for k, v in res.items():
    for x in v: grp[re.sub(r'\[\d+\]', '[*]', k)][x] += 1
print('by field (all candidates / values together): max, histogram')
for k in sorted(grp, key=lambda k: (-max(grp[k]), k)):
    print('  %-16s max %d  %s' % (k, max(grp[k]), dict(sorted(grp[k].items()))))
mn = int(sys.argv[2]) if len(sys.argv) > 2 else 6
print('fields with a flip-flop at >= %d:' % mn)
for k in sorted(res):
    if max(res[k]) >= mn: print('  %-20s n=%2d max %d  %s' % (k, len(res[k]), max(res[k]), dict(sorted(collections.Counter(res[k]).items()))))
