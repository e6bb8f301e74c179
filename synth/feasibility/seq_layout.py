# SPDX-License-Identifier: Apache-2.0
# Feasibility (ovlrtl.md 16k, 16o): the field layout of feas_ovl_seq's state vector (st_now's
# order, MSB first) and of one precomputed slot (pre_nx's order), at M = 32, R = 2: the one
# copy that seq_depth.py (the unit's netlist) and seq_alone_depth.py (the sequencer alone) use
# to name a flip-flop by its field. It must follow feas_ovl_seq.v if that changes.
SF = [('tg', 6), ('ph', 1), ('w_act', 1), ('t_act', 1), ('w_off', 2), ('w_j', 5), ('w_lt', 1), ('w_ge', 1),
      ('r_act', 1), ('r_dec', 1), ('r_nxt', 1), ('r_i', 3), ('pfx', 6), ('c2', 5), ('c2_p1', 5), ('c2_p2', 5)]
PF = [('hh', 8), ('hl', 4), ('cmpl', 1), ('exit', 1), ('cnt', 1), ('bar', 5), ('head', 1), ('kw1', 1),
      ('kidx', 3), ('key', 1), ('next', 1), ('poll', 1)]
SW = sum(w for _, w in SF)  # 45 bits of state
PW = sum(w for _, w in PF)  # 28 bits of a slot


def fld(F, i):
    """The name of the field of layout F that holds bit i, counted from the LSB."""
    o = sum(w for _, w in F)
    for n, w in F:
        o -= w
        if i >= o:
            return n
