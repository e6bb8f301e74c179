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


# Jobs (formal/run.py names) whose BMC must find the bug. Patterns are code, not comments.
mutant("no_forward", "dsbc_summation.v",
       "wire forward = last_wr_en_q && fwd_addr_q;",
       "wire forward = 1'b0;",
       "no forwarding: back-to-back updates to one barrier are lost",
       ["sum_m3_t8"], sim=True)
mutant("no_bypass", "dsbc_rr.v",
       "bypass_q <= ram_wr_en_i && (ram_wr_addr_i == cnt2_next);",
       "bypass_q <= 1'b0;",
       "no read-first bypass: a same-cycle commit leaks into the snapshot",
       ["unit_n2_m2_t8_d2"], sim=True)
mutant("logical_shift", "dsbc_rr.v",
       "piso_q <= {piso_q[T+1], piso_q[T+1:1]};",
       "piso_q <= {1'b0, piso_q[T+1:1]};",
       "logical shift: negative counts are not sign-extended",
       ["unit_n2_m2_t8_d2"], sim=True)
mutant("touched_snap", "dsbc_rr.v",
       "touched_q <= ctl_load_i ? commit_to_next : (touched_q || commit_to_cur);",
       "touched_q <= ctl_load_i ? 1'b0 : (touched_q || commit_to_cur);",
       "a commit in the snapshot cycle does not keep the barrier open",
       ["unit_n2_m2_t8_d2"], sim=True)
mutant("full_ignored", "dsbc_global.v",
       "if (!col_zero) phase_d = PH_LOAD;",
       "if (1'b0) phase_d = PH_LOAD;",
       "full slot ignored: completions pushed into full FIFOs",
       ["global_n2_m2_t8"], sim=True)
mutant("no_overflow", "dsbc_summation.v",
       "wire ram_at_edge = edge_lo && edge_hi;",
       "wire ram_at_edge = 1'b0;",
       "overflow not refused: counts wrap silently",
       ["sum_m3_t8"], sim=True)
mutant("carry_latch", "dsbc_decision.v",
       "carry_q <= total[TotalW-1:1];",
       "carry_q <= {CarryW{1'b0}};",
       "carry latch never loaded: the carries of the serial sum are lost",
       ["global_n2_m2_t8"])
mutant("encoder_pair", "dsbc_encoder.v",
       "wire s1 = g ^ h ^ (p & q);",
       "wire s1 = h ^ (p & q);",
       "encoder drops a pair's carry: two ones count as none",
       ["global_n2_m2_t8"])
mutant("q_width", "dsbc_global.v",
       "localparam integer Q = CountBits + ((NumPes > 1) ? $clog2(NumPes) : 0);",
       "localparam integer Q = CountBits;",
       "Q = T: the sum is checked without the clog2(N) extra bits",
       ["global_n2_m2_t8"])
mutant("open_slot", "dsbc_global.v",
       "if (col_zero) phase_d = PH_LOAD;",
       "if (1'b0) phase_d = PH_LOAD;",
       "open slot ignored: unused barriers are reported",
       ["global_n2_m2_t8"])
mutant("rebase_count", "dsbc_rr.v",
       "assign rebase_count_o = acc_cur;",
       "assign rebase_count_o = acc_q;",
       "the rebase count misses a commit in the completion cycle",
       ["unit_n2_m2_t8_d2"])
mutant("acc_snap", "dsbc_rr.v",
       "acc_q <= ctl_load_i ? (commit_to_next ? commit_step : {(T+1){1'b0}}) : acc_cur;",
       "acc_q <= ctl_load_i ? {(T+1){1'b0}} : acc_cur;",
       "the rebase count misses a commit in the snapshot cycle",
       ["unit_n2_m2_t8_d2"])
mutant("snap_ready", "dsbc_summation.v",
       "assign req_ready_o = !init_q && !rebase_i && !snap_i;",
       "assign req_ready_o = !init_q && !rebase_i;",
       "a PE request is accepted in a snapshot cycle: the read port has two users",
       ["sum_m3_t8"], sim=True)
mutant("cnt2_reset", "dsbc_rr.v",
       "cnt2_q <= LAST_BARRIER;",
       "cnt2_q <= {BarrierW{1'b0}};",
       "local CNT2 resets to 0: the local blocks inspect another barrier than the global one",
       ["unit_n2_m2_t8_d2"])
mutant("ram_clear", "dsbc_summation.v",
       "init_d = (init_addr_q != LAST_BARRIER);",
       "init_d = 1'b0;",
       "RAM clearing stops after word 0",
       ["sum_m3_t8"])
mutant("m1_gap", "dsbc_global.v",
       "phase_d = (NumBarriers > 1) ? PH_LOAD : PH_GAP1;",
       "phase_d = PH_LOAD;",
       "M = 1: the next snapshot does not wait for the rebase",
       ["global_n2_m1_t8"])
mutant("fwd_edge", "dsbc_summation.v",
       "wire req_by_fwd = req_ok && forward && !last_at_edge;",
       "wire req_by_fwd = req_ok && forward;",
       "the forwarded count's edge flags ignored: a step past the edge right after a write wraps",
       ["sum_m3_t8"], sim=True)
mutant("rebase_open", "dsbc_summation.v",
       "wire new_open = w_rebase_q ? (w_rb_touched_q || forward) : 1'b1;",
       "wire new_open = w_rebase_q ? w_rb_touched_q : 1'b1;",
       "a commit in the completion cycle does not keep the barrier open",
       ["sum_m3_t8"])
mutant("fifo_wrap", "dsbc_fifo.v",
       "next_ptr = (ptr == LAST_SLOT) ? {PtrW{1'b0}} : ptr + 1'b1;",
       "next_ptr = ptr + 1'b1;",
       "FIFO pointers wrap at a power of two, not at Depth",
       ["fifo_d3"])
mutant("fifo_regflags_late", "dsbc_fifo.v",
       "full_q <= (count_d == DEPTH_CNT);",
       "full_q <= (count_q == DEPTH_CNT);",
       "RegFlags = 1: the full flag written from the present count, a cycle late",
       ["fifo_d3_regflags"])

# Scheduler arb (Sched = 1, architecture.md 4e), caught by the unit_arb_* jobs.
mutant("arb_unrotated", "dsbc_first_dirty.v",
       "assign after[k]     = dirty_i[k] && after_i[k];",
       "assign after[k]     = dirty_i[k];",
       "arb search ignores CNT2: the lowest dirty ID wins, not the first after CNT2",
       ["unit_arb_n1_m2_t8_d1", "first_dirty_m5"])
mutant("dirty_mask_le", "dsbc_dirty.v",
       "assign clear_lo_below[j] = clear_addr_i[LB-1:0] < J;",
       "assign clear_lo_below[j] = clear_addr_i[LB-1:0] <= J;",
       "arb search mask: a barrier whose low ID bits equal CNT2's counts as after CNT2",
       ["dirty_m5", "dirty_m32"])
mutant("dirty_set_half", "dsbc_dirty.v",
       "assign set_vec[j]    = set_hi[j / NL] && set_lo[j % NL];",
       "assign set_vec[j]    = set_hi[j / NL];",
       "arb dirty bits: a commit marks every barrier that shares its high ID bits",
       ["dirty_m5", "unit_arb_n2_m3_t8_d2"])
mutant("arb_no_remark", "dsbc_arb_local.v",
       "wire remark = first_count_q && ctl_load_i && snap_dirty_q;",
       "wire remark = 1'b0;",
       "arb: no re-mark after a full-slot exit: the barrier is forgotten",
       ["unit_arb_n1_m2_t8_d1"])
mutant("arb_clean_inv", "dsbc_arb_ctl.v",
       "if (!any) begin",
       "if (any) begin",
       "arb: head clean test inverted",
       ["unit_arb_n1_m2_t8_d1"])
mutant("arb_done_late", "dsbc_arb_ctl.v",
       "end else if (cnt_q == LAST_COUNT) begin",
       "end else if (cnt_q == LAST_COUNT + 1'b1) begin",
       "arb: one count slot too many: ctl_done one cycle late",
       ["unit_arb_n1_m2_t8_d1"])
mutant("arb_no_dropout", "dsbc_arb_ctl.v",
       "if (!load_d) mask_d = still;",
       "if (1'b0) mask_d = still;",
       "arb: racers that lost an arbitration bit stay in the race",
       ["unit_arb_n2_m3_t8_d2"])

# The pipelined global sum (Pipe = 1, architecture.md 4f), caught by the global_pipe_* jobs
# and by the whole unit's unit_pipe_* jobs. pipe_tag needs N >= 3 in the whole unit: a count
# slot follows a full slot whose lines are all 0 (else the word exits there), and a two-input
# node's carry after two 0 inputs is 0 with or without the tag; a second level's inputs are
# the first level's sums, which can carry the open slot's carry into the full slot.
mutant("pipe_tag", "dsbc_serial_sum.v",
       "wire c = carry_q[i] && !tag;",
       "wire c = carry_q[i];",
       "pipelined sum: a tree node's carry is not cleared at count bit 0 (one word's carry leaks "
       "into the next)",
       ["global_pipe_n3_m2_t8", "unit_pipe_n3_m2_t8_d2"], sim=True)
mutant("pipe_or_late", "dsbc_serial_sum.v",
       "assign open_o = ld_q[Latency+1];",
       "assign open_o = ld_q[Latency+2];",
       "pipelined control one cycle late: the open slot is decided on the full slot's column",
       ["global_pipe_n2_m2_t8", "unit_pipe_n2_m2_t8_d2"])


# Each PE's own copy of ctl_done (dsbc_global, Pipe = 1) must equal ctl_done in every cycle.
mutant("done_copy_sum", "dsbc_global.v",
       "else copy_q <= slot_q[LastPos] && !sum_w && !copy_q;",
       "else copy_q <= slot_q[LastPos] && !copy_q;",
       "the PEs' copies of ctl_done ignore the last sum bit (every word that reaches its last "
       "count slot completes for the local blocks)",
       ["global_pipe_n2_m2_t8"])


# Half the request rate (HalfRate = 1, dsbc_local_half, architecture.md 4f; the registered
# core: the RAM's word registered, D_r = 3, D_w = 4), caught by the unit_half_* jobs
# (formal/unit_check.v's HalfRate reference).
H = ["unit_half_n2_m3_t8_d2"]
# ... and the read-modify-write's own ones by rmw_half_* too (seconds, at T = 16).
HR = H + ["rmw_half_m3_t16"]
mutant("half_no_fwd2", "dsbc_rmw_half.v",
       "hitd_q    <= c_valid_q && (f_addr_q == k_addr_q);",
       "hitd_q    <= 1'b0;",
       "half rate: no forwarding from the update accepted 2 cycles earlier (its word in stage d, "
       "and its refusal through rh_q)",
       HR)
mutant("half_no_fwd3", "dsbc_rmw_half.v",
       "x_valid_q <= c_valid_q || d_valid_q;",
       "x_valid_q <= d_valid_q;",
       "half rate: no forwarding from the update accepted 3 cycles earlier (its write, a cycle "
       "after the read's registered word, is missed)",
       HR)
mutant("half_no_fwd_lw", "dsbc_rmw_half.v",
       "assign pw_word = hitp_q ? lw_q : rd_q;",
       "assign pw_word = rd_q;",
       "half rate: the registered RAM word never replaced by the last-write register (the writes "
       "of the updates 3 and 4 cycles earlier are missed)",
       HR)
mutant("half_rh_dec", "dsbc_rmw_half.v",
       "rh_q      <= (f_dec_q == k_dec_q) && (&core_q);",
       "rh_q      <= (&core_q);",
       "half rate: the refusal forwarded from 2 cycles earlier ignores the steps' signs (a step "
       "back from the edge is refused)",
       ["rmw_half_m3_t16"])
mutant("half_range_sign", "dsbc_rmw_half.v",
       "edge_groups[G] = (c[T-1] == dec);",
       "edge_groups[G] = 1'b1;",
       "half rate: the range check ignores the sign (a count of -1 refuses +1, 0 refuses -1)",
       ["rmw_half_m3_t16"])
mutant("half_refused_writes", "dsbc_rmw_half.v",
       "we_q      <= commit_n;",
       "we_q      <= c_valid_q;",
       "half rate: a refused update writes its stepped (wrapped) word",
       ["rmw_half_m3_t16"])
mutant("half_ready_after_acc", "dsbc_local_half.v",
       "&& !(|done_sh_q[2:0]) && !(req_valid_i && ready2_q && !ctl_load_i);",
       "&& !(|done_sh_q[2:0]);",
       "half rate: the acceptance's ready not lowered in the cycle after an acceptance (two "
       "updates in consecutive cycles)",
       H)
mutant("half_touched_snap", "dsbc_rebase_late.v",
       "touched_q <= ld_q ? to_next : (touched_q || to_cur);",
       "touched_q <= ld_q ? 1'b0 : (touched_q || to_cur);",
       "half rate: a commit in the snapshot cycle does not keep the word open at the rebase "
       "(the open bit's compare > instead of >=)",
       H)
mutant("half_no_bypass", "dsbc_rmw_half.v",
       "rd_q      <= rd_byp_i ? lw_q : rd_data_i;",
       "rd_q      <= rd_data_i;",
       "half rate: no write-first snapshot bypass (the write in s, committed in s - 1, is "
       "missed by the snapshot's registered word)",
       HR)
# (Not listed: the rebase missing the commits of d + 1, and the rebase written a cycle early;
# both show only after the first completion, BMC depth ~26, over 6 minutes per mutant here.)

# dsbc_fifo RegFlags = 2 (the fill level as a thermometer; dsbc_local_half's FIFO).
mutant("fifo_therm_both", "dsbc_fifo.v",
       "lvl_d[i] = lvl_q[i] ? (lvl_b[i] || both) : (lvl_a[i] && !both);",
       "lvl_d[i] = lvl_q[i] ? lvl_b[i] : lvl_a[i];",
       "RegFlags = 2: a push and a pop in one cycle are not a hold (the level moves)",
       ["fifo_d3_regflags2"])


if __name__ == "__main__":
    # mutants.py apply <id> <file>   |   mutants.py list-sim
    if sys.argv[1] == "apply":
        apply(sys.argv[3], next(m for m in MUTANTS if m["id"] == sys.argv[2]))
    elif sys.argv[1] == "list-sim":
        for m in MUTANTS:
            if m["sim"]:
                print(f"{m['id']}\t{m['file']}\t{m['what']}")
