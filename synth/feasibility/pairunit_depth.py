#!/usr/bin/env python3
# Feasibility (pairunit.md section 8): how many LUT levels lie between one net of the unit
# (ctl_load, ctl_done) and every flip-flop / block-RAM input it reaches, in a Yosys
# synth_ice40 JSON of feas_pair_arb_unit_harness (the unit is kept as its own module).
# Counts SB_LUT4 cells on the way (SB_CARRY cells are passed without a level).
# usage: python3 pairunit_depth.py NETLIST.json NET [N]  (prints the N deepest endpoints)
import json, sys, collections
d = json.load(open(sys.argv[1])); net = sys.argv[2]
m = [v for k, v in d['modules'].items() if k.endswith('feas_pair_arb_unit')][0]
cells = m['cells']
sinks = collections.defaultdict(list)
for cn, c in cells.items():
    for p, bits in c['connections'].items():
        if c['port_directions'].get(p) == 'input':
            for b in bits:
                if isinstance(b, int): sinks[b].append((cn, p))
start = [b for n, v in m['netnames'].items() if n == net for b in v['bits']]
lvl = {}; ends = collections.Counter(); endmax = {}
st = [(b, 0) for b in start]
while st:
    b, l = st.pop()
    for cn, p in sinks[b]:
        t = cells[cn]['type']
        if t in ('SB_LUT4', 'SB_CARRY'):
            nl = l + (1 if t == 'SB_LUT4' else 0)
            for op, bits in cells[cn]['connections'].items():
                if cells[cn]['port_directions'].get(op) == 'output':
                    for ob in bits:
                        if isinstance(ob, int) and lvl.get(ob, -1) < nl:
                            lvl[ob] = nl; st.append((ob, nl))
        else:
            k = (t, p); endmax[cn + '.' + p] = max(endmax.get(cn + '.' + p, 0), l)
hist = collections.Counter(endmax.values())
print('endpoints reached:', len(endmax), ' by LUT levels:', dict(sorted(hist.items())))
for k, v in sorted(endmax.items(), key=lambda kv: -kv[1])[:int(sys.argv[3]) if len(sys.argv) > 3 else 10]:
    print(v, k)
