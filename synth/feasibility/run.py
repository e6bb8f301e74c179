#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Feasibility figures of issue 13 part 2 (synth/feasibility/README.md): the placed Fmax of
the smallest designs that do what one cycle of DSBC must do, on the iCE40 HX8K, with the
same tools and settings as synth/synth-flow.py (Yosys synth_ice40, nextpnr-ice40 --hx8k
--package ct256 --freq 200, median over seeds 1..5).

    python3 synth/feasibility/run.py [--seeds 5]   ->  reports/feasibility.md
"""

import argparse
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join("build", "synth", "feasibility")
NICE = ["nice", "-n", "10"]

LFSR = "synth/feasibility/feas_lfsr.v"
RMW_PIPE = ["rtl/dsbc_ram_dp.v", LFSR, "synth/feasibility/feas_rmw_pipe.v"]

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
    ("rmw_cut", "feas_rmw_cut", ["rtl/dsbc_ram_dp.v", LFSR, "synth/feasibility/feas_rmw_cut.v"], {},
     "as rmw_range, the recurrence cut to one bit: operand = RAM word + the unrefused steps "
     "in flight, refusal from the edge distance brought up to date stage by stage; "
     "refusal in k+7, write in k+10"),
    ("popcount64", "feas_popcount", ["rtl/dsbc_encoder.v", "synth/feasibility/feas_popcount.v"],
     {"NumPes": 64, "Carry": 0}, "64-input popcount (dsbc_encoder), register to register"),
    ("popcount64_carry", "feas_popcount",
     ["rtl/dsbc_encoder.v", "synth/feasibility/feas_popcount.v"], {"NumPes": 64, "Carry": 1},
     "the same plus carry <- (popcount + carry) >> 1 in the same cycle"),
]


def run(cmd):
    r = subprocess.run(NICE + cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{r.stdout[-2000:]}")
    return r.stdout


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
    fmax = []
    for seed in range(1, seeds + 1):
        rep = f"{out}_s{seed}.report.json"
        run(["nextpnr-ice40", "--hx8k", "--package", "ct256", "--json", out + ".json",
             "--pcf-allow-unconstrained", "--freq", "200", "--timing-allow-fail", "--seed",
             str(seed), "--report", rep, "-q", "-l", f"{out}_s{seed}.log"])
        fmax.append(min(v["achieved"] for v in
                        json.load(open(os.path.join(ROOT, rep)))["fmax"].values()))
    return cells, fmax


def self_check(name, top, files, params):
    """feas_rmw_check_tb (Icarus): a pipelined design computes the right words."""
    exe = os.path.join(WORK, name + "_check")
    dut_params = "#(" + ", ".join(f".{k}({v})" for k, v in params.items()) + ")" if params else ""
    run(["iverilog", "-g2005", "-o", exe, f"-DDUT={top}", f"-DDUT_PARAMS={dut_params}",
         "synth/feasibility/feas_rmw_check_tb.v"] + files)
    print(f"{name}: " + run(["vvp", "-n", exe]).strip().splitlines()[-1], flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--out", default="reports/feasibility.md")
    args = ap.parse_args()
    os.makedirs(os.path.join(ROOT, WORK), exist_ok=True)
    rows = []
    for name, top, files, params, what in DESIGNS:
        if top in ("feas_rmw_pipe", "feas_rmw_cut"):
            self_check(name, top, files, params)
        cells, fmax = measure(name, top, files, params, args.seeds)
        ps = " (" + ", ".join(f"{k} = {v}" for k, v in params.items()) + ")" if params else ""
        rows.append(f"| {name} | `{top}`{ps} | {what} | {cells.get('SB_LUT4', 0)} | "
                    f"{cells.get('SB_RAM40_4K', 0)} | {statistics.median(fmax):.2f} "
                    f"({min(fmax):.2f}-{max(fmax):.2f}) |")
        print(rows[-1], flush=True)
    text = ["# Feasibility figures (issue 13, part 2)", "",
            "Generated by `python3 synth/feasibility/run.py` (synth/feasibility/README.md). "
            "Do not edit by hand. iCE40 HX8K (ct256), Yosys `synth_ice40`, nextpnr-ice40 "
            f"`--freq 200`, Fmax median (min-max) over seeds 1..{args.seeds}.", "",
            "| design | top (parameters) | what one cycle does | LUT4 | SB_RAM40_4K | "
            "Fmax MHz |", "|---|---|---|---|---|---|"] + rows
    with open(os.path.join(ROOT, args.out), "w") as f:
        f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
