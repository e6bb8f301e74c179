# SPDX-License-Identifier: Apache-2.0
"""Deliberate bugs in the RTL, shared by the formal mutant run (formal/run.py --mutants) and
the simulation mutation check (scripts/mutation-check.sh).

A mutant is a regular expression that must match exactly once in its file (whitespace in the
pattern matches any run of whitespace), and its replacement. `apply` fails loudly otherwise,
so a mutant can never silently stop applying when the RTL is edited.
"""
import re
import sys

MUTANTS = []


def mutant(id, file, pattern, repl, what, formal, sim=False):
    MUTANTS.append(dict(id=id, file=file, pattern=pattern, repl=repl, what=what,
                        formal=formal, sim=sim))


def _regex(pattern):
    # Literal text, any whitespace run flexible.
    parts = [re.escape(p) for p in pattern.split()]
    return re.compile(r"\s+".join(parts))


def apply(path, m):
    text = open(path).read()
    rx = _regex(m["pattern"])
    hits = rx.findall(text)
    if len(hits) != 1:
        sys.exit(f"mutant {m['id']}: pattern matches {len(hits)} times (need exactly 1) in "
                 f"{path}: {m['pattern']}")
    open(path, "w").write(rx.sub(lambda _: m["repl"], text, count=1))


if __name__ == "__main__":
    # mutants.py apply <id> <file>   |   mutants.py list-sim
    if sys.argv[1] == "apply":
        apply(sys.argv[3], next(m for m in MUTANTS if m["id"] == sys.argv[2]))
    elif sys.argv[1] == "list-sim":
        for m in MUTANTS:
            if m["sim"]:
                print(f"{m['id']}\t{m['file']}\t{m['what']}")
