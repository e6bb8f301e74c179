#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Feasibility figures of issue 13 part 2 (synth/feasibility/README.md): the placed Fmax of
the smallest designs that do what one cycle of DSBC must do, on the iCE40 HX8K, with the
same tools and settings as synth/synth-flow.py (Yosys synth_ice40, nextpnr-ice40 --hx8k
--package ct256 --freq 200, median over seeds 1..5).

    python3 synth/feasibility/run.py [--seeds 5] [--only REGEX]   ->  reports/feasibility.md

--only places the designs whose name matches REGEX and keeps the other rows of the report.
A design that does not fit the device gets its Yosys counts and nextpnr's logic-cell demand.
"""

import argparse
import glob
import json
import os
import re
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join("build", "synth", "feasibility")
NICE = ["nice", "-n", "10"]

LFSR = "synth/feasibility/feas_lfsr.v"
RMW_PIPE = ["rtl/dsbc_ram_dp.v", LFSR, "synth/feasibility/feas_rmw_pipe.v"]

# The local block under the commit-at-the-write contract (feas_local_pipe.v), alone and in a
# whole unit with the pipelined global sum (feas_unit_pipe.v), in the unit's register harness.
LOCAL_PIPE = ["rtl/dsbc_param_check.v", "rtl/dsbc_ram_dp.v", "rtl/dsbc_rr.v", "rtl/dsbc_fifo.v",
              "synth/feasibility/feas_rmw_cut_core.v",
              "synth/feasibility/feas_rmw_half_core.v", "synth/feasibility/feas_rebase_late.v",
              "synth/feasibility/feas_local_pipe.v", "synth/harness/harness_scan_io.v"]
UNIT_PIPE = LOCAL_PIPE + ["rtl/dsbc_global.v", "rtl/dsbc_serial_sum.v", "rtl/dsbc_encoder.v",
                          "rtl/dsbc_decision.v", "rtl/dsbc_arb_ctl.v", "rtl/dsbc_dirty.v",
                          "rtl/dsbc_first_dirty.v",
                          "synth/feasibility/feas_unit_pipe.v"]
UNIT_M32 = {"NumBarriers": 32, "CountBits": 16, "FifoDepth": 8}

# name, top, sources, parameters, what it measures
DESIGNS = [
    ("rmw", "feas_rmw", ["rtl/dsbc_ram_dp.v", LFSR, "synth/feasibility/feas_rmw.v"], {},
     "RAM pair (32 x 17 bit): read, +-1 with same-address forwarding, write; one op per cycle"),
    # The same read-modify-write with the range check, and with the registers a changed
    # contract could add (architecture.md 4f): how much clock each one buys.
    ("rmw_range", "feas_rmw_pipe", RMW_PIPE, {"RegRead": 0, "RegWrite": 0},
     "as rmw, plus the T-bit range check (refused: word unchanged); read in k, write in k+1"),
    ("rmw_regwrite", "feas_rmw_pipe", RMW_PIPE, {"RegRead": 0, "RegWrite": 1},
     "as rmw_range, the new word registered before the RAM's write port; write in k+2"),
    ("rmw_regread", "feas_rmw_pipe", RMW_PIPE, {"RegRead": 1, "RegWrite": 0},
     "as rmw_range, the RAM's output registered before the adder; write in k+2"),
    ("rmw_regboth", "feas_rmw_pipe", RMW_PIPE, {"RegRead": 1, "RegWrite": 1},
     "both registers; write in k+3, the operand forwarded from three operations in flight"),
    ("rmw_cut", "feas_rmw_cut", ["rtl/dsbc_ram_dp.v", LFSR, "synth/feasibility/feas_rmw_cut.v",
                                 "synth/feasibility/feas_rmw_cut_core.v"], {},
     "as rmw_range, the recurrence cut to one bit: operand = RAM word + the unrefused steps "
     "in flight, refusal from the edge distance brought up to date stage by stage; "
     "refusal in k+7, write in k+10"),
    ("popcount64", "feas_popcount", ["rtl/dsbc_encoder.v", "synth/feasibility/feas_popcount.v"],
     {"NumPes": 64, "Carry": 0}, "64-input popcount (dsbc_encoder), register to register"),
    ("popcount64_carry", "feas_popcount",
     ["rtl/dsbc_encoder.v", "synth/feasibility/feas_popcount.v"], {"NumPes": 64, "Carry": 1},
     "the same plus carry <- (popcount + carry) >> 1 in the same cycle"),
    ("local_pipe", "feas_local_pipe_harness",
     LOCAL_PIPE + ["synth/feasibility/feas_local_pipe_harness.v"], dict(NumPes=16, **UNIT_M32),
     "a local block (rr) under the commit-at-the-write contract: rmw_cut's pipeline, dsbc_rr, "
     "dsbc_fifo, the rebase D_w after the completion; ack in k+8; Retime = 1 (own narrow "
     "accumulators one cycle late, CNT2 + 1 in a register); in the register harness"),
    ("local_pipe_r0", "feas_local_pipe_harness",
     LOCAL_PIPE + ["synth/feasibility/feas_local_pipe_harness.v"],
     dict(NumPes=16, **UNIT_M32, Retime=0),
     "as local_pipe, with dsbc_rr's accumulator (barrier compare and T+1-bit adder in the "
     "commit's cycle) and its CNT2 + 1 as the snapshot's RAM address"),
    ("unit_pipe_n16", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"], dict(NumPes=16, **UNIT_M32),
     "the whole unit, N = 16: 16 local_pipe + dsbc_global (rr, Pipe = 1), in the unit's harness"),
    ("unit_pipe_n8", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"], dict(NumPes=8, **UNIT_M32),
     "the same at N = 8 (what fits the HX8K)"),
    ("unit_pipe_n8_fifo", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"],
     dict(NumPes=8, **UNIT_M32, FifoReg=1),
     "unit_pipe_n8 with dsbc_fifo's RegFlags = 1 (the FIFO's valid and full flags in registers)"),
    ("unit_pipe_n8_r0", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"],
     dict(NumPes=8, **UNIT_M32, Retime=0), "unit_pipe_n8 with local_pipe_r0's blocks"),
    # Half the request rate (HalfRate = 1: ready low in the cycle after an acceptance), so the
    # short pipeline of feas_rmw_half_core (rtl/dsbc_rmw_half until 2026-11-25) needs no one-cycle
    # recurrence.
    ("local_half", "feas_local_pipe_harness",
     LOCAL_PIPE + ["synth/feasibility/feas_local_pipe_harness.v"],
     dict(NumPes=16, **UNIT_M32, FifoReg=1, HalfRate=1),
     "local_pipe on feas_rmw_half_core: at most one request every 2 cycles; operand = RAM word "
     "or the result of k-2/k-3 (registered mux) in k+1, exact range check and +-1 in k+2, "
     "ack in k+3, write in k+3; FifoReg = 1"),
    ("unit_half_n16", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"],
     dict(NumPes=16, **UNIT_M32, FifoReg=1, HalfRate=1),
     "the whole unit, N = 16: 16 local_half + dsbc_global (rr, Pipe = 1), in the unit's harness"),
    ("unit_half_n16_p0", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"],
     dict(NumPes=16, **UNIT_M32, FifoReg=1, HalfRate=1, Pipe=0),
     "unit_half_n16 with dsbc_global's Pipe = 0 (the global sum decided in the slot's cycle)"),
    ("unit_half_n8", "feas_unit_pipe_harness",
     UNIT_PIPE + ["synth/feasibility/feas_unit_pipe_harness.v"],
     dict(NumPes=8, **UNIT_M32, FifoReg=1, HalfRate=1),
     "unit_half_n16 at N = 8 (about half the logic cells: how much of the loss is utilisation)"),
]


def run(cmd, check=True):
    r = subprocess.run(NICE + cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if check and r.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{r.stdout[-2000:]}")
    return r


def critical_path(log):
    """Start and end cell of nextpnr's critical path, and its logic/routing split."""
    text = open(os.path.join(ROOT, log)).read()
    block = text[text.rfind("Critical path report for clock"):]
    cells = re.findall(r"(?:Source|Sink|Setup) (\S+)", block.split("ns logic")[0])
    split = re.search(r"([0-9.]+) ns logic, ([0-9.]+) ns routing", block)
    if not cells or not split:
        return "?"
    short = [re.sub(r"_SB_\w+|_DFFLC|\$\w+", "", c.rsplit(".", 1)[0]) for c in (cells[0], cells[-1])]
    return f"`{short[0]}` -> `{short[1]}` ({split.group(1)} ns logic, {split.group(2)} ns routing)"


def measure(name, top, files, params, seeds):
    out = os.path.join(WORK, name)
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    chparam = f"chparam {chparam} {top}\n" if params else ""
    script = (f"read_verilog -DSYNTHESIS {' '.join(files)}\n{chparam}"
              f"synth_ice40 -top {top} -json {out}.json\ntee -q -o {out}.stat.json stat -json\n")
    with open(os.path.join(ROOT, out + ".ys"), "w") as f:
        f.write(script)
    run(["yosys", "-q", "-l", out + ".log", "-s", out + ".ys"])
    cells = json.load(open(os.path.join(ROOT, out + ".stat.json")))["design"]["num_cells_by_type"]
    fmax, lcs, paths = [], None, {}
    for seed in range(1, seeds + 1):
        rep, log = f"{out}_s{seed}.report.json", f"{out}_s{seed}.log"
        r = run(["nextpnr-ice40", "--hx8k", "--package", "ct256", "--json", out + ".json",
                 "--pcf-allow-unconstrained", "--freq", "200", "--timing-allow-fail", "--seed",
                 str(seed), "--report", rep, "-q", "-l", log], check=False)
        if r.returncode != 0:
            used = re.search(r"ICESTORM_LC:\s*(\d+)/\s*(\d+)", open(os.path.join(ROOT, log)).read())
            if used and int(used.group(1)) > int(used.group(2)):
                return cells, [], f"{used.group(1)} of {used.group(2)}", "does not fit"
            raise SystemExit(f"nextpnr failed: see {log}")
        report = json.load(open(os.path.join(ROOT, rep)))
        fmax.append(min(v["achieved"] for v in report["fmax"].values()))
        lcs = report["utilization"]["ICESTORM_LC"]["used"]
        paths[fmax[-1]] = critical_path(log)
    # The critical path of the seed at the median (the lower middle one for an even count).
    path = paths[sorted(fmax)[(len(fmax) - 1) // 2]]
    return cells, fmax, str(lcs), path


# Modules kept whole for --hier (the unit's parts; feas_unit_pipe and the DUTs are kept by
# their harnesses already).
HIER_KEEP = ["feas_local_pipe", "dsbc_global", "harness_scan_io", "feas_rmw_cut_core",
             "feas_rmw_half_core"]


def hier_stat(name, top, files, params):
    """Yosys' cells per module with the unit's parts kept whole (not flattened into each
    other): what the DUT and what the harness take. A separate synthesis of the same design;
    its totals differ a little from the flat one that is placed."""
    out = os.path.join(WORK, name + "_hier")
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    chparam = f"chparam {chparam} {top}\n" if params else ""
    keep = " ".join(f"$paramod*{m}* {m}" for m in HIER_KEEP)
    script = (f"read_verilog -DSYNTHESIS {' '.join(files)}\n{chparam}hierarchy -top {top}\n"
              f"setattr -mod -set keep_hierarchy 1 {keep}\n"
              f"synth_ice40 -top {top}\ntee -q -o {out}.stat stat\n")
    with open(os.path.join(ROOT, out + ".ys"), "w") as f:
        f.write(script)
    run(["yosys", "-q", "-l", out + ".log", "-s", out + ".ys"])
    # The text report (Yosys 0.23's stat -json is not valid JSON with kept hierarchy): one
    # "=== module ===" section per module, then the design's hierarchy and totals.
    text = open(os.path.join(ROOT, out + ".stat")).read().split("=== design hierarchy ===")[0]
    for sect in text.split("=== ")[1:]:
        mod = sect.split(" ===")[0].rsplit("\\", 1)[-1]  # $paramod$<hash>\<module>
        cells = {c: int(n) for c, n in re.findall(r"^\s+(SB_\w+)\s+(\d+)$", sect, re.M)}
        ffs = sum(n for c, n in cells.items() if c.startswith("SB_DFF"))
        print(f"  {mod}: {cells.get('SB_LUT4', 0)} LUT4, {ffs} FF, "
              f"{cells.get('SB_RAM40_4K', 0)} RAM", flush=True)


def self_check(name, top, files, params):
    """feas_rmw_check_tb (Icarus): a pipelined design computes the right words."""
    exe = os.path.join(WORK, name + "_check")
    dut_params = "#(" + ", ".join(f".{k}({v})" for k, v in params.items()) + ")" if params else ""
    run(["iverilog", "-g2005", "-o", exe, f"-DDUT={top}", f"-DDUT_PARAMS={dut_params}",
         "synth/feasibility/feas_rmw_check_tb.v"] + files)
    print(f"{name}: " + run(["vvp", "-n", exe]).stdout.strip().splitlines()[-1], flush=True)


# The parameters of feas_local_pipe_tb's unit, with their defaults.
UNIT_CHECK = {"Retime": 1, "FifoReg": 0, "HalfRate": 0, "Pipe": 1}


def unit_check(variant):
    """feas_local_pipe_tb (Icarus): the unit of feas_local_pipe blocks keeps the contract; at
    HalfRate = 1 (Retime = 1) also rtl/'s dsbc_top with HalfRate = 1, the same contract made a
    product (dsbc_local_half), against the same reference."""
    exe = os.path.join(WORK, "local_pipe_check_" + "_".join(f"{k}{v}" for k, v in variant))
    files = [f for f in UNIT_PIPE if "harness" not in f]
    params = [f"-Pfeas_local_pipe_tb.{k}={v}" for k, v in variant]
    run(["iverilog", "-g2005", "-o", exe] + params + ["synth/feasibility/feas_local_pipe_tb.v"] + files)
    print(", ".join(f"{k} = {v}" for k, v in variant) + ": "
          + run(["vvp", "-n", exe]).stdout.strip().splitlines()[-1], flush=True)
    v = dict(variant)
    if v["HalfRate"] == 1 and v["Retime"] == 1:
        rtl = sorted(glob.glob("rtl/dsbc_*.v", root_dir=ROOT))
        run(["iverilog", "-g2005", "-DRTL_TOP", "-o", exe + "_rtl"] + params
            + ["synth/feasibility/feas_local_pipe_tb.v"] + rtl)
        print(f"rtl/dsbc_top HalfRate = 1, Pipe = {v['Pipe']}: "
              + run(["vvp", "-n", exe + "_rtl"]).stdout.strip().splitlines()[-1], flush=True)


def old_rows(path):
    """The rows of an earlier report, by design name (kept for the designs not run now)."""
    rows = {}
    if os.path.exists(path):
        for line in open(path):
            cols = line.split(" | ")
            if line.startswith("| ") and len(cols) > 2 and not line.startswith("| design"):
                rows[cols[0][2:]] = line.rstrip("\n")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--only", default="", help="regex: run only the designs it matches")
    ap.add_argument("--out", default="reports/feasibility.md")
    ap.add_argument("--hier", action="store_true",
                    help="also print Yosys' cells per module (hierarchy kept) of each design")
    args = ap.parse_args()
    os.makedirs(os.path.join(ROOT, WORK), exist_ok=True)
    kept = old_rows(os.path.join(ROOT, args.out))
    rows = []
    checked = set()  # the UNIT_CHECK variants that passed feas_local_pipe_tb in this run
    for name, top, files, params, what in DESIGNS:
        if not re.search(args.only, name):
            if name in kept:
                rows.append(kept[name])
            continue
        if top in ("feas_rmw_pipe", "feas_rmw_cut"):
            self_check(name, top, files, params)
        if top in ("feas_local_pipe_harness", "feas_unit_pipe_harness"):
            variant = tuple((k, params.get(k, v)) for k, v in UNIT_CHECK.items())
            if variant not in checked:
                unit_check(variant)
                checked.add(variant)
        if args.hier:
            print(f"{name}, per module (Yosys, hierarchy kept):", flush=True)
            hier_stat(name, top, files, params)
        cells, fmax, lcs, path = measure(name, top, files, params, args.seeds)
        ps = " (" + ", ".join(f"{k} = {v}" for k, v in params.items()) + ")" if params else ""
        ffs = sum(n for c, n in cells.items() if c.startswith("SB_DFF"))
        clock = (f"{statistics.median(fmax):.2f} ({min(fmax):.2f}-{max(fmax):.2f})" if fmax
                 else path)
        rows.append(f"| {name} | `{top}`{ps} | {what} | {cells.get('SB_LUT4', 0)} | "
                    f"{cells.get('SB_RAM40_4K', 0)} | {clock} | {ffs} | {lcs} | "
                    f"{path if fmax else '-'} |")
        print(rows[-1], flush=True)
    text = ["# Feasibility figures (issue 13, part 2)", "",
            "Generated by `python3 synth/feasibility/run.py` (synth/feasibility/README.md). "
            "Do not edit by hand. iCE40 HX8K (ct256), Yosys `synth_ice40`, nextpnr-ice40 "
            f"`--freq 200`, Fmax median (min-max) over seeds 1..{args.seeds}; FF (Yosys) and "
            "logic cells (nextpnr) and the critical path of the median seed where measured "
            "(rows without them are from before those columns).", "",
            "| design | top (parameters) | what one cycle does | LUT4 | SB_RAM40_4K | "
            "Fmax MHz | FF | LCs of 7680 | critical path (median seed) |",
            "|---|---|---|---|---|---|---|---|---|"] + rows
    with open(os.path.join(ROOT, args.out), "w") as f:
        f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
