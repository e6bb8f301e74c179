# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16, 16k, 16o): logic depth in a Yosys synth_ice40 JSON netlist, the one
# definition that lut_depth.py, seq_depth.py and seq_alone_depth.py share. The depth of a net is
# the largest number of SB_LUT4 cells on a path to it from a flip-flop, a block RAM output or a
# module input; SB_CARRY cells are passed without a level (their delay is not counted).
import json
import sys

LOGIC = ('SB_LUT4', 'SB_CARRY')


def load_module(path, suffix):
    """(name, module) of the netlist's module named suffix, else the first whose name ends in it
    (Yosys prefixes a parametrised module's name with $paramod$...)."""
    mods = json.load(open(path))['modules']
    name = suffix if suffix in mods else [k for k in mods if k.endswith(suffix)][0]
    return name, mods[name]


def pins(cell, direction):
    """The (pin name, net bit) pairs on a cell's input or output pins."""
    return [(p, b) for p, bits in cell['connections'].items()
            if cell['port_directions'].get(p) == direction for b in bits]


class Depth:
    """depth(bit): LUT levels from a register / RAM / port to net bit, memoised."""

    def __init__(self, cells):
        self.cells = cells
        self.drv = {b: cn for cn, c in cells.items() for _, b in pins(c, 'output') if isinstance(b, int)}
        self.memo = {}
        sys.setrecursionlimit(100000)

    def __call__(self, b):
        if not isinstance(b, int) or b not in self.drv:
            return 0
        if b in self.memo:
            return self.memo[b]
        c = self.cells[self.drv[b]]
        v = 0
        if c['type'] in LOGIC:
            self.memo[b] = 0  # guard against a combinational cycle
            v = max([self(x) for _, x in pins(c, 'input')] + [0]) + (1 if c['type'] == 'SB_LUT4' else 0)
        self.memo[b] = v
        return v
