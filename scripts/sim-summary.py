#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One-screen summary of a lockstep regression from the DSBC_SUMMARY lines of every run.

Exits non-zero if any run had a mismatch or an oracle violation, if nothing ran, or if a
functional coverage bin of the oracle (cov_<bin>=<count> fields, dsbc::Oracle::Bin) was never
hit in a configuration over all its runs, or some barrier ID of a configuration never
completed (done_ids bitmaps OR-ed). A configuration is N,M,T,D and the scheduler (rr, arb,
rr-pipe: rr with the pipelined global sum, rr-half / rr-pipe-half: at half the request rate):
the bins a scheduler cannot hit (the oracle says "na") differ between the two. A bin the oracle declares not applicable to a
configuration (cov_<bin>=na, rule in Oracle::bin_not_applicable, docs/verification.md) is
shown as "na" and not required.
"""
import collections
import sys


# Short column titles of the bins, in the order the oracle writes them.
BIN_TITLES = {
    "completion": "done", "latency_checked": "lat", "refuse_pos": "+edge", "refuse_neg": "-edge",
    "refuse_id": "id>=M", "full_holds": "held", "simultaneous": "simul", "reopen_after_pop": "reopen",
    "negative_local": "neg", "open_slot_exit": "x:open", "clean_head_exit": "x:clean", "full_slot_exit": "x:full",
    "count_exit": "x:count",
}


def short(n):
    for div, suffix in ((10**9, "G"), (10**6, "M"), (10**3, "k")):
        if n >= 10 * div:
            return f"{n // div}{suffix}"
    return str(n)


def coverage(by_cfg):
    """Prints the bins per configuration; returns the number of bins never hit."""
    names = []
    for rs in by_cfg.values():
        for r in rs:
            names += [k[4:] for k in r if k.startswith("cov_") and k[4:] not in names]
    print()
    print("functional coverage (oracle bins, all runs of a configuration; na: cannot happen there)")
    print(f"{'N,M,T,D,sched':>18} " + " ".join(f"{BIN_TITLES.get(n, n):>7}" for n in names) + f" {'IDs done':>10}")
    missed = []
    for cfg, rs in by_cfg.items():
        cells = []
        for n in names:
            vals = [r.get("cov_" + n) for r in rs]
            if any(v is None for v in vals):
                cells.append("-")
                missed.append(f"bin {n} not recorded by every run of configuration {cfg}")
            elif all(v == "na" for v in vals):
                cells.append("na")
            elif any(v == "na" for v in vals):
                cells.append("?")
                missed.append(f"bin {n}: runs of configuration {cfg} disagree on whether it applies")
            else:
                hits = sum(int(v) for v in vals)
                cells.append(short(hits) if hits else "MISS")
                if not hits:
                    missed.append(f"bin {n} never hit in configuration {cfg}")
        m = int(cfg.split(",")[1])
        ids = 0
        for r in rs:
            ids |= int(r.get("done_ids", "0") or "0", 16)
        done = bin(ids).count("1")
        cells.append(f"{done}/{m}")
        if done < m:
            never = [str(b) for b in range(m) if not ids >> b & 1]
            missed.append(f"barrier IDs never completed in configuration {cfg}: {', '.join(never[:8])}"
                          + (" ..." if len(never) > 8 else ""))
        print(f"{cfg:>18} " + " ".join(f"{c:>7}" for c in cells[:-1]) + f" {cells[-1]:>10}")
    for msg in missed:
        print("sim-summary: coverage:", msg)
    return len(missed)


def main():
    path = sys.argv[1]
    runs = []
    with open(path) as f:
        for line in f:
            fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
            runs.append(fields)
    if not runs:
        print("sim-summary: no runs recorded in", path)
        return 1
    by_cfg = collections.OrderedDict()
    for r in runs:
        by_cfg.setdefault(r["config"] + "," + r.get("sched", "rr"), []).append(r)

    def total(rs, key):
        return sum(int(float(r.get(key, 0))) for r in rs)

    print()
    print("DSBC lockstep regression (RTL vs golden model, every output, every cycle)")
    print(f"{'N,M,T,D,sched':>18} {'runs':>5} {'cycles':>12} {'completions':>12} {'refusals':>9}"
          f" {'lat mean':>9} {'lat max':>8} {'bound':>7} {'mismatch':>8} {'viol':>5}")
    bad = 0
    for cfg, rs in by_cfg.items():
        lat = [float(r["lat_mean"]) for r in rs if int(r["completions"]) > 0]
        lat_mean = sum(lat) / len(lat) if lat else 0.0
        lat_max = max(int(r["lat_max"]) for r in rs)
        mism = total(rs, "mismatches")
        viol = total(rs, "violations")
        bad += mism + viol
        print(f"{cfg:>18} {len(rs):>5} {total(rs, 'cycles'):>12,} {total(rs, 'completions'):>12,}"
              f" {total(rs, 'refusals'):>9,} {lat_mean:>9.1f} {lat_max:>8} {rs[0]['bound']:>7}"
              f" {mism:>8} {viol:>5}")
    bad += coverage(by_cfg)
    seeds = sorted({r["seed"] for r in runs if "seed" in r}, key=int)
    print(f"{'total':>18} {len(runs):>5} {total(runs, 'cycles'):>12,}"
          f" {total(runs, 'completions'):>12,} {total(runs, 'refusals'):>9,}")
    print(f"configurations: {len(by_cfg)}   seeds: {', '.join(seeds)}   "
          f"mismatches: {total(runs, 'mismatches')}   oracle violations: {total(runs, 'violations')}")
    if bad:
        print("sim-summary: FAILED")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
