# SPDX-License-Identifier: Apache-2.0
# nextpnr-ice40 --pre-place script (synth/synth-flow.py passes it for the unit configurations
# whose Config has pre_place set): a coarse floorplan of the HalfRate = 1 unit on the HX8K.
#
# Why: placed freely, the 16-PE half-rate unit (87 % of the logic cells) has its critical
# paths inside one local block, with 5-7 ns of routing: the placer spreads a block's ~390
# logic cells over up to 20-30 rows (a block's own `reb_wait_q` -> ready -> accept at
# (15,20) and (29,22)); the block alone reaches 171 MHz. This script keeps each block
# together:
#   - the logic cells of PE p in one quadrant of the device: PEs 0 .. N/2-1 in the left
#     half (the RAM column x = 8), the others in the right half (x = 25); within a half the
#     first N/4 PEs in the bottom half of the rows, the others in the top half (4 blocks,
#     ~1,560 LCs, in ~2,100 LCs of a quadrant);
#   - the two block RAMs of PE p in its own band of rows of that RAM column (rows
#     1 + 4k .. 4 + 4k for the k-th PE of a half at N = 16), so the blocks of a quadrant
#     line up along the column instead of crossing each other.
# The global block, the harness and the global buffers are left free (a global buffer in a
# region without a global-buffer site never places: that, and regions of a few rows per PE,
# made the heap placer loop in legalisation in earlier attempts, docs/architecture.md 4f).
# Measured (HX8K, median of seeds 1-5, reports/unit.md; docs/clock.md, "Half the
# request rate in the product"): Pipe = 1 150.22 MHz (143.14-158.38) against 121.68 placed
# freely, Pipe = 0 136.11 (127.89-138.95) against 127.89; after dsbc_local_half's registered
# ready (2026-11-25), Pipe = 1 156.47 (141.44-157.70), Pipe = 0 124.97 (120.96-131.30).
# Tried before this one (seeds 1-3, one-off nextpnr runs; Pipe = 1 free: 128.82 / 125.41 /
# 121.68, Pipe = 0 free: 131.54 / 126.25 / 127.89): logic only, by halves (PEs 0-7 left):
# Pipe = 1 132.07 / 129.40 / 142.78, Pipe = 0 134.50 / 135.34 / 128.92 (a block still spans
# 20 rows of its half); logic only, by quadrants: Pipe = 0 128.75 / 104.89 / 131.41; halves
# with the RAM bands: Pipe = 1 152.04 / 136.44 / stalled; the same with the RAMs on fixed
# sites: 129.28 / 136.54 / 135.41; quadrants with the RAMs on fixed sites: 152.46 / 147.73 /
# 154.44. Regions of 2 PEs (15 x 7 tiles, 93 % full) or one band of 12 rows per PE
# (overlapping) made the heap placer loop in legalisation (killed after 2 minutes); with the
# bands the sa placer had placed 2,000 of 6,682 cells initially after 2.5 minutes (killed).
#
# Control sets (2026-11-25): an iCE40 logic tile's 8 flip-flops share one clock enable and one
# set/reset, so with Yosys's default every small enable (a 5-bit address register's) takes a
# tile of its own. The half-rate block with the RAM's word registered has 27 such sets per PE
# (today's 21 before it): its unit, at 88 % of the logic cells and ~200 of a quadrant's 240
# tiles, made nextpnr's legaliser give up ("Unable to find legal placement for all cells",
# seeds 1-4) with this floorplan. synth-flow.py therefore synthesizes the floorplanned units
# with `synth_ice40 -dffe_min_ce_use 8` (enables of fewer than 8 flip-flops become logic): each
# seed places in 2-4 minutes; Pipe = 1 169.38 MHz (167.00-174.37), Pipe = 0 102.85
# (98.05-105.72) (docs/clock.md, "Control sets"). synth/flow/control_sets.py counts
# the sets per PE and quadrant.
#
# A cell belongs to PE p by its hierarchical name (g_pe_half[p], and the per-PE ctl_done copy
# g_done_pe[p] of the pipelined global block); a packed cell without such a name (nextpnr's
# own $nextpnr_ICESTORM_LC_n, Yosys-renamed cells of dsbc_top) by the majority of its
# neighbours on small nets; every cell of a carry chain goes where most of the chain goes.
# This runs inside nextpnr (`ctx` is nextpnr's context); it reads no arguments.

import collections
import re

PE_NAME = re.compile(r"g_pe_half\[(\d+)\]|g_done_pe\[(\d+)\]")
SMALL_NET = 16  # neighbours only through nets of at most this many users (not clk, resets)

cells = {name: cell for name, cell in ctx.cells}  # noqa: F821 (nextpnr's context)

# Device extent and the block-RAM sites (HX8K: x 0..33, y 0..33, RAMs at x = 8 and 25, odd y).
width = height = 0
ram_site = {}
for bel in ctx.getBels():  # noqa: F821
    loc = ctx.getBelLocation(bel)  # noqa: F821
    width, height = max(width, loc.x), max(height, loc.y)
    if ctx.getBelType(bel) == "ICESTORM_RAM":  # noqa: F821
        ram_site[(loc.x, loc.y)] = bel
ram_cols = sorted(set(x for x, _ in ram_site))
assert len(ram_cols) == 2, f"floorplan_pe: expected two RAM columns, found {ram_cols}"

pe = {}
for name in cells:
    m = PE_NAME.search(name)
    if m:
        pe[name] = int(m.group(1) or m.group(2))

# Yosys names a cell after a net it drives (..._SB_LUT4_O) or, failing that, after one it
# reads (..._SB_LUT4_I0): a cell named after a PE's net on an input may be outside the PE
# (at Pipe = 0 the global column sum's first LUTs are named g_pe_half[p].u_local.rr_bit_o_
# SB_LUT4_I0...). Such a cell goes with the cells that read its output: the PE of most of
# them, or no region if they are mostly the global block's.
FIRST_HOP = re.compile(r"_SB_(?:LUT4|CARRY|DFF[A-Z]*)_([A-Z]+)")


def output_users(cell):
    for pname, port in cell.ports:
        if pname in ("O", "COUT") and port.net is not None:
            yield from (u.cell.name for u in port.net.users)


ambiguous = set()
for name in [n for n in pe if cells[n].type == "ICESTORM_LC"]:
    hop = FIRST_HOP.search(name, PE_NAME.search(name).end())
    if hop is not None and hop.group(1) not in ("O", "Q", "CO"):
        ambiguous.add(name)
named = dict(pe)
for name in ambiguous:
    del pe[name]
moved, todo, global_side = 0, set(ambiguous), set()
for _ in range(4):  # an adder tree: its first LUTs read the second ones' ... outputs
    for name in sorted(todo):
        labels = collections.Counter(
            "G" if n.startswith("u_dut.u_global.") else pe.get(n)
            for n in output_users(cells[name]) if n not in todo)
        labels.pop(None, None)
        if labels:
            best = labels.most_common(1)[0][0]
            todo.discard(name)
            if best != "G":
                pe[name] = best
            else:
                global_side.add(name)
            moved += best != named[name]
for name in todo:  # read only by unresolved cells: where its name says
    pe[name] = named[name]


def votable(name):
    """Cells of no PE by name that may still belong to one: not the global block, not the
    harness (u_io), not a global buffer or pin."""
    return name not in global_side and (
        name.startswith("$nextpnr_") or (name.startswith("u_dut.")
                                         and not name.startswith("u_dut.u_global.")))


def neighbours(cell):
    out = []
    for _, port in cell.ports:
        net = port.net
        if net is None or len(net.users) > SMALL_NET:
            continue
        if net.driver.cell is not None:
            out.append(net.driver.cell.name)
        out.extend(u.cell.name for u in net.users)
    return out


for _ in range(3):
    add = {}
    for name, cell in cells.items():
        if name in pe or not votable(name):
            continue
        votes = collections.Counter(pe[n] for n in neighbours(cell) if n in pe)
        if votes:
            add[name] = votes.most_common(1)[0][0]
    pe.update(add)

# Carry chains (COUT -> CIN): one region per chain.
parent = {}


def root(a):
    while parent.get(a, a) != a:
        a = parent[a]
    return a


for name, cell in cells.items():
    for pname, port in cell.ports:
        if pname == "COUT" and port.net is not None:
            for u in port.net.users:
                if u.port == "CIN":
                    parent[root(u.cell.name)] = root(name)
chains = collections.defaultdict(list)
for name in cells:
    chains[root(name)].append(name)
for members in chains.values():
    votes = collections.Counter(pe[n] for n in members if n in pe)
    if len(members) > 1 and votes:
        for n in members:
            pe[n] = votes.most_common(1)[0][0]

npe = max(pe.values()) + 1
half_pes = npe // 2
assert npe % 4 == 0, f"floorplan_pe: {npe} PEs (quadrants need a multiple of 4)"
mid_x, mid_y = width // 2, height // 2
band = (height - 1) // half_pes  # rows of RAM column per PE (4 at N = 16)
for p in range(npe):
    h, k = divmod(p, half_pes)
    x0, x1 = (0, mid_x) if h == 0 else (mid_x + 1, width)
    y0, y1 = (0, mid_y) if k < half_pes // 2 else (mid_y + 1, height)
    ctx.createRectangularRegion(f"pe{p}_logic", x0, y0, x1, y1)  # noqa: F821
    ctx.createRectangularRegion(f"pe{p}_ram", ram_cols[h], 1 + k * band,  # noqa: F821
                                ram_cols[h], band * (k + 1))
counts = collections.Counter()
for name, p in pe.items():
    kind = cells[name].type
    if kind == "ICESTORM_LC":
        ctx.constrainCellToRegion(name, f"pe{p}_logic")  # noqa: F821
    elif kind == "ICESTORM_RAM":
        ctx.constrainCellToRegion(name, f"pe{p}_ram")  # noqa: F821
    else:
        continue
    counts[kind] += 1
print(f"floorplan_pe: {npe} PEs, {counts['ICESTORM_LC']} logic cells and "
      f"{counts['ICESTORM_RAM']} block RAMs constrained ({moved} cells named after a PE's net "
      f"moved to their readers' PE, {len(global_side)} of them left free)")
