#!/usr/bin/env python3
"""replicate_ff.py: register (and LUT) replication on a Yosys JSON netlist (ovlrtl.md 20b).

A timing probe for the question "is the fanout of one cycle's control bits what limits the
overlap unit's clock?" (ovlrtl.md 19b). Every flip-flop (SB_DFF*), and with --luts every LUT
(SB_LUT4, copied first), whose output drives more than --fanout cell inputs gets copies: each
copy has the same inputs (D, clock, enable, reset; or I0..I3), so the netlist computes exactly
what it did, and the sinks are shared out among the original and its copies, at most --group
each, in the order of their cell names (so that a copy serves cells of one hierarchy, e.g. one
pair block's PISO). nextpnr then places each copy near its sinks. No cycle is added: this is
what hand-written copies of a control register (kept apart from Yosys's merging) would give.

The input must be flat (Yosys: setattr -mod -unset keep_hierarchy *; setattr -unset
keep_hierarchy *; flatten). The output is checked before the tool reports success: merging
every copy back into its original must give the input, connection for connection
(--plant-bug shows that the check fails).

    replicate_ff.py IN.json OUT.json [--luts] [--fanout 16] [--group 12] [--match REGEX]

Prints, per kind, how many cells were copied and how many copies were made.
"""
import argparse
import json
import re
import sys


def top_module(nl):
    """The netlist's one top module (Yosys writes attribute values as binary strings: "top":
    "000...01"); exits with a message if there is not exactly one."""
    tops = [n for n, m in nl['modules'].items()
            if int(str(m.get('attributes', {}).get('top', '0')), 2)]
    if len(tops) != 1:
        sys.exit('%s: expected one top module, found %s' % (sys.argv[0], tops))
    return nl['modules'][tops[0]]


def out_port(cell):
    """The output of the two kinds copied here."""
    return 'O' if cell['type'] == 'SB_LUT4' else 'Q'


def next_free_bit(mod):
    """The first net bit number the module does not use (for new cells' outputs)."""
    return 1 + max(b for c in mod['cells'].values() for bits in c['connections'].values()
                   for b in bits if isinstance(b, int))


def sinks_of(mod):
    """Every bit's sinks: [(cell, port, index)] of the cell inputs it drives."""
    sinks = {}
    for cn, c in mod['cells'].items():
        dirs = c.get('port_directions')
        if dirs is None:
            sys.exit('replicate_ff.py: cell %s (%s) has no port_directions' % (cn, c['type']))
        for pn, bits in c['connections'].items():
            if dirs[pn] != 'input':
                continue
            for i, b in enumerate(bits):
                if isinstance(b, int):
                    sinks.setdefault(b, []).append((cn, pn, i))
    return sinks


def replicate(mod, is_kind, a, match, state):
    """Copies of every cell of the kind whose output drives more than a.fanout inputs (and at
    most a.max_fanout): each copy has the same inputs; the sinks, in the order of their cell
    names, are shared out a.group per cell (the original keeps the first group). A bit that
    also leaves the module through a port stays on the original. Returns (cells, copies)."""
    cells = mod['cells']
    sinks = sinks_of(mod)
    copied = made = 0
    for cn in sorted(cells):
        c = cells[cn]
        if not is_kind(c['type']) or (match and not match.search(cn)):
            continue
        port = out_port(c)
        q = c['connections'][port][0]
        s = sinks.get(q, [])
        if len(s) <= a.fanout or len(s) > a.max_fanout:
            continue
        s = sorted(s)
        for k in range(1, (len(s) + a.group - 1) // a.group):
            nb = state['next']
            state['next'] += 1
            dup = json.loads(json.dumps(c))
            dup['connections'][port] = [nb]
            cells['%s$rep%d' % (cn, k)] = dup
            mod['netnames']['%s$rep%d_o' % (cn, k)] = {'hide_name': 0, 'bits': [nb],
                                                       'attributes': {}}
            for (sc, sp, si) in s[k * a.group:(k + 1) * a.group]:
                cells[sc]['connections'][sp][si] = nb
            made += 1
        copied += 1
    return copied, made


def undo(inp, out):
    """The check: every copy merged back into its original (its output bit replaced by the
    original's everywhere, the copy and its net name removed) must give the input netlist
    exactly, cell for cell and connection for connection. Returns a list of differences."""
    mo, mi = top_module(out), top_module(inp)
    # every copy's original (a copy of X is named X$repK)
    orig_of = {cn: cn[:cn.rindex('$rep')] for cn in mo['cells'] if '$rep' in cn}
    back = {}
    for cn, orig in orig_of.items():
        port = out_port(mo['cells'][cn])
        back[mo['cells'][cn]['connections'][port][0]] = mo['cells'][orig]['connections'][port][0]

    def root(b):
        while b in back:  # a copy's input may be another copy's output
            b = back[b]
        return b
    diffs = []
    merged = {}
    for cn, c in mo['cells'].items():
        if cn in orig_of:
            orig = orig_of[cn]
            o = mo['cells'][orig]
            port = out_port(c)
            for pn, bits in c['connections'].items():
                if pn != port and [root(b) for b in bits] != [root(b) for b in o['connections'][pn]]:
                    diffs.append('copy %s: input %s differs from %s' % (cn, pn, orig))
            if c['type'] != o['type'] or c.get('parameters') != o.get('parameters'):
                diffs.append('copy %s: type or parameters differ from %s' % (cn, orig))
            continue
        merged[cn] = {pn: [root(b) for b in bits] for pn, bits in c['connections'].items()}
    want = {cn: c['connections'] for cn, c in mi['cells'].items()}
    if merged != want:
        for cn in sorted(set(merged) | set(want)):
            if merged.get(cn) != want.get(cn):
                diffs.append('cell %s: connections differ after the merge' % cn)
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('inp')
    ap.add_argument('out')
    ap.add_argument('--fanout', type=int, default=16,
                    help='copy cells whose output drives more than this many inputs (>= 2)')
    ap.add_argument('--group', type=int, default=12,
                    help='sinks per copy (>= 1)')
    ap.add_argument('--max-fanout', type=int, default=200,
                    help='leave nets above this fanout alone (nextpnr puts them on global buffers)')
    ap.add_argument('--luts', action='store_true',
                    help='copy LUTs (SB_LUT4) as well, before the flip-flops')
    ap.add_argument('--plant-bug', action='store_true',
                    help='the check\'s own test: move one sink of a copy to another cell\'s '
                         'output before writing; the check must then fail')
    ap.add_argument('--match', default='',
                    help='only cells whose name matches this regular expression')
    a = ap.parse_args()
    if a.fanout < 2:
        sys.exit('replicate_ff.py: --fanout must be >= 2 (got %d)' % a.fanout)
    if a.group < 1:
        sys.exit('replicate_ff.py: --group must be >= 1 (got %d)' % a.group)
    if a.max_fanout < a.fanout:
        sys.exit('replicate_ff.py: --max-fanout must be >= --fanout (%d) (got %d)'
                 % (a.fanout, a.max_fanout))
    with open(a.inp) as f:
        nl = json.load(f)
    mod = top_module(nl)
    cells = mod['cells']
    if any(c['type'] in nl['modules'] and 'blackbox' not in nl['modules'][c['type']].get(
            'attributes', {}) for c in cells.values()):
        sys.exit('replicate_ff.py: the netlist is hierarchical; flatten it first (Yosys: '
                 'setattr -mod -unset keep_hierarchy *; setattr -unset keep_hierarchy *; flatten)')

    match = re.compile(a.match) if a.match else None
    state = {'next': next_free_bit(mod)}
    counts = {}
    # LUTs first: a copied LUT adds sinks to the flip-flops before it, which the second pass
    # then shares out
    if a.luts:
        counts['SB_LUT4'] = replicate(mod, lambda t: t == 'SB_LUT4', a, match, state)
    counts['SB_DFF*'] = replicate(mod, lambda t: t.startswith('SB_DFF'), a, match, state)
    if a.plant_bug:
        reps = sorted(cn for cn in cells if '$rep' in cn)
        if len(reps) < 2:
            sys.exit('replicate_ff.py: --plant-bug needs two copies')
        q0 = cells[reps[0]]['connections'][out_port(cells[reps[0]])][0]
        q1 = cells[reps[-1]]['connections'][out_port(cells[reps[-1]])][0]
        sc, sp, si = sinks_of(mod)[q0][0]
        cells[sc]['connections'][sp][si] = q1
    with open(a.out, 'w') as f:
        json.dump(nl, f)
    # the check reads both files back: the input as it was, the output as written
    with open(a.inp) as f:
        inp = json.load(f)
    with open(a.out) as f:
        diffs = undo(inp, json.load(f))
    if diffs:
        sys.exit('replicate_ff.py: the copies do not merge back into the input (%d): %s'
                 % (len(diffs), '; '.join(diffs[:5])))
    for kind, (copied, made) in counts.items():
        print('replicate_ff.py: %s: %d cells copied, %d copies (fanout > %d and <= %d, group %d%s)'
              % (kind, copied, made, a.fanout, a.max_fanout, a.group,
                 ', match ' + a.match if a.match else ''))


if __name__ == '__main__':
    main()
