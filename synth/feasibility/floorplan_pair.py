# SPDX-License-Identifier: Apache-2.0
# nextpnr-ice40 --pre-place script: a coarse floorplan of the 16-PE pair-arb unit
# (feas_pair_arb_unit_harness, 8 pair blocks g_pair[i].u_pair, each with 2 SB_RAM40_4K) on the
# HX8K. pairunit_run.sh `floorpnr` passes it; pairunit.md section 9 gives the measurements.
#
# Placed freely, a pair block's cells end up as much as 18 columns and 22 rows apart and the
# critical paths are 5.7-6.7 ns of routing inside one pair (section 8). This script keeps each
# pair block together, following synth/flow/floorplan_pe.py's approach (written anew here):
#   - pairs 0-3 in the left half of the device (RAM column x = 8), pairs 4-7 in the right
#     half (x = 25); the k-th pair of a half (k = i mod 4) gets the k-th band of 8 rows of its
#     RAM column for its two block RAMs (rows 1 + 8k .. 8 + 8k: 4 RAM sites for 2 RAMs);
#   - its logic cells, by the plan in the environment variable FLOOR_PLAN:
#       quad   (default) the quadrant: pairs k = 0, 1 of a half in its bottom rows 0-16,
#              k = 2, 3 in its top rows 17-33 (2 pairs per quadrant);
#       half   the whole half (4 pairs per half);
#       bandN  (e.g. band2) the half's full width, rows of the pair's RAM band widened by N
#              rows on each side (regions of neighbouring pairs overlap by 2N rows);
#       ram    no logic constraint (only the RAM bands).
# The global block (u_dut.u_global), the scan harness (u_io), pins and global buffers are
# left free (floorplan_pe.py: a global buffer in a region without a buffer site never places).
#
# Which pair a cell belongs to: its hierarchical name (g_pair[i]); a cell whose name comes from
# a pair's net on one of its INPUTS (Yosys names a cell after a net it reads when the one it
# drives has no name: ..._SB_LUT4_I0) goes with the readers of its output (a pair, or free
# if most of them are outside every pair); nextpnr's own cells ($nextpnr_ICESTORM_LC_n) and
# other u_dut cells take the majority of their neighbours on small nets; a carry chain goes
# where most of it goes. Runs inside nextpnr (`ctx`); reads FLOOR_PLAN only.

import collections
import os
import re

PLAN = os.environ.get("FLOOR_PLAN", "quad")
# "...-fix" (e.g. quad-fix): each pair's two RAMs bound to fixed sites of its band (rows 3 and
# 5 of the band's 8) instead of a region: a RAM region alone (plan ram) made nextpnr 0.4's heap
# placer hang before its first iteration.
FIX_RAMS = PLAN.endswith("-fix")
PLAN = PLAN[:-4] if FIX_RAMS else PLAN
PAIR = re.compile(r"g_pair\[(\d+)\]")
ROLE = re.compile(r"_SB_(?:LUT4|CARRY|DFF[A-Z]*|RAM40_4K)_([A-Z]+[0-9]*)")
SMALL = 16  # neighbour votes only through nets of at most this many users

cells = {name: cell for name, cell in ctx.cells}  # noqa: F821

xmax = ymax = 0
ram_x = set()
ram_bel = {}
for bel in ctx.getBels():  # noqa: F821
    loc = ctx.getBelLocation(bel)  # noqa: F821
    xmax, ymax = max(xmax, loc.x), max(ymax, loc.y)
    if ctx.getBelType(bel) == "ICESTORM_RAM":  # noqa: F821
        ram_x.add(loc.x)
        ram_bel[(loc.x, loc.y)] = bel
ram_x = sorted(ram_x)
assert len(ram_x) == 2, f"floorplan_pair: RAM columns {ram_x}"


def out_users(cell):
    for pname, port in cell.ports:
        if pname in ("O", "COUT", "RDATA") or pname.startswith("RDATA"):
            if port.net is not None:
                for u in port.net.users:
                    yield u.cell.name


by_name = {}
for name in cells:
    m = PAIR.search(name)
    if m:
        by_name[name] = int(m.group(1))

pair = dict(by_name)
# cells named after a net they read: decided by their output's readers
unsure = set()
for name in by_name:
    if cells[name].type != "ICESTORM_LC":
        continue
    r = ROLE.search(name, PAIR.search(name).end())
    if r is not None and r.group(1) not in ("O", "Q", "CO"):
        unsure.add(name)
        del pair[name]
free = set()
moved = 0
left = set(unsure)
for _ in range(4):
    for name in sorted(left):
        v = collections.Counter()
        for u in out_users(cells[name]):
            if u in left:
                continue
            v[pair.get(u, "free")] += 1
        if not v:
            continue
        best = v.most_common(1)[0][0]
        left.discard(name)
        if best == "free":
            free.add(name)
        else:
            pair[name] = best
        moved += best != by_name[name]
for name in left:
    pair[name] = by_name[name]


# Registers Yosys merged across pairs (identical in every pair: e.g. a delayed ctl_done,
# `done_i`, `push_i`, `dsh_q`, `rw_b`) carry one pair's name but feed all eight: a cell whose
# output is read by cells of SHARED or more pairs is left free (as the global block).
SHARED = 3
shared = 0
for name in list(pair):
    readers = set(by_name.get(u) for u in out_users(cells[name])) - {None}
    if len(readers) >= SHARED:
        del pair[name]
        free.add(name)
        shared += 1


def may_vote(name):
    if name in free or name.startswith("u_dut.u_global."):
        return False
    return name.startswith("$nextpnr_") or name.startswith("u_dut.")


def near(cell):
    for _, port in cell.ports:
        net = port.net
        if net is None or len(net.users) > SMALL:
            continue
        if net.driver.cell is not None:
            yield net.driver.cell.name
        for u in net.users:
            yield u.cell.name


voted = 0
for _ in range(3):
    new = {}
    for name, cell in cells.items():
        if name in pair or not may_vote(name):
            continue
        v = collections.Counter(pair[n] for n in near(cell) if n in pair)
        if v:
            new[name] = v.most_common(1)[0][0]
    voted += len(new)
    pair.update(new)

# carry chains: one pair per chain
up = {}


def top(a):
    while up.get(a, a) != a:
        a = up[a]
    return a


for name, cell in cells.items():
    for pname, port in cell.ports:
        if pname == "COUT" and port.net is not None:
            for u in port.net.users:
                if u.port == "CIN":
                    up[top(u.cell.name)] = top(name)
chain = collections.defaultdict(list)
for name in cells:
    chain[top(name)].append(name)
for members in chain.values():
    v = collections.Counter(pair[n] for n in members if n in pair)
    if len(members) > 1 and v:
        p = v.most_common(1)[0][0]
        for n in members:
            pair[n] = p

npairs = max(pair.values()) + 1
assert npairs == 8, f"floorplan_pair: {npairs} pairs (the plan is for 8)"
per_half = npairs // 2
band = (ymax - 1) // per_half  # 8 rows of the RAM column per pair
mx, my = xmax // 2, ymax // 2
for i in range(npairs):
    h, k = divmod(i, per_half)
    x0, x1 = (0, mx) if h == 0 else (mx + 1, xmax)
    r0, r1 = 1 + k * band, band * (k + 1)
    ctx.createRectangularRegion(f"pair{i}_ram", ram_x[h], r0, ram_x[h], r1)  # noqa: F821
    if PLAN == "quad":
        y0, y1 = (0, my) if k < per_half // 2 else (my + 1, ymax)
    elif PLAN == "half":
        y0, y1 = 0, ymax
    elif PLAN.startswith("band"):
        w = int(PLAN[4:])
        y0, y1 = max(0, r0 - w), min(ymax, r1 + w)
    elif PLAN == "ram":
        continue
    else:
        raise ValueError(f"floorplan_pair: unknown plan {PLAN}")
    ctx.createRectangularRegion(f"pair{i}_logic", x0, y0, x1, y1)  # noqa: F821
    print(f"floorplan_pair: pair {i}: logic x {x0}-{x1} y {y0}-{y1}, RAMs x {ram_x[h]} "
          f"y {r0}-{r1}")

n = collections.Counter()
per = collections.Counter()
fixed = collections.Counter()
for name, p in sorted(pair.items()):
    t = cells[name].type
    if t == "ICESTORM_LC" and PLAN != "ram":
        ctx.constrainCellToRegion(name, f"pair{p}_logic")  # noqa: F821
    elif t == "ICESTORM_RAM" and FIX_RAMS:
        # the j-th RAM of pair p on the site 1 + 8k + 2 + 2j of its band (rows 3, 5 of 1..8)
        h, k = divmod(p, per_half)
        site = ram_bel[(ram_x[h], 1 + k * band + 2 + 2 * fixed[p])]
        fixed[p] += 1
        ctx.bindBel(site, cells[name], STRENGTH_USER)  # noqa: F821
    elif t == "ICESTORM_RAM":
        ctx.constrainCellToRegion(name, f"pair{p}_ram")  # noqa: F821
    else:
        continue
    n[t] += 1
    per[(p, t)] += 1
print(f"floorplan_pair: plan {PLAN}: {n['ICESTORM_LC']} logic cells and {n['ICESTORM_RAM']} "
      f"block RAMs constrained ({len(unsure)} cells named after an input net: {moved} moved "
      f"to another pair, {len(free)} left free, of which {shared} read by >= {SHARED} pairs; {voted} voted in by "
      f"neighbours)")
print("floorplan_pair: LCs per pair: " + ", ".join(
    f"{i}: {per[(i, 'ICESTORM_LC')]}" for i in range(npairs)) + "; RAMs per pair: " +
    ", ".join(str(per[(i, 'ICESTORM_RAM')]) for i in range(npairs)))
