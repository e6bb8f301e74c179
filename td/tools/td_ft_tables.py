#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fault-tolerant TD reproduction (issue 14; Lifflander et al., PPoPP'13).

Runs tdsim and writes three tables and an SVG plot into docs/reproduction.md (between the
td-ft-tables markers) and docs/td-ft-survival.svg:
  1. survival (fraction of runs that detect termination instead of FATAL) against the number
     and timing of failures, Monte Carlo from the simulator, beside the paper's formulas;
  2. fault-free message and memory overhead of each mode against plain ds;
  3. recovery cost of one failure (messages, ticks) as the machine grows.
Usage: td_ft_tables.py TDSIM DOC SVG [--quick]
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

MODES = ("indep", "rellazy", "releager")


def run(tdsim, args):
    out = subprocess.run([tdsim, "--json"] + args, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit("tdsim failed: %s\n%s" % (" ".join(args), out.stderr))
    return json.loads(out.stdout)


def indep_formula(n, k, f):
    """P_survive^INDEP(n, k, f) = [C(n-k, f) / C(n-1, f)]^k (paper §5.4)."""
    if n - k < f:
        return 0.0
    lr = (math.lgamma(n - k + 1) - math.lgamma(f + 1) - math.lgamma(n - k - f + 1)) - (
        math.lgamma(n) - math.lgamma(f + 1) - math.lgamma(n - 1 - f + 1))
    return math.exp(lr) ** k


def rel_formula(n, k):
    """P_survive^REL(N, k) = (1 - (k-1)/(N-1))^k (paper §6.4)."""
    return (1.0 - (k - 1) / (n - 1)) ** k


SURV_N = 64
SURV_WL = "dag:tasks=1500,live=48,maxk=3,join=0.2"
SURV_TIMING = ["--latency", "uniform:5:20", "--task-time", "uniform:5:30"]


def survival(tdsim, seeds, ks):
    """rows[(timing, k)] = {mode: (detected, fatal, premature, missed, runs)}, plus fanout."""
    rows = {}
    fan = []
    for timing, window in (("concurrent", "20"), ("spread", "0")):
        for k in ks:
            cell = {}
            for mode in MODES:
                det = fat = pre = mis = 0
                for s in range(1, seeds + 1):
                    j = run(tdsim, ["--algo", "ds", "--opt", "ft=" + mode, "--workload", SURV_WL, "--pes", str(SURV_N),
                                    "--seed", str(1000 * k + s), "--faults", str(k), "--fault-window", window]
                            + SURV_TIMING)
                    b = j["barriers"][0]
                    if k == ks[0] and timing == "concurrent" and mode == "indep":
                        fan.append(b["extra"]["fanout_total"] / SURV_N)
                    if not j["safe"]:
                        pre += 1
                    elif j["outcome"] == "fatal":
                        fat += 1
                    elif j["outcome"] == "missed":
                        mis += 1
                    else:
                        det += 1
                cell[mode] = (det, fat, pre, mis, seeds)
            rows[(timing, k)] = cell
    return rows, sum(fan) / max(len(fan), 1)


OVER_WLS = ["tree:lambda=0.8,lmax=14,map=random", "dag:tasks=4000,live=64,maxk=3",
            "ring:p=0.995,branch=0.3,maxsteps=2000", "forkjoin:width=256,rounds=3,map=random"]


def overhead(tdsim, pes):
    out = []
    for wl in OVER_WLS:
        for n in pes:
            base = run(tdsim, ["--algo", "ds", "--workload", wl, "--pes", str(n), "--seed", "3"])
            b0 = base["barriers"][0]
            row = {"wl": wl, "n": n, "M": b0["primary_msgs"], "ds_ctrl": b0["ctrl_external"],
                   "ds_state": b0["peak_state"], "ds_delay": b0["delay"]}
            for mode in MODES:
                j = run(tdsim, ["--algo", "ds", "--opt", "ft=" + mode, "--workload", wl, "--pes", str(n), "--seed", "3"])
                b = j["barriers"][0]
                k = b["by_kind"]
                row[mode] = {"ctrl": b["ctrl_external"], "pgc": k["potential_gc"], "ie": k["interior"] + k["exterior"],
                             "state": b["peak_state"], "delay": b["delay"], "fan": b["extra"]["fanout_total"]}
            out.append(row)
    return out


REC_WL = "dag:tasks={tasks},live={live},maxk=3,join=0.1"


def recovery(tdsim, pes, seeds):
    """One failure at a random time; recovery messages and ticks (failure -> last recovery step)."""
    out = []
    for n in pes:
        wl = REC_WL.format(tasks=20 * n, live=n // 2)
        for mode in MODES:
            msgs = ticks = handled = 0
            fan = 0.0
            for s in range(1, seeds + 1):
                j = run(tdsim, ["--algo", "ds", "--opt", "ft=" + mode, "--workload", wl, "--pes", str(n), "--seed",
                                str(s), "--faults", "1", "--latency", "10", "--task-time", "uniform:20:60"])
                b = j["barriers"][0]
                e = b["extra"]
                fan += e["fanout_total"] / n
                if e["queries"] > 0 and e["recovery_end"] >= 0:
                    handled += 1
                    msgs += e["recovery_msgs"]
                    ticks += e["recovery_end"] - j["failures"][0]["at"]
            out.append({"n": n, "mode": mode, "handled": handled, "runs": seeds, "fan": fan / seeds,
                        "msgs": msgs / max(handled, 1), "ticks": ticks / max(handled, 1)})
    return out


def plot(rows, ks, fanout, svg):
    with tempfile.TemporaryDirectory() as d:
        dat = os.path.join(d, "s.dat")
        with open(dat, "w") as f:
            for k in ks:
                c = rows[("concurrent", k)]
                f.write("%d %s %.5f %.5f\n" % (k, " ".join("%.4f" % (c[m][0] / c[m][4]) for m in MODES),
                                               rel_formula(SURV_N, k), indep_formula(SURV_N, k, round(fanout))))
        gp = os.path.join(d, "p.gp")
        with open(gp, "w") as f:
            f.write("""set terminal svg size 720,420 dynamic font 'sans,12'
set output '%s'
set title 'Survival of a %d-PE job against k concurrent failures (%s)'
set xlabel 'failed PEs k'
set ylabel 'P(termination detected, no FATAL)'
set yrange [0:1.02]
set key bottom left
set grid
plot '%s' u 1:2 w lp pt 7 t 'INDEP (simulated)', '' u 1:3 w lp pt 5 t 'RELLAZY (simulated)', \\
     '' u 1:4 w lp pt 9 t 'RELEAGER (simulated)', '' u 1:5 w l dt 2 lw 2 t 'REL formula (1-(k-1)/(N-1))^k', \\
     '' u 1:6 w l dt 3 lw 2 t 'INDEP formula, f = %d'
""" % (svg, SURV_N, SURV_WL, dat, round(fanout)))
        subprocess.run(["gnuplot", gp], check=True)


def main():
    tdsim, doc, svg = sys.argv[1:4]
    quick = "--quick" in sys.argv
    t0 = time.time()
    ks = [1, 2, 3, 4, 6, 8]
    seeds = 20 if quick else 200
    rows, fanout = survival(tdsim, seeds, ks)
    over = overhead(tdsim, [64, 256])
    rec = recovery(tdsim, [16, 64, 256], 10 if quick else 60)
    plot(rows, ks, fanout, svg)
    L = []
    L.append("### Lifflander et al.: survival under injected failures (Monte Carlo from the simulator)\n")
    L.append("Fraction of runs that detect termination (the rest end in an explained FATAL; premature and missed")
    L.append("are counted separately and must be 0). %d runs per cell, `%s` on %d PEs, latency 5..20," % (seeds, SURV_WL, SURV_N))
    L.append("tasks 5..30 ticks, k random non-root PEs failing within 20 ticks (concurrent) or at independent")
    L.append("random times over the run (spread). Formulas: REL (1-(k-1)/(N-1))^k; INDEP [C(N-k,f)/C(N-1,f)]^k")
    L.append("at the measured mean fanout f = %.1f (distinct destinations per PE). The formulas assume every" % fanout)
    L.append("failed process is engaged and every child interior, so the simulated survival is expected above them.\n")
    L.append("| timing | k | INDEP | RELLAZY | RELEAGER | premature/missed | INDEP formula | REL formula |")
    L.append("|---|---|---|---|---|---|---|---|")
    for timing in ("concurrent", "spread"):
        for k in ks:
            c = rows[(timing, k)]
            bad = sum(c[m][2] + c[m][3] for m in MODES)
            L.append("| %s | %d | %s | %s | %s | %d | %.3f | %.3f |" % (
                timing, k, *("%.3f" % (c[m][0] / c[m][4]) for m in MODES), bad,
                indep_formula(SURV_N, k, round(fanout)), rel_formula(SURV_N, k)))
    L.append("\n![survival](td-ft-survival.svg)\n")
    L.append("### Lifflander et al.: fault-free overhead of the modes against plain ds\n")
    L.append("Control messages between PEs (ds: one ack per primary message M, at most), potential_gc notices")
    L.append("(INDEP: one per new recipient per engagement, the paper's \"cumulative fanout\"), interior+exterior")
    L.append("signals (REL, placement B), peak detector state per PE (entries), detection delay (ticks). Seed 3.\n")
    L.append("| workload | PEs | M | ds ctrl | INDEP ctrl | REL ctrl | potential_gc | int+ext | cum. fanout | ds state | INDEP state | REL state | delay ds/INDEP/REL |")
    L.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in over:
        i, l = r["indep"], r["rellazy"]
        L.append("| `%s` | %d | %d | %d | %d (%.2f/M) | %d (%.2f/M) | %d | %d | %d | %d | %d | %d | %d/%d/%d |" % (
            r["wl"], r["n"], r["M"], r["ds_ctrl"], i["ctrl"], i["ctrl"] / r["M"], l["ctrl"], l["ctrl"] / r["M"],
            i["pgc"], l["ie"], i["fan"], r["ds_state"], i["state"], l["state"], r["ds_delay"], i["delay"], l["delay"]))
    L.append("\nRELEAGER's fault-free run is RELLAZY's (they differ only in recovery).\n")
    L.append("### Lifflander et al.: recovery cost of one failure\n")
    L.append("One random non-root failure during `dag:tasks=20N,live=N/2,maxk=3,join=0.1` (about 20 tasks per PE,")
    L.append("so the fanout per PE stays near constant as N grows), latency 10, tasks 20..60 ticks. Recovery messages: potential_gc with a recovery")
    L.append("label, try_engage, reply, settle, forget, update_gp and its reply; ticks: from the failure to")
    L.append("the last recovery step (last reply processed). Averaged over the runs where the failed PE had potential")
    L.append("children to query (in the others its parent only writes off its debt).\n")
    L.append("| PEs | mode | runs with recovery | mean fanout | recovery msgs | recovery ticks |")
    L.append("|---|---|---|---|---|---|")
    for r in rec:
        L.append("| %d | %s | %d/%d | %.1f | %.1f | %.1f |" % (r["n"], r["mode"], r["handled"], r["runs"], r["fan"], r["msgs"],
                                                          r["ticks"]))
    L.append("\n_Generated in %.0f s by `make td-ft-tables` (`python3 td/tools/td_ft_tables.py TDSIM docs/reproduction.md "
             "docs/td-ft-survival.svg`)._\n" % (time.time() - t0))
    text = "\n".join(L)
    begin, end = "<!-- td-ft-tables:begin (generated by make td-ft-tables; do not edit by hand) -->", "<!-- td-ft-tables:end -->"
    s = open(doc).read()
    if begin in s:
        s = s[:s.index(begin)] + begin + "\n\n" + text + "\n" + s[s.index(end):]
    else:
        s = s.rstrip("\n") + "\n\n" + begin + "\n\n" + text + "\n" + end + "\n"
    open(doc, "w").write(s)
    print(text)


if __name__ == "__main__":
    main()
