#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Feasibility (pairunit.md section 11): LUT4 / flip-flop / SB_CARRY breakdown of ONE pair block
# (feas_pair_arb_local, synthesised flat on its own) by function.
# Usage: pairunit_breakdown.py NETLIST.json [TOP]
# Why this method: after ABC most LUTs carry no source name, so a LUT is charged to the
# function of the state it computes: the flip-flops, RAM ports and block outputs its output
# reaches through LUTs and carries only (its "sinks"; if they belong to several functions
# the LUT is split evenly among them, so shared logic is visible as fractions). A flip-flop
# is charged by the name of the net on its Q. The classes below are regular expressions over
# those (flattened, hierarchical) names; the first match wins; anything unmatched is listed.
import json
import re
import sys
from collections import defaultdict

CLASSES = [
    # Overlap = 1 (ovlrtl.md 11): feas_ovl_pair's parts (first: their names also match below)
    ("ovl: sequencer (feas_ovl_seq: slot, head, exit, CNT2, prefix)",
     r"u_seq\.|u_ovl\.(cnt2|pfx|ri|r_act|r_dec|r_nxt|s_|arr|exit|cmpl|kdig)|o_head|o_bar|o_exit|ovl_cmpl|ovl_key|^head(_addr)?$|seq_"),
    ("ovl: dirty set (d_q, set / clear)", r"u_ovl\.d_q|u_ovl\.(set|clr)_m"),
    ("ovl: key digits (dg1_q, dg4_q, keys, thermometer)", r"u_ovl\.(dg[14]|km|gt|g4|g16|k16|c16)"),
    ("ovl: FIFO room (occ_a_q, occ_b_q)", r"u_ovl\.occ_"),
    ("ovl: line flip-flops (POLL, NEXT, key, count bit)", r"u_ovl\.[ab]_line|g_ovl\.o[ab]$"),
    # the dirty-bit RAM's port control: what drives its write address / mask / data, read
    # enable / address, and the registers that exist only for it
    ("dirty RAM: read enable / address (RE, RCLKE, RADDR; fr_q)",
     r"^RAM:u_dirty_ram.*\.(RE|RCLKE|RADDR)$|\.fr_q|dr_rd"),
    ("dirty RAM: write mask / enable (MASK, WE; fixm_q, wmn_q)",
     r"^RAM:u_dirty_ram.*\.(MASK|WE)$|fixm_q|wmn_q|wm_q"),
    ("dirty RAM: write address (WADDR; wa_q)", r"^RAM:u_dirty_ram.*\.WADDR$|\.wa_q"),
    ("dirty RAM: write data (WDATA; wdh_q, wdl_q)", r"^RAM:u_dirty_ram.*\.WDATA$|wd[hl]_q"),
    ("dirty set deferral (hs/ap)", r"g_dset2\.|hold_q|hold_bar_q|^dset_"),
    ("FIFO (2 x feas_ram_fifo)", r"u_fifo_[ab]\.|fifo|^[ab]_full$|^f[ab]_"),
    ("rebase (2 x feas_pair_acc + flags)", r"u_acc_[ab]\.|t[cr]_[ab]_q|reb_word|^rw_b$"),
    ("count RMW / commit (feas_pair_rmw, count RAM)", r"u_rmw\.|^RAM:u_ram|wen_q|osel_q|ack_|coll|^[bcd]_(word|bar|valid|refused|dec)$|^d_word$|^rd_q$"),
    ("PISO / snapshot", r"piso_[ab]_q"),
    ("race / lines (u_ctl race state, line flip-flops)",
     r"u_ctl\.(state_q|k_q|gm_q|wrap_q|gsel_q|ipfx_q|wt_q|step_q|bl_q|bc_q|cnt_q|head_q|dead_q|stall_q|rd_busy_q|rdp_q|step)|line_q|rr_bit|a0_k|a1_k|b0_k|^head(_addr)?$|^c_rd_busy$|^ctl_ipfx$"),
    ("dirty summaries (u_ctl s_q / above / low / w_q / le_q / init)",
     r"u_ctl\.(s_q|above_q|low_q|w_q|le_q|keep_q|init_q|init_addr_q)"),
    ("phase / ready / delays (local)", r"phase_q|init_q|clr_q|h[123]_q|st_q|dsh_q|cnt_q|cnt2_q|bp_q|req_ready|snap_o"),
]


def main():
    net = json.load(open(sys.argv[1]))
    top = sys.argv[2] if len(sys.argv) > 2 else None
    mods = net["modules"]
    if top is None:
        top = [m for m, v in mods.items() if v.get("attributes", {}).get("top")][0]
    mod = mods[top]
    cells = mod["cells"]
    # bit -> best name (a non-hidden name wins; then the shortest)
    bitname = {}
    for n, v in mod["netnames"].items():
        hid = v.get("hide_name", 0)
        for b in v["bits"]:
            if isinstance(b, str):
                continue
            old = bitname.get(b)
            key = (hid, len(n))
            if old is None or key < old[0]:
                bitname[b] = (key, n)
    outports = {}
    for p, v in mod["ports"].items():
        if v["direction"] == "output":
            for b in v["bits"]:
                outports.setdefault(b, p)
    sinks_of = defaultdict(list)  # bit -> [(cell, port)]
    for cn, c in cells.items():
        dirs = c.get("port_directions", {})
        for p, bits in c["connections"].items():
            if dirs.get(p) == "input":
                for b in bits:
                    if not isinstance(b, str):
                        sinks_of[b].append((cn, p))
    comb = lambda t: t in ("SB_LUT4", "SB_CARRY")

    def outbits(c):
        dirs = c.get("port_directions", {})
        return [b for p, bits in c["connections"].items() if dirs.get(p) == "output"
                for b in bits if not isinstance(b, str)]

    def sink_label(cn, p):
        c = cells[cn]
        if c["type"].startswith("SB_RAM"):
            return "RAM:" + cn + "." + p
        # a flip-flop: the name of its Q net
        q = c["connections"].get("Q", [None])[0]
        return bitname.get(q, ((0, 0), cn))[1]

    def classify(name):
        for cls, rx in CLASSES:
            if re.search(rx, name):
                return cls
        return "other: " + name

    memo = {}

    def reach(cn):  # set of sink labels reached from comb cell cn through comb cells
        if cn in memo:
            return memo[cn]
        memo[cn] = set()
        out = set()
        for b in outbits(cells[cn]):
            if b in outports:
                out.add(outports[b])
            for (s, p) in sinks_of.get(b, []):
                if comb(cells[s]["type"]):
                    out |= reach(s)
                else:
                    out.add(sink_label(s, p))
        memo[cn] = out
        return out

    sys.setrecursionlimit(100000)
    count = defaultdict(lambda: defaultdict(float))
    unmatched = defaultdict(float)
    for cn, c in cells.items():
        t = c["type"]
        if comb(t):
            labels = reach(cn)
            clss = sorted({classify(l) for l in labels}) or ["(no sink)"]
            for k in clss:
                count[k][t] += 1.0 / len(clss)
                if k.startswith("other"):
                    unmatched[k] += 1.0 / len(clss)
        elif t.startswith("SB_DFF"):
            q = c["connections"]["Q"][0]
            k = classify(bitname.get(q, ((0, 0), cn))[1])
            count[k]["FF"] += 1
            if k.startswith("other"):
                unmatched[k] += 1
        else:
            count["(" + t + ")"][t] += 1
    tot = defaultdict(float)
    rows = []
    for k, v in count.items():
        if k.startswith("other"):
            continue
        rows.append((k, v.get("SB_LUT4", 0), v.get("FF", 0), v.get("SB_CARRY", 0)))
    oth = defaultdict(float)
    for k, v in count.items():
        if k.startswith("other"):
            for t, n in v.items():
                oth[t] += n
    if oth:
        rows.append(("other (listed below)", oth.get("SB_LUT4", 0), oth.get("FF", 0), oth.get("SB_CARRY", 0)))
    rows.sort(key=lambda r: -r[1])
    print("| function | SB_LUT4 | flip-flops | SB_CARRY |")
    print("|---|---:|---:|---:|")
    for r in rows:
        print("| %s | %.1f | %d | %.1f |" % r)
        tot["l"] += r[1]; tot["f"] += r[2]; tot["c"] += r[3]
    print("| total | %.0f | %d | %.0f |" % (tot["l"], tot["f"], tot["c"]))
    if unmatched:
        print("\nunmatched sinks (LUT4 + FF share):")
        for k, n in sorted(unmatched.items(), key=lambda x: -x[1]):
            print("  %6.1f  %s" % (n, k))


if __name__ == "__main__":
    main()
