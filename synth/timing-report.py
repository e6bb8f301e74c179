#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Timing-comparison report behind `make report`: reports/timing.md, its SVG plots and the CSV
behind every plot.

1. Analytic (dissertation section 5.4): Eq. 5.1-5.5 for DSBC with 16 and 32 barriers, a
   Wired-NOR model and a Test-and-Set software barrier (Anderson, IEEE TPDS 1(1), 1990) over
   N = 2..512, with the paper's part delays and the gate-delay model for T_bt_chk below;
   Fig. 5.9 (wires 3N versus m*N).
2. Measured: detection cycles over random workloads (wnor_latency: DSBC golden model with
   dsbc::Stimulus/Oracle, Wired-NOR model) times the clock period nextpnr measured
   (reports/synth.csv, from `make synth`), and area against N and m.

Every model parameter is a named constant below and is printed in the report.
"""

import argparse
import csv
import math
import os
import subprocess
import sys
from collections import namedtuple
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# --- The paper's part delays (section 5.4.1) ----------------------------------------------
T_RAM_NS = 30.0         # read, add, write back the count in the dual-port RAM
T_FIFO_NS = 12.0        # write the barrier ID into the FIFO
T_BT_CHK_256_NS = 190.0  # one bit-check cycle with 256 PEs, 7400-series parts
T_COUNT_BITS = 16       # t: 2^t task counts per PE (the paper leaves t open; our unit's T)

# --- Gate-delay model of T_bt_chk(N) ---------------------------------------------------------
# A bit-check cycle is a fixed part (PISO clock-to-output, line drivers and cable to the global
# board, decision adder, line reducer, carry-latch setup, decision broadcast back) plus the
# responder count encoder, a tree of 74F283 adders with L(N) = ceil(log2 N) levels. One level
# is taken as 15 ns (a 74F283 input-to-sum delay with the ripple into the next package, the
# partial sums growing to 9 bits at N = 256); the fixed part is then whatever makes the one
# point the paper gives come out: 190 - 8 * 15 = 70 ns.
T_LEVEL_NS = 15.0
T_FIXED_NS = T_BT_CHK_256_NS - 8 * T_LEVEL_NS

# --- Test-and-Set barrier (Anderson 1990) ----------------------------------------------------
# Bus model: one shared snooping bus, every access that misses or invalidates is one bus
# transaction of T_BUS_NS, arbitration is fair (round robin). Barrier: a counter protected by a
# test-and-set spin lock and a release flag; every PE arrives at once (the case detection time
# is about). A PE in the critical section needs CS_TRANSACTIONS transactions (the winning
# test-and-set, the counter miss, the counter write, the lock release). Anderson's observation
# for spin-on-test-and-set: every waiting processor keeps issuing test-and-sets, each a bus
# transaction, so with k waiters each of the holder's transactions waits behind about k others.
# Critical section with k waiters: CS * (1 + k) * T_BUS. All N pass one after another with
# k = N-1 ... 0 waiters, then the last one writes the flag and the other N-1 re-read it:
#   T_TAS(N) = T_BUS * (CS * N (N + 1) / 2 + N).
# For comparison, Anderson's queue-based lock hands the lock over in O(1) transactions:
#   T_QUEUE(N) = T_BUS * ((CS + 1) * N + N).
T_BUS_NS = 100.0        # one bus transaction on a ~1990 shared bus (10 MHz class)
CS_TRANSACTIONS = 4

# --- Wired-NOR (Shang & Hwang 1995) electrical model -----------------------------------------
# The last PE writes its X bit (one bus write, T_BUS_NS); the open-collector line rises: one
# segment of up to SEGMENT_PES taps per board settles in T_SEGMENT_NS; larger systems chain
# boards through repeater boards (levels L_w = ceil(log_SEGMENT_PES N)), the signal crossing
# 2 (L_w - 1) repeaters of T_REPEATER_NS (up to the top and back down); each PE synchronizes Y
# into its clock domain (T_SYNC_NS, two flip-flops at 25 MHz) and its polling loop reads it
# (on average 1.5 bus reads).
SEGMENT_PES = 32
T_SEGMENT_NS = 50.0
T_REPEATER_NS = 15.0
T_SYNC_NS = 80.0
T_POLL_NS = 1.5 * T_BUS_NS

# The dissertation's claims (section 5.4.2 and 5.6).
PAPER_RATIO = {20: 29.0, 512: 3008.0}


def clog2(n):
    return max(0, math.ceil(math.log2(n))) if n > 1 else 0


def t_bt_chk(n):
    return T_FIXED_NS + clog2(n) * T_LEVEL_NS


def eq52_word_bits(q):
    """Eq. 5.2: expected bit-check cycles of one word, summed term by term."""
    return sum(i / 2 ** i for i in range(1, q)) + q / 2 ** (q - 1)


def eq53_word_bits(q):
    """Eq. 5.3: the closed form of Eq. 5.2."""
    return 2 - 0.5 ** (q - 2) * q + 0.5 ** (q - 1) * (2 * q - 1)


def eq55_dsbc_ns(n, m, t=T_COUNT_BITS):
    """Eq. 5.5: expected DSBC detection time (Eq. 5.1 with Eq. 5.4 for T_wait)."""
    q = t + clog2(n)
    wait_words = (m - 1) * (1 - 0.5 ** (q - 1) * q + 0.5 ** q * (2 * q - 1))
    return T_RAM_NS + (wait_words + q) * t_bt_chk(n) + T_FIFO_NS


def tas_ns(n):
    return T_BUS_NS * (CS_TRANSACTIONS * n * (n + 1) / 2 + n)


def queue_lock_ns(n):
    return T_BUS_NS * ((CS_TRANSACTIONS + 1) * n + n)


def wnor_levels(n):
    levels, cap = 1, SEGMENT_PES
    while cap < n:
        levels, cap = levels + 1, cap * SEGMENT_PES
    return levels


def wnor_ns(n):
    lv = wnor_levels(n)
    return T_BUS_NS + lv * T_SEGMENT_NS + 2 * (lv - 1) * T_REPEATER_NS + T_SYNC_NS + T_POLL_NS


def write_csv(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def fmt(x, nd=1):
    if x is None or x == "":
        return "–"
    if isinstance(x, str):
        return x
    if abs(x) >= 1e6:
        return f"{x:,.0f}"
    return f"{x:,.{nd}f}"


def ratio(x):
    return f"{x:,.1f}x" if x < 10 else f"{x:,.0f}x"


def gnuplot(script, out_svg, png_dir):
    """Renders one plot to SVG (the product) and PNG (for looking at it)."""
    base = os.path.splitext(os.path.basename(out_svg))[0]
    png = os.path.join(png_dir, base + ".png")
    common = ('set grid xtics ytics mxtics mytics lc rgb "#c8c8c8" lw 1\n'
              'set key box opaque\n')
    for term, path in (('svg size 900,560 dynamic font "sans,13" background rgb "white"', out_svg),
                       ('pngcairo size 900,560 font "sans,11"', png)):
        text = f"set terminal {term}\nset output '{path}'\n" + common + script
        r = subprocess.run(["gnuplot"], input=text, text=True, stderr=subprocess.PIPE)
        if r.returncode != 0:
            sys.exit(f"timing-report: gnuplot failed for {base}:\n{r.stderr}")
    return png


# Designs of latency.csv: DSBC under the paper's round robin ("dsbc", Sched = 0) and under
# the arbitration scheduler ("dsbc-arb", Sched = 1, docs/architecture.md 4e), Wired-NOR.
# Their blocks in synth.csv are keyed by module name, with ARB appended under arb.
ARB = "-arb"
DSBC_DESIGNS = ("dsbc", "dsbc" + ARB)


def sched_suffix(design):
    return ARB if design.endswith(ARB) else ""


def load_synth(path):
    """synth.csv rows keyed by (module + ARB under arb, target, N, M); rows of CSVs from before
    the schedulers (no sched column) are rr."""
    rows = list(csv.DictReader(open(path)))
    by = {}
    for r in rows:
        design = r["design"] + (ARB if r.get("sched") == "arb" else "")
        # The pipelined global sum (sched rr-pipe, architecture.md 4f) is a block of its own:
        # keyed apart so that it does not stand in for the rr global block of the same N, M.
        design += "-pipe" if r.get("sched") == "rr-pipe" else ""
        by[(design, r["target"], int(r["pes"]), int(r["barriers"]))] = r
    return by


def merge_placed_units(synth, unit_csv):
    """Whole units placed by `make place-unit` (reports/unit.csv, HX8K) stand in for synth.csv
    rows of the same unit that were not placed (`synth-flow.py --no-place`, or older rows)."""
    if not os.path.exists(unit_csv):
        return
    for r in csv.DictReader(open(unit_csv)):
        # rr-half, rr-pipe-half (HalfRate, Pipe) are other units: their clock is not the plain
        # rr unit's, whatever the row order
        if r["design"] != "dsbc_top" or r.get("sched", "rr") not in ("rr", "arb"):
            continue
        key = (r["design"] + (ARB if r.get("sched") == "arb" else ""), "ice40-hx8k",
               int(r["pes"]), int(r["barriers"]))
        old = synth.get(key)
        if int(r["count_bits"]) == 16 and int(r["fifo_depth"]) == 8 and not (old and old["fmax_mhz"]):
            synth[key] = dict(r, target="ice40-hx8k", status=r["status"] + " (make place-unit)")


def design_label(d):
    return {"dsbc": "DSBC rr", "dsbc" + ARB: "DSBC arb", "wnor": "Wired-NOR"}[d]


# --- Rows of the CSVs: the field names are the CSV column names --------------------------------
AnalyticRow = namedtuple("AnalyticRow", [
    "pes", "adder_levels", "q", "t_bt_chk_ns", "dsbc16_ns", "dsbc32_ns", "wnor_ns", "tas_ns",
    "queue_lock_ns", "tas_over_dsbc16", "tas_over_dsbc32", "tas_over_wnor",
    "queue_lock_over_dsbc16"])
WireRow = namedtuple("WireRow", ["pes", "dsbc_3n", "wnor_m16", "wnor_m32", "dsbc_x2_6n"])
MeasuredRow = namedtuple("MeasuredRow", [
    "design", "workload", "target", "pes", "barriers", "period_ns", "clock_from", "mean_cycles",
    "p99_cycles", "mean_ns", "p99_ns"])
AreaRow = namedtuple("AreaRow", [
    "design", "pes", "barriers", "luts", "ffs", "brams", "unit_luts_placed", "unit_status_hx8k",
    "gates", "transistors_excl_ram", "ram_bits", "wires"])

TARGETS = ("ice40-hx8k", "ice40-up5k")


def col(row_type, field):
    """gnuplot column number (1-based) of a field in the CSV written from row_type."""
    return row_type._fields.index(field) + 1


@dataclass
class Report:
    """Everything the plots and the page are made from."""
    out: str            # directory of timing.md, the SVGs and the CSVs
    png_dir: str        # PNG copies and the per-curve data files
    latency_cycles: int
    analytic: dict      # pes -> AnalyticRow
    measured: dict      # (design, workload, target, pes, barriers) -> MeasuredRow
    synth: dict         # (design, target, pes, barriers) -> synth.csv row
    area: dict          # (design, pes, barriers) -> AreaRow
    pes_list: list      # every N in synth.csv


# --- Phase 1: analytic model ------------------------------------------------------------------
def check_closed_form():
    """Eq. 5.3 (closed form) must equal Eq. 5.2 (series)."""
    for q in range(2, 40):
        assert abs(eq52_word_bits(q) - eq53_word_bits(q)) < 1e-12, q


def analytic_row(n):
    d16, d32 = eq55_dsbc_ns(n, 16), eq55_dsbc_ns(n, 32)
    tas, ql, wn = tas_ns(n), queue_lock_ns(n), wnor_ns(n)
    return AnalyticRow(
        pes=n, adder_levels=clog2(n), q=T_COUNT_BITS + clog2(n), t_bt_chk_ns=t_bt_chk(n),
        dsbc16_ns=round(d16, 2), dsbc32_ns=round(d32, 2), wnor_ns=round(wn, 2),
        tas_ns=round(tas, 2), queue_lock_ns=round(ql, 2), tas_over_dsbc16=round(tas / d16, 2),
        tas_over_dsbc32=round(tas / d32, 2), tas_over_wnor=round(tas / wn, 2),
        queue_lock_over_dsbc16=round(ql / d16, 3))


def wire_row(n):
    return WireRow(pes=n, dsbc_3n=3 * n, wnor_m16=16 * n, wnor_m32=32 * n, dsbc_x2_6n=6 * n)


# --- Phase 2: measured detection time and area ------------------------------------------------
def run_latency(latency_bin, cycles, out):
    """Runs wnor_latency (writes latency.csv) and returns its rows."""
    lat_csv = f"{out}/latency.csv"
    if not os.path.exists(latency_bin):
        sys.exit(f"timing-report: {latency_bin} is missing: build it (make build)")
    subprocess.run(["nice", "-n", "10", latency_bin, lat_csv, str(cycles)],
                   check=True, stdout=subprocess.DEVNULL)
    return list(csv.DictReader(open(lat_csv)))


def clock_period(synth, design, target, n, m):
    """Measured clock period (ns) of a whole unit and where it comes from."""
    if design in DSBC_DESIGNS:
        sx = sched_suffix(design)
        r = synth.get(("dsbc_top" + sx, target, n, m))
        if r and r["fmax_mhz"]:
            return 1000.0 / float(r["fmax_mhz"]), "unit"
        g = synth.get(("dsbc_global" + sx, target, n, m))
        l = synth.get(("dsbc_local" + sx, target, n, m))
        if g and l and g["fmax_mhz"] and l["fmax_mhz"]:
            f = min(float(g["fmax_mhz"]), float(l["fmax_mhz"]))
            return 1000.0 / f, "blocks"
        return None, "n/a"
    r = synth.get(("wnor_top", target, n, m))
    if r and r["fmax_mhz"]:
        return 1000.0 / float(r["fmax_mhz"]), "unit"
    return None, "n/a"


def measured_rows(lat, synth):
    """Detection cycles (latency.csv) times the clock period, per design and device."""
    rows = []
    for r in lat:
        n, m = int(r["pes"]), int(r["barriers"])
        for target in TARGETS:
            period, src = clock_period(synth, r["design"], target, n, m)
            row = MeasuredRow(design=r["design"], workload=r["workload"], target=target, pes=n,
                              barriers=m, period_ns="", clock_from=src,
                              mean_cycles=r["mean_cycles"], p99_cycles=r["p99_cycles"],
                              mean_ns="", p99_ns="")
            if period is not None:
                row = row._replace(period_ns=round(period, 3),
                                   mean_ns=round(float(r["mean_cycles"]) * period, 1),
                                   p99_ns=round(float(r["p99_cycles"]) * period, 1))
            rows.append(row)
    return rows


def area_rows(synth, pes_list):
    """Area of whole units. DSBC unit = N local blocks + 1 global block (the sum of the block
    results, available for every N); the placed unit where it fits, as a check of the sum."""
    rows = []
    for n, m, d in [(n, m, d) for n in pes_list for m in (16, 32, 256) for d in DSBC_DESIGNS]:
        sx = sched_suffix(d)
        l = synth.get(("dsbc_local" + sx, "ice40-hx8k", n, m))
        g = synth.get(("dsbc_global" + sx, "ice40-hx8k", n, m))
        u = synth.get(("dsbc_top" + sx, "ice40-hx8k", n, m))
        lg = synth.get(("dsbc_local" + sx, "generic", n, m))
        gg = synth.get(("dsbc_global" + sx, "generic", n, m))
        if l and g:
            rows.append(AreaRow(
                design=d, pes=n, barriers=m,
                luts=n * int(l["luts"]) + int(g["luts"]), ffs=n * int(l["ffs"]) + int(g["ffs"]),
                brams=n * int(l["brams"]), unit_luts_placed=u["luts"] if u else "",
                unit_status_hx8k=u["status"] if u else "",
                gates=n * int(lg["gates"]) + int(gg["gates"]) if lg and gg else "",
                transistors_excl_ram=(n * int(lg["transistors"]) + int(gg["transistors"])
                                      if lg and gg else ""),
                ram_bits=n * int(lg["ram_bits"]) if lg else "", wires=3 * n))
    for n, m in [(n, m) for n in pes_list for m in (16, 32)]:
        w = synth.get(("wnor_top", "ice40-hx8k", n, m))
        wg = synth.get(("wnor_top", "generic", n, m))
        if w:
            rows.append(AreaRow(
                design="wnor", pes=n, barriers=m, luts=w["luts"], ffs=w["ffs"], brams=0,
                unit_luts_placed=w["luts"], unit_status_hx8k=w["status"],
                gates=wg["gates"] if wg else "",
                transistors_excl_ram=wg["transistors"] if wg else "", ram_bits=0,
                wires=m * n))
    return rows


# --- Phase 3: plots ---------------------------------------------------------------------------
def curves(png_dir, name, specs):
    """The plot command over one small data file per curve (kept in png_dir); only curves with
    data are plotted."""
    parts = []
    for key, rows, using, style, title in specs:
        if not rows:
            continue
        path = os.path.join(png_dir, f"{name}_{key}.dat")
        with open(path, "w") as f:
            f.writelines(" ".join(str(v) for v in r) + "\n" for r in rows)
        parts.append(f'"{path}" using {using} {style} title "{title}"')
    return "plot " + ", \\\n     ".join(parts) + "\n"


def plot_analytic(rep):
    out, a, wr = rep.out, AnalyticRow, WireRow
    gnuplot(f"""
set title "Fig. 5.8 reproduced: expected detection time (Eq. 5.5, part delays of section 5.4.1)"
set xlabel "number of PEs N"
set ylabel "detection time (ns)"
set logscale xy
set xrange [2:512]
set format y "10^{{%L}}"
set key top left
set datafile separator ","
plot "{out}/analytic.csv" skip 1 using 1:{col(a, "tas_ns")} with lines lw 2 lc rgb "#d62728" title "Test-and-Set barrier (spin lock, Anderson 1990 bus model)", \\
     "" skip 1 using 1:{col(a, "queue_lock_ns")} with lines lw 2 dt 2 lc rgb "#ff9896" title "queue-lock barrier (Anderson 1990), for reference", \\
     "" skip 1 using 1:{col(a, "dsbc32_ns")} with lines lw 2 lc rgb "#1f77b4" title "DSBC, m = 32 barriers", \\
     "" skip 1 using 1:{col(a, "dsbc16_ns")} with lines lw 2 lc rgb "#2ca02c" title "DSBC, m = 16 barriers", \\
     "" skip 1 using 1:{col(a, "wnor_ns")} with lines lw 2 lc rgb "#9467bd" title "Wired-NOR (electrical model, any m)"
""", f"{out}/fig58_analytic.svg", rep.png_dir)

    gnuplot(f"""
set title "Fig. 5.8 ratios: Test-and-Set time over hardware detection time"
set xlabel "number of PEs N"
set ylabel "speed-up over Test-and-Set (x)"
set logscale xy
set format y "%g"
set yrange [0.1:1e6]
set xrange [2:512]
set key top left
set datafile separator ","
$paper << EOD
20,29
512,3008
EOD
plot "{out}/analytic.csv" skip 1 using 1:{col(a, "tas_over_dsbc16")} with lines lw 2 lc rgb "#2ca02c" title "DSBC-16 (this model)", \\
     "" skip 1 using 1:{col(a, "tas_over_dsbc32")} with lines lw 2 lc rgb "#1f77b4" title "DSBC-32 (this model)", \\
     "" skip 1 using 1:{col(a, "tas_over_wnor")} with lines lw 2 lc rgb "#9467bd" title "Wired-NOR (this model)", \\
     "" skip 1 using 1:{col(a, "queue_lock_over_dsbc16")} with lines lw 2 dt 2 lc rgb "#2ca02c" title "DSBC-16 over queue lock", \\
     $paper using 1:2 with points pt 7 ps 1.6 lc rgb "black" title "dissertation: DSBC-16 29x at 20, 3008x at 512"
""", f"{out}/fig58_ratio.svg", rep.png_dir)

    gnuplot(f"""
set title "Fig. 5.9 reproduced: wires between the PEs and the barrier logic"
set xlabel "number of PEs N"
set ylabel "wires"
set logscale xy
set xrange [2:512]
set key top left
set datafile separator ","
plot "{out}/wires.csv" skip 1 using 1:{col(wr, "wnor_m32")} with lines lw 2 lc rgb "#9467bd" title "Wired-NOR, m = 32: m N", \\
     "" skip 1 using 1:{col(wr, "wnor_m16")} with lines lw 2 dt 2 lc rgb "#9467bd" title "Wired-NOR, m = 16: m N", \\
     "" skip 1 using 1:{col(wr, "dsbc_x2_6n")} with lines lw 2 dt 2 lc rgb "#2ca02c" title "DSBC duplicated twice: 6N", \\
     "" skip 1 using 1:{col(wr, "dsbc_3n")} with lines lw 2 lc rgb "#2ca02c" title "DSBC, any m: 3N"
""", f"{out}/fig59_wires.svg", rep.png_dir)


G, B, O, P, R = '"#2ca02c"', '"#1f77b4"', '"#ff7f0e"', '"#9467bd"', '"#d62728"'  # curve colours


def plot_against_n(rep, svg, name, settings, specs):
    """Plot `svg` of measured values against N = 4..64 (the configurations of `make synth`):
    its own settings, the common N axis, one curve per spec that has data (files name_*.dat)."""
    gnuplot(settings + """set xlabel "number of PEs N"
set xrange [3:80]
set xtics (4, 8, 16, 32, 64)
""" + curves(rep.png_dir, name, specs), f"{rep.out}/{svg}", rep.png_dir)


def plot_measured(rep):
    def rows(d, wl, m):  # (N, mean ns, p99 ns) on HX8K
        rows = []
        for n in rep.pes_list:
            r = rep.measured.get((d, wl, "ice40-hx8k", n, m))
            if r and r.mean_ns != "":
                rows.append((n, r.mean_ns, r.p99_ns))
        return rows

    plot_against_n(rep, "measured_detection.svg", "measured", """
set title "Measured detection time on iCE40 HX8K: simulated cycles x nextpnr clock period"
set ylabel "detection time (ns); point: mean, bar top: 99th percentile"
set logscale xy
set yrange [1:300000]
set format y "10^{%L}"
set key top left
""", [
        ("dsbc16s", rows("dsbc", "sparse", 16), "1:2:2:3", f"with yerrorlines lw 2 pt 7 lc rgb {G}", "DSBC m=16, sparse"),
        ("dsbc32s", rows("dsbc", "sparse", 32), "1:2:2:3", f"with yerrorlines lw 2 pt 7 lc rgb {B}", "DSBC m=32, sparse"),
        ("dsbc256s", rows("dsbc", "sparse", 256), "1:2:2:3", f"with yerrorlines lw 2 pt 7 lc rgb {O}", "DSBC m=256, sparse"),
        ("dsbc16b", rows("dsbc", "saturated", 16), "1:2:2:3", f"with yerrorlines lw 2 dt 2 pt 5 lc rgb {G}", "DSBC m=16, saturated"),
        ("dsbc32b", rows("dsbc", "saturated", 32), "1:2:2:3", f"with yerrorlines lw 2 dt 2 pt 5 lc rgb {B}", "DSBC m=32, saturated"),
        ("arb32s", rows("dsbc" + ARB, "sparse", 32), "1:2:2:3", f"with yerrorlines lw 3 pt 11 lc rgb {R}", "DSBC arb m=32, sparse"),
        ("arb256s", rows("dsbc" + ARB, "sparse", 256), "1:2:2:3", f"with yerrorlines lw 3 dt 2 pt 11 lc rgb {R}", "DSBC arb m=256, sparse"),
        ("wnor16", rows("wnor", "random", 16), "1:2:2:3", f"with yerrorlines lw 2 pt 9 lc rgb {P}", "Wired-NOR m=16"),
        ("wnor32", rows("wnor", "random", 32), "1:2:2:3", f"with yerrorlines lw 2 dt 2 pt 9 lc rgb {P}", "Wired-NOR m=32"),
    ])


def plot_area(rep):
    def rows(d, m):  # (N, LUT4, flip-flops)
        return [(n, rep.area[(d, n, m)].luts, rep.area[(d, n, m)].ffs)
                for n in rep.pes_list if (d, n, m) in rep.area]

    plot_against_n(rep, "area.svg", "area", """
set title "Area on iCE40 (Yosys synth_ice40): whole unit, DSBC = N local + 1 global block" noenhanced
set ylabel "cells (LUT4 or flip-flops)"
set logscale xy
set key top left
""", [
        ("dsbc16", rows("dsbc", 16), "1:2", f"with linespoints lw 2 pt 7 lc rgb {G}", "DSBC m=16, LUT4"),
        ("dsbc32", rows("dsbc", 32), "1:2", f"with linespoints lw 2 pt 7 lc rgb {B}", "DSBC m=32, LUT4"),
        ("dsbc256", rows("dsbc", 256), "1:2", f"with linespoints lw 2 pt 7 lc rgb {O}", "DSBC m=256, LUT4"),
        ("wnor16", rows("wnor", 16), "1:2", f"with linespoints lw 2 pt 9 lc rgb {P}", "Wired-NOR m=16, LUT4"),
        ("wnor32", rows("wnor", 32), "1:2", f"with linespoints lw 2 dt 2 pt 9 lc rgb {P}", "Wired-NOR m=32, LUT4"),
        ("dsbc16f", rows("dsbc", 16), "1:3", f"with linespoints lw 1 dt 3 pt 6 lc rgb {G}", "DSBC m=16, flip-flops"),
        ("wnor16f", rows("wnor", 16), "1:3", f"with linespoints lw 1 dt 3 pt 8 lc rgb {P}", "Wired-NOR m=16, flip-flops"),
    ])


def plot_fmax(rep):
    def rows(d, m):  # (N, median, min, max Fmax) on HX8K
        rows = []
        for n in rep.pes_list:
            r = rep.synth.get((d, "ice40-hx8k", n, m))
            if r and r["fmax_mhz"]:
                rows.append((n, r["fmax_mhz"], r["fmax_min_mhz"], r["fmax_max_mhz"]))
        return rows

    plot_against_n(rep, "fmax.svg", "fmax", """
set title "Fmax on iCE40 HX8K (nextpnr, register harness): median, min-max over seeds"
set ylabel "Fmax (MHz)"
set logscale x
set yrange [0:*]
set key bottom left
""", [
        ("g16", rows("dsbc_global", 16), "1:2:3:4", f"with yerrorlines lw 2 pt 7 lc rgb {B}", "DSBC global block, M=16"),
        ("g256", rows("dsbc_global", 256), "1:2:3:4", f"with yerrorlines lw 2 dt 2 pt 7 lc rgb {B}", "DSBC global block, M=256"),
        ("l16", rows("dsbc_local", 16), "1:2:3:4", f"with yerrorlines lw 2 pt 5 lc rgb {G}", "DSBC local block, M=16"),
        ("l256", rows("dsbc_local", 256), "1:2:3:4", f"with yerrorlines lw 2 dt 2 pt 5 lc rgb {G}", "DSBC local block, M=256"),
        ("ag16", rows("dsbc_global" + ARB, 16), "1:2:3:4", f"with yerrorlines lw 3 pt 11 lc rgb {R}", "DSBC arb global block, M=16"),
        ("al16", rows("dsbc_local" + ARB, 16), "1:2:3:4", f"with yerrorlines lw 3 dt 2 pt 11 lc rgb {R}", "DSBC arb local block, M=16"),
        ("u16", rows("dsbc_top", 16), "1:2:3:4", f"with yerrorlines lw 2 pt 13 lc rgb {O}", "DSBC whole unit, M=16 (placed where it fits)"),
        ("w16", rows("wnor_top", 16), "1:2:3:4", f"with yerrorlines lw 2 pt 9 lc rgb {P}", "Wired-NOR, m=16"),
        ("w32", rows("wnor_top", 32), "1:2:3:4", f"with yerrorlines lw 2 dt 2 pt 9 lc rgb {P}", "Wired-NOR, m=32"),
    ])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latency-bin", default="build/testbench/wnor/wnor_latency")
    ap.add_argument("--latency-cycles", type=int, default=200000)
    ap.add_argument("--synth", default="reports/synth.csv")
    ap.add_argument("--out", default="reports")
    ap.add_argument("--png-dir", default="build/report")
    args = ap.parse_args()
    os.chdir(ROOT)
    out = args.out
    os.makedirs(out, exist_ok=True)
    os.makedirs(args.png_dir, exist_ok=True)
    if not os.path.exists(args.synth):
        sys.exit(f"timing-report: {args.synth} is missing: run `make synth` first")

    # 1. analytic
    check_closed_form()
    ns = range(2, 513)
    analytic = [analytic_row(n) for n in ns]
    write_csv(f"{out}/analytic.csv", AnalyticRow._fields, analytic)
    write_csv(f"{out}/wires.csv", WireRow._fields, [wire_row(n) for n in ns])

    # 2. measured
    lat = run_latency(args.latency_bin, args.latency_cycles, out)
    synth = load_synth(args.synth)
    merge_placed_units(synth, os.path.join(out, "unit.csv"))
    measured = measured_rows(lat, synth)
    write_csv(f"{out}/measured.csv", MeasuredRow._fields, measured)
    pes_list = sorted({int(k[2]) for k in synth})
    area = area_rows(synth, pes_list)
    write_csv(f"{out}/area.csv", AreaRow._fields, area)

    rep = Report(out=out, png_dir=args.png_dir, latency_cycles=args.latency_cycles,
                 analytic={r.pes: r for r in analytic},
                 measured={(r.design, r.workload, r.target, r.pes, r.barriers): r
                           for r in measured},
                 synth=synth, area={(r.design, r.pes, r.barriers): r for r in area},
                 pes_list=pes_list)

    # 3. plots
    plot_analytic(rep)
    plot_measured(rep)
    plot_area(rep)
    plot_fmax(rep)

    # 4. the page
    write_page(rep)
    print(f"timing-report: {out}/timing.md, 6 SVG plots (PNG copies in {args.png_dir})")


# --- Phase 4: the page, one function per section; each returns its lines ----------------------
def page_headline(rep):
    L = []
    w = L.append
    w("# Detection time: DSBC against Wired-NOR and a Test-and-Set barrier\n")
    w("Generated by `make report` (`synth/timing-report.py`) from `reports/synth.csv` "
      "(`make synth`) and from simulated detection latencies. Do not edit by hand. "
      "How to read it, and the flows behind it: [docs/synthesis.md](../docs/synthesis.md).\n")
    w("## Headline (iCE40 HX8K, T = 16-bit counts, FIFO depth 8)\n")
    w("| design | N | Fmax MHz (median of seeds) | LUT4 (unit) | FF (unit) | BRAM | "
      "detection mean ns | detection p99 ns | cycles mean / p99 |")
    w("|---|---|---|---|---|---|---|---|---|")
    for n in (16, 64):
        for d, m, wl in (("dsbc", 16, "sparse"), ("dsbc" + ARB, 16, "sparse"),
                         ("dsbc", 32, "sparse"), ("dsbc" + ARB, 32, "sparse"),
                         ("wnor", 16, "random"), ("wnor", 32, "random")):
            r = rep.measured.get((d, wl, "ice40-hx8k", n, m))
            a = rep.area.get((d, n, m))
            if not r or not a:
                continue
            f = 1000.0 / r.period_ns if r.period_ns != "" else None
            name = (f"DSBC-{m} {design_label(d).split()[1]}" if d in DSBC_DESIGNS
                    else f"Wired-NOR m={m}")
            fsrc = " (blocks)" if r.clock_from == "blocks" else ""
            w(f"| {name} | {n} | {fmt(f)}{fsrc} | {a.luts} | {a.ffs} | {a.brams} | "
              f"{fmt(r.mean_ns)} | {fmt(r.p99_ns)} | {fmt(float(r.mean_cycles))} / "
              f"{r.p99_cycles} |")
    w("")
    w("DSBC detection is the *sparse* workload (two epochs running, the other words idle); "
      "*rr* is the paper's round robin (`Sched = 0`), *arb* the arbitration scheduler that "
      "inspects only barriers some PE changed (`Sched = 1`, docs/architecture.md 4e). "
      "The clock of a DSBC unit too big for the device is the slower of its two blocks "
      "(\"(blocks)\"), see *Measured* below. Unit LUT/FF for DSBC are N local blocks + 1 global "
      "block as synthesized separately.\n")
    return L


def page_analytic_model(rep):
    L = []
    w = L.append
    w("## 1. Analytic reproduction of Fig. 5.8 and Fig. 5.9\n")
    w("### Model\n")
    w(f"- **DSBC**, Eq. 5.5 exactly as printed: T = T_RAM + {{(m-1)[1 - (1/2)^(q-1) q + "
      f"(1/2)^q (2q-1)] + q}} T_bt_chk(N) + T_FIFO, with the paper's T_RAM = {T_RAM_NS:g} ns, "
      f"T_FIFO = {T_FIFO_NS:g} ns and q = t + w, t = {T_COUNT_BITS} (our unit's count width; "
      f"the paper leaves t open), w = ceil(log2 N). The script checks that the closed form "
      f"(Eq. 5.3) equals the series (Eq. 5.2) for q = 2..39.")
    w(f"- **T_bt_chk(N)**, gate-delay model: {T_FIXED_NS:g} ns fixed (PISO clock-to-output, "
      f"line drivers and cable, decision adder, line reducer, carry latch set-up, decision "
      f"broadcast) + ceil(log2 N) levels of the 74F283 adder tree x {T_LEVEL_NS:g} ns. That "
      f"gives the paper's one data point, T_bt_chk(256) = {t_bt_chk(256):g} ns, and "
      f"{t_bt_chk(2):g} ns at N = 2, {t_bt_chk(20):g} ns at N = 20, {t_bt_chk(512):g} ns at "
      f"N = 512: steps where a new adder level is needed, as the paper describes.")
    w(f"- **Test-and-Set barrier** (T. E. Anderson, *The performance of spin lock alternatives "
      f"for shared-memory multiprocessors*, IEEE TPDS 1(1):6-16, 1990). Bus and contention "
      f"model: one snooping bus, one transaction = {T_BUS_NS:g} ns, fair arbitration; the "
      f"barrier is a counter under a test-and-set spin lock plus a release flag; all N PEs "
      f"arrive at once. Anderson's result for spin-on-test-and-set is that every waiting "
      f"processor keeps the bus busy with test-and-sets, so each of the lock holder's "
      f"{CS_TRANSACTIONS} critical-section transactions (winning test-and-set, counter miss, "
      f"counter write, release) waits behind about k others when k PEs wait. Summing k = N-1 "
      f"... 0 and adding the flag broadcast: **T_TAS(N) = T_bus (4 N (N+1)/2 + N)**, quadratic "
      f"in N. For reference the plot also shows Anderson's queue-based lock, linear: "
      f"T_Q(N) = T_bus (5N + N).")
    w(f"- **Wired-NOR**, electrical model (ours; the dissertation gives no numbers for its "
      f"Wired-NOR curve and we could not consult Shang & Hwang's papers [25, 26]): the last PE "
      f"clears X with one bus write ({T_BUS_NS:g} ns), the open-collector line settles in "
      f"{T_SEGMENT_NS:g} ns per board of up to {SEGMENT_PES} PEs, larger systems add a repeater "
      f"level (2 crossings of {T_REPEATER_NS:g} ns each, up and down), each PE synchronizes Y "
      f"({T_SYNC_NS:g} ns) and polls it (1.5 bus reads). Independent of m.\n")
    w("![Fig. 5.8 reproduced](fig58_analytic.svg)\n")
    w("![Ratios](fig58_ratio.svg)\n")
    w("### Values (from `analytic.csv`)\n")
    w("| N | T_bt_chk ns | q | DSBC-16 ns | DSBC-32 ns | Wired-NOR ns | Test-and-Set ns | "
      "TAS / DSBC-16 | TAS / DSBC-32 | dissertation TAS / DSBC-16 |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for n in (2, 4, 8, 16, 20, 32, 64, 128, 256, 512):
        r = rep.analytic[n]
        paper = f"{PAPER_RATIO[n]:,.0f}x" if n in PAPER_RATIO else ""
        w(f"| {n} | {r.t_bt_chk_ns:g} | {r.q} | {fmt(r.dsbc16_ns)} | {fmt(r.dsbc32_ns)} | "
          f"{fmt(r.wnor_ns)} | {fmt(r.tas_ns, 0)} | {ratio(r.tas_over_dsbc16)} | "
          f"{ratio(r.tas_over_dsbc32)} | {paper} |")
    w("")
    return L


def page_claims(rep):
    """The dissertation's claims against the analytic model."""
    L = []
    w = L.append
    r20, r512 = rep.analytic[20], rep.analytic[512]
    growth_paper = PAPER_RATIO[512] / PAPER_RATIO[20]
    growth_ours = r512.tas_over_dsbc16 / r20.tas_over_dsbc16
    w("### Against the dissertation's claims\n")
    # T_bus that would match the 20-PE claim, relative to T_BUS_NS
    scale = PAPER_RATIO[20] / r20.tas_over_dsbc16
    exp_paper = math.log(growth_paper) / math.log(512 / 20)
    exp_ours = math.log(growth_ours) / math.log(512 / 20)
    growth_queue = r512.queue_lock_over_dsbc16 / r20.queue_lock_over_dsbc16
    w(f"- **DSBC-16 over Test-and-Set, 29x at 20 PEs to 3,008x at 512 PEs.** This model gives "
      f"**{r20.tas_over_dsbc16:,.0f}x at 20 PEs and {r512.tas_over_dsbc16:,.0f}x at 512 PEs**: "
      f"the super-linear growth "
      f"and both end points within a factor of about 2, but not the numbers. The difference is "
      f"in the growth: from 20 to 512 PEs the ratio grows {growth_paper:,.0f}-fold in the "
      f"dissertation (about N^{exp_paper:.2f}) and {growth_ours:,.0f}-fold here (about "
      f"N^{exp_ours:.2f}), because spin-on-test-and-set under this bus model costs ~N^2. "
      f"T_bus only scales the curve: {T_BUS_NS * scale:.0f} ns instead of {T_BUS_NS:g} ns would "
      f"match the 29x at 20 PEs, but would then give {r512.tas_over_dsbc16 * scale:,.0f}x at "
      f"512. So no "
      f"choice of T_bus reproduces both ends: the dissertation's Test-and-Set curve, which it "
      f"takes from [34]/[45] without stating the model, grows more slowly than N^2. "
      f"Anderson's queue lock, linear, grows "
      f"{growth_queue:,.0f}-fold ({r20.queue_lock_over_dsbc16:.1f}x to "
      f"{r512.queue_lock_over_dsbc16:,.0f}x): the dissertation's "
      f"growth lies between the linear and the quadratic model.")
    w(f"- **DSBC-16 faster than Wired-NOR, DSBC-32 slightly slower.** Not reproduced with an "
      f"electrical Wired-NOR model: the line settles in well under a microsecond "
      f"({fmt(r20.wnor_ns)} ns at 20 PEs, {fmt(r512.wnor_ns)} ns at 512), while DSBC needs at "
      f"least q bit-check cycles for the completing word alone (q T_bt_chk = "
      f"{r20.q * r20.t_bt_chk_ns:,.0f} ns at 20 PEs) plus the wait for its turn, "
      f"{fmt(r20.dsbc16_ns)} ns (m = 16) and {fmt(r20.dsbc32_ns)} ns (m = 32) at 20 PEs. For the "
      f"dissertation's ordering, Wired-NOR would have to take between those two values, "
      f"i.e. {fmt(r20.dsbc16_ns / 1000, 1)}-{fmt(r20.dsbc32_ns / 1000, 1)} us at 20 PEs and "
      f"{fmt(r512.dsbc16_ns / 1000, 1)}-{fmt(r512.dsbc32_ns / 1000, 1)} us at 512: microseconds "
      f"that "
      f"the wire itself does not explain, so the dissertation's Wired-NOR curve must include "
      f"overheads from [26] (software set/poll protocol, interrupt or repeater-board timing) "
      f"that we cannot check. The measured FPGA comparison below agrees with the electrical "
      f"model, not with the claim: Wired-NOR detects in one clock cycle.")
    w("- **Nearly constant hardware times with steps.** Reproduced: DSBC grows only through "
      "q = t + ceil(log2 N) and the adder levels in T_bt_chk (both steps at powers of two), "
      "Wired-NOR through its repeater levels (a step above 32 PEs).")
    w("- **Fig. 5.9, 3N against m N wires.** Reproduced exactly (it is a count): at N = 512, "
      "DSBC needs 1,536 wires for any m, Wired-NOR 8,192 (m = 16) or 16,384 (m = 32). Even two "
      "DSBC units side by side (6N) need fewer wires than a 16-line Wired-NOR for every N.\n")
    w("![Fig. 5.9 reproduced](fig59_wires.svg)\n")
    return L


def dsbc_brams_per_pe(rep):
    """Block RAMs per DSBC local block (T = 16), as synthesized (synth.csv)."""
    per = {int(r["brams"]) for (d, t, n, m), r in rep.synth.items()
           if d == "dsbc_local" and t == "ice40-hx8k" and r.get("brams")}
    return "/".join(str(b) for b in sorted(per)) or "?"


def dsbc_units_placed(rep, target):
    """Largest N of a whole DSBC unit that was placed on `target` (0 if none)."""
    ok = [int(n) for (d, t, n, m), r in rep.synth.items()
          if d == "dsbc_top" and t == target and r.get("status") == "ok"]
    return max(ok, default=0)


def page_unit(unit_csv):
    """make place-unit (reports/unit.csv): block RAMs per PE against T, and the whole
    N = 16, M = 32 unit placed as one design."""
    if not os.path.exists(unit_csv):
        return ["### The whole unit placed as one design\n",
                "`reports/unit.csv` is missing: run `make place-unit`.\n"]
    rows = list(csv.DictReader(open(unit_csv)))
    L = []
    w = L.append
    w("### Block RAMs per PE, and the whole unit placed as one design\n")
    w("From `reports/unit.csv` (`make place-unit`, details in [unit.md](unit.md)): one local "
      "block (N = 16, M = 32, D = 8) against T, Yosys `synth_ice40`; the whole unit placed and "
      "routed as one design on the HX8K (ct256), Fmax the median over the seeds.\n")
    w("| design | scheduler | N | M | T | SB_RAM40_4K (per PE) | LUT4 | FF | "
      "LCs used / available | Fmax MHz median (min-max) or status |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        unit = r["design"] == "dsbc_top"
        fm = (f"{r['fmax_mhz']} ({r['fmax_min_mhz']}-{r['fmax_max_mhz']})"
              if r.get("fmax_mhz") else ("-" if not unit else r["status"]))
        w(f"| {'whole unit' if unit else 'local block'} | {r.get('sched') or 'rr'} | "
          f"{r['pes']} | {r['barriers']} | "
          f"{r['count_bits']} | {r['brams']} ({r['brams_per_pe']}) | {r['luts']} | {r['ffs']} | "
          f"{((r['lcs_used'] or '-') + ' / ' + r['lcs_available']) if unit else '-'} | {fm} |")
    w("")
    return L


def page_measured(rep):
    L = []
    w = L.append
    w("## 2. Measured on iCE40\n")
    w("**Detection cycles** come from simulation over random workloads "
      "(`build/testbench/wnor/wnor_latency`, CSV `latency.csv`): for DSBC the golden model "
      "`dsbc::Unit` driven by `dsbc::Stimulus` and measured by `dsbc::Oracle` (cycles from the "
      "commit that closes a barrier to `ctl_done`; the lockstep tests show the RTL is "
      "cycle-identical), T = 16, FIFO depth 8, every PE popping at once. Two workloads: "
      "*sparse* (two epochs at a time; the other words are idle and cost 3 cycles each) and "
      "*saturated* (every barrier reopened as soon as its completion is popped, so the "
      "scanner spends its passes completing words of Q + 4 cycles). For Wired-NOR, "
      "`dsbc::WiredNor` under random busy/idle traffic, cycles from the ack of the clear that "
      "leaves a line with no busy PE to its release pulse.\n")
    w("**Clock period** = 1000 / Fmax, Fmax the median over the placement seeds from "
      f"`synth.csv`. A whole DSBC unit is placed where it fits (N <= "
      f"{dsbc_units_placed(rep, 'ice40-hx8k')} on HX8K: {dsbc_brams_per_pe(rep)} block RAM(s) "
      "per PE at T = 16, 32 on the device); otherwise the period is that of the slower of its "
      "global block "
      "and one local block (\"blocks\"), which ignores the routing of the 3N wires across a "
      "full device. Wired-NOR units are placed at every N.\n")
    w("![Measured detection time](measured_detection.svg)\n")
    w("| design, scheduler | workload | N | m | period ns (source) | mean cycles | p99 cycles | "
      "mean ns | p99 ns | UP5K mean ns |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for d, wl, m in [(d, wl, m) for d in DSBC_DESIGNS
                     for wl, m in (("sparse", 16), ("sparse", 32), ("sparse", 256),
                                   ("saturated", 16), ("saturated", 32))] + [
                        ("wnor", "random", 16), ("wnor", "random", 32)]:
        for n in rep.pes_list:
            r = rep.measured.get((d, wl, "ice40-hx8k", n, m))
            u = rep.measured.get((d, wl, "ice40-up5k", n, m))
            if not r:
                continue
            w(f"| {design_label(d)} | {wl} | {n} | {m} | "
              f"{fmt(r.period_ns, 2)} ({r.clock_from}) | {fmt(float(r.mean_cycles))} | "
              f"{r.p99_cycles} | {fmt(r.mean_ns)} | {fmt(r.p99_ns)} | "
              f"{fmt(u.mean_ns) if u else '–'} |")
    w("")
    d16 = rep.measured.get(("dsbc", "sparse", "ice40-hx8k", 16, 16))
    wn16 = rep.measured.get(("wnor", "random", "ice40-hx8k", 16, 16))
    if d16 and wn16 and d16.mean_ns != "" and wn16.mean_ns != "":
        w(f"At N = 16 Wired-NOR detects {d16.mean_ns / wn16.mean_ns:,.0f}x faster than DSBC-16 "
          f"on the "
          f"same device. The cycle counts match the analysis: a sparse DSBC pass costs about "
          f"3 cycles per idle word and Q + 4 for the completing one, so the mean is about "
          f"1.5 m + Q + 4 cycles (Eq. 5.5 counts only bit checks: (m - 1) x ~1 + q). "
          f"Saturated, the scanner completes almost every word it inspects and the mean "
          f"approaches the documented bound M (Q + 4) + 5 + log2 N.\n")
    a16 = rep.measured.get(("dsbc" + ARB, "sparse", "ice40-hx8k", 16, 32))
    r16 = rep.measured.get(("dsbc", "sparse", "ice40-hx8k", 16, 32))
    if a16 and r16:
        q, bw = T_COUNT_BITS + clog2(16), clog2(32)
        w(f"Under arb a word runs only for a barrier some PE changed, so a sparse closing "
          f"waits for at most a few other words instead of half a pass: at N = 16, m = 32 its "
          f"mean is {fmt(float(a16.mean_cycles))} cycles against rr's "
          f"{fmt(float(r16.mean_cycles))} (one closing alone on an idle unit: about "
          f"Q + BW + 4 = {q + bw + 4} cycles, the POLL, the arbitration and its own word of "
          f"Q + 2; docs/performance.md 6a). Saturated, every word completes under both and arb "
          f"saves the two header slots per word (Q + 2 against Q + 4). The arb unit's clock "
          f"is that of its blocks wherever the whole unit does not fit the device "
          f"(docs/performance.md 7a).\n")
    return L


def page_area_fmax(rep):
    L = []
    w = L.append
    w("### Area\n")
    w("![Area](area.svg)\n")
    w("| design | N | m | LUT4 | FF | BRAM | gates (generic) | transistors (generic, excl. RAM) "
      "| RAM bits | wires |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for r in sorted(rep.area.values(), key=lambda r: (r.design, r.barriers, r.pes)):
        w(f"| {design_label(r.design)} | {r.pes} | {r.barriers} | "
          f"{r.luts} | {r.ffs} | {r.brams} | {r.gates} | {r.transistors_excl_ram} | "
          f"{r.ram_bits} | {r.wires} |")
    w("")
    w("Wired-NOR's area grows as m N (one X flip-flop with its update logic per PE and line, "
      "plus the m trees), DSBC's as N (one local block per PE, almost independent of N, whose "
      "count RAM grows with m in block RAM, not LUTs) plus a global block that grows with "
      f"log N. On iCE40 every local block takes {dsbc_brams_per_pe(rep)} block RAM(s) at T = 16 "
      "whatever m <= 256 (the (T+1)-bit words in one RAM with one write and one read port, "
      "shared by the read-modify-write and the snapshot; one block at T <= 15); whole units "
      f"are placed up to N = {dsbc_units_placed(rep, 'ice40-hx8k')} on HX8K and "
      f"N = {dsbc_units_placed(rep, 'ice40-up5k')} on UP5K (synth.csv).\n")
    L += page_unit(os.path.join(rep.out, "unit.csv"))
    w("### Fmax\n")
    w("![Fmax](fmax.svg)\n")
    w("Per block, all seeds: `synth.csv` (columns fmax_mhz = median, fmax_min_mhz, "
      "fmax_max_mhz; status says \"does not fit\" with the Yosys estimate where a configuration "
      "was not placed).\n")
    return L


def tool_versions():
    """First line of each tool's version output."""
    tools = []
    for cmd in (["yosys", "-V"], ["nextpnr-ice40", "--version"], ["gnuplot", "--version"],
                ["iverilog", "-V"], ["verilator", "--version"]):
        try:
            v = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            tools.append(v.stdout.strip().splitlines()[0])
        except OSError:
            tools.append(f"{cmd[0]}: not found")
    return tools


def page_tools(rep):
    L = []
    w = L.append
    w("## Tools and commands\n")
    for t in tool_versions():
        w(f"- {t}")
    w("")
    w("```sh")
    w("make synth    # python3 synth/synth-flow.py     -> reports/synth.csv, synth-commands.txt")
    w("              # bash synth/postsynth-check.sh build/tools/dsbc-replay")
    w("make report   # build/testbench/wnor/wnor_latency reports/latency.csv "
      f"{rep.latency_cycles}")
    w("              # python3 synth/timing-report.py -> reports/timing.md, *.svg, *.csv")
    w("```\n")
    w("The exact Yosys and nextpnr invocations (one of each kind; every configuration runs the "
      "same with its own file names and parameters) are in "
      "[synth-commands.txt](synth-commands.txt):\n")
    w("```")
    try:
        w(open(f"{rep.out}/synth-commands.txt").read().rstrip())
    except OSError:
        w("(synth-commands.txt missing: run make synth)")
    w("```")
    w("\nCSV behind each plot: fig58_analytic.svg and fig58_ratio.svg: `analytic.csv`; "
      "fig59_wires.svg: `wires.csv`; measured_detection.svg: `measured.csv`; area.svg: "
      "`area.csv`; fmax.svg: `synth.csv`.")
    return L


def write_page(rep):
    lines = []
    for section in (page_headline, page_analytic_model, page_claims, page_measured,
                    page_area_fmax, page_tools):
        lines += section(rep)
    open(f"{rep.out}/timing.md", "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
