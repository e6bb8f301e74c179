#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One-screen summary of a lockstep regression from the DSBC_SUMMARY lines of every run.

Exits non-zero if any run had a mismatch or an oracle violation, or if nothing ran.
"""
import collections
import sys


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
        by_cfg.setdefault(r["config"], []).append(r)

    def total(rs, key):
        return sum(int(float(r.get(key, 0))) for r in rs)

    print()
    print("DSBC lockstep regression (RTL vs golden model, every output, every cycle)")
    print(f"{'N,M,T,D':>16} {'runs':>5} {'cycles':>12} {'completions':>12} {'refusals':>9}"
          f" {'lat mean':>9} {'lat max':>8} {'bound':>7} {'mismatch':>8} {'viol':>5}")
    bad = 0
    for cfg, rs in by_cfg.items():
        lat = [float(r["lat_mean"]) for r in rs if int(r["completions"]) > 0]
        lat_mean = sum(lat) / len(lat) if lat else 0.0
        lat_max = max(int(r["lat_max"]) for r in rs)
        mism = total(rs, "mismatches")
        viol = total(rs, "violations")
        bad += mism + viol
        print(f"{cfg:>16} {len(rs):>5} {total(rs, 'cycles'):>12,} {total(rs, 'completions'):>12,}"
              f" {total(rs, 'refusals'):>9,} {lat_mean:>9.1f} {lat_max:>8} {rs[0]['bound']:>7}"
              f" {mism:>8} {viol:>5}")
    seeds = sorted({r["seed"] for r in runs if "seed" in r}, key=int)
    print(f"{'total':>16} {len(runs):>5} {total(runs, 'cycles'):>12,}"
          f" {total(runs, 'completions'):>12,} {total(runs, 'refusals'):>9,}")
    print(f"configurations: {len(by_cfg)}   seeds: {', '.join(seeds)}   "
          f"mismatches: {total(runs, 'mismatches')}   oracle violations: {total(runs, 'violations')}")
    if bad:
        print("sim-summary: FAILED")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
