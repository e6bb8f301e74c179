#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Per-module line and toggle coverage from a (merged) Verilator coverage file (make coverage).

A point counts as hit if any instance of its module, in any configuration, hit it: a line is
hit when some line point covering it has a count > 0; a toggle point is one signal bit
(name[bit] as Verilator writes it) of the module. Prints one table and, per module, the source
lines and the signals with a bit never toggled (docs/verification.md says why).
    coverage-summary.py <coverage.dat> [--detail]
"""
import collections
import os
import re
import sys

ENTRY = re.compile(r"^C '(.*)' (\d+)$")


def parse(path):
    with open(path, encoding="latin-1") as f:
        for line in f:
            m = ENTRY.match(line.rstrip("\n"))
            if not m:
                continue
            fields = {}
            for kv in m.group(1).split("\x01"):
                if "\x02" in kv:
                    k, v = kv.split("\x02", 1)
                    fields[k] = v
            yield fields, int(m.group(2))


def module_of(fields):
    """The RTL module; Verilator names each parameterisation <module>__<params>: merged."""
    page = fields.get("page", "")
    if "/" in page:
        return page.split("/", 1)[1].split("__", 1)[0]
    return os.path.splitext(os.path.basename(fields.get("f", "?")))[0]


def lines_of(fields):
    spec = fields.get("S", "")
    lines = set()
    for part in filter(None, spec.split(",")):
        lo, _, hi = part.partition("-")
        lines.update(range(int(lo), int(hi or lo) + 1))
    return lines or {int(fields.get("l", 0))}


def main():
    if len(sys.argv) < 2:
        print("usage: coverage-summary.py <coverage.dat> [--detail]", file=sys.stderr)
        return 2
    detail = "--detail" in sys.argv[2:]
    line_hits = collections.defaultdict(dict)    # module -> {(file, line): hit}
    toggle_hits = collections.defaultdict(dict)  # module -> {signal bit: hit}
    files = {}
    for fields, count in parse(sys.argv[1]):
        mod = module_of(fields)
        kind = fields.get("page", "").split("/", 1)[0]
        if kind == "v_toggle":
            key = fields.get("o", "?")
            toggle_hits[mod][key] = toggle_hits[mod].get(key, False) or count > 0
        elif kind == "v_line" or kind.startswith("v_branch") or kind == "v_expr":
            files[mod] = fields.get("f", "?")
            for ln in lines_of(fields):
                key = (fields.get("f", "?"), ln)
                line_hits[mod][key] = line_hits[mod].get(key, False) or count > 0
    mods = sorted(set(line_hits) | set(toggle_hits))
    if not mods:
        print("coverage-summary: no coverage points in", sys.argv[1])
        return 1

    def pct(h, t):
        return f"{100.0 * h / t:6.1f}%" if t else "     -"

    print()
    print("RTL coverage of the lockstep runs (Verilator; a point is hit if any instance in any"
          " configuration hit it)")
    print(f"{'module':<16} {'lines hit/total':>16} {'':>7}  {'toggle bits hit/total':>21} {'':>7}")
    tl = th = gl = gh = 0
    for mod in mods:
        lh = sum(line_hits[mod].values())
        lt = len(line_hits[mod])
        gh_ = sum(toggle_hits[mod].values())
        gt = len(toggle_hits[mod])
        tl, th, gl, gh = tl + lt, th + lh, gl + gt, gh + gh_
        print(f"{mod:<16} {f'{lh}/{lt}':>16} {pct(lh, lt)}  {f'{gh_}/{gt}':>21} {pct(gh_, gt)}")
    print(f"{'total':<16} {f'{th}/{tl}':>16} {pct(th, tl)}  {f'{gh}/{gl}':>21} {pct(gh, gl)}")
    for mod in mods:
        missed_lines = sorted(ln for (f, ln), hit in line_hits[mod].items() if not hit)
        missed_bits = sorted(k for k, hit in toggle_hits[mod].items() if not hit)
        if not missed_lines and not missed_bits:
            continue
        signals = sorted({re.sub(r"\[\d+\]$", "", k) for k in missed_bits})
        line_text = ", ".join(map(str, missed_lines)) or "none"
        print(f"  {mod}: lines never run: {line_text}; signals with a bit never toggled: "
              f"{', '.join(signals[:12]) + (' ...' if len(signals) > 12 else '') or 'none'}")
        if detail:
            for k in missed_bits:
                print(f"      {mod}: {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
