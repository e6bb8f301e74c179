#!/usr/bin/env python3
"""overlap_table.py LOGDIR: the tables of overlap.md from overlap_run.sh's logs.
   overlap_table.py --r3 LOGDIR: the tables of overlap.md 12 (r3_*.txt) -> r3_summary.txt."""
import os
import re
import sys

DEF = dict(M='32', T='16', R='2', E='0', radix='4', overlap='1', next='1', mode='random',
           sched='race', rrcount='3', idlespec='0', hot='4', popdiv='4', gapmin='0', gap='64', bug='')


def parse(path):
    runs = []
    cur = None
    for line in open(path):
        if line.startswith('overlap_model: '):
            toks = line.split()[1:]
            a = dict(DEF)
            for i in range(0, len(toks) - 1, 2):
                a[toks[i][2:]] = toks[i + 1]
            cur = dict(a=a, args=' '.join(toks), fails=[])
            runs.append(cur)
        elif cur is None:
            continue
        elif 'derived:' in line:
            m = re.search(r'full word (\d+).*idle closing c \+ (\d+), bound (\d+) \(issue: (\d+)', line)
            cur['W'], cur['idle'], cur['bound'], cur['issue'] = map(int, m.groups())
        elif 'head-to-head' in line:
            cur['hh'] = int(re.search(r'min (\d+)', line).group(1))
        elif line.startswith('  closings:'):
            m = re.search(r'closings: (\d+), latency mean ([\d.]+) min (\d+) max (\d+).*; (\d+) more'
                          r'.*\(max (\d+)\)', line)
            cur['n'], cur['mean'], cur['min'], cur['max'], cur['sn'], cur['smax'] = \
                int(m.group(1)), float(m.group(2)), int(m.group(3)), int(m.group(4)), \
                int(m.group(5)), int(m.group(6))
        elif 'completions per 1000' in line:
            m = re.search(r'cycles ([\d.]+); longest change-to-head wait (\d+)', line)
            cur['cpk'], cur['hw'] = float(m.group(1)), int(m.group(2))
        elif line.startswith('  tight bound'):
            cur['tight'] = int(line.split()[2])
        elif line.startswith('  adversary'):
            m = re.search(r'max (\d+);', line)
            cur['xmax'] = int(m.group(1)) if m else None
        elif line.startswith('FAIL cycle') or line.startswith('FAIL:'):
            cur['fails'].append(line.strip())
        elif line.startswith('PASS seed') or line.startswith('FAIL seed'):
            cur['ok'] = line.startswith('PASS')
    return runs


def groups(path, key):
    """The runs of a log grouped by key(run's arguments), in key order: (key, runs, their means)."""
    rows = {}
    for r in parse(path):
        rows.setdefault(key(r['a']), []).append(r)
    return [(k, rows[k], [r['mean'] for r in rows[k]]) for k in sorted(rows)]


def r3_tables(d, out):
    """overlap.md 12: the R = 3 decision logs (r3_*.txt), kept apart from summary.txt (whose
    bytes must not change). Per configuration: the spread over seeds, and for the adversarial
    runs the largest closing latency against the derived and the tight bound."""
    def var(a):
        return 'R %s E %s%s' % (a['R'], a['E'], ' idlespec' if a['idlespec'] == '1' else '')
    p = os.path.join(d, 'r3_sparse_seeds.txt')
    if os.path.exists(p):
        out.write('== sparse (gap 0..64, 100,000 cycles), per seed: mean latency (max)\n')
        for key, v, ms in groups(p, lambda a: (var(a), int(a['M']))):
            tgt = 40 if key[1] <= 32 else (60 if key[1] == 1024 else None)
            out.write('%-20s M %-5d seeds %s: mean of means %.2f, spread %.2f .. %.2f, max %d%s%s\n' % (
                key[0], key[1], ','.join(r['a']['seed'] for r in v), sum(ms) / len(ms), min(ms),
                max(ms), max(r['max'] for r in v),
                '' if tgt is None else ', target %d, worst seed margin %.2f' % (tgt, tgt - max(ms)),
                '' if all(r['ok'] for r in v) else ' FAIL'))
            out.write('    %s\n' % ' '.join('%s:%.2f(%d)' % (r['a']['seed'], r['mean'], r['max']) for r in v))
        out.write('\n')
    p = os.path.join(d, 'r3_tasks.txt')
    if os.path.exists(p):
        out.write('== tasks (one epoch at a time, task trees after sparse1), per seed: mean latency (max)\n')
        for key, v, ms in groups(p, lambda a: (var(a), int(a['M']))):
            out.write('%-20s M %-5d seeds %d: mean of means %.2f, spread %.2f .. %.2f, max %d, closings %d .. %d %s\n' % (
                key[0], key[1], len(v), sum(ms) / len(ms), min(ms), max(ms), max(r['max'] for r in v),
                min(r['n'] for r in v), max(r['n'] for r in v), 'PASS' if all(r['ok'] for r in v) else 'FAIL'))
        out.write('\n')
    p = os.path.join(d, 'r3_sparse_gaps.txt')
    if os.path.exists(p):
        out.write('== sparse at M = 32, other gap laws (closing gapmin .. gap cycles after the opening)\n')
        for key, v, ms in groups(p, lambda a: (var(a), int(a['gapmin']), int(a['gap']))):
            out.write('%-20s gap %3d..%-3d seeds %d: mean of means %.2f, spread %.2f .. %.2f, max %d %s\n' % (
                key[0], key[1], key[2], len(v), sum(ms) / len(ms), min(ms), max(ms),
                max(r['max'] for r in v), 'PASS' if all(r['ok'] for r in v) else 'FAIL'))
        out.write('\n')
    p = os.path.join(d, 'r3_sparse_e1.txt')
    if os.path.exists(p):
        v = parse(p)
        ms = [r['mean'] for r in v]
        out.write('== sparse, R 3 E 1 idlespec, M = 32, seeds %s: %s; mean of means %.2f (target 40); checks: %s\n\n' % (
            ','.join(r['a']['seed'] for r in v), ' '.join('%.2f' % m for m in ms), sum(ms) / len(ms),
            'PASS' if all(r['ok'] for r in v) else 'FAIL'))
    p = os.path.join(d, 'r3_busyseeds.txt')
    if os.path.exists(p):
        rc = [r['cpk'] for r in parse(p) if r['a']['sched'] == 'race']
        rr = [r['cpk'] for r in parse(p) if r['a']['sched'] == 'rr']
        out.write('== busy, M = 32, R 3 E 0: race + NEXT + idlespec %s; lean rr (s + 3) %s; race/rr %.3f, '
                  'seeds with race >= rr: %d of %d\n\n' % (
                      ' '.join('%.2f' % c for c in rc), ' '.join('%.2f' % c for c in rr), sum(rc) / sum(rr),
                      sum(1 for x, y in zip(rc, rr) if x >= y), len(rc)))
    p = os.path.join(d, 'r3_adv.txt')
    if os.path.exists(p):
        out.write('== adversarial and worst-mode runs: largest closing latency against the bounds\n')
        out.write('%-22s %-5s %-8s %5s %8s %8s %7s %7s %6s %s\n' % (
            'R E variant', 'M', 'mode', 'runs', 'max lat', 'target*', 'tight', 'derived', 'issue', 'ok'))
        rows = {}
        for r in parse(p):
            a = r['a']
            rows.setdefault((var(a), int(a['M']), a['mode']), []).append(r)
        for key in sorted(rows):
            v = rows[key]
            tx = [r['xmax'] for r in v if r.get('xmax') is not None]
            out.write('%-22s %-5d %-8s %5d %8d %8s %7s %7d %6d %s\n' % (
                key[0], key[1], key[2], len(v), max(r['max'] for r in v),
                max(tx) if tx else '-', v[0].get('tight', '-'), v[0]['bound'], v[0]['issue'],
                ' '.join(sorted(set('PASS' if r['ok'] else 'FAIL' for r in v)))))
        out.write('(target* = the directed target closing, closing to exit; the runs use the tight '
                  'bound in the liveness check unless their arguments say --bound N)\n\n')
    p = os.path.join(d, 'r3_check.txt')
    if os.path.exists(p):
        out.write('== the checks can fail: runs with a liveness bound one below the tight one\n')
        for r in parse(p):
            out.write('%-70s %s %d errors; first: %s\n' % (
                r['args'], 'PASS' if r.get('ok') else 'FAIL', len(r['fails']),
                r['fails'][0] if r['fails'] else '-'))
        out.write('\n')
    p = os.path.join(d, 'r3_bounds.txt')
    if os.path.exists(p):
        out.write('== worst-case bounds (derived: overlap.md 3; tight: 12b) against the issue\n')
        out.write('%-22s %6s %8s %8s %8s\n' % ('R E variant', 'M', 'derived', 'tight', 'issue'))
        for r in parse(p):
            out.write('%-22s %6s %8d %8s %8d\n' % (var(r['a']), r['a']['M'], r['bound'],
                                                  r.get('tight', '-'), r['issue']))
        out.write('\n')


def main():
    if sys.argv[1] == '--r3':
        r3_tables(sys.argv[2], sys.stdout)
        return 0
    d = sys.argv[1]
    out = sys.stdout
    logs = {}
    for f in ('calib', 'sweep', 'busy', 'busyseeds', 'random', 'random_spec', 'mutants'):
        p = os.path.join(d, f + '.txt')
        if os.path.exists(p):
            logs[f] = parse(p)
    tot = sum(len(v) for v in logs.values())
    out.write('runs %d, PASS %d, FAIL %d\n\n' % (tot, sum(1 for v in logs.values() for r in v if r.get('ok')),
                                               sum(1 for v in logs.values() for r in v if not r.get('ok'))))
    if 'calib' in logs:
        out.write('== calibration (radix 2, no overlap)\n')
        out.write('%-70s %5s %5s %6s %8s %8s %7s %4s\n' % ('run', 'W', 'hh', 'idle', 'mean', 'max', 'c/1000', 'ok'))
        for r in logs['calib']:
            out.write('%-70s %5d %5s %6d %8.2f %8d %7.2f %4s\n' % (
                r['args'], r['W'], r.get('hh', '-'), r['idle'], r['mean'], r['max'], r['cpk'],
                'PASS' if r['ok'] else 'FAIL'))
        out.write('\n')
    if 'sweep' in logs:
        out.write('== sparse (gap 0..64, seed 11) and idle (gap 60..100, seed 15): mean / max (min)\n')
        out.write('%-28s %6s %6s %16s %16s %8s %6s %7s %s\n' % ('R E M variant', 'idle*', 'target', 'sparse mean/max', 'idle mean/min/max', 'bound', 'issue', 'W', 'ok'))
        rows = {}
        for r in logs['sweep']:
            a = r['a']
            var = ''
            if a['radix'] == '2':
                var += 'radix2 '
            if a['next'] == '0':
                var += 'no-NEXT'
            if a['idlespec'] == '1':
                var += 'idlespec'
            key = (int(a['R']), int(a['E']), int(a['M']), var)
            rows.setdefault(key, {})['idle' if a['gapmin'] == '60' else 'sparse'] = r
        for key in sorted(rows, key=lambda k: (k[3], k[0], k[1], k[2])):
            v = rows[key]
            s, i = v.get('sparse'), v.get('idle')
            tgt = 40 if key[2] <= 32 else 60
            if key[2] == 256:
                tgt = '-'
            out.write('%-28s %6d %6s %16s %16s %8d %6d %7d %s\n' % (
                '%d %d %d %s' % key, s['idle'], tgt,
                '%.2f / %d' % (s['mean'], s['max']),
                '%.2f / %d / %d' % (i['mean'], i['min'], i['max']),
                s['bound'], s['issue'], s['W'], 'PASS' if s['ok'] and i['ok'] else 'FAIL'))
        out.write('(idle* = derived c + ...; target: 2q = 40 at M <= 32, 3q = 60 at M = 1024)\n\n')
    if 'busy' in logs:
        out.write('== M = 32 completions per 1,000 cycles (mean latency of the closings)\n')
        out.write('%-6s %-7s %18s %18s %18s %18s %18s\n' % ('R E', 'load', 'race+NEXT', 'race no NEXT', 'rr (s+3)', 'rr (s+5)', '+NEXT+idlespec'))
        rows = {}
        for r in logs['busy']:
            a = r['a']
            col = 'rr%s' % a['rrcount'] if a['sched'] == 'rr' else ('race' if a['next'] == '1' else 'race0')
            if a['idlespec'] == '1':
                col = 'spec'
            rows.setdefault((int(a['R']), int(a['E']), a['mode']), {})[col] = r
        for key in sorted(rows):
            v = rows[key]
            out.write('%-6s %-7s' % ('%d %d' % key[:2], key[2]))
            for c in ('race', 'race0', 'rr3', 'rr5', 'spec'):
                r = v.get(c)
                out.write(' %18s' % ('%.2f (%.1f)%s' % (r['cpk'], r['mean'], '' if r['ok'] else ' FAIL') if r else '-'))
            out.write('\n')
        out.write('\n')
    if 'busyseeds' in logs:
        out.write('== busy, M = 32, 5 seeds: completions per 1,000 cycles, the contract (race + NEXT) against the lean rr (s + 3)\n')
        rows = {}
        for r in logs['busyseeds']:
            a = r['a']
            rows.setdefault((int(a['R']), int(a['E'])), {}).setdefault(a['sched'], []).append(r['cpk'])
        for key in sorted(rows):
            v = rows[key]
            rc, rr = v['race'], v['rr']
            out.write('R %d E %d: race %s mean %.2f; rr %s mean %.2f; race/rr %.3f, seeds with race >= rr: %d of %d\n' % (
                key[0], key[1], ' '.join('%.2f' % c for c in rc), sum(rc) / len(rc),
                ' '.join('%.2f' % c for c in rr), sum(rr) / len(rr), sum(rc) / sum(rr),
                sum(1 for x, y in zip(rc, rr) if x >= y), len(rc)))
        out.write('\n')
    for lg in ('random', 'random_spec'):
      if lg in logs:
        out.write('== %s: random / worst / busy runs: the largest closing latency and change-to-head wait against the derived bound\n' % lg)
        out.write('%-6s %-6s %6s %10s %10s %8s %8s %8s %s\n' % ('R E', 'M', 'runs', 'max lat', 'max wait', 'short n', 'bound', 'issue', 'ok'))
        rows = {}
        for r in logs[lg]:
            a = r['a']
            rows.setdefault((int(a['R']), int(a['E']), int(a['M'])), []).append(r)
        for key in sorted(rows):
            v = rows[key]
            out.write('%-6s %-6d %6d %10d %10d %8d %8d %8d %s\n' % (
                '%d %d' % key[:2], key[2], len(v), max(r['max'] for r in v), max(r['hw'] for r in v),
                sum(r['sn'] for r in v), v[0]['bound'], v[0]['issue'],
                'PASS' if all(r['ok'] for r in v) else 'FAIL'))
        out.write('\n')
    if 'mutants' in logs:
        out.write('== planted bugs (R = 2, 30,000 cycles)\n')
        for r in logs['mutants']:
            out.write('%-60s %s %d errors; first: %s\n' % (
                r['args'], 'PASS' if r['ok'] else 'FAIL', len(r['fails']),
                r['fails'][0] if r['fails'] else '-'))
    return 0


if __name__ == '__main__':
    sys.exit(main())
