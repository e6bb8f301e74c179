#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""System report (make system-report): detection delay and control messages of the DSBC unit
against the software TD algorithms, on the same executions, from dsbc-system runs.

Usage: system_report.py DSBC_SYSTEM OUT_DIR
Writes OUT_DIR/system.md, OUT_DIR/system.csv and OUT_DIR/system_delay.svg (gnuplot)."""
import json
import statistics
import subprocess
import sys
from pathlib import Path

# The sweep. Every constant the page depends on is here and printed in the page.
WORKLOADS = [
    ("tree", "tree:lambda=0.85,map=random", "Bosilca's tree projection (§5.2), random mapping"),
    ("ring", "ring:p=0.99", "Bosilca's token ring (§5.1), p = 0.99"),
]
PES = [16, 64, 256]
ALGOS = ["tiered", "cda", "4c", "edod", "ltd"]
BARRIERS = 4      # concurrent workload instances = DSBC barrier IDs
EPOCHS = 5        # epochs per barrier -> BARRIERS * EPOCHS detections per detector and point
SEED = 1
LATENCY_NS = 500
TASK_NS = 2000


# Sensitivity: the same comparison at N = 64 for other network latencies (task time fixed).
SENS_PES = 64
SENS_LATENCIES_NS = [100, 500, 2000]


# The DSBC unit's schedulers (docs/architecture.md 4c rr, 4e arb), rr with the pipelined
# global sum (4f, --pipe 1) and rr at half the request rate without and with it (4f,
# --half-rate 1); the tables above use the tool's default (arb), the scheduler section runs
# DSBC alone under each. Each one's dsbc-system options:
SCHEDS = {"rr": ["--sched", "rr"], "arb": ["--sched", "arb"], "rr-pipe": ["--sched", "rr", "--pipe", "1"],
          "rr-half": ["--sched", "rr", "--half-rate", "1"],
          "rr-pipe-half": ["--sched", "rr", "--pipe", "1", "--half-rate", "1"]}
# The columns "X / rr (mean)" after the per-scheduler ones.
RATIOS = [s for s in SCHEDS if s != "rr"]


def run(binary, spec, n, latency_ns=LATENCY_NS, sched=None):
    cmd = [binary, "--workload", spec, "--pes", str(n), "--barriers", str(BARRIERS), "--epochs", str(EPOCHS),
           "--seed", str(SEED), "--engine", "model", "--latency-ns", str(latency_ns), "--task-ns", str(TASK_NS),
           "--json"]
    cmd += SCHEDS[sched] if sched else ["--algos", ",".join(ALGOS)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("system_report: %s failed: %s" % (" ".join(cmd), p.stderr))
    return cmd, json.loads(p.stdout)


def fmt(x):
    return "{:,.1f}".format(x)


def dsbc_delays(r):
    """DSBC's detection delays (ns) of one run, one per detected epoch."""
    return [row["detectors"]["dsbc"]["delay_ps"] / 1000.0 for row in r["rows"] if row["detectors"]["dsbc"]["detected"]]


def sched_section(binary, cmds, failures):
    """DSBC under each scheduler on the same executions (same workload, seeds and clock)."""
    md = ["## The DSBC unit's scheduler: rr against arb, rr-pipe, rr-half and rr-pipe-half", "",
          "The same executions (workload, seed, network) with DSBC alone, once under the paper's round robin "
          "(`--sched rr`: every barrier inspected in turn, a word of at least 3 cycles each) and once under the "
          "arbitration scheduler (`--sched arb`, the default: only barriers some PE changed get a word; "
          "docs/architecture.md 4e), each at its own default clock (1/Fmax of its slower iCE40 HX8K block, "
          "reports/synth.csv: arb's local block, with its dirty bits and search, is the slower one). With M = %d "
          "barriers a round-robin pass is short, so arb saves only a few cycles here and its slower clock can "
          "cost more than that; in cycles the gap grows with M (docs/performance.md section 6). rr-pipe is the "
          "round robin with the pipelined global sum (`--sched rr --pipe 1`, docs/architecture.md 4f): every "
          "decision P = 1 + ceil(clog2(N) / 2) cycles later, at rr's clock (the local block sets it). "
          "rr-half and rr-pipe-half are the round robin at half the request rate (`--half-rate 1`, "
          "architecture.md 4f: a PE's ready low in the cycle after each acceptance, its acknowledge 4 cycles "
          "after acceptance), at the slower of their blocks' clocks: dsbc_global's without the pipe, "
          "dsbc_local_half's 216.08 MHz with it (block figures, as for the others; the whole 16-PE unit placed "
          "is slower, reports/unit.md)."
          % BARRIERS, "",
          "| workload | N | " + " | ".join("%s clock ns | %s mean / median / max ns" % (s, s) for s in SCHEDS)
          + " | " + " | ".join("%s / rr (mean)" % s for s in RATIOS) + " |",
          "|---|---|" + "---|---|" * len(SCHEDS) + "---|" * len(RATIOS)]
    for key, spec, _ in WORKLOADS:
        for n in PES:
            cells, means = [], {}
            for sched in SCHEDS:
                cmd, r = run(binary, spec, n, sched=sched)
                cmds.append(" ".join(cmd))
                failures += ["%s N=%d %s: %s" % (key, n, " ".join(SCHEDS[sched]), f) for f in r["failures"]]
                d = dsbc_delays(r)
                means[sched] = statistics.mean(d)
                cells.append("%.3f | %s / %s / %s" % (r["clock_ps"] / 1000.0, fmt(means[sched]), fmt(statistics.median(d)),
                                                       fmt(max(d))))
            md.append("| %s | %d | %s | %s |" % (key, n, " | ".join(cells),
                                                " | ".join("%.2f" % (means[s] / means["rr"]) for s in RATIOS)))
    return md + [""]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    dets = ["dsbc"] + ALGOS
    rows = []   # (workload, n, det, mean_ns, median_ns, max_ns, msgs_per_epoch, msgs_per_task, clock_ns)
    cmds = []
    failures = []
    for key, spec, _ in WORKLOADS:
        for n in PES:
            cmd, r = run(binary, spec, n)
            cmds.append(" ".join(cmd))
            failures += ["%s N=%d: %s" % (key, n, f) for f in r["failures"]]
            tasks = sum(row["tasks"] for row in r["rows"])
            for d in dets:
                delays = [row["detectors"][d]["delay_ps"] / 1000.0 for row in r["rows"] if row["detectors"][d]["detected"]]
                msgs = [row["detectors"][d]["control_msgs"] for row in r["rows"]]
                rows.append((key, n, d, statistics.mean(delays), statistics.median(delays), max(delays),
                             sum(msgs) / len(msgs), sum(msgs) / max(tasks, 1), r["clock_ps"] / 1000.0,
                             len(delays), len(r["rows"])))
    with open(out / "system.csv", "w") as f:
        f.write("workload,pes,detector,delay_mean_ns,delay_median_ns,delay_max_ns,ctrl_msgs_per_epoch,ctrl_msgs_per_task,clock_ns\n")
        for row in rows:
            f.write("%s,%d,%s,%.3f,%.3f,%.3f,%.2f,%.4f,%.3f\n" % row[:9])
    # One data file per workload for gnuplot: N then the mean delay of every detector.
    for key, _, _ in WORKLOADS:
        with open(out / ("system_%s.dat" % key), "w") as f:
            f.write("# N " + " ".join(dets) + "\n")
            for n in PES:
                vals = {r[2]: r[3] for r in rows if r[0] == key and r[1] == n}
                f.write("%d %s\n" % (n, " ".join("%.3f" % vals[d] for d in dets)))
    gp = out / "system_delay.gp"
    plots = []
    for i, (key, _, title) in enumerate(WORKLOADS):
        cols = ", ".join("'%s' using 1:%d with linespoints title '%s'" % ((out / ("system_%s.dat" % key)).as_posix(), j + 2, d)
                         for j, d in enumerate(dets))
        plots.append('set title "%s"\nplot %s' % (title, cols))
    gp.write_text("""set terminal svg size 1000,420 dynamic font 'sans,11'
set output '%s'
set multiplot layout 1,2
set logscale xy
set xtics (16, 64, 256)
set xlabel 'PEs (N)'
set ylabel 'mean detection delay (ns)'
set key top left
set grid
%s
unset multiplot
""" % ((out / "system_delay.svg").as_posix(), "\n".join(plots)))
    subprocess.run(["gnuplot", str(gp)], check=True)
    gp.unlink()
    for key, _, _ in WORKLOADS:
        (out / ("system_%s.dat" % key)).unlink()

    md = ["# System co-simulation: DSBC against software termination detection", "",
          "Generated by `make system-report` (`sim/scripts/system_report.py`) from `dsbc-system` runs; do not edit by hand. "
          "How the co-simulation works and what the numbers mean: [docs/system.md](../docs/system.md).", "",
          "The DSBC unit (golden model, cycle-identical to the RTL) and each software algorithm observe the same execution: "
          "the workload is re-executed on the same seeds for every algorithm, and the tool checks that the task events of "
          "every algorithm's run equal the reference (DSBC-only) run's. **Delay** = detection time - true termination (the last task of the epoch finished and "
          "nothing was in flight). DSBC detection = the end of the cycle in which every PE has popped the completion; a "
          "software detection = the declaration at the detecting node (the termination broadcast to the PEs is not "
          "included, which favours the software algorithms). **Control messages** = external control messages per barrier "
          "epoch (DSBC: none; it uses its 3 wires per PE and two local requests per task).", "",
          "Parameters: M = %d barriers at once, %d epochs each (%d detections per detector and point), seed %d, "
          "network latency %d ns (constant, FIFO channels where the algorithm assumes them), task time %d ns, "
          "T = 16-bit counts, FIFO depth 8, DSBC scheduler arb (the default; rr beside it in the last section); "
          "DSBC clock = 1/Fmax of the slower iCE40 HX8K block for N and the scheduler "
          "(reports/synth.csv; N = 256 was not synthesised and uses N = 64's clock)." % (BARRIERS, EPOCHS, BARRIERS * EPOCHS, SEED, LATENCY_NS, TASK_NS), ""]
    if failures:
        md += ["**Oracle failures:**", ""] + ["- " + f for f in failures] + [""]
    else:
        md += ["Oracle: every detection of every detector checked; none early, none missed, none false.", ""]
    for key, spec, title in WORKLOADS:
        md += ["## %s (`%s`)" % (title, spec), ""]
        md += ["| N | DSBC clock ns | detector | delay mean ns | median ns | max ns | control msgs / epoch | control msgs / task |",
               "|---|---|---|---|---|---|---|---|"]
        for n in PES:
            for r in rows:
                if r[0] == key and r[1] == n:
                    md.append("| %d | %.3f | %s | %s | %s | %s | %s | %.3f |" % (n, r[8], r[2], fmt(r[3]), fmt(r[4]), fmt(r[5]),
                                                                             fmt(r[6]), r[7]))
        md.append("")
    md += ["![mean detection delay](system_delay.svg)", ""]
    md += ["## Sensitivity to the network latency (N = %d, mean delay ns / control messages per epoch)" % SENS_PES, "",
           "The DSBC's delay depends on its clock and M, not on the network; the software algorithms' delays scale "
           "with the message latency.", "",
           "| workload | latency ns | " + " | ".join(dets) + " |", "|---|---|" + "---|" * len(dets)]
    for key, spec, _ in WORKLOADS:
        for lat in SENS_LATENCIES_NS:
            cmd, r = run(binary, spec, SENS_PES, lat)
            cmds.append(" ".join(cmd))
            failures += ["%s N=%d latency %d: %s" % (key, SENS_PES, lat, f) for f in r["failures"]]
            cells = []
            for d in dets:
                delays = [row["detectors"][d]["delay_ps"] / 1000.0 for row in r["rows"] if row["detectors"][d]["detected"]]
                msgs = [row["detectors"][d]["control_msgs"] for row in r["rows"]]
                cells.append("%s / %s" % (fmt(statistics.mean(delays)), fmt(sum(msgs) / len(msgs))))
            md.append("| %s | %d | %s |" % (key, lat, " | ".join(cells)))
    sched_failures = []
    md += [""] + sched_section(binary, cmds, sched_failures)
    if sched_failures:
        md += ["**Oracle failures (scheduler runs):**", ""] + ["- " + f for f in sched_failures] + [""]
    failures += sched_failures
    md += ["## Commands", "", "```"] + cmds + ["```", ""]
    (out / "system.md").write_text("\n".join(md))
    print("system_report: wrote %s, %s, %s" % (out / "system.md", out / "system.csv", out / "system_delay.svg"))
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
