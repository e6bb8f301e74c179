#!/usr/bin/env python3
"""ideal_bound: busy throughput of a free-knowledge scheduler with W words on the lines.

ovlrtl.md 21. Every clock step tried for the overlap unit puts cycles between a decision on the
lines and the slots that act on it (the reaction time R, round trip P = R + 1), and 20a found
that busy, not sparse, runs out first. Is that the overlap family's limit, or one of every
contract that keeps one word on the serial lines at a time? This model compares word timings
under a scheduler that spends nothing on learning what to check:
  - it knows the dirty set of every barrier for free (no POLL, no race, no NEXT slot; a real
    contract learns it over the same lines, at P cycles a round trip); --stale S makes it see
    a barrier as dirty only if it was dirty S cycles before as well;
  - a head needs no line; count bit j of a word with head s is on the lines from s + h on
    (h = 1: the cycle after the head; the one-header-slot contract of 17a has h = 2);
  - the decision on bit j (the word's exit: the lowest 1 bit of the global sum, or completion
    after bit Q - 1) reaches the pairs P cycles after that bit's lines; the word holds its
    share of the lines until then or until its last bit is sent (the pipelined word end of
    overlap.md 13 for every word);
  - the FIFO room veto knows whether the word will complete (clairvoyant).
It keeps what no contract can avoid: a word per check, the snapshot at the head, the cyclic
fair order (the next dirty barrier after the last head), the rebase, one bit per line and
cycle. --W 2 lets two words share the lines (--adapt 1: the word that had them least recently
takes the cycle, a lone word every cycle; else fixed lanes, cycle x to lane x mod 2, as a
C-slowed sequencer); a barrier is never in two words at once.
It is NOT a strict upper bound: which barrier is checked when matters, and the overlap contract
completes about 1 % more at R = 6 (ovlrtl.md 21a); it is a comparator of word timings under one
selection rule.
The commits (busy, sparse) are overlap_model.py's own generators and every head and completion
goes through its scheduler-independent Check, so an illegal completion, a phantom head or a
push into a full FIFO fails the run (--bug plants one of each).
"""

import argparse
import random
import sys

import overlap_model as om


class Word:
    """A word in flight: barrier b, head s, the snapshot, its exit bit j (Q - 1 when it
    completes), its lane (W = 2 without --adapt) and, once bit j is on the lines, the cycle d
    its exit reaches the pairs. It holds a share of the lines until its last bit (Q - 1) is
    sent or its exit arrives, whichever is first: until the exit arrives, nobody knows that its
    later bits are not needed."""

    def __init__(self, b, s, snap, j, completes, lane, Q):
        self.b, self.s, self.snap, self.j, self.completes = b, s, snap, j, completes
        self.lane, self.Q = lane, Q
        self.sent = 0          # bits sent so far
        self.served = s        # the last cycle it had the lines (the head's, at first)
        self.d = None

    def holds_lines(self, x):
        return self.sent < self.Q and (self.d is None or self.d > x)


def model_params(a):
    """overlap_model's Params for the Check (N, M, T, Q, the FIFO depth and its room rule)."""
    ns = argparse.Namespace(M=a.M, T=a.T, N=a.N, R=a.R, E=0, radix=4, overlap=1, fifo=a.fifo,
                            bug='', sched='race', next=1, idlespec=0, rrcount=3)
    return om.Params(ns)


def run(a, out):
    p = model_params(a)
    rng = random.Random(a.seed)
    N, M, Q, W, P, h = p.N, p.M, p.Q, a.W, a.R + 1, a.h
    shared = a.adapt or W == 1     # the lines go to any word holding them, not by lane
    hot = min(a.hot, M) if a.hot else M
    cmax, cmin = (1 << (p.T - 1)) - 1, -(1 << (p.T - 1))
    cnt = [[0] * M for _ in range(N)]
    dirty = 0                      # a bit per barrier: changed at some PE since its last head
    fifo = [[] for _ in range(N)]
    words = []                     # in flight: the head is done, the exit has not reached the pairs
    last_b = M - 1                 # the cyclic order starts after the last head
    gen_sum = [0] * M
    dhist = [0] * (a.stale + 1)    # --stale: the dirty sets of the last cycles
    chk = om.Check(p, om.issue_bound(p), out)
    sparse = om.SparseClosings(rng, N, M, a.gapmin, a.gap) if a.mode == 'sparse' else None
    popp = 1.0 / a.popdiv
    st = dict(commits=0, refused=0, heads=0, completions=0, early=0, pops=0)
    for x in range(a.cycles):
        # exits reaching the pairs in x (before this cycle's heads and commits, as the model)
        for w in [w for w in words if w.d == x]:
            words.remove(w)
            if not w.completes:
                st['early'] += 1
                continue
            st['completions'] += 1
            for pe in range(N):
                if len(fifo[pe]) >= p.D:
                    chk.err(x, 'push into a full FIFO (PE %d)' % pe)
                else:
                    fifo[pe].append(w.b)
                cnt[pe][w.b] -= w.snap[pe]
            chk.completion(x, w.b, w.s)
            if sparse is not None:
                sparse.completed(w.b, w.s, x)
        # the lines of x: one bit of one word. Fixed lanes: the word of lane x mod W; --adapt:
        # the word that had the lines least recently (a lone word takes every cycle)
        ready = [w for w in words if w.holds_lines(x) and x >= w.s + h
                 and (shared or w.lane == x % W)]
        if ready:
            w = min(ready, key=lambda v: (v.served, v.s))
            if w.sent == w.j:
                w.d = x + P    # its exit bit: the decision reaches the pairs a round trip later
            w.sent += 1
            w.served = x
        # heads: a word may start where fewer than W words hold the lines (fixed lanes: where
        # its lane is free and its first bit, in x + h, falls on the lane's cycles)
        holding = [w for w in words if w.holds_lines(x)]
        for lane in range(W):
            if shared:
                if len(holding) >= W:
                    break
            elif (x + h) % W != lane or any(w.lane == lane for w in holding):
                continue
            busy_b = {w.b for w in words}
            known = dirty & dhist[0]
            b = None
            for k in range(1, M + 1):
                c = (last_b + k) % M
                if (a.bug == 'phantom' or (known >> c) & 1) and c not in busy_b:
                    b = c
                    break
            if b is None:
                break
            snap = [cnt[pe][b] for pe in range(N)]
            total = sum(snap) & ((1 << Q) - 1)
            completes = total == 0 or a.bug == 'anysum'
            # the FIFO room veto, knowing which words will push (an upper bound's privilege)
            pushes = sum(1 for w in words if w.completes) + (1 if completes else 0)
            if a.bug != 'noroom' and any(p.D - len(f) < pushes for f in fifo):
                break
            j = Q - 1 if total == 0 else om.lowest_one(total)
            w = Word(b, x, snap, j, completes, lane, Q)
            words.append(w)
            holding.append(w)
            dirty &= ~(1 << b)
            last_b = b
            st['heads'] += 1
            chk.head(x, b)
        for pe in range(N):
            if fifo[pe] and rng.random() < popp:
                fifo[pe].pop(0)
                st['pops'] += 1
        chk.cycle(x, any(p.D - len(f) < p.room_need for f in fifo))
        if sparse is not None:
            commits = sparse.commits(x)
        else:
            commits = om.random_commits(rng, x & 1, N, M, hot, 0.75, gen_sum)
        for pe, b, dl in commits:
            v = cnt[pe][b] + dl
            if v > cmax or v < cmin:
                st['refused'] += 1
                continue
            cnt[pe][b] = v
            gen_sum[b] += dl
            st['commits'] += 1
            dirty |= 1 << b
            chk.commit(x, b, dl)
        dhist.append(dirty)
        dhist.pop(0)
    lat = chk.lat
    out.write('  cycles %d commits %d refused %d heads %d completions %d early %d pops %d\n'
              % (a.cycles, st['commits'], st['refused'], st['heads'], st['completions'],
                 st['early'], st['pops']))
    out.write('  closings: %d, latency mean %.2f max %d\n'
              % (len(lat), (sum(lat) / len(lat)) if lat else 0.0, max(lat) if lat else 0))
    out.write('  completions per 1000 cycles %.2f\n' % (1000.0 * st['completions'] / a.cycles))
    out.write('  %d errors\n' % chk.errors)
    return chk.errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--M', type=int, default=32)
    ap.add_argument('--T', type=int, default=16)
    ap.add_argument('--N', type=int, default=16)
    ap.add_argument('--R', type=int, default=2, help='reaction time: round trip P = R + 1')
    ap.add_argument('--W', type=int, default=1, choices=(1, 2), help='words on the lines at once')
    ap.add_argument('--adapt', type=int, default=0, choices=(0, 1),
                    help='W = 2: the lines go to whichever words hold them (a lone word takes '
                         'every cycle) instead of fixed lanes')
    ap.add_argument('--h', type=int, default=1,
                    help="count bit 0 in s + h (1: the cycle after the head; 17a's contract: 2)")
    ap.add_argument('--stale', type=int, default=0,
                    help='the selection sees a barrier as dirty only if it was dirty STALE '
                         'cycles before as well (a real contract learns it over the lines)')
    ap.add_argument('--fifo', type=int, default=8)
    ap.add_argument('--mode', default='busy', choices=('busy', 'sparse'))
    ap.add_argument('--hot', type=int, default=4, help='busy: barriers 0..hot-1 (0: all)')
    ap.add_argument('--gapmin', type=int, default=0)
    ap.add_argument('--gap', type=int, default=64)
    ap.add_argument('--popdiv', type=float, default=4)
    ap.add_argument('--cycles', type=int, default=30000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--bug', default='', choices=('', 'anysum', 'phantom', 'noroom'),
                    help='planted: every word completes / heads of clean barriers / no room veto')
    a = ap.parse_args()
    for name, lo, hi in (('R', 0, 16), ('h', 1, 4), ('stale', 0, 1000), ('cycles', 1, 10 ** 8),
                         ('M', 2, 4096), ('N', 2, 64), ('T', 2, 31), ('fifo', 2, 64)):
        v = getattr(a, name)
        if not lo <= v <= hi:
            ap.error('--%s %d out of range: legal %d .. %d' % (name, v, lo, hi))
    if a.M & (a.M - 1):
        ap.error('--M %d: legal a power of two, 2 .. 4096' % a.M)
    if a.N % 2:
        ap.error('--N %d: legal an even number, 2 .. 64 (PEs in pairs)' % a.N)
    out = sys.stdout
    args = ' '.join(sys.argv[1:])
    out.write('ideal_bound: %s\n' % args)
    errors = run(a, out)
    out.write('%s seed=%d (replay: ideal_bound.py %s)\n'
              % ('PASS' if errors == 0 else 'FAIL', a.seed, args))
    return 0 if errors == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
