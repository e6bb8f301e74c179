#!/usr/bin/env python3
"""overlap_model.py: cycle-level model of the pair unit's race / word contract (overlap.md).

16 PEs in 8 pairs (PE 2i = pair i's A, committing in even cycles; 2i + 1 = B, odd cycles),
each PE with ONE serial line up; the global block broadcasts ctl_load and ctl_done down.
A decision about the lines of cycle x is visible at the pairs in x + P, P = R + 1 (R = 0: the
next cycle; R = 2: the registered lines of pairunit.md section 7). A count-bit decision (the
word's exit) is visible in x + P + E (E = pipeline stages in the global block's count path),
postponed by the global block to the next cycle that carries no race decision.

Modes:
  --radix 2 --overlap 0   the measured contract (pairunit.md section 1 / 7): POLL, WRAP,
                          group bits, F, 4 bit slots, head, 2 dead slots, Q count slots.
  --radix 4 --overlap 1   the new contract: POLL (A = a dirty barrier, B = a FIFO with < 2 free
                          entries) in the dead slot s + 1 of the running word, NEXT (A / B =
                          CNT2 + 1 / CNT2 + 2 dirty at this pair) in s + 2 (--next 1; with
                          --next 0 a second POLL), then, unless NEXT decided, K = ceil((BW + 1)
                          / 2) key slots of two bits each, one every P cycles, interleaved into
                          the running word's count stream; idle: POLL every cycle, then K key
                          slots. --sched rr: the round-robin scan baseline.
  (radix 2 with overlap, radix 4 without: the same rules, see overlap.md.)
  --stream 1              (ovlrtl.md 17) the key slots in consecutive cycles: each pair sends
                          its own smallest key, the global block keeps a flag per pair.
  --dead 1 --nextroom 1   (ovlrtl.md 17a) one header slot: NEXT in s + 1 with the FIFO room on
                          its B line, count bits from s + 2.
  --probe 1 | 2           (ovlrtl.md 17, a negative result) skip a dirty barrier whose sum is odd.

Simplifications (stated in overlap.md): a commit of cycle x is in the snapshot of a head s iff
x < s (pairarb's phase-locked cut takes B's commit of s too, for even s); the acceptance
pipeline, ready and the rebase pipeline are not modelled (a completion in d rebases every PE
in d, before the commits of d; a head in d reads the rebased count); a commit sets the pair's
dirty bit for the lines of the next cycle.

The CHECKS (class Check) use only the commits, the heads (cycle, barrier) and the completions
(cycle, barrier) -- not the scheduler's counts, dirty bits or snapshots:
  - legal completion: the sum of the commits to b since the previous completion's cut and
    before this word's cut is zero, and there is at least one such commit;
  - no phantom head: a head of b needs a commit to b since b's previous head;
  - liveness: a closing commit (the global sum of b becomes 0) is completed by a word whose cut
    is after it, within the derived bound (closings that saw a FIFO short of room are counted
    apart); every commit is followed by a head of its barrier within the bound;
  - no push into a full FIFO; pairs and global block agree on every cycle's slot.
"""
import argparse
import random
import sys


def clog2(x):
    return (x - 1).bit_length()


def lowest_one(v):
    """The index of v's lowest 1 bit (v > 0)."""
    return (v & -v).bit_length() - 1


class Params:
    def __init__(self, a):
        self.N = getattr(a, 'N', 16)  # --N (ovlrtl.md 16c; even, <= 16 as the RTL)
        assert self.N >= 2 and self.N % 2 == 0, "N must be even"
        self.M = a.M
        self.T = a.T
        self.R = a.R
        self.E = a.E
        self.radix = a.radix
        self.overlap = a.overlap
        self.D = a.fifo
        self.Q = a.T + clog2(self.N)
        self.BW = clog2(self.M)
        assert (1 << self.BW) == self.M, "M must be a power of two"
        self.KB = self.BW + 1  # key bits {wrap, b}
        self.P = self.R + 1
        self.bug = a.bug
        self.sched = a.sched
        self.next = bool(a.next) and self.overlap
        # idle: key slot 1 sent speculatively in the cycle after each POLL (needs P >= 2)
        self.idlespec = bool(a.idlespec) and self.overlap and self.P >= 2
        self.rrcount = a.rrcount
        # --pipeend (overlap.md 13): 1 = the next head in the cycle after the last count slot
        # is sent, 2 = in that cycle (HEAD needs no line); 0 = wait for the exit (section 1a)
        self.pipeend = getattr(a, 'pipeend', 0) if (self.overlap and self.sched == 'race') else 0
        # --stream (ovlrtl.md 17): the key slots of a race go out in consecutive cycles, each
        # pair sending the digits of its own smallest key (taken at key slot 1); the global
        # block keeps a "still in" flag per pair and decides digit i from the pairs still in,
        # SE cycles later than a race decision otherwise (--streamlat)
        self.stream = bool(getattr(a, 'stream', 0)) and self.overlap and self.sched == 'race' \
            and self.radix == 4
        self.SE = getattr(a, 'streamlat', 0) if self.stream else 0
        assert not (self.stream and self.idlespec), "--stream with --idlespec is not modelled"
        # --probe (ovlrtl.md 17): the NEXT slot's B line carries the parity of CNT2 + 1's count
        # (the XOR of the pair's two count bits 0) instead of CNT2 + 2's dirty bit; a dirty
        # CNT2 + 1 with an odd global sum is skipped without a word (its dirty bits cleared as
        # of the NEXT slot) and the race goes on with key slots
        # --probe 2: a PROBE slot in s + 3 (count bits from s + 4): A / B = the parities of
        # CNT2 + 1 / CNT2 + 2; NEXT (s + 2) keeps both dirty bits; one decision for both slots
        # (s + 3 + P): the first of CNT2 + 1, CNT2 + 2 that is dirty with an even sum, the
        # dirty odd ones before it skipped; none: the key slots, both skipped if dirty
        self.probe = getattr(a, 'probe', 0) if self.next else 0
        self.h = 1 if self.probe == 2 else 0   # header slots beyond the head's two dead slots
        # --dead 1 (ovlrtl.md 17, an upper bound): one header slot, NEXT in s + 1, count bits
        # from s + 2, no POLL in the word; the FIFO room veto read with NEXT's lines (as if it
        # were free: what a standing room count would have to provide); NEXT not deciding:
        # a POLL steals the next count cycle, then the key slots
        self.dead = getattr(a, 'dead', 2) if (self.next and not self.probe) else 2
        if self.dead == 1:
            self.h = -1
        # --nextroom 1 (with --dead 1): NEXT's B line is the pair's "a FIFO short of room"
        # (the POLL's B) instead of CNT2 + 2's dirty bit: the room check paid for in lines
        self.nextroom = bool(getattr(a, 'nextroom', 0)) and self.dead == 1
        kb = self.KB
        if self.radix == 2:
            if self.overlap:
                plan = ['P'] + [1] * kb
            else:
                tail = min(4, self.BW)
                plan = ['P'] + [1] * (kb - tail) + ['F'] + [1] * tail
        else:
            plan = ['P'] + [2] * (kb // 2) + ([1] if kb % 2 else [])
        self.plan = plan
        # POLL's B line: a FIFO short of room (overlap: room for 2 pushes; radix 4 without
        # overlap: for 1); radix 2 without overlap checks room in the F slot (full FIFO).
        self.room_need = 2 if self.overlap else 1
        if self.bug == 'room1':
            self.room_need = 1
        self.poll_room = not (self.radix == 2 and not self.overlap)
        # a race: POLL to its last decision (idle), and NEXT's arrival to the last decision
        # (in a word, NEXT not deciding): K slots one per round trip, or streamed
        K = len(plan) - 1
        self.race_idle = (K + 1) * self.P
        self.race_after_next = K * self.P
        if self.stream:
            self.race_idle = 2 * self.P + K - 1 + self.SE
            self.race_after_next = self.P + K - 1 + self.SE


def derived(p):
    """Closed-form figures of overlap.md (word, idle closing, worst-case bound)."""
    P, Q, E = p.P, p.Q, p.E
    ns = len(p.plan)  # race slots including the POLL (and F)
    if not p.overlap:
        W = ns * P + Q + 2 + P + E
        idle = 1 + W
        bound = (p.M + 1) * W
        return dict(W=W, W_exit=W, idle=idle, bound=bound)
    K = ns - 1
    if p.next:
        n_st = K  # key slots at s + 2 + iP
    else:
        n_st = sum(1 for i in range(1, K + 1) if i * P >= 2)  # key slots at s + 1 + iP
    h = p.h
    if p.dead == 1:
        n_st += 1  # the POLL after NEXT
    W_race = 2 + h + P + p.race_after_next   # 2 + ns P unless streamed / probed / --dead 1
    if p.dead == 1:
        W_race = 1 + 2 * P + p.race_after_next
    W_exit = Q + 2 + h + n_st + P + E
    W = max(W_race, W_exit)
    idle = 1 + p.race_idle + Q + 2 + h + P + E
    race_idle = p.race_idle  # an idle race: POLL to head
    if p.idlespec:
        race_idle = 1 + K * P
        idle = 2 + race_idle + Q + 2 + P + E  # the POLL in c + 1 or c + 2: the larger
    # case A: the race running at the closing started without b: (M + 1) W - 1;
    # case B: no race in the running word (its POLLs missed): its exit, then an idle race,
    # then M words (overlap.md section 4)
    caseB = (Q + 2 + h + P + E) - (1 if p.next else 2) + race_idle
    bound = p.M * W + max(W - 1, caseB)
    if p.pipeend:
        # overlap.md 13: head to head W_pe when the next barrier differs; the word at c may
        # be followed by its own barrier again (fallback: W), x's own word ends with its exit
        W_pe = max(W_race, Q + (3 if p.pipeend == 1 else 2) + h + n_st)
        # the tail's exit (last slot + P + E) can fall on the next word's POLL / NEXT
        # arrivals (s' + 1 + P, s' + 2 + P; s' = last slot + 1 or + 0) and wait past them
        late = {1: 2, 2: 1}.get(E - (1 if p.pipeend == 1 else 0), 0)
        bound = (p.M - 1) * W_pe + W + late + max(W - 1, caseB)
        return dict(W=W_pe, W_exit=W_exit, W_old=W, idle=idle, bound=bound, caseB=caseB,
                    late=late)
    return dict(W=W, W_exit=W_exit, idle=idle, bound=bound, caseB=caseB)


def derived_tight(p):
    """The worst case counted word by word (overlap.md 12b), for the new contract with NEXT and
    M >= 3; None otherwise. derived() charges every word before the target's own a full W.
    But a word whose barrier lies 1 or 2 before the target x in round-robin order has x
    among CNT2 + 1, CNT2 + 2 at its NEXT slot: NEXT decides, no key slot steals a count
    cycle, and that word is W_f = Q + 2 + P + E long. With x dirty from its closing on, each
    race brings the word's barrier at least one step closer to x, so among the words before
    x's head at most two are such fast words, and all the others can be slow (W)."""
    if not p.overlap or not p.next or p.M < 3 or p.sched != 'race':
        return None
    dv = derived(p)
    P, Q, E, M = p.P, p.Q, p.E, p.M
    K = len(p.plan) - 1
    W, W_x = dv['W'], dv['W_exit']   # x's own word: head to exit, a slow race inside it
    W_f = Q + 2 + p.h + P + E        # NEXT decides: exit-limited, nothing stolen
    race_idle = 1 + K * P if p.idlespec else p.race_idle

    def chain(dist):
        # the words from a barrier at round-robin distance dist before x up to x's head
        return max(0, dist - 2) * W + min(dist, 2) * W_f
    # A: the word at c has a race (head to head <= W, c >= its head), next barrier != x
    case_a = W + chain(M - 1) + W_x
    # B: the word at c has no race: nothing was dirty at its POLL (s + 1), so c >= s + 1
    # and x may be that word's own barrier; its exit <= s + Q + 2 + P + E, then an idle race
    case_b = (Q + 1 + p.h + P + E) + race_idle + chain(M - 1) + W_x
    # C: idle at c: the POLL in c + 1 (idlespec: c + 1 or c + 2), or a race already running
    case_c = (2 if p.idlespec else 1) + race_idle + chain(M - 1) + W_x
    return max(case_a, case_b, case_c)


ADV_MODES = ('caseA', 'caseB', 'caseB2', 'advrand')


class Adversary:
    """Commits built against the contract (overlap.md 12b); every commit comes in a sum-zero
    pair (+1, then -1 in the same cycle or the next), so every word that reaches a barrier
    completes and runs to its last count bit (the longest word).
      caseA / caseB / caseB2: the directed worst case of the derivation, episode after
        episode. Barrier b gets a word of its own (word k); then x = b closes again, in
        word k's head cycle (caseA: word k has a race), or after its POLL (caseB: the pair
        in s + 1, same cycle; caseB2: +1 in s + 1, -1 in s + 2), so word k runs without a
        race. Then the races are steered through b + 1, b + 2, .. (each barrier dirtied just
        after the previous word's NEXT slot read it, so that its race is a slow one), x last.
      advrand: random pairs, timed relative to the heads and exits the pairs see (the
        offsets around the POLL, NEXT and key slots most often), a search for the worst.
    The adversary reads only the slot stream of the pairs (heads, exits), as a program that
    could watch the unit would."""

    def __init__(self, p, a, rng):
        self.p = p
        self.kind = a.mode
        self.rng = rng
        self.sched = {}        # cycle -> [(b, delta)]
        self.state = 'start'
        self.t0 = 40
        self.b = 0
        self.i = 0
        self.cx = None         # the target's closing cycle
        self.xlat = []         # the target's closing-to-exit latencies, one per episode
        self.deviations = 0    # heads not in the planned order
        self.overflow = 0      # commits pushed to a later cycle (no free PE of the phase)

    def pair(self, t, b, split):
        self.sched.setdefault(t, []).append((b, 1))
        self.sched.setdefault(t + (1 if split else 0), []).append((b, -1))

    def directed(self, x, slot, ev):
        p, M = self.p, self.p.M
        if self.state == 'start' and x >= self.t0:
            self.pair(x, self.b, False)      # b's own word, started by an idle race
            self.state = 'head_b'
        if slot[0] == 'H':
            h = slot[1]
            if self.state == 'head_b' and h == self.b:
                if self.kind == 'caseA':
                    self.pair(x, self.b, False)          # x closes in the head cycle
                    self.cx = x
                elif self.kind == 'caseB':
                    self.pair(x + 1, self.b, False)      # after the POLL of x + 1 read D
                    self.cx = x + 1
                else:
                    self.pair(x + 1, self.b, True)
                    self.cx = x + 2
                self.pair(x + 2, (self.b + 1) % M, False)  # b + 1: after NEXT (x + 2) read
                self.state = 'chain'
                self.i = 1
            elif self.state == 'chain' and h == (self.b + self.i) % M:
                dist = M - self.i                          # from this barrier to x
                if dist >= 3:
                    self.pair(x + 2, (h + 1) % M, False)   # slow race, winner h + 1
                elif dist == 2:
                    self.pair(x + 1, (h + 1) % M, False)   # NEXT decides h + 1
                else:
                    self.pair(x + 1, h, False)             # x's own word: a slow race
                    self.state = 'x'
                self.i += 1
            elif self.state == 'x' and h == self.b:
                self.state = 'exit'
            elif self.state in ('chain', 'x'):
                self.deviations += 1
        if ev is not None and ev[0] == 'exit' and ev[1] and self.state == 'exit' \
                and ev[2] == self.b:
            self.xlat.append(x - self.cx)
            self.state = 'start'
            self.t0 = x + 4 * p.Q + 60       # let the last word finish, unit idle again
            self.b = (self.b + 1) % M

    def random_(self, x, slot, ev):
        p, M, rng = self.p, self.p.M, self.rng
        if slot[0] == 'H':
            for y in range(M if M <= 8 else 8):
                b = y if M <= 8 else rng.randrange(M)
                if y < 4 and M > 8:
                    b = (slot[1] + 1 + y) % M            # the next barriers in rr order
                if rng.random() < 0.3:
                    o = rng.randint(0, p.P + 3) if rng.random() < 0.6 else rng.randint(0, 40)
                    self.pair(x + o, b, rng.random() < 0.5)
        if ev is not None and ev[0] == 'exit' and rng.random() < 0.5:
            self.pair(x + rng.randint(0, 2), rng.randrange(M), rng.random() < 0.5)
        if not self.sched and rng.random() < 0.02:
            self.pair(x, rng.randrange(M), rng.random() < 0.5)

    def commits(self, x, slot, ev):
        if self.kind == 'advrand':
            self.random_(x, slot, ev)
        else:
            self.directed(x, slot, ev)
        todo = self.sched.pop(x, [])
        out = []
        ph = x & 1
        for n, (b, dl) in enumerate(todo):
            if n >= self.p.N // 2:
                # one commit per PE and cycle: the rest waits for the next cycle of the phase
                self.sched.setdefault(x + 2, []).append((b, dl))
                self.overflow += 1
                continue
            out.append((2 * n + ph, b, dl))
        return out


class TaskEpochs:
    """--mode tasks: one epoch at a time, each a tree of tasks, after the golden model's sparse1
    (cpp_model/include/dsbc/stimulus.h, testbench/bench/bench_workloads.h: start_prob 0.002 per
    PE and cycle, one open epoch, act_prob 0.5, spawn_prob 0.48, migrate_prob 0.8, transit
    1 .. 24). Re-implemented from that description, simplified: no request-queue limit, no
    acknowledge latency, no pop stalls. Why: the sparse mode's law (two commits, the closing
    0 .. gap cycles after the opening) decides how often a closing finds the unit idle, and
    this is the law issue 13's sparse figure is measured with in the golden model.
    The root task's +1 opens the epoch; a task that acts spawns a child (+1 at its PE,
    the child then travels) or finishes (-1 at its PE). The global sum is the number of live
    tasks, so it is zero only after the last -1: one closing per epoch."""

    def __init__(self, p, rng):
        self.p = p
        self.rng = rng
        self.open_b = None     # the epoch's barrier
        self.tasks = []        # [pe, ready cycle]
        self.queue = [[] for _ in range(p.N)]   # per PE: pending commits (delta), in order
        self.live = 0          # tasks produced and not consumed (+1 committed or queued)
        self.allowed_from = 0  # next epoch: after the last one's completion
        self.closed = False

    def completed(self, b, x):
        if self.closed and b == self.open_b:
            self.open_b = None
            self.closed = False
            self.allowed_from = x + 1

    def commits(self, x):
        p, rng = self.p, self.rng
        if self.open_b is None and x >= self.allowed_from:
            # start_prob per PE and cycle: a start in this cycle with 1 - (1 - 0.002)^16
            if rng.random() < 1.0 - (1.0 - 0.002) ** p.N:
                pe = rng.randrange(p.N)
                self.open_b = rng.randrange(p.M)
                self.queue[pe].append(1)
                self.live = 1
                self.tasks = [[pe, x + 1]]
        if self.open_b is not None and not self.closed:
            keep = []
            for t in self.tasks:
                if t[1] <= x and rng.random() < 0.5:
                    if rng.random() < 0.48:
                        self.queue[t[0]].append(1)     # the child's +1 before it is sent
                        self.live += 1
                        dest = t[0]
                        if rng.random() < 0.8:
                            dest = rng.randrange(p.N - 1)
                            dest += 1 if dest >= t[0] else 0
                        keep.append(t)
                        # the child leaves after its +1 is committed: queue order + transit
                        keep.append([dest, x + 2 * len(self.queue[t[0]]) + rng.randint(1, 24)])
                    else:
                        self.queue[t[0]].append(-1)    # consumed
                        self.live -= 1
                else:
                    keep.append(t)
            self.tasks = keep
        out = []
        # each PE commits in its phase cycles, one queued commit per cycle, in order
        for pe in range(x & 1, p.N, 2):
            if self.queue[pe]:
                out.append((pe, self.open_b, self.queue[pe].pop(0)))
        if self.open_b is not None and self.live == 0 and not any(self.queue) and not self.closed:
            self.closed = True     # the last -1 went out: wait for its completion
        return out


def issue_bound(p):
    return p.M * (p.Q + p.BW + 6) + 32


class Seq:
    """The slot sequencer. One copy drives the 8 pair blocks (identical, in step), one copy
    sits in the global block; both see only the broadcast (ctl_load, ctl_done)."""

    def __init__(self, p):
        self.p = p
        self.word = None   # [s, b, j, exited]
        self.race = None   # [r0, i, prefix, plen, decided]
        self.arr = {}      # arrival cycle -> index of the race slot (plan) in flight
        self.c2 = p.M - 1  # CNT2: the last word's barrier
        self.protocol_errors = 0
        self.idle_ph = 0   # --idlespec: idle cycles alternate POLL (0) and SPEC (1)
        self.tail = None   # --pipeend: the previous word, all slots sent, its exit not yet in
        self.fallback = set()  # --pipeend: words whose next head waited (the same barrier)
        self.poll_now = False  # --dead 1: NEXT did not decide, a POLL in this cycle

    def step(self, x, load, done):
        """Take the broadcast of cycle x; return (slot, event)."""
        p = self.p
        ev = None
        idx = self.arr.pop(x, None)
        r = self.race
        if idx == -5:
            # --dead 1: NEXT (s + 1) decides the race alone, or a POLL goes out now
            if r is None and self.word is not None:
                if load or done:
                    self.race = r = [x - p.P, 1, (self.c2 + (1 if load else 2)) % p.M, 0, True,
                                     False, 0]
                else:
                    self.poll_now = True
        elif idx == -1:
            # the NEXT slot's decision (s + 2 + P): CNT2 + 1 or CNT2 + 2 dirty somewhere
            if r is None and p.bug == 'next_noroom' and (load or done) and self.word is not None:
                # planted: the NEXT decision taken although the POLL did not start the race
                self.race = r = [x - p.P, 1, (self.c2 + (1 if load else 2)) % p.M, 0, True, False, 0]
            elif r is not None and r[5]:
                if p.probe and done and not load:
                    # --probe: CNT2 + 1 is dirty but its global sum is odd: skipped, the NEXT
                    # slot (x - P) is its cut. The race is dropped: its POLL's GO may have come
                    # from CNT2 + 1 alone, and a key race with no candidate would decide the
                    # all-ones key (a phantom head of M - 1; found by the checks). A barrier
                    # still dirty waits for the idle POLL after the word's exit
                    ev = ('skip', (self.c2 + 1) % p.M, x - p.P)
                    self.race = r = None
                elif load or done:
                    r[2] = (self.c2 + (1 if load else 2)) % p.M
                    r[4] = True
                else:
                    r[5] = False
                    r[0] = x - p.P  # the key slots start now: slot 1 in x
        elif idx == -4:
            # --probe 2: NEXT's and PROBE's decision: (1, 0) CNT2 + 1; (0, 1) CNT2 + 2 (CNT2 + 1
            # skipped if dirty); (0, 0) the key slots (both skipped if dirty). The pairs clear
            # the dirty bits they reported in NEXT (s + 2) unless a commit came since
            if r is not None and r[5]:
                s_ = x - p.P - 3   # the head s (PROBE in s + 3)
                if load:
                    r[2] = (self.c2 + 1) % p.M
                    r[4] = True
                elif done:
                    r[2] = (self.c2 + 2) % p.M
                    r[4] = True
                    ev = ('skip2', ((self.c2 + 1) % p.M,), s_)
                else:
                    # neither: dropped like --probe 1's skip (the GO may have come from them)
                    self.race = r = None
                    ev = ('skip2', ((self.c2 + 1) % p.M, (self.c2 + 2) % p.M), s_)
        elif idx == -3:
            # an idle POLL followed by a SPEC slot (key slot 1 sent speculatively in p + 1)
            if r is None and load:
                self.race = r = [x - p.P + 1 - p.P, 1, 0, 0, False, False, 0]
        elif idx == -2:
            # the SPEC slot's decision: key digit 1, if its POLL started the race
            if r is not None and not r[4] and r[1] == 1 and x == r[0] + 2 * p.P:
                kind = p.plan[1]
                digit = ((load << 1) | done) if kind == 2 else load
                r[2] = digit
                r[3] = kind
                r[1] = 2
                if r[1] == len(p.plan):
                    r[4] = True
        elif idx is not None:
            kind = p.plan[idx]
            if kind == 'P':
                if r is None and load:
                    # with the NEXT slot (s + 2) the key slots wait for its decision
                    nxt = p.next and self.word is not None and not self.word[3] \
                        and x - p.P == self.word[0] + 1
                    self.race = r = [x - p.P, 1, 0, 0, False, nxt, 0]
            elif r is None or r[1] != idx:
                self.protocol_errors += 1
            elif kind == 'F':
                if load:
                    self.race = r = None
                    ev = ('abort',)
                else:
                    r[1] += 1
            else:
                digit = ((load << 1) | done) if kind == 2 else load
                r[2] = (r[2] << kind) | digit
                r[3] += kind
                r[1] += 1
            if r is not None and r[1] == len(p.plan):
                r[4] = True
        elif (load or done) and self.tail is not None and p.bug != 'pe_late':
            t = self.tail                  # --pipeend: the exit answers the older word
            self.tail = None
            ev = ('exit', bool(done), t[1], t[0])
        elif load or done:
            w = self.word
            if p.bug == 'pe_late':
                self.tail = None           # planted: the late exit taken as the new word's
            if w is not None and not w[3] and (w[2] > 0 or p.sched == 'rr'):
                w[3] = True
                ev = ('exit', bool(done), w[1], w[0])
            else:
                self.protocol_errors += 1
        w = self.word
        if w is not None and w[3]:
            self.word = w = None
        ph = self.idle_ph
        self.idle_ph = 0
        if p.sched == 'rr':
            # the round-robin scan (baseline): a word per barrier in turn, no race; the
            # next head as soon as the exit is known; the open slot s + RRCOUNT - 2 carries
            # the "changed" line (an unchanged barrier's word exits on it, pair.md's open
            # slot); count bits from s + RRCOUNT
            if w is None:
                b = (self.c2 + 1) % p.M
                self.word = [x, b, 0, False]
                self.c2 = b
                return ('H', b), ev
            if x == w[0] + p.rrcount - 2:
                return ('O',), ev
            if x >= w[0] + p.rrcount and w[2] < p.Q:
                j = w[2]
                w[2] += 1
                return ('C', j), ev
            return ('W',), ev
        if r is not None and r[4] and w is None:
            b = r[2] & (p.M - 1)
            self.word = [x, b, 0, False]
            self.race = None
            self.c2 = b
            return ('H', b), ev
        if p.pipeend and r is not None and r[4] and w[2] >= p.Q - (1 if p.pipeend == 2 else 0) \
                and (r[2] & (p.M - 1)) == w[1] and p.bug != 'pe_same':
            self.fallback.add(w[0])
        if p.pipeend and r is not None and r[4] and self.tail is None \
                and w[2] >= p.Q - (1 if p.pipeend == 2 else 0) \
                and ((r[2] & (p.M - 1)) != w[1] or p.bug == 'pe_same'):
            # overlap.md 13: the word's count slots are all sent (pipeend 2: the last one is
            # sent in this cycle, together with the head): the next head now, the old word
            # waits for its exit as the tail. Not when the winner is the old word's barrier
            # (its snapshot would precede the rebase): then the exit first, as today.
            b = r[2] & (p.M - 1)
            self.tail = w
            self.word = [x, b, 0, False]
            self.race = None
            self.c2 = b
            if w[2] < p.Q:
                j = w[2]
                w[2] += 1
                return ('X', j, b), ev
            return ('H', b), ev
        if p.stream and r is not None and not r[4] and not r[5] and x >= r[0] + p.P \
                and r[6] < len(p.plan) - 1:
            # streamed key slots: one a cycle from the race's start (GO, or NEXT not deciding)
            r[6] += 1
            idx = r[6]
            self.arr[x + p.P + p.SE] = idx
            off = sum(p.plan[1:idx])
            return ('Z', off, p.plan[idx], idx), ev
        if not p.stream and r is not None and not r[4] and not r[5] and x == r[0] + r[1] * p.P:
            idx = r[1]
            self.arr[x + p.P] = idx
            kind = p.plan[idx]
            if kind == 'F':
                return ('F',), ev
            return ('K', r[2], r[3], kind), ev
        if self.poll_now:
            self.poll_now = False
            if r is None and w is not None:
                self.arr[x + p.P] = 0
                return ('P',), ev
        if w is None:
            if r is None:
                if p.idlespec:
                    self.idle_ph = 1 - ph
                    if ph == 1:
                        self.arr[x + p.P] = -2
                        return ('S', 0, 0, p.plan[1]), ev
                    self.arr[x + p.P] = -3
                    return ('P',), ev
                self.arr[x + p.P] = 0
                return ('P',), ev
            return ('W',), ev
        s = w[0]
        if p.dead == 1 and x == s + 1:
            self.arr[x + p.P] = -5
            return ('N', self.c2), ev
        if x == s + 2 and p.next and p.dead == 2:
            if p.probe != 2:
                self.arr[x + p.P] = -1
            return ('N', self.c2), ev
        if x == s + 3 and p.probe == 2:
            self.arr[x + p.P] = -4
            return ('Q', self.c2), ev
        if (x == s + 1 or x == s + 2) and p.dead == 2:
            if p.overlap and r is None:
                self.arr[x + p.P] = 0
                return ('P',), ev
            return ('W',), ev
        if x >= s + 3 + p.h and w[2] < p.Q:
            j = w[2]
            w[2] += 1
            return ('C', j), ev
        return ('W',), ev


class Global:
    """The global block: decisions from the 16 lines of the slot its sequencer names."""

    def __init__(self, p):
        self.p = p
        self.seq = Seq(p)
        self.dec = {}          # arrival cycle -> (load, done) for race slots
        self.hit_arrival = -1  # a POLL hit in flight until this cycle
        self.carry = 0
        self.exit_decided = False
        self.exit_pending = None  # (due cycle, done, bit)
        self.exit_queue = []      # --pipeend: the exits decided after it (a 2-entry queue)
        self.exit_queue_max = 0   # --pipeend: its largest occupancy (0: one pending exit suffices)
        self.exit_bit = -1        # bookkeeping only: the bit the last exit was decided on
        self.changed = True       # rr baseline only: some pair changed the head's barrier
        self.still = None         # --stream: the pairs still in the race, one flag each
        self.nxt = None           # --probe 2: the NEXT slot's lines (dirty CNT2 + 1 / + 2)

    def broadcast(self, x):
        if x in self.seq.arr:
            return self.dec.pop(x, (0, 0))
        e = self.exit_pending
        if e is not None and e[0] <= x:
            self.exit_pending = self.exit_queue.pop(0) if self.exit_queue else None
            self.exit_bit = e[2]
            return (1, 1 if e[1] else 0)
        return (0, 0)

    def odd(self, L):
        """--probe: a global sum's bit 0 from the pairs' parity lines: their XOR."""
        if self.p.bug == 'pr_or':
            return 1 if any(L) else 0   # planted: an OR
        return sum(L) & 1

    def set_exit(self, e):
        if self.exit_pending is None:
            self.exit_pending = e
        elif self.p.pipeend:
            self.exit_queue.append(e)  # the old word's exit still in flight (overlap.md 13)
            self.exit_queue_max = max(self.exit_queue_max, len(self.exit_queue))
        else:
            self.seq.protocol_errors += 1

    def decide(self, x, slot, A, B):
        p = self.p
        k = slot[0]
        if k == 'P':
            if self.hit_arrival > x:
                self.dec[x + p.P] = (0, 0)
                return
            hit = any(A) and not (p.poll_room and any(B))
            self.dec[x + p.P] = (1 if hit else 0, 0)
            if hit:
                self.hit_arrival = x + p.P
        elif k == 'S' and self.hit_arrival != x - 1 + p.P:
            self.dec[x + p.P] = (0, 0)  # its POLL (x - 1) did not start a race: ignored
        elif k == 'K' or k == 'S':
            hi = 1
            for a in A:
                hi &= a
            lo = 1
            for a, b in zip(A, B):
                if a == hi or p.bug == 'lo_all':
                    lo &= b
            if slot[3] == 1:
                lo = 0
            self.dec[x + p.P] = (hi, lo)
        elif k == 'Z':
            # --stream: digit i from the pairs still in (a pair out sends its own key's
            # digits, which lost on an earlier digit); the flags follow the winner
            if slot[3] == 1:
                self.still = [True] * len(A)
            st = self.still
            hi = 1
            for a, s_ in zip(A, st):
                if s_:
                    hi &= a
            lo = 1
            if slot[2] == 2:
                for a, b, s_ in zip(A, B, st):
                    if s_ and (a == hi or p.bug == 'lo_all'):
                        lo &= b
            else:
                lo = 0
            for i in range(len(A)):
                if st[i] and (A[i] != hi or (slot[2] == 2 and B[i] != lo)) \
                        and p.bug != 'st_keep':
                    st[i] = False
            self.dec[x + p.P + p.SE] = (hi, lo)
        elif k == 'F':
            self.dec[x + p.P] = (1 if any(A) else 0, 0)
        elif k == 'N' and p.nextroom:
            self.dec[x + p.P] = (0, 0) if any(B) else (1 if any(A) else 0, 0)
        elif k == 'N' and p.probe == 2:
            self.nxt = (any(A), any(B))
        elif k == 'Q':
            d1, d2 = self.nxt
            o1, o2 = self.odd(A), self.odd(B)
            if d1 and not o1:
                dec = (1, 0)
            elif d2 and not o2:
                dec = (0, 1)
            else:
                dec = (0, 0)
            self.dec[x + p.P] = dec
        elif k == 'N' and p.probe:
            self.dec[x + p.P] = (0, 1) if (any(A) and self.odd(B)) else (1 if any(A) else 0, 0)
        elif k == 'N':
            self.dec[x + p.P] = (1 if any(A) else 0, 1 if any(B) else 0)
        elif k == 'H':
            self.carry = 0
            self.exit_decided = False
            self.changed = True
        elif k == 'O':
            self.changed = any(A)
            if not self.changed:
                self.exit_decided = True
                self.exit_bit = -1
                self.set_exit((x + p.P, False, -1))
        elif k == 'C':
            if self.exit_decided:
                return
            col = sum(A) + sum(B) + self.carry
            bit = col & 1
            self.carry = col >> 1
            if bit or slot[1] == p.Q - 1:
                self.exit_decided = True
                self.exit_bit = slot[1]
                self.set_exit((x + p.P + p.E, bit == 0 and self.changed, slot[1]))


class Check:
    """Independent of the scheduler: commits, heads and completions only."""

    def __init__(self, p, bound, out):
        self.p = p
        self.bound = bound
        self.out = out
        M = p.M
        self.pend = [[] for _ in range(M)]   # (cycle, delta) since the last completed cut
        self.total = [0] * M
        self.closing = {}                    # b -> [c, short]
        self.uncov = {}                      # b -> earliest commit since b's last head
        self.since = [[] for _ in range(M)]  # --probe: commit cycles since b's last head / skip
        self.skips = 0
        self.errors = 0
        self.lat = []
        self.lat_short = []
        self.heads = [0] * M
        self.compl = [0] * M
        self.max_head_wait = 0
        self.short_now = False
        self.flagged = set()

    def err(self, x, msg):
        self.errors += 1
        if self.errors <= 8:
            self.out.write('FAIL cycle %d: %s\n' % (x, msg))

    def commit(self, c, b, delta):
        self.pend[b].append((c, delta))
        self.total[b] += delta
        if self.total[b] == 0:
            self.closing[b] = [c, self.short_now]
        else:
            self.closing.pop(b, None)
        if b not in self.uncov:
            self.uncov[b] = [c, self.short_now]
        self.since[b].append(c)

    def skip(self, x, b, cut, cut_sum):
        """--probe: b skipped (its dirty bits cleared as of cut): legal only if a commit to b
        came since its last head / skip and b's global sum at cut_sum (>= cut) is not 0."""
        self.skips += 1
        before = [c for c in self.since[b] if c < cut]
        after = [c for c in self.since[b] if c >= cut]
        self.since[b] = after
        if not before:
            self.err(x, 'PHANTOM skip of barrier %d: no commit to it since its last head' % b)
            return
        if sum(dl for (c, dl) in self.pend[b] if c < cut_sum) == 0:
            self.err(x, 'ILLEGAL skip of %d: global sum at the cut %d is 0' % (b, cut_sum))
        uu = self.uncov.pop(b, None)
        if uu is not None and not uu[1]:
            self.max_head_wait = max(self.max_head_wait, cut - uu[0])
        if after:
            self.uncov[b] = [after[0], self.short_now]

    def head(self, s, b):
        self.heads[b] += 1
        self.since[b] = []
        uu = self.uncov.pop(b, None)
        if self.p.sched == 'rr':
            if uu is not None and uu[0] >= s:
                self.uncov[b] = uu
            elif uu is not None:
                self.max_head_wait = max(self.max_head_wait, s - uu[0])
        elif uu is None or uu[0] >= s:
            self.err(s, 'PHANTOM head of barrier %d: no commit to it since its last head' % b)
            if uu is not None:
                self.uncov[b] = uu
        else:
            u = uu[0]
            if not uu[1]:
                self.max_head_wait = max(self.max_head_wait, s - u)
            if s - u > self.bound and ('h', b, u) not in self.flagged and not uu[1]:
                self.err(s, 'RACE LIVENESS: barrier %d changed in %d, head only in %d' % (b, u, s))

    def completion(self, d, b, s):
        self.compl[b] += 1
        pe = self.pend[b]
        inside = [dl for (c, dl) in pe if c < s]
        if not inside:
            self.err(d, 'ILLEGAL completion of %d: no change since the last completion' % b)
        elif sum(inside) != 0:
            self.err(d, 'ILLEGAL completion of %d: global sum at the cut %d is %d'
                     % (b, s, sum(inside)))
        self.pend[b] = [(c, dl) for (c, dl) in pe if c >= s]
        cl = self.closing.get(b)
        if cl is not None and cl[0] < s:
            del self.closing[b]
            if cl[1]:
                self.lat_short.append(d - cl[0])
            else:
                self.lat.append(d - cl[0])
                if d - cl[0] > self.bound:
                    self.err(d, 'LIVENESS: closing of %d in %d completed only in %d'
                             % (b, cl[0], d))

    def cycle(self, x, short):
        self.short_now = short
        if short:
            for cl in self.closing.values():
                cl[1] = True
            for uu in self.uncov.values():
                uu[1] = True
        if x & 15:
            return
        for b, cl in self.closing.items():
            if not cl[1] and x - cl[0] > self.bound and ('c', b, cl[0]) not in self.flagged:
                self.flagged.add(('c', b, cl[0]))
                self.err(x, 'LIVENESS: closing of %d in %d not completed within %d'
                         % (b, cl[0], self.bound))
        for b, uu in self.uncov.items():
            u = uu[0]
            if x - u > self.bound and ('h', b, u) not in self.flagged and not uu[1]:
                self.flagged.add(('h', b, u))
                self.err(x, 'RACE LIVENESS: barrier %d changed in %d, no head within %d'
                         % (b, u, self.bound))


ALL_ONES = {w: (1 << w) - 1 for w in range(1, 16)}   # a digit of width w with no candidate: all ones


def key_digit(p, D, c2, prefix, plen, w):
    """One pair's key digit (w bits) for a race slot: the digit, below the prefix's plen bits,
    of the first (smallest) key {wrap, b} among the pair's dirty barriers D (a bitmask), where
    wrap = (b <= CNT2 = c2): barriers after the last head come first (fair order)."""
    if p.bug == 'nowrap':
        km = D
    else:
        lm = (1 << (c2 + 1)) - 1
        km = (D & ~lm) | ((D & lm) << p.M)
    sh = p.KB - plen
    lo = prefix << sh          # the keys matching the prefix: lo .. lo + 2^sh - 1
    sel = (km >> lo) & ((1 << (1 << sh)) - 1)
    if sel == 0:
        return ALL_ONES[w]
    k = lowest_one(sel)
    return (k >> (sh - w)) & ALL_ONES[w]


def next_room_lines(p, lines, room_short):
    """--dead 1: NEXT's lines with the POLL's room line (a FIFO of the pair short of room,
    room_short): on NEXT's B line (--nextroom), or for free as a veto on both lines (an upper
    bound). The model's main loop and ovl_replay.py both call it (ovlrtl.md 18b)."""
    n = len(room_short)
    if p.bug == 'dead_room':
        room_short = [0] * n   # planted: no room check
    if p.nextroom:
        return (lines[0], room_short)
    if any(room_short):
        return ([0] * n, [0] * n)
    return lines


def pair_lines(p, slot, c2, dirty, key_dirty, fifo, snap, chg, skey=None):
    """The pairs' two serial lines (A, B: one list each, a bit per pair) in a slot, or None in
    a slot without a decision ('W'). dirty / key_dirty: each pair's dirty set as the lines see
    it, and as the key digits see it (the same in the model; the RTL's key digits read it one
    cycle old, ovl_replay.py); fifo: each PE's FIFO (a list); snap: the running word's
    snapshot per PE; chg: the rr baseline's "the pair changed the head's barrier" bits.
    Shared by the model's own run and by ovl_replay.py, so that both drive the global block
    with the same lines."""
    k = slot[0]
    npairs = p.N // 2
    A = [0] * npairs
    B = [0] * npairs
    if k == 'P':
        for i in range(npairs):
            A[i] = 1 if dirty[i] else 0
            if p.poll_room:
                free = min(p.D - len(fifo[2 * i]), p.D - len(fifo[2 * i + 1]))
                B[i] = 1 if free < p.room_need else 0
    elif k == 'K' or k == 'S':
        w = slot[3]
        for i in range(npairs):
            dg = key_digit(p, key_dirty[i], c2, slot[1], slot[2], w)
            A[i], B[i] = (dg >> 1, dg & 1) if w == 2 else (dg, 1)
    elif k == 'Z':
        # --stream: digit (offset slot[1], width slot[2]) of the pair's own smallest key,
        # taken at key slot 1 (skey, kept by the caller)
        off, w = slot[1], slot[2]
        for i in range(npairs):
            dg = (skey[i] >> (p.KB - off - w)) & ALL_ONES[w]
            A[i], B[i] = (dg >> 1, dg & 1) if w == 2 else (dg, 1)
    elif k == 'F':
        for i in range(npairs):
            A[i] = 1 if (len(fifo[2 * i]) >= p.D or len(fifo[2 * i + 1]) >= p.D) else 0
    elif k == 'H' or k == 'Q':
        pass   # 'Q' (--probe 2): the caller fills in the parities
    elif k == 'O':
        A = list(chg)
    elif k == 'N':
        b1 = (slot[1] + 1) % p.M
        b2 = (slot[1] + 2) % p.M
        for i in range(npairs):
            A[i] = (dirty[i] >> b1) & 1
            B[i] = (dirty[i] >> b2) & 1
    elif k == 'C':
        j = slot[1]
        A = [(snap[2 * i] >> j) & 1 for i in range(npairs)]
        B = [(snap[2 * i + 1] >> j) & 1 for i in range(npairs)]
    else:
        return None
    return A, B


class SparseClosings:
    """--mode sparse: one closing at a time. An opening commit (+1 or -1) at a random PE and
    barrier, the closing commit (the opposite delta, at another random PE) gapmin .. gap cycles
    later; the next opening 0 .. gap cycles after that barrier's completion. Each PE commits in
    its phase cycles (PE 2i even, 2i + 1 odd). Shared by ideal_bound.py."""

    def __init__(self, rng, N, M, gapmin, gap):
        self.rng, self.N, self.M, self.gapmin, self.gap = rng, N, M, gapmin, gap
        self.ep = None   # [phase, pe, b, delta, due, closing cycle]
        self.start = 0

    def commits(self, x):
        rng, ep = self.rng, self.ep
        out = []
        if ep is None and x >= self.start:
            pe = rng.randrange(self.N)
            ep = self.ep = [0, pe, rng.randrange(self.M), 1 if rng.random() < 0.5 else -1, x, -1]
        if ep is not None and ep[0] < 2 and x >= ep[4] and (ep[1] & 1) == (x & 1):
            out.append((ep[1], ep[2], ep[3]))
            if ep[0] == 0:
                ep[0] = 1
                ep[1] = rng.randrange(self.N)
                ep[3] = -ep[3]
                ep[4] = x + rng.randint(self.gapmin, self.gap)
            else:
                ep[0] = 2
                ep[5] = x
        return out

    def completed(self, b, s, x):
        """b completed in x from the cut s: the next opening if it was the closing's barrier."""
        ep = self.ep
        if ep is not None and ep[0] == 2 and ep[2] == b and ep[5] < s:
            self.ep = None
            self.start = x + 1 + self.rng.randint(0, self.gap)


def random_commits(rng, ph, N, M, hot, rate, gen_sum):
    """--mode random / busy: the requests of one cycle's phase (PE 2i in even cycles, 2i + 1 in
    odd ones), each PE with probability rate; the barrier one of the hot ones three times in
    four, else any; the delta toward the barrier's generated sum 0 three times in four.
    gen_sum is the caller's (the sum of the accepted commits). Shared by ideal_bound.py."""
    commits = []
    for pe in range(ph, N, 2):
        if rng.random() < rate:
            b = rng.randrange(hot) if rng.random() < 0.75 else rng.randrange(M)
            gs = gen_sum[b]
            if gs == 0:
                dl = 1 if rng.random() < 0.5 else -1
            else:
                toward = -1 if gs > 0 else 1
                dl = toward if rng.random() < 0.75 else -toward
            commits.append((pe, b, dl))
    return commits


def run(a, out):
    p = Params(a)
    dv = derived(p)
    rng = random.Random(a.seed)
    N, M = p.N, p.M
    npairs = N // 2
    cmax = (1 << (p.T - 1)) - 1
    cmin = -(1 << (p.T - 1))
    cnt = [[0] * M for _ in range(N)]
    dirty = [0] * npairs          # per pair, a bitmask over barriers
    fifo = [[] for _ in range(N)]
    snap = [0] * N
    chg = [0] * npairs            # rr baseline: the pair changed the head's barrier
    skey = [0] * npairs           # --stream: each pair's key, taken at key slot 1
    dhist = []                    # --streamstale: the dirty sets of the last cycles' lines
    stale = getattr(a, 'streamstale', 0)
    lastc = [[-1] * M for _ in range(npairs)]  # --probe: each pair's last commit cycle per barrier
    nrep = None                   # --probe 2: the pairs' NEXT lines of the running word

    def skip(x, b, pairs, cut, cut_sum):
        # --probe: b skipped; the given pairs clear its dirty bit unless a commit came since
        # the cut
        stats['skips'] += 1
        for i in pairs:
            if lastc[i][b] < cut or p.bug == 'pr_clear':
                dirty[i] &= ~(1 << b)
        chk.skip(x, b, cut, cut_sum)

    def pair_parity(i, b):
        # --probe: pair i's share of b's parity, the XOR of its two PEs' count bits 0
        if p.bug == 'pr_half':
            return cnt[2 * i][b] & 1   # planted: PE A's bit only
        return (cnt[2 * i][b] ^ cnt[2 * i + 1][b]) & 1
    pseq = Seq(p)
    gb = Global(p)
    bound = dv['bound']
    if a.bound == 'tight':
        bound = derived_tight(p)
    elif a.bound:
        bound = int(a.bound)
    chk = Check(p, bound, out)
    adv = Adversary(p, a, rng) if a.mode in ADV_MODES else None
    tep = TaskEpochs(p, rng) if a.mode == 'tasks' else None
    stats = dict(commits=0, refused=0, heads=0, completions=0, pops=0, short_cycles=0,
                 aborts=0, full_words=0, early_words=0, push_full=0, skips=0)
    full_gap = {}
    last_head = None
    last_full = False
    gen_sum = [0] * M
    sparse = SparseClosings(rng, N, M, a.gapmin, a.gap)
    wstate = [None] * N
    mode = a.mode
    popp = 1.0 / a.popdiv
    hot = min(a.hot, M) if a.hot else M
    room_base = p.room_need
    snaps = {}          # --pipeend: each word's snapshot by its head cycle (the tail's rebase)
    pe_heads = []       # --pipeend: head cycles, for the head-to-head statistic
    pe_full = set()     # --pipeend: head cycles of the words that ran to bit Q - 1
    pe_log = [[] for _ in range(M)]  # --pipeend: (cycle, PE, delta) since b's last completed cut
    # --dump FILE: the run's applied commits and pops, heads and exits, one event a line (for
    # the C++ contract's cross-check, cpp_model/test/ovl/data/py/); nothing else changes
    dump_path = getattr(a, 'dump', '')
    dump = open(dump_path, 'w') if dump_path else None

    for x in range(a.cycles):
        load, done = gb.broadcast(x)
        slot, ev = pseq.step(x, load, done)
        gslot, gev = gb.seq.step(x, load, done)
        if x < a.trace:
            out.write('trace %d: bc=%d%d slot=%r ev=%r dirty=%s\n'
                      % (x, load, done, slot, ev, [hex(d) for d in dirty if d]))
        if slot != gslot:
            chk.err(x, 'pairs and global block disagree on the slot: %r / %r' % (slot, gslot))
        if ev is not None:
            if ev[0] == 'skip2':
                # --probe 2: each pair clears what it reported in NEXT (s + 2); the sums
                # were read in PROBE (s + 3)
                s2 = ev[2]
                for j, b in enumerate(ev[1]):
                    rep = [i for i in range(npairs) if nrep[j][i]]
                    if rep:
                        skip(x, b, rep, s2 + 2, s2 + 3)
            elif ev[0] == 'skip':
                skip(x, ev[1], range(npairs), ev[2], ev[2])
            elif ev[0] == 'abort':
                stats['aborts'] += 1
            elif ev[0] == 'exit':
                if dump:
                    dump.write('e %d %d %d %d\n' % (x, 1 if ev[1] else 0, ev[2], ev[3]))
                last_full = (gb.exit_bit == p.Q - 1)
                stats['full_words' if last_full else 'early_words'] += 1
                wsnap = snap
                if p.pipeend:
                    if last_full:
                        pe_full.add(ev[3])
                    wsnap = snaps.pop(ev[3], snap)
                if ev[1]:
                    b, s = ev[2], ev[3]
                    stats['completions'] += 1
                    for pe in range(N):
                        if len(fifo[pe]) >= p.D:
                            stats['push_full'] += 1
                            chk.err(x, 'push into a full FIFO (PE %d)' % pe)
                        else:
                            fifo[pe].append(b)
                        cnt[pe][b] -= wsnap[pe]
                    if p.pipeend:
                        # every PE's count = its own commits since the cut (the rebase exact)
                        pe_log[b] = [e for e in pe_log[b] if e[0] >= s]
                        want = [0] * N
                        for e in pe_log[b]:
                            want[e[1]] += e[2]
                        for pe in range(N):
                            if cnt[pe][b] != want[pe]:
                                chk.err(x, 'REBASE: PE %d count of %d is %d after the completion, '
                                        'its commits since the cut %d sum to %d'
                                        % (pe, b, cnt[pe][b], s, want[pe]))
                                break
                    chk.completion(x, b, s)
                    if tep is not None:
                        tep.completed(b, x)
                    sparse.completed(b, s, x)
        # lines of cycle x
        if p.pipeend:
            # POLL's B line: with a tail (an exit in flight) 3 pushes may come (overlap.md 13)
            p.room_need = room_base + (1 if pseq.tail is not None and p.bug != 'pe_room' else 0)
        if dump and slot[0] in ('H', 'X'):
            dump.write('h %d %d %s\n' % (x, slot[-1], slot[0]))
        if slot[0] == 'X':
            # --pipeend 2: count bit Q - 1 of the old word (old snapshot), then the head
            lines = pair_lines(p, ('C', slot[1]), pseq.c2, dirty, dirty, fifo, snap, chg)
            gb.decide(x, ('C', slot[1]), *lines)
            slot = ('H', slot[2])
        k = slot[0]
        if k == 'H' and p.pipeend:
            pe_heads.append(x)
        if k == 'H':
            b = slot[1]
            stats['heads'] += 1
            if last_head is not None and last_full and not p.pipeend:
                g = x - last_head
                full_gap[g] = full_gap.get(g, 0) + 1
            last_head = x
            if p.bug != 'snapcut':
                for pe in range(N):
                    snap[pe] = cnt[pe][b]
            mask = ~(1 << b)
            for i in range(npairs):
                chg[i] = (dirty[i] >> b) & 1
                dirty[i] &= mask
            if p.pipeend:
                snaps[x] = list(snap)
            chk.head(x, b)
        if stale:
            dhist.append(list(dirty))
            if len(dhist) > stale + 1:
                dhist.pop(0)
        if k == 'Z' and slot[3] == 1:
            # --streamstale S: the key from the dirty set of S cycles before (a pipelined
            # encoder); CNT2 (the wrap) as of now
            kd = dhist[0] if stale else dirty
            for i in range(npairs):
                skey[i] = key_digit(p, kd[i], pseq.c2, 0, 0, p.KB)
                if p.bug == 'sk_nowrap':
                    # planted: the key without its wrap bit (barriers before CNT2 not last)
                    m = dirty[i]
                    skey[i] = lowest_one(m) if m else ALL_ONES[p.KB]
        lines = pair_lines(p, slot, pseq.c2, dirty, dirty, fifo, snap, chg, skey)
        if k == 'N' and p.dead == 1:
            lines = next_room_lines(p, lines, pair_lines(p, ('P',), pseq.c2, dirty, dirty, fifo,
                                                         snap, chg)[1])
        if k == 'N' and p.probe == 2:
            nrep = (list(lines[0]), list(lines[1]))   # what each pair reported (dirty)
        if k == 'Q':
            # --probe 2: A / B = the parities of CNT2 + 1 / CNT2 + 2 (commits before x)
            lines = tuple([pair_parity(i, (slot[1] + d) % p.M) for i in range(npairs)]
                          for d in (1, 2))
        if k == 'N' and p.probe == 1:
            # the B line: the parity of CNT2 + 1 (commits before x)
            lines = (lines[0], [pair_parity(i, (slot[1] + 1) % p.M) for i in range(npairs)])
        if lines is not None:
            gb.decide(x, slot, *lines)
        # pops
        for pe in range(N):
            if fifo[pe] and rng.random() < popp:
                fifo[pe].pop(0)
                stats['pops'] += 1
                if dump:
                    dump.write('p %d %d\n' % (x, pe))
        short = False
        for pe in range(N):
            if p.D - len(fifo[pe]) < p.room_need:
                short = True
                break
        if short:
            stats['short_cycles'] += 1
        chk.cycle(x, short)
        # commits of cycle x (phase: PE 2i in even cycles, 2i + 1 in odd ones)
        ph = x & 1
        commits = []
        if mode == 'random' or mode == 'busy':
            # as pairunit's self-check: requests three times in four, 1 in 64 in the quiet
            # phases (1,500 of every 2,000 cycles); barrier hot three times in four, else any
            active = (mode == 'busy') or (not a.quiet) or (x % 2000) < 500
            commits = random_commits(rng, ph, N, M, hot, 0.75 if active else 1.0 / 64, gen_sum)
        elif mode == 'worst':
            # every PE: +1 then -1 to one barrier in consecutive phase cycles, a new random
            # barrier each time (rate 1 in 4): nearly every barrier dirty with sum zero, so
            # nearly every word is a full one that completes (the worst case's pattern)
            for pe in range(ph, N, 2):
                st = wstate[pe]
                if st is None:
                    if rng.random() < 0.25:
                        b = rng.randrange(M)
                        commits.append((pe, b, 1))
                        wstate[pe] = b
                else:
                    commits.append((pe, st, -1))
                    wstate[pe] = None
        elif adv is not None:
            commits = adv.commits(x, slot, ev)
        elif tep is not None:
            commits = tep.commits(x)
        else:  # sparse: one closing at a time
            commits = sparse.commits(x)
        for pe, b, dl in commits:
            v = cnt[pe][b] + dl
            if v > cmax or v < cmin:
                stats['refused'] += 1
                continue
            if p.bug == 'snapcut' and slot[0] == 'H' and slot[1] == b:
                # planted: the commit of cycle s is taken into the snapshot (and, D[b]
                # being cleared, it leaves no dirty bit)
                cnt[pe][b] = v
                gen_sum[b] += dl
                stats['commits'] += 1
                chk.commit(x, b, dl)
                continue
            cnt[pe][b] = v
            gen_sum[b] += dl
            stats['commits'] += 1
            if p.pipeend:
                pe_log[b].append((x, pe, dl))
            if dump:
                dump.write('c %d %d %d %d\n' % (x, pe, b, dl))
            dirty[pe >> 1] |= (1 << b)
            if p.probe:
                lastc[pe >> 1][b] = x
            chk.commit(x, b, dl)
        if p.bug == 'snapcut' and slot[0] == 'H':
            for pe in range(N):
                snap[pe] = cnt[pe][slot[1]]
    for i in range(len(pe_heads) - 1):
        if pe_heads[i] in pe_full:
            g = pe_heads[i + 1] - pe_heads[i]
            full_gap[g] = full_gap.get(g, 0) + 1
    if dump:
        dump.close()
    errors = chk.errors + pseq.protocol_errors + gb.seq.protocol_errors
    if pseq.protocol_errors:
        out.write('FAIL: %d protocol errors (a broadcast in no slot)\n' % pseq.protocol_errors)
    lat = chk.lat
    res = dict(stats)
    res['lat_n'] = len(lat)
    res['lat_mean'] = (sum(lat) / len(lat)) if lat else 0.0
    res['lat_max'] = max(lat) if lat else 0
    res['lat_min'] = min(lat) if lat else 0
    res['short_n'] = len(chk.lat_short)
    res['short_max'] = max(chk.lat_short) if chk.lat_short else 0
    res['errors'] = errors
    res['full_gap'] = full_gap
    res['heads_per_b'] = chk.heads
    res['compl_per_b'] = chk.compl
    res['max_head_wait'] = chk.max_head_wait
    res['derived'] = dv
    res['p'] = p
    res['adv'] = adv
    res['bound'] = bound
    res['fallback'] = len(pseq.fallback)
    res['xq'] = gb.exit_queue_max
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--M', type=int, default=32)
    ap.add_argument('--T', type=int, default=16)
    ap.add_argument('--N', type=int, default=16, help='PEs (even; the RTL takes <= 16)')
    ap.add_argument('--R', type=int, default=2)
    ap.add_argument('--E', type=int, default=0)
    ap.add_argument('--radix', type=int, default=4, choices=(2, 4))
    ap.add_argument('--overlap', type=int, default=1, choices=(0, 1))
    ap.add_argument('--fifo', type=int, default=8)
    ap.add_argument('--mode', default='random', choices=('random', 'busy', 'sparse', 'worst', 'tasks') + ADV_MODES)
    ap.add_argument('--hot', type=int, default=4, help='random: barriers 0..hot-1 (0: all)')
    ap.add_argument('--quiet', type=int, default=1)
    ap.add_argument('--gapmin', type=int, default=0)
    ap.add_argument('--gap', type=int, default=64)
    ap.add_argument('--popdiv', type=float, default=4)
    ap.add_argument('--cycles', type=int, default=100000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--trace', type=int, default=0, help='print the first TRACE cycles')
    ap.add_argument('--next', type=int, default=1, choices=(0, 1),
                    help='overlap only: the NEXT slot in s + 2 (CNT2 + 1 / CNT2 + 2 dirty?)')
    ap.add_argument('--idlespec', type=int, default=0, choices=(0, 1),
                    help='overlap only: idle cycles alternate POLL and a speculative key slot 1')
    ap.add_argument('--rrcount', type=int, default=3,
                    help='rr baseline: first count slot s + RRCOUNT (3: this datapath, 5: pair.md)')
    ap.add_argument('--sched', default='race', choices=('race', 'rr'),
                    help='rr: the round-robin scan baseline (no race)')
    ap.add_argument('--pipeend', type=int, default=0, choices=(0, 1, 2),
                    help='overlap.md 13: the next head 1 cycle after (1) or with (2) the last '
                         'count slot, before the exit (0: after the exit, section 1a)')
    ap.add_argument('--stream', type=int, default=0, choices=(0, 1),
                    help='ovlrtl.md 17: key slots in consecutive cycles, each pair sending its '
                         "own smallest key's digits; the global block keeps a flag per pair")
    ap.add_argument('--probe', type=int, default=0, choices=(0, 1, 2),
                    help="ovlrtl.md 17 (a negative result, no bound derived): 1: NEXT's B line "
                         "= CNT2 + 1's parity, odd: skipped, no word; 2: a PROBE slot in s + 3 "
                         "with the parities of CNT2 + 1 / + 2")
    ap.add_argument('--dead', type=int, default=2, choices=(1, 2),
                    help='ovlrtl.md 17 (an upper bound): 1: NEXT in s + 1 with the FIFO room '
                         'check for free, count bits from s + 2, no POLL in the word')
    ap.add_argument('--nextroom', type=int, default=0, choices=(0, 1),
                    help="--dead 1: NEXT's B line = a FIFO short of room (no CNT2 + 2)")
    ap.add_argument('--streamstale', type=int, default=0,
                    help='--stream: each pair forms its key from its dirty set of this many '
                         'cycles before key slot 1')
    ap.add_argument('--streamlat', type=int, default=0,
                    help='--stream: extra cycles of the global block for a streamed digit')
    ap.add_argument('--dump', default='',
                    help="write the applied commits and pops, the heads and the exits to DUMP "
                         "(the C++ contract's cross-check)")
    ap.add_argument('--bound', default='',
                    help="the Check's liveness bound: '' derived(), 'tight' derived_tight(), or a number")
    ap.add_argument('--bug', default='', choices=('', 'nowrap', 'snapcut', 'lo_all', 'room1',
                                                'next_noroom', 'pe_late', 'pe_same',
                                                'pe_room', 'st_keep', 'sk_nowrap', 'pr_or',
                                                'pr_half', 'pr_clear', 'dead_room'))
    a = ap.parse_args()
    out = sys.stdout
    args = ' '.join(sys.argv[1:])
    out.write('overlap_model: %s\n' % args)
    r = run(a, out)
    p, dv = r['p'], r['derived']
    out.write('  N=%d M=%d T=%d Q=%d BW=%d R=%d E=%d radix=%d overlap=%d next=%d idlespec=%d '
              'sched=%s plan=%s\n'
              % (p.N, p.M, p.T, p.Q, p.BW, p.R, p.E, p.radix, p.overlap, p.next, p.idlespec,
                 p.sched,
                 ''.join(str(k) for k in p.plan)))
    if p.stream:
        out.write('  stream: key slots in consecutive cycles, streamlat %d; idle race %d, '
                  'after NEXT %d\n' % (p.SE, p.race_idle, p.race_after_next))
    out.write('  derived: full word %d (exit-limited %d), idle closing c + %d, bound %d '
              '(issue: %d)\n' % (dv['W'], dv['W_exit'], dv['idle'], dv['bound'], issue_bound(p)))
    if p.pipeend:
        out.write('  pipeend %d: head to head %d (the same barrier again: %d), the tail\'s exit '
                  'late by up to %d, bound %d\n'
                  % (p.pipeend, dv['W'], dv['W_old'], dv['late'], dv['bound']))
    if a.bound:
        out.write('  tight bound %s (overlap.md 12b); the liveness check uses %d\n'
                  % (derived_tight(p), r['bound']))
    out.write('  cycles %d commits %d refused %d heads %d completions %d (full words %d, '
              'early %d) aborts %d pops %d cycles-short %d\n'
              % (a.cycles, r['commits'], r['refused'], r['heads'], r['completions'],
                 r['full_words'], r['early_words'], r['aborts'], r['pops'], r['short_cycles']))
    fg = r['full_gap']
    if fg:
        out.write('  head-to-head after a full word: min %d max %d (n %d)\n'
                  % (min(fg), max(fg), sum(fg.values())))
    out.write('  closings: %d, latency mean %.2f min %d max %d (bound %d); %d more with a FIFO '
              'short of room meanwhile (max %d)\n'
              % (r['lat_n'], r['lat_mean'], r['lat_min'], r['lat_max'], dv['bound'],
                 r['short_n'], r['short_max']))
    if p.probe:
        out.write('  probe: barriers skipped with an odd sum %d\n' % r['skips'])
    out.write('  completions per 1000 cycles %.2f; longest change-to-head wait %d\n'
              % (1000.0 * r['completions'] / a.cycles, r['max_head_wait']))
    hb = r['heads_per_b']
    used = [h for h in hb if h]
    if used:
        out.write('  heads per barrier (fairness): barriers %d, min %d max %d\n'
                  % (len(used), min(used), max(used)))
    adv = r['adv']
    if adv is not None:
        xl = adv.xlat
        out.write('  adversary %s: episodes %d, target closing to its exit: min %s max %s; '
                  'heads out of plan %d, commits moved %d\n'
                  % (a.mode, len(xl), min(xl) if xl else '-', max(xl) if xl else '-',
                     adv.deviations, adv.overflow))
    if p.pipeend:
        out.write('  pipeend: words whose next head waited for the exit (the same barrier): %d; '
                  'exits decided while another was pending: at most %d\n'
                  % (r['fallback'], r['xq']))
    out.write('  %d errors\n' % r['errors'])
    out.write('%s seed=%d (replay: overlap_model.py %s)\n'
              % ('PASS' if r['errors'] == 0 else 'FAIL', a.seed, args))
    return 0 if r['errors'] == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
