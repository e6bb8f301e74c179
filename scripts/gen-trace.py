#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a random, causal DSBC trace (dsbc-replay format) to stdout.

Tasks are produced on one PE and consumed later on another (so local counts go negative),
several barriers run at once, and some epochs produce bursts to push counts to the edge of
T bits. Deterministic for a given --seed.

  gen-trace.py --pes 3 --barriers 4 --count-bits 8 --tasks 200 --seed 7 > t.trace
"""
import argparse
import random


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pes", type=int, required=True)
    ap.add_argument("--barriers", type=int, required=True)
    ap.add_argument("--count-bits", type=int, required=True)
    ap.add_argument("--fifo-depth", type=int, default=None)
    ap.add_argument("--tasks", type=int, default=200, help="tasks produced in all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--burst", type=int, default=0,
                    help="also emit one burst of this many +1 on PE 0 (edge-of-T tests)")
    a = ap.parse_args()
    rng = random.Random(a.seed)

    events = []  # (cycle, pe, barrier, delta)
    start = a.barriers  # requests are accepted from cycle M on (initialisation)
    t = start
    produced = 0
    while produced < a.tasks:
        b = rng.randrange(a.barriers)
        root = rng.randrange(a.pes)
        # An epoch: a root task and a few generations of children, each consumed after its
        # children were produced.
        frontier = [(t, root)]
        events.append((t, root, b, +1))
        produced += 1
        while frontier and produced < a.tasks:
            c, pe = frontier.pop(0)
            run = rng.randint(1, 6)
            for _ in range(rng.choice([0, 0, 1, 2, 3])):
                if produced >= a.tasks:
                    break
                events.append((c + 1, pe, b, +1))
                produced += 1
                frontier.append((c + 2 + rng.randint(1, 12), rng.randrange(a.pes)))
            events.append((c + run + 1, pe, b, -1))
        for c, pe in frontier:
            events.append((c + 1, pe, b, -1))
        t += rng.randint(0, 40)
    if a.burst:
        b = rng.randrange(a.barriers)
        for i in range(a.burst):
            events.append((t + i, 0, b, +1))
        for i in range(a.burst):
            events.append((t + a.burst + 20 + i, a.pes - 1, b, -1))
    events.sort(key=lambda e: (e[0], e[1]))

    print(f"# gen-trace.py --pes {a.pes} --barriers {a.barriers} --count-bits {a.count_bits}"
          f" --tasks {a.tasks} --seed {a.seed} --burst {a.burst}")
    print(f"pes {a.pes}")
    print(f"barriers {a.barriers}")
    print(f"count_bits {a.count_bits}")
    if a.fifo_depth is not None:
        print(f"fifo_depth {a.fifo_depth}")
    for c, pe, b, d in events:
        print(f"{c} {pe} {b} {'+1' if d > 0 else '-1'}")


if __name__ == "__main__":
    main()
