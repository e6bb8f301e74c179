#!/usr/bin/env python3
"""cut_enables.py: a clock-ceiling probe on a flat Yosys JSON netlist (ovlrtl.md 20b).

Not a design: the behaviour is NOT kept. Every flip-flop clock enable (the E input of an
SB_DFFE*) that a LUT drives is taken instead from a new flip-flop registering that LUT's
output, as if every enable had been computed a cycle earlier and came straight from a
register. The placement of the result bounds what precomputing the enables (ovlrtl.md 20b's
"enables per broadcast value") could give.

    cut_enables.py IN.json OUT.json

Prints how many enable nets were registered.
"""
import json
import sys

from replicate_ff import next_free_bit, top_module


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-3].strip())
    with open(sys.argv[1]) as f:
        nl = json.load(f)
    mod = top_module(nl)
    cells = mod['cells']
    driver = {}
    for c in cells.values():
        for pn, bits in c['connections'].items():
            if c['port_directions'][pn] == 'output':
                for b in bits:
                    driver[b] = c['type']
    clocks = {c['connections']['C'][0] for c in cells.values() if c['type'].startswith('SB_DFF')}
    if len(clocks) != 1:
        sys.exit('cut_enables.py: expected one clock, found %d' % len(clocks))
    clk = clocks.pop()
    next_bit = next_free_bit(mod)
    registered = {}
    for cn in sorted(cells):
        c = cells[cn]
        if not c['type'].startswith('SB_DFFE'):
            continue
        e = c['connections']['E'][0]
        if not isinstance(e, int) or driver.get(e) != 'SB_LUT4':
            continue
        if e not in registered:
            registered[e] = next_bit
            next_bit += 1
            cells['probe_en_q_%d' % e] = {
                'hide_name': 0, 'type': 'SB_DFF', 'parameters': {}, 'attributes': {},
                'port_directions': {'C': 'input', 'D': 'input', 'Q': 'output'},
                'connections': {'C': [clk], 'D': [e], 'Q': [registered[e]]}}
        c['connections']['E'] = [registered[e]]
    with open(sys.argv[2], 'w') as f:
        json.dump(nl, f)
    print('cut_enables.py: %d enable nets registered' % len(registered))


if __name__ == '__main__':
    main()
