#!/usr/bin/env python3
"""second_word_probe: an area probe for a second word on the lines (ovlrtl.md 21c).

NOT a design and its behaviour is NOT kept: it writes a scratch copy of feas_pair_arb_local.v
in which every PE gets a second snapshot (a second PISO bank, A's T bits and B's T - 1, as the
first), loaded at every other head (a flip-flop toggled by the heads), each bank shifting on its
own lane's cycles (a flip-flop that alternates in the count slots) and the count bit chosen per
cycle between the banks. That is the least a contract with two words on the lines needs in each
pair; the second word's control in the sequencer, its carry in the global block and any second
rebase are not in it. `pairunit_run.sh ovlw2` synthesises the unit with it and packs it.

    python3 second_word_probe.py feas_pair_arb_local.v OUT.v

Exits 1, naming the edit, if the source no longer has the text an edit replaces.
"""

import sys

EDITS = [
    (  # A's bank: load / shift on lane 0; the second bank beside it; A's count bit per lane
        """  reg [T-1:0] piso_a_q;
  wire        ovl_key;   // Overlap = 1: a key slot now (it steals the count cycle: hold)
  always @(posedge clk_i) begin
    if (h2_q)          piso_a_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:1]} : rd_q[T-1:0];
    else if (!ovl_key) piso_a_q <= {piso_a_q[T-1], piso_a_q[T-1:1]};
  end
  wire a_cbit = ((OvlDead == 1) && h2_q) ? rd_q[0] : piso_a_q[0];  // A's count bit now
""",
        """  reg [T-1:0] piso_a_q;
  wire        ovl_key;   // Overlap = 1: a key slot now (it steals the count cycle: hold)
  reg lane_q, w2_q;
  always @(posedge clk_i) begin
    if (cnt_q) lane_q <= ~lane_q;
    if (h2_q)  w2_q <= ~w2_q;
  end
  reg [T-1:0] piso_a2_q;
  reg [T-2:0] piso_b2_q;
  always @(posedge clk_i) begin
    if (h2_q && !w2_q)            piso_a_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:1]} : rd_q[T-1:0];
    else if (!ovl_key && !lane_q) piso_a_q <= {piso_a_q[T-1], piso_a_q[T-1:1]};
    if (h2_q && w2_q)             piso_a2_q <= {rd_q[T-1], rd_q[T-1:1]};
    else if (!ovl_key && lane_q)  piso_a2_q <= {piso_a2_q[T-1], piso_a2_q[T-1:1]};
    if (h3_q && w2_q)             piso_b2_q <= {rd_q[T-1], rd_q[T-1:2]};
    else if (!ovl_key && lane_q)  piso_b2_q <= {piso_b2_q[T-2], piso_b2_q[T-2:1]};
  end
  wire a_cbit = ((OvlDead == 1) && h2_q) ? rd_q[0] : lane_q ? piso_a2_q[0] : piso_a_q[0];
"""),
    (  # B's bank: load / shift on lane 0; B's count bit per lane (OvlDead = 1)
        """        if (h3_q)          piso_b_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:2]} : rd_q[T-1:1];
        else if (!ovl_key) piso_b_q <= {piso_b_q[T-2], piso_b_q[T-2:1]};
      end
      if (OvlDead == 1) begin : g_b0
        assign b_cbit = h2_q ? a_word[0] : h3_q ? rd_q[1] : piso_b_q[0];""",
        """        if (h3_q && !w2_q)            piso_b_q <= (OvlDead == 1) ? {rd_q[T-1], rd_q[T-1:2]} : rd_q[T-1:1];
        else if (!ovl_key && !lane_q) piso_b_q <= {piso_b_q[T-2], piso_b_q[T-2:1]};
      end
      if (OvlDead == 1) begin : g_b0
        assign b_cbit = h2_q ? a_word[0] : h3_q ? rd_q[1] : lane_q ? piso_b2_q[0] : piso_b_q[0];"""),
]


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: second_word_probe.py feas_pair_arb_local.v OUT.v')
    src = open(sys.argv[1]).read()
    for k, (old, new) in enumerate(EDITS):
        if src.count(old) != 1:
            print('second_word_probe: edit %d (%s) does not apply to %s'
                  % (k + 1, new.split('\n')[0].strip()[:40], sys.argv[1]), file=sys.stderr)
            return 1
        src = src.replace(old, new)
    open(sys.argv[2], 'w').write(src)
    return 0


if __name__ == '__main__':
    sys.exit(main())
