# SPDX-License-Identifier: Apache-2.0
# nextpnr-ice40 --pre-place script, a diagnosis, not a flow step: counts, per PE and per quadrant
# of synth/flow/floorplan_pe.py, the logic cells and the flip-flops' control sets after packing,
# then stops nextpnr. An iCE40 logic tile's 8 flip-flops share one clock enable and one
# set/reset, so a control set of n flip-flops takes at least ceil(n / 8) tiles: when the tiles
# a quadrant needs for its flip-flops alone approach the 240 it has, the heap legaliser gives up
# ("Unable to find legal placement for all cells") although the quadrant's logic cells fit
# (docs/clock.md, "Control sets"; reports/l200b.md). Usage, on a unit's netlist:
#   nextpnr-ice40 --hx8k --package ct256 --pcf-allow-unconstrained \
#     --json build/synth/flow/dsbc_top_n16_m32_t16_d8_pipe_half_ice40.json \
#     --pre-place synth/flow/control_sets.py
# nextpnr then ends with "ERROR: ... control_sets.py" after the table: that is the stop.

import collections

# The floorplan's own assignment of cells to PEs (its names: cells, pe, npe), regions included.
exec(open("synth/flow/floorplan_pe.py").read())  # noqa: S102 (our own script, same context)


def net_name(cell, port_name):
    for name, port in cell.ports:
        if name == port_name:
            return port.net.name if port.net is not None else None
    return None


lcs = collections.Counter()
sets = collections.defaultdict(collections.Counter)  # PE -> (enable, set/reset) -> flip-flops
for name, p in pe.items():  # noqa: F821 (floorplan_pe.py's)
    cell = cells[name]  # noqa: F821
    if cell.type != "ICESTORM_LC":
        continue
    lcs[p] += 1
    params = {k: str(v) for k, v in cell.params}
    if params.get("DFF_ENABLE", "0").strip("0"):
        sets[p][(net_name(cell, "CEN"), net_name(cell, "SR"))] += 1

quadrant = collections.defaultdict(collections.Counter)
for p in sorted(lcs):
    ffs = sum(sets[p].values())
    tiles = sum((n + 7) // 8 for n in sets[p].values())
    h, k = divmod(p, npe // 2)  # noqa: F821
    q = quadrant[(h, k < npe // 4)]  # noqa: F821
    q["lcs"] += lcs[p]
    q["ffs"] += ffs
    q["ff_tiles"] += tiles
    print(f"control_sets: PE {p}: {lcs[p]} LCs, {ffs} FFs in {len(sets[p])} control sets "
          f"(>= {tiles} tiles); set sizes {sorted(sets[p].values(), reverse=True)}")
for (h, low), q in sorted(quadrant.items()):
    print(f"control_sets: quadrant {'left' if h == 0 else 'right'} "
          f"{'bottom' if low else 'top'}: {q['lcs']} LCs (>= {(q['lcs'] + 7) // 8} tiles), "
          f"{q['ffs']} FFs (>= {q['ff_tiles']} tiles for them alone)")
raise SystemExit("control_sets.py: done (a diagnosis; nothing was placed)")
