#!/usr/bin/env python3
"""stream_table.py: the tables of ovlrtl.md 17 (streamed key slots) from overlap_run.sh stream's
logs: stream.txt (sparse, idle closing and busy at M = 32), stream_m.txt (sparse against M, and
over 10 seeds at M = 32), stream_gap.txt (other gap laws), stream_probe.txt (the
parity probe, whose failures are reported, not counted as errors), stream_dead.txt (one header
slot), stream_worst.txt and stream_dead_worst.txt (the adversaries against the derived bounds).
Reads only the logs; every figure is a line that overlap_model.py printed."""
import re
import sys
from collections import OrderedDict


def runs(path):
    """Yield one dict per model run in the log: its arguments and the figures it printed."""
    cur = None
    for line in open(path):
        if line.startswith('overlap_model: '):
            if cur is not None:
                yield cur
            args = line[len('overlap_model: '):].split()
            opts = {}
            for i in range(0, len(args) - 1):
                if args[i].startswith('--') and not args[i + 1].startswith('--'):
                    opts[args[i][2:]] = args[i + 1]
            cur = dict(opts=opts)
            continue
        if cur is None:
            continue
        m = re.search(r'closings: (\d+), latency mean ([\d.]+) min (\d+) max (\d+) \(bound (\d+)\)', line)
        if m:
            cur['n'], cur['mean'], cur['max'] = int(m.group(1)), float(m.group(2)), int(m.group(4))
            cur['bound'] = int(m.group(5))
        m = re.search(r'completions per 1000 cycles ([\d.]+)', line)
        if m:
            cur['cpk'] = float(m.group(1))
        m = re.search(r'tight bound (\S+)', line)
        if m:
            cur['tight'] = m.group(1)
        m = re.search(r'target closing to its exit: min (\S+) max (\S+);', line)
        if m:
            cur['advmax'] = m.group(2)
        m = re.match(r'(PASS|FAIL) seed=', line)
        if m:
            cur['ok'] = m.group(1) == 'PASS'
    if cur is not None:
        yield cur


def mean(x):
    return sum(x) / len(x)


def spread(x):
    """The mean of x with its lowest and highest value."""
    return '%.2f (%.2f .. %.2f)' % (mean(x), min(x), max(x))


def busy_cells(b):
    """Two table cells: the busy figure of each seed, and their mean."""
    return '%s | %.2f' % (' '.join('%.2f' % x for x in b), mean(b))


def verdict(ok):
    return 'none' if ok else 'FAIL'


def variant(o):
    if o.get('sched') == 'rr':
        return 'rr (model)'
    if o.get('stream', '0') == '0':
        return 'as built'
    if o.get('dead', '2') == '1':
        return 'streamed, one header slot%s' % (', room on NEXT' if o.get('nextroom') == '1' else '')
    return 'streamed, SE %s' % o.get('streamlat', '0')


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else 'overlap_logs'
    out = sys.stdout
    bad = 0

    # 1. M = 32: sparse (seed 11), idle closing (seed 15, gap 60..100), busy (seeds 6 / 16 / 26)
    rows = OrderedDict()
    for r in runs(d + '/stream.txt'):
        o = r['opts']
        key = (o.get('R'), o.get('pipeend', '-') if o.get('sched') != 'rr' else '-', variant(o))
        row = rows.setdefault(key, dict(busy=[], sparse='', idle='', ok=True))
        row['ok'] &= r.get('ok', False)
        if o['mode'] == 'busy':
            row['busy'].append(r['cpk'])
        elif o.get('gapmin') == '60':
            row['idle'] = '%.2f (%d)' % (r['mean'], r['max'])
        else:
            row['sparse'] = '%.2f (%d)' % (r['mean'], r['max'])
    out.write('## M = 32, 30,000 cycles: sparse mean (max), idle closing mean (max), busy '
              'completions per 1,000 cycles\n\n')
    out.write('| R | pipeend | contract | sparse seed 11 | idle closing seed 15 | busy 6 / 16 / 26 '
              '| busy mean | errors |\n|---|---|---|---|---|---|---:|---|\n')
    for (R, pe, v), row in rows.items():
        out.write('| %s | %s | %s | %s | %s | %s | %s |\n'
                  % (R, pe, v, row['sparse'], row['idle'], busy_cells(row['busy']),
                     verdict(row['ok'])))
        bad += 0 if row['ok'] else 1

    # 2. sparse against M (seed 11) and over seeds 11..20 at M = 32
    rows = OrderedDict()
    for r in runs(d + '/stream_m.txt'):
        o = r['opts']
        key = (o.get('R'), variant(o))
        row = rows.setdefault(key, dict(m={}, s32=[], ok=True))
        row['ok'] &= r.get('ok', False)
        if o['seed'] == '11':
            row['m'][int(o['M'])] = r['mean']
        if o['M'] == '32':
            row['s32'].append(r['mean'])
    out.write('\n## Sparse mean against M (seed 11), and at M = 32 over seeds 11 .. 20 '
              '(pipeend 2)\n\n')
    out.write('| R | contract | M = 4 | 32 | 256 | 1024 | M = 32, 10 seeds: mean of means '
              '(lowest .. highest) | errors |\n|---|---|---:|---:|---:|---:|---|---|\n')
    for (R, v), row in rows.items():
        out.write('| %s | %s | %s | %s | %s |\n'
                  % (R, v, ' | '.join('%.2f' % row['m'][M] for M in (4, 32, 256, 1024)),
                     spread(row['s32']), verdict(row['ok'])))
        bad += 0 if row['ok'] else 1

    # 2b. other gap laws (overlap.md 12a): closings late after their openings, task-tree epochs
    rows = OrderedDict()
    for r in runs(d + '/stream_gap.txt'):
        o = r['opts']
        key = (o.get('R'), variant(o))
        row = rows.setdefault(key, dict(late=[], tasks=[], ok=True))
        row['ok'] &= r.get('ok', False)
        row['tasks' if o['mode'] == 'tasks' else 'late'].append(r['mean'])
    out.write('\n## Sparse under other gap laws at M = 32 (pipeend 2): closing 0 .. 256 cycles '
              'after its opening (seeds 11 .. 20), task-tree epochs (seeds 1 .. 5)\n\n')
    out.write('| R | contract | late closings: mean of means (lowest .. highest) | tasks: mean of '
              'means (lowest .. highest) | errors |\n|---|---|---|---|---|\n')
    for (R, v), row in rows.items():
        out.write('| %s | %s | %s | %s | %s |\n'
                  % (R, v, spread(row['late']), spread(row['tasks']), verdict(row['ok'])))
        bad += 0 if row['ok'] else 1

    # 2c. the parity probe (a negative result): busy, sparse, and the checks' verdicts
    rows = OrderedDict()
    for r in runs(d + '/stream_probe.txt'):
        o = r['opts']
        key = (o.get('R'), o.get('probe', '0'))
        row = rows.setdefault(key, dict(busy=[], sparse='', fails=[]))
        if o['mode'] == 'busy':
            row['busy'].append(r['cpk'])
        elif o['mode'] == 'sparse':
            row['sparse'] = '%.2f' % r['mean']
        if not r.get('ok', False):
            row['fails'].append('%s%s' % (o['mode'], ' M = %s' % o['M'] if o.get('M', '32') != '32' else ''))
    out.write('\n## The parity probe with the streamed race (pipeend 2, M = 32): busy, sparse, and '
              'the runs the checks fail (of busy x 3, sparse, random x 2, worst, advrand and '
              'caseB at M = 4)\n\n')
    out.write('| R | probe | busy 6 / 16 / 26 | busy mean | sparse seed 11 | failed runs |\n'
              '|---|---|---|---:|---:|---|\n')
    for (R, pr), row in rows.items():
        out.write('| %s | %s | %s | %s | %s |\n'
                  % (R, pr, busy_cells(row['busy']), row['sparse'],
                     ', '.join(row['fails']) or 'none'))

    # 2d. one header slot (--dead 1), ovlrtl.md 17a
    rows = OrderedDict()
    for r in runs(d + '/stream_dead.txt'):
        o = r['opts']
        hdr = 'two header slots' if o.get('dead', '2') == '2' else (
            'one, room on NEXT' if o.get('nextroom') == '1' else 'one, room free')
        key = (o.get('R'), o.get('pipeend'), hdr)
        row = rows.setdefault(key, dict(busy=[], sparse='', idle='', late=[], tasks=[], ok=True))
        row['ok'] &= r.get('ok', False)
        if o['mode'] == 'busy':
            row['busy'].append(r['cpk'])
        elif o['mode'] == 'tasks':
            row['tasks'].append(r['mean'])
        elif o.get('gapmin') == '60':
            row['idle'] = '%.2f' % r['mean']
        elif o.get('gap') == '256':
            row['late'].append(r['mean'])
        else:
            row['sparse'] = '%.2f (%d)' % (r['mean'], r['max'])
    out.write('\n## One header slot (`--dead 1`) with the streamed race, M = 32: busy, sparse '
              '(seed 11), idle closing (seed 15), late closings (gap 256, seeds 11-13), tasks '
              '(seeds 1-2)\n\n')
    out.write('| R | pipeend | header | busy 6 / 16 / 26 | busy mean | sparse (max) | idle closing '
              '| late closings | tasks | errors |\n|---|---|---|---|---:|---|---:|---|---|---|\n')
    for (R, pe, hdr), row in rows.items():
        out.write('| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n'
                  % (R, pe, hdr, busy_cells(row['busy']), row['sparse'], row['idle'],
                     spread(row['late']), spread(row['tasks']), verdict(row['ok'])))
        bad += 0 if row['ok'] else 1

    # 3. the worst case
    rows = OrderedDict()
    for r in list(runs(d + '/stream_worst.txt')) + list(runs(d + '/stream_dead_worst.txt')):
        o = r['opts']
        key = (o.get('R'), variant(o), o['M'])
        row = rows.setdefault(key, dict(lmax=0, adv=0, ok=True, bound=r.get('bound'),
                                        tight=r.get('tight')))
        row['ok'] &= r.get('ok', False)
        row['lmax'] = max(row['lmax'], r.get('max', 0))
        if r.get('advmax', '-') != '-':
            row['adv'] = max(row['adv'], int(r['advmax']))
    out.write('\n## Worst case (pipeend 2): largest closing latency over caseA, caseB, caseB2, '
              'advrand 1-3, worst 7, random 1-2 (one header slot: also worst with popdiv 40 and '
              'random over all barriers), against the derived bounds\n\n')
    out.write('| R | contract | M | largest latency seen | adversary target max | derived bound '
              '| tight bound (the liveness check) | issue bound | errors |\n'
              '|---|---|---:|---:|---:|---:|---:|---:|---|\n')
    for (R, v, M), row in rows.items():
        Mi = int(M)
        issue = Mi * (16 + 4 + (Mi - 1).bit_length() + 6) + 32
        out.write('| %s | %s | %s | %d | %d | %s | %s | %d | %s |\n'
                  % (R, v, M, row['lmax'], row['adv'], row['bound'], row['tight'], issue,
                     verdict(row['ok'])))
        bad += 0 if row['ok'] else 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
