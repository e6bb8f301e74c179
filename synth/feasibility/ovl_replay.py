#!/usr/bin/env python3
"""ovl_replay.py: the RTL's stimulus replayed through overlap_model.py's scheduler (ovlrtl.md).

The unit's self-check, run with +dump=FILE (OVL = 1), writes per cycle: the commits it took
('c CYCLE PE BARRIER DELTA': the reference's commits, i.e. accepted and not refused, in their
commit cycle k + 3), the FIFO pops ('p CYCLE PE'), the heads ('h CYCLE BARRIER') and the
word exits ('x CYCLE DONE') of the RTL. This script feeds the same commits and pops to the
model's sequencer and global block (overlap_model.Seq / Global, imported, not copied: R = 2
or 3 (--R, the RTL's OvlR), idle speculation or not (--idlespec, the RTL's OvlSpec), E = 0,
radix 4, overlap, NEXT) with its own datapath state (counts, snapshots, dirty sets,
FIFOs) and the model's own line function (overlap_model.pair_lines), and compares the heads
and exits it produces with the RTL's, cycle by cycle. Only the stimulus differs from the
model's run: the commits and pops come from the dump instead of the model's generator.

The model abstracts three things that the RTL does otherwise; each is reproduced here, so
that a difference in the schedule is a real one (ovlrtl.md section 4):
  1. the cut: the model takes the commits of cycles < s into the snapshot; the RTL (pairarb's
     phase-locked cut) also B's commit of s when s is even, and that commit sets no dirty bit;
     (--headcut 1, the RTL's OvlHeadCut = 1, ovlrtl.md 18: the RTL's cut is the model's, and
     this difference is not reproduced);
  2. the key digits: the RTL computes them one cycle ahead (the four candidates for the next
     digit, selected by the broadcast), from the dirty set of the cycle before the slot;
  3. time: the RTL's sequencers start in cycle 2M = 64 (after the pairs clear their RAMs);
     model cycle x = RTL cycle x + 64.
Rebase: the model rebases at d; the RTL writes the rebased count in d + 4 / d + 5, so a head
of the same barrier in d .. d + 3 reads the count before it: its snapshot differs per PE
by the completed snapshot, whose global sum is 0, so the global sum, and so the exit, is
the same (checked here: that head's sum is computed both ways).

--pipeend 2 (ovlrtl.md 15): the RTL built with OvlPipeEnd = 2 is replayed through the model's
pipelined word end (overlap.md 13): a head may come with the last count slot ('X': the lines of
count bit Q - 1 from the old snapshot first, then the head) or after it, the old word's exit
comes later and answers it (the tail), and its completion rebases with the tail's own snapshot.

usage: ovl_replay.py DUMP [--T 16] [--N 16] [--M 32] [--X0 64] [--R 2] [--idlespec 0] [--pipeend 0]
                       [--headcut 0] [--cycles 0]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import overlap_model as om  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dump')
    ap.add_argument('--T', type=int, default=16)
    ap.add_argument('--N', type=int, default=16, help='the testbench\'s N (PEs; ovlrtl.md 16c)')
    ap.add_argument('--M', type=int, default=32)
    ap.add_argument('--X0', type=int, default=64)
    ap.add_argument('--cycles', type=int, default=0,
                    help='the testbench\'s +cycles: replay to its end, not only to the dump\'s '
                         'last record, so that a model head after the RTL\'s last one differs '
                         '(0: to the last record)')
    ap.add_argument('--show', type=int, default=8, help='mismatches printed')
    ap.add_argument('--R', type=int, default=2, help='the RTL\'s OvlR (P = R + 1)')
    ap.add_argument('--idlespec', type=int, default=0, choices=(0, 1),
                    help='the RTL\'s OvlSpec (overlap.md 1d)')
    ap.add_argument('--pipeend', type=int, default=0, choices=(0, 2),
                    help='the RTL\'s OvlPipeEnd (overlap.md 13, ovlrtl.md 15)')
    ap.add_argument('--dead', type=int, default=2, choices=(1, 2),
                    help='the RTL\'s OvlDead (ovlrtl.md 18b: 1 = one header slot; replayed with '
                         'the model\'s --dead 1 --nextroom 1)')
    ap.add_argument('--headcut', type=int, default=0, choices=(0, 1),
                    help='the RTL\'s OvlHeadCut (ovlrtl.md 18: B\'s cut in the head cycle too)')
    a = ap.parse_args()
    commits, pops, heads, exits = {}, {}, [], []
    last = 0
    # the record kinds and their field counts (feas_pair_arb_unit_tb.v's +dump)
    arity = {'c': 5, 'p': 3, 'h': 3, 'x': 3}
    with open(a.dump) as f:
        for lineno, ln in enumerate(f, 1):
            t = ln.split()
            if not t:
                continue
            if t[0] not in arity or len(t) != arity[t[0]]:
                print('%s:%d: not a dump record (c CYC PE BAR +-1 | p CYC PE | h CYC BAR | '
                      'x CYC 0|1): %r' % (a.dump, lineno, ln.rstrip('\n')), file=sys.stderr)
                return 2
            try:
                v = [int(x) for x in t[1:]]
            except ValueError:
                print('%s:%d: a field is not an integer: %r' % (a.dump, lineno, ln.rstrip('\n')),
                      file=sys.stderr)
                return 2
            cyc = v[0]
            last = max(last, cyc)
            if t[0] == 'c':
                commits.setdefault(cyc, []).append((v[1], v[2], v[3]))
            elif t[0] == 'p':
                pops.setdefault(cyc, []).append(v[1])
            elif t[0] == 'h':
                heads.append((cyc, v[1]))
            else:
                exits.append((cyc, v[1]))
    if not heads:
        # nothing to compare: an empty or truncated dump is an error, not an agreement (the
        # C++ twin, dsbc-ovl-replay, refuses it the same way)
        print('%s: no heads in the dump: nothing to replay' % a.dump, file=sys.stderr)
        return 2
    ns = argparse.Namespace(N=a.N, M=a.M, T=a.T, R=a.R, E=0, radix=4, overlap=1, fifo=8, bug='',
                            sched='race', next=1, idlespec=a.idlespec, rrcount=3, pipeend=a.pipeend,
                            dead=a.dead, nextroom=1 if a.dead == 1 else 0)
    p = om.Params(ns)
    N, M = p.N, p.M
    npairs = N // 2
    # (ovlrtl.md 16c) a dump of more PEs than --N says is refused, not replayed
    pes = [pe for cs in commits.values() for pe, _, _ in cs] + [pe for ps in pops.values() for pe in ps]
    if pes and max(pes) >= N:
        print('%s: PE %d in the dump, but N = %d (--N: the testbench\'s N)' % (a.dump, max(pes), N),
              file=sys.stderr)
        return 2
    pseq = om.Seq(p)
    gb = om.Global(p)
    cnt = [[0] * M for _ in range(N)]
    snap = [0] * N
    dirty = [0] * npairs
    dprev = [0] * npairs
    fifo = [[] for _ in range(N)]
    m_heads, m_exits = [], []
    errors = 0
    same_bar_heads = 0
    rebased = {}   # barrier -> (cycle of its completion, its snapshot): the RTL's rebase window
    room_base = p.room_need
    snaps = {}     # --pipeend: each word's snapshot by its head cycle (a tail's completion)
    tails = xheads = 0  # --pipeend: heads that left a tail; of them with the last count slot

    # (--cycles, ovlrtl.md 18) an RTL that stops heading while the model goes on (a change the
    # RTL lost) leaves no record after its last head: replay to the testbench's end
    last = max(last, a.cycles - 1)
    ncyc = last + 1 - a.X0
    for x in range(ncyc):
        X = x + a.X0
        dstart = list(dirty)
        load, done = gb.broadcast(x)
        slot, ev = pseq.step(x, load, done)
        gslot, _ = gb.seq.step(x, load, done)
        if slot != gslot:
            errors += 1
        if ev is not None and ev[0] == 'exit':
            m_exits.append((X, 1 if ev[1] else 0))
            # (--pipeend: the exit's word, ev[3] its head cycle, may be the tail, whose
            # snapshot is not the running word's)
            wsnap = snaps.pop(ev[3], snap) if a.pipeend else snap
            if ev[1]:
                b = ev[2]
                for pe in range(N):
                    fifo[pe].append(b)
                    cnt[pe][b] -= wsnap[pe]
                rebased[b] = (X, list(wsnap))
        if slot[0] == 'X':
            # count bit Q - 1 of the old word on the old snapshot, then the head (the model's
            # main loop does the same)
            lines = om.pair_lines(p, ('C', slot[1]), pseq.c2, dirty, dprev, fifo, snap,
                                  [0] * npairs)
            gb.decide(x, ('C', slot[1]), *lines)
            slot = ('H', slot[2])
            xheads += 1
        if a.pipeend and slot[0] == 'H' and pseq.tail is not None and pseq.word is not None \
                and pseq.word[0] == x:
            tails += 1
        k = slot[0]
        if k == 'H':
            b = slot[1]
            m_heads.append((X, b))
            # (a new list at every head: a --pipeend tail keeps its own in snaps)
            snap = [cnt[pe][b] for pe in range(N)]
            if a.pipeend:
                snaps[x] = snap   # (a new list below: snap is rebound, not changed in place)
            rb = rebased.get(b)
            if rb is not None and X - rb[0] <= 3:
                # the RTL reads the count before its rebase: the same global sum
                same_bar_heads += 1
                if sum(snap[pe] + rb[1][pe] for pe in range(N)) != sum(snap):
                    errors += 1
            for i in range(npairs):
                dirty[i] &= ~(1 << b)
        if a.pipeend:
            # POLL's B line: 3 free entries while a tail is pending (the model's main loop)
            p.room_need = room_base + (1 if pseq.tail is not None else 0)
        # the model's own lines, but the key digits from the set one cycle old (difference 2)
        lines = om.pair_lines(p, slot, pseq.c2, dirty, dprev, fifo, snap, [0] * npairs)
        if slot[0] == 'N' and p.dead == 1:
            # (--dead 1) NEXT's B line: the POLL's room line, as the model's main loop
            lines = om.next_room_lines(p, lines, om.pair_lines(p, ('P',), pseq.c2, dirty, dprev,
                                                               fifo, snap, [0] * npairs)[1])
        if lines is not None:
            gb.decide(x, slot, *lines)
        for pe in pops.get(X, []):
            if fifo[pe]:
                fifo[pe].pop(0)
            else:
                errors += 1
        for pe, b, dl in commits.get(X, []):
            cnt[pe][b] += dl
            if not a.headcut and k == 'H' and slot[1] == b and (pe & 1) and (X & 1) == 0:
                snap[pe] += dl          # difference 1: B's commit of an even s is in the cut
            else:
                dirty[pe >> 1] |= (1 << b)
        dprev = dstart
    # compare
    def cmp(name, rtl, mod):
        n = min(len(rtl), len(mod))
        bad = [i for i in range(n) if rtl[i] != mod[i]]
        print('%s: RTL %d, model %d, compared %d, differ %d' % (name, len(rtl), len(mod), n,
                                                               len(bad)))
        for i in bad[:a.show]:
            print('  #%d RTL %r model %r' % (i, rtl[i], mod[i]))
        return len(bad) + (0 if abs(len(rtl) - len(mod)) <= tol else 1)
    # (--cycles) both lists up to 64 cycles before the testbench's end must agree in length too;
    # without it one record more or less at the dump's end is tolerated
    tol, cut = (0, a.cycles - 64) if a.cycles else (1, None)
    def upto(lst):
        return [r for r in lst if cut is None or r[0] < cut]
    errors += cmp('heads (cycle, barrier)', upto(heads), upto(m_heads))
    errors += cmp('exits (cycle, completion)', upto(exits), upto(m_exits))
    # figures from the RTL's own heads and exits
    ex = dict(exits)
    hs = [c for c, _ in heads]
    full = {}
    for i in range(len(hs) - 1):
        s = hs[i]
        # a full word: its exit is the last one before the next head, at s + Q + 2 + P + stolen
        e = [c for c, _ in exits if s < c <= hs[i + 1]]
        if e and e[-1] - s >= p.Q + 2 + p.P:
            g = hs[i + 1] - s
            full[g] = full.get(g, 0) + 1
    if full:
        # (a longer gap: no race was running, the next head waited for a new change)
        print('head to head after a full word (RTL), gaps <= 40: %s; longer: %d' % (', '.join(
            '%d: %d' % (g, full[g]) for g in sorted(full) if g <= 40),
            sum(v for g, v in full.items() if g > 40)))
    print('same-barrier heads within the rebase window: %d' % same_bar_heads)
    if a.pipeend:
        print('pipeend %d (model): heads that left a tail %d, of which with the last count slot '
              '(X) %d; words whose next head waited for the exit (the same barrier) %d'
              % (a.pipeend, tails, xheads, len(pseq.fallback)))
    print('%d errors' % errors)
    print('REPLAY %s (%s)' % ('AGREE' if errors == 0 else 'DIFFER', a.dump))
    return 0 if errors == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
