#!/usr/bin/env python3
"""slack_count.py: how many timing endpoints of a placement miss its target (ovlrtl.md 20b).

Reads the last slack histogram of each nextpnr log (after routing; the slack is against the
--freq target) and prints the number of endpoints with negative slack. The histogram gives
counts only as '*' (each worth the legend's number of endpoints) plus a '+' (1 to that number
less one), and its bin that straddles 0 ns is counted in the upper bound only, so the figure is
a range.

    slack_count.py LOG...
"""
import re
import sys

BIN = re.compile(r'^Info: \[\s*(-?\d+),\s*(-?\d+)\) \|(\**)(\+?)')
LEGEND = re.compile(r'\* represents (\d+) endpoint')


def count(path):
    """(negative low, negative high, total low, total high) of the log's last histogram."""
    hists = []
    per = None
    with open(path) as f:
        for line in f:
            if 'Slack histogram' in line:
                hists.append([])
            m = LEGEND.search(line)
            if m:
                per = int(m.group(1))
            m = BIN.match(line)
            if m and hists:
                hists[-1].append((int(m.group(1)), int(m.group(2)), len(m.group(3)),
                                  bool(m.group(4)), per))
    if not hists or not hists[-1]:
        sys.exit('slack_count.py: %s: no slack histogram' % path)
    neg_lo = neg_hi = tot_lo = tot_hi = 0
    for lo_ps, hi_ps, stars, plus, per in hists[-1]:
        lo = stars * per + (1 if plus else 0)
        hi = stars * per + (per - 1 if plus else 0)
        tot_lo += lo
        tot_hi += hi
        if hi_ps <= 0:
            neg_lo += lo
            neg_hi += hi
        elif lo_ps < 0:
            neg_hi += hi
    return neg_lo, neg_hi, tot_lo, tot_hi


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    for path in sys.argv[1:]:
        nl, nh, tl, th = count(path)
        print('%s: %d .. %d of %d .. %d endpoints below 0 ns slack' % (path, nl, nh, tl, th))


if __name__ == '__main__':
    main()
