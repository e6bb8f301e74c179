#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the formal jobs of the DSBC unit with Yosys 0.23 and yosys-smtbmc, directly.

  formal/run.py [--set full|short|long] [--out DIR] [--only REGEX] [--jobs N]
  formal/run.py --mutants [--out DIR]          every mutant must make each job named for it fail

Each job is one harness (formal/*_check.v) at one parameter set. A job `prove`s its
assertions by k-induction (base case: BMC of depth k from reset; step: `-i -t k`), or checks
them by BMC only (`bounded`, for the liveness bound), and reaches every `cover` statement
(non-vacuity). Probes: harness wires named p_* are connected after flattening to internal
signals (yosys `connect -set`); they only state inductive invariants.

Prints one line per job and the summary `formal: P proved, C covered, B bounded, F failed`,
where P, C and B count assert / cover statements. Exit status 1 if anything failed.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "formal"))
import mutants as mutants_mod  # noqa: E402

# z3 4.8.12 (Debian 12) stalls on the define-fun chains of write_smt2 (it rewrites each
# definition eagerly); with --unroll smtbmc hands it flat terms and it answers at once. The
# packaged boolector rejects smtbmc's `set-option` lines, so z3 it is.
SOLVER = os.environ.get("FORMAL_SOLVER", "z3")


def rtl(*names):
    return ["rtl/" + n + ".v" for n in names]


UNIT_RTL = rtl("dsbc_param_check", "dsbc_encoder", "dsbc_decision", "dsbc_serial_sum",
               "dsbc_arb_ctl", "dsbc_global",
               "dsbc_fifo", "dsbc_ram_dp", "dsbc_summation", "dsbc_rr", "dsbc_dirty",
               "dsbc_first_dirty",
               "dsbc_arb_local", "dsbc_local", "dsbc_half_rate_check", "dsbc_rmw_half",
               "dsbc_rebase_late", "dsbc_local_half", "dsbc_top")


def fifo_job(depth, width=2, short=False, reg_flags=0):
    probes = {"p_mem": "u_dut.f_mem", "p_count": "u_dut.count_q",
              "p_rd_ptr": "u_dut.rd_ptr_q", "p_wr_ptr": "u_dut.wr_ptr_q"}
    if reg_flags == 2:  # the thermometer, the one-hot write pointer and full's copy
        probes.update({"p_lvl": "u_dut.g_therm.lvl_q", "p_wroh": "u_dut.g_therm.wr_oh_q",
                       "p_full2": "u_dut.g_therm.full2_q"})
    return dict(name=f"fifo_d{depth}" + {0: "", 1: "_regflags", 2: "_regflags2"}[reg_flags],
                top="fifo_check",
                files=rtl("dsbc_fifo") + ["formal/fifo_check.v"],
                params=dict(Depth=depth, Width=width, RegFlags=reg_flags), mode="prove",
                depth=depth + 3,
                mutant_depth=2 * depth + 6,
                cover_depth=2 * depth + 6, short=short, probes=probes)


def sum_job(m, t, short=False):
    return dict(name=f"sum_m{m}_t{t}", top="summation_check",
                files=rtl("dsbc_ram_dp", "dsbc_summation") + ["formal/summation_check.v"],
                params=dict(NumBarriers=m, CountBits=t), mode="prove", depth=m + 4,
                mutant_depth=m + 8,
                cover_depth=m + 8, short=short,
                probes={"p_mem": "u_ram.f_mem", "p_init": "u_sum.init_q",
                        "p_init_addr": "u_sum.init_addr_q"})


def rmw_half_job(m, t, short=False):
    """The half-rate read-modify-write (rtl/dsbc_rmw_half.v) with its RAM, alone, against a
    shadow of every word, at widths the unit jobs cannot afford (formal/rmw_half_check.v).
    The registered core (D_r = 3, D_w = 4): an operation lives 4 cycles, its word is
    forwarded from stage d or from the last-write register; k = 6 is the smallest window that
    proves every job (k = 5 fails induction on the last-write register, lw_q_o, at every M;
    k = 4 on the write's word too)."""
    aw = max(1, (m - 1).bit_length())
    return dict(name=f"rmw_half_m{m}_t{t}", top="rmw_half_check",
                files=rtl("dsbc_ram_dp", "dsbc_rmw_half") + ["formal/rmw_half_check.v"],
                params=dict(NumBarriers=m, CountBits=t, AddrW=aw), mode="prove", depth=6,
                mutant_depth=12, cover_depth=12, short=short,
                probes={"p_mem": "u_ram.f_mem"})


def first_dirty_job(m, short=False):
    """The arb search (rtl/dsbc_first_dirty.v) against its reference formulation, for every D
    and CNT2 < M: combinational, so induction at depth 1 is the whole proof."""
    bw = max(1, (m - 1).bit_length())
    return dict(name=f"first_dirty_m{m}", top="first_dirty_check",
                files=rtl("dsbc_first_dirty") + ["formal/first_dirty_ref.v",
                                                  "formal/first_dirty_check.v"],
                params=dict(NumBarriers=m, BarrierW=bw), mode="prove", depth=1,
                mutant_depth=1, cover_depth=1, short=short)


def dirty_job(m, short=False):
    """The dirty bits and search mask of arb (rtl/dsbc_dirty.v) against their reference
    formulation (formal/dirty_ref.v): the same state and outputs for any inputs; the state
    equality is inductive, so depth 1 proves it."""
    bw = max(1, (m - 1).bit_length())
    return dict(name=f"dirty_m{m}", top="dirty_check",
                files=rtl("dsbc_first_dirty", "dsbc_dirty") + ["formal/dirty_ref.v",
                                                                "formal/dirty_check.v"],
                params=dict(NumBarriers=m, BarrierW=bw), mode="prove", depth=1,
                mutant_depth=4, cover_depth=4, short=short,
                probes={"p_dirty": "u_dut.dirty_q", "p_dirty_ref": "u_ref.dirty_q",
                        "p_after": "u_dut.after_q", "p_after_ref": "u_ref.after_q"})


def global_job(n, m, t=8, short=False, pipe=0):
    """pipe=1: the pipelined global sum (Pipe = 1, architecture.md 4f), every end P cycles
    later. Its pipeline holds no state the harness can name cheaply (the tree's carries), so
    the induction runs deep enough that every state it starts from has seen a ctl_load: a
    word lasts at most Q + P + 6 cycles, and the k-cycle window then fixes the pipeline."""
    q = t + (n - 1).bit_length() if n > 1 else t
    p = 1 + ((n - 1).bit_length() + 1) // 2 if pipe else 0  # 4f: 1 + ceil(clog2(N) / 2)
    return dict(name=f"global_{'pipe_' if pipe else ''}n{n}_m{m}_t{t}", top="global_check",
                # dsbc_arb_ctl too: dsbc_global's default (Sched = 1) elaborates it, although
                # global_check instantiates the round robin (Sched = 0).
                files=rtl("dsbc_param_check", "dsbc_encoder", "dsbc_decision", "dsbc_serial_sum",
                          "dsbc_arb_ctl", "dsbc_global") + ["formal/global_check.v"],
                params=dict(NumPes=n, NumBarriers=m, CountBits=t, Pipe=pipe), mode="prove",
                depth=q + p + 8 if pipe else 4, short=short, mutant_depth=q + p + 8 + m,
                # the last barrier's completion needs more words when M > 2
                cover_depth=(q + m + 12 if m <= 2 else 2 * (q + 6) + m) + 2 * p,
                probes=dict({"p_phase": "u_dut.phase_q", "p_cnt1": "u_dut.cnt1_q",
                             "p_carry": "u_dut.u_decision.carry_q",
                             "p_init_cnt": "u_dut.init_cnt_q"},
                            **({"p_pslot": "u_dut.g_pipe.slot_q", "p_pcount": "u_dut.g_pipe.count_q",
                                "p_pwait": "u_dut.g_pipe.wait_q", "p_pstart": "u_dut.g_pipe.start_q",
                                "p_pld": "u_dut.g_pipe.u_sum.ld_q"} if pipe else {})))


def unit_probes(n, m, t, d, arb=False, pipe=0, half=0):
    bw = max(1, (m - 1).bit_length())
    cntw = d.bit_length()
    ptrw = max(1, (d - 1).bit_length())
    pr = {"p_carry": "u_dut.u_global.u_decision.carry_q"}
    if arb:
        g = "u_dut.u_global.g_arb.u_arb."
        pr.update({"p_astate": g + "state_q", "p_acnt": g + "cnt_q", "p_aload": g + "load_q",
                   "p_amask": g + "mask_q", "p_arstar": g + "rstar_q",
                   "p_aheadarb": g + "head_arb_q", "p_acnt2": g + "cnt2_q",
                   "p_init_cnt": g + "init_cnt_q"})
    else:
        pr.update({"p_phase": "u_dut.u_global.phase_q", "p_cnt1": "u_dut.u_global.cnt1_q",
                   "p_init_cnt": "u_dut.u_global.init_cnt_q"})
    if pipe:
        g = "u_dut.u_global.g_pipe."
        pr.update({"p_pslot": g + "slot_q", "p_pcount": g + "count_q", "p_pwait": g + "wait_q",
                   "p_pstart": g + "start_q", "p_pld": g + "u_sum.ld_q"})
    per = [("p_mem", m * (t + 1), "u_ram.f_mem"), ("p_fcount", cntw, "u_fifo.count_q"),
           ("p_frd", ptrw, "u_fifo.rd_ptr_q"), ("p_fwr", ptrw, "u_fifo.wr_ptr_q"),
           ("p_fmem", d * bw, "u_fifo.f_mem"), ("p_cnt2", bw, "u_rr.cnt2_q"),
           ("p_touched", 1, "u_rr.touched_q"), ("p_piso", t + 2, "u_rr.piso_q"),
           ("p_acc", t + 1, "u_rr.acc_q"), ("p_snapword", t + 1, "u_rr.snap_word"),
           ("p_init", 1, "u_summation.init_q"), ("p_init_addr", bw, "u_summation.init_addr_q"),
           ("p_wrebase", 1, "u_summation.w_rebase_q"),
           ("p_wrbcount", t + 1, "u_summation.w_rb_count_q"),
           ("p_lwen", 1, "u_summation.last_wr_en_q"), ("p_lwaddr", bw, "u_summation.last_wr_addr_q"),
           ("p_lwdata", t + 1, "u_summation.last_wr_data_q"),
           ("p_rddata", t + 1, "u_ram.rd_data_o"), ("p_wvalid", 1, "u_summation.w_valid_q"),
           ("p_wbarrier", bw, "u_summation.w_barrier_q")]
    if arb:
        per += [("p_dirty", m, "g_arb.u_arb.u_dirty.dirty_q"), ("p_lstate", 3, "g_arb.u_arb.state_q"),
                ("p_larbj", bw, "g_arb.u_arb.arb_j_q"), ("p_lracing", 1, "g_arb.u_arb.racing_q"),
                ("p_lr", bw, "g_arb.u_arb.r_q"), ("p_lrhi", max(1, bw - 1), "g_arb.u_arb.rhi_q"),
                ("p_lsdirty", 1, "g_arb.u_arb.snap_dirty_q"),
                ("p_lfirst", 1, "g_arb.u_arb.first_count_q"),
                # copies the arb block keeps of functions of CNT2 (architecture.md 4f)
                ("p_lafter", m, "g_arb.u_arb.u_dirty.after_q"),
                ("p_lsucc", bw, "u_rr.g_arb_addr.cnt2_succ_q"),
                ("p_lb0", bw, "g_arb.u_arb.b0_q"), ("p_lb1", bw, "g_arb.u_arb.b1_q")]
    if half:
        # dsbc_local_half (HalfRate = 1, the registered core): the same RAM and FIFO (RegFlags
        # = 2: its thermometer, one-hot pointer and full copy); its own CNT2, clearing, rebase
        # stages, snapshot word and serial register, dsbc_rebase_late's compares and sums and
        # dsbc_rmw_half's stages a .. d.
        q = t + (n - 1).bit_length() if n > 1 else t
        accw = (q + 13).bit_length() + 1  # dsbc_local_half: clog2(Q + 9 + D_w + 1) + 1, D_w = 4
        g, gc = (t + 1) // 3, t // 3      # dsbc_rmw_half's G and GC
        per = [p for p in per if p[0] in ("p_mem", "p_fcount", "p_frd", "p_fwr", "p_fmem",
                                          "p_rddata")]
        c, lt, w = "u_core.", "u_late.", t + 1
        per += [("p_cnt2", bw, "cnt2_q"), ("p_init", 1, "init_q"),
                ("p_init_addr", bw, "init_addr_q"),
                ("p_flvl", d, "u_fifo.g_therm.lvl_q"), ("p_fwroh", d, "u_fifo.g_therm.wr_oh_q"),
                ("p_ffull2", 1, "u_fifo.g_therm.full2_q"),
                ("p_hnext", bw, lt + "next_q"), ("p_hacc", accw, lt + "acc_q"),
                ("p_htouched", 1, lt + "touched_q"), ("p_hrebacc", accw, lt + "reb_acc_q"),
                ("p_hrebtouched", 1, lt + "reb_touched_q"), ("p_hldq", 1, lt + "ld_q"),
                ("p_hdoneq", 1, lt + "done_q"), ("p_hpend", 1, lt + "pend_q"),
                ("p_hcollp", 1, lt + "coll_p_q"), ("p_hbypp", 1, lt + "byp_p_q"),
                ("p_hmcur", 1, lt + "m_cur_q"), ("p_hmnext", 1, lt + "m_next_q"),
                ("p_hmreb", 1, lt + "m_reb_q"), ("p_hstep", accw, lt + "step_q"),
                ("p_hdonesh", 4, "done_sh_q"), ("p_hrebwrite", 1, "reb_write_q"),
                ("p_hrebbar", bw, "reb_barrier_q"), ("p_haccq", 1, "accepted_q"),
                ("p_hready", 1, "ready_q"), ("p_hready2", 1, "ready2_q"),
                ("p_hinit2", 1, "init2_q"), ("p_hosel", 1, "osel_q"),
                ("p_hoselnx", 1, "oselnx_q"), ("p_hpiso", w, "piso_q"), ("p_hld1", 1, "ld1_q"),
                ("p_hld2", 1, "ld2_q"), ("p_hfulls", 1, "full_s_q"),
                ("p_hav", 1, c + "a_valid_q"), ("p_hbv", 1, c + "b_valid_q"),
                ("p_hcv", 1, c + "c_valid_q"), ("p_hdv", 1, c + "d_valid_q"),
                ("p_hfaddr", bw, c + "f_addr_q"), ("p_hfdec", 1, c + "f_dec_q"),
                ("p_hkaddr", bw, c + "k_addr_q"), ("p_hkdec", 1, c + "k_dec_q"),
                ("p_hxv", 1, c + "x_valid_q"), ("p_hxaddr", bw, c + "x_addr_q"),
                ("p_hxce", 1, c + "xce_q"), ("p_hlwce", 1, c + "lwce_q"),
                ("p_hhitd", 1, c + "hitd_q"), ("p_hhitp", 1, c + "hitp_q"),
                ("p_hhitc", 1, c + "hitc_q"), ("p_hrdq", w, c + "rd_q"), ("p_hlw", w, c + "lw_q"),
                ("p_hopnd", w, c + "opnd_q"), ("p_hres", w, c + "res_q"),
                ("p_hrefq", 1, c + "refused_q"), ("p_hwe", 1, c + "we_q"),
                ("p_hany", 1, c + "any_q"), ("p_hedge", g + 1, c + "edge_q"),
                ("p_hrh", 1, c + "rh_q"), ("p_hcore", gc + 1, c + "core_q"),
                ("p_hwrword", w, c + "wr_word")]
        if (1 << bw) > m:
            per.append(("p_hbad", 4, "g_id_check.bad_q"))
    pe = "g_pe_half" if half else "g_pe"
    for i in range(n):
        for name, w, path in per:
            pr[f"{name}[{(i + 1) * w - 1}:{i * w}]"] = f"u_dut.{pe}[{i}].u_local.{path}"
    return pr


def unit_job(n, m, t=8, d=2, depth=None, short=False, live=False, arb=False, pipe=0, half=0,
             long=False):
    """The whole unit; arb=True: scheduler arb (Sched = 1, architecture.md 4e); pipe=1: rr
    with the pipelined global sum (Pipe = 1, 4f), every decision P cycles later; half=1: rr
    at half the request rate (HalfRate = 1, dsbc_local_half, 4f), L_max as at the full rate
    (measured from the closing commit, which comes in t + 3 instead of t + 1)."""
    q = t + (n - 1).bit_length() if n > 1 else t
    bw = max(1, (m - 1).bit_length())
    p = 1 + ((n - 1).bit_length() + 1) // 2 if pipe else 0  # 4f: 1 + ceil(clog2(N) / 2)
    if arb:
        lmax = m * (q + bw + 4) + 4 + (n.bit_length() - 1)
    else:
        lmax = m * (q + 4 + p) + 5 + p + (n.bit_length() - 1) + (2 if m == 1 else 0)
    kind = (("live" if live else "unit") + ("_arb" if arb else "") + ("_half" if half else "") +
            ("_pipe" if pipe else ""))
    j = dict(name=f"{kind}_n{n}_m{m}_t{t}_d{d}",
             top="unit_check", files=UNIT_RTL + ["formal/unit_check.v"],
             params=dict(NumPes=n, NumBarriers=m, CountBits=t, FifoDepth=d, Sched=int(arb),
                         Pipe=pipe, HalfRate=half),
             mode="bounded" if live else "prove", short=short, long=long,
             probes=unit_probes(n, m, t, d, arb, pipe, half), defines=["LIVENESS"] if live else [])
    if long:
        j.update(timeout=6 * 3600)  # per step: the hour of the other jobs is what it exceeds
    if live:
        j.update(depth=depth or (m + lmax + 8), cover_depth=depth or (m + lmax + 8))
    elif half:
        # HalfRate = 1: commits 3 cycles after acceptance, so the covers (a completion, and an
        # update in flight at it) need a few cycles more than at the full rate.
        j.update(depth=depth or (q + p + 8 if pipe else 2),
                 cover_depth=q + m + 18 + 2 * p, mutant_depth=2 * (q + 4 + p) + m + 8)
    elif pipe:
        # The tree's carries and sum registers have no reference in the harness: as for
        # global_pipe_*, the induction runs deep enough (a word lasts at most Q + P + 6
        # cycles) that every state it starts from has seen a ctl_load.
        j.update(depth=depth or q + p + 8, cover_depth=q + m + 10 + 2 * p,
                 mutant_depth=2 * (q + 4 + p) + m + 2)
    elif arb:
        # covers: a completion; with d = 1 a full-slot exit after it
        j.update(depth=depth or 6, cover_depth=(2 if d == 1 else 1) * (q + 2) + m + bw + 10,
                 mutant_depth=2 * (q + bw + 4) + m + 2)
    else:
        j.update(depth=depth or 6, cover_depth=q + m + 10,
                 mutant_depth=2 * (q + 4) + m + 2)
    return j


def jobs_all():
    return [fifo_job(1, short=True), fifo_job(3, short=True), fifo_job(4),
            fifo_job(1, reg_flags=1), fifo_job(3, reg_flags=1),
            fifo_job(1, reg_flags=2), fifo_job(3, reg_flags=2), fifo_job(4, reg_flags=2),
            sum_job(3, 8, short=True), sum_job(1, 8, short=True), sum_job(4, 9),
            rmw_half_job(3, 16, short=True), rmw_half_job(1, 16), rmw_half_job(4, 9),
            rmw_half_job(2, 32),
            first_dirty_job(5, short=True), first_dirty_job(32, short=True),
            first_dirty_job(1), first_dirty_job(2), first_dirty_job(3), first_dirty_job(33),
            first_dirty_job(64), first_dirty_job(100),
            dirty_job(5, short=True), dirty_job(32, short=True), dirty_job(1), dirty_job(2),
            dirty_job(3), dirty_job(33), dirty_job(64), dirty_job(100),
            global_job(2, 2, short=True), global_job(3, 2, short=True), global_job(2, 1),
            global_job(1, 3), global_job(5, 2), global_job(8, 2),
            global_job(2, 2, pipe=1), global_job(3, 2, pipe=1), global_job(5, 2, pipe=1),
            global_job(1, 1, pipe=1),
            unit_job(2, 2, short=True), unit_job(3, 2), unit_job(1, 1, live=True),
            unit_job(2, 2, pipe=1), unit_job(3, 2, pipe=1),
            unit_job(1, 2, d=1, arb=True, short=True), unit_job(2, 2, arb=True),
            unit_job(2, 3, arb=True), unit_job(3, 2, arb=True), unit_job(2, 1, d=1, arb=True),
            unit_job(1, 1, live=True, arb=True),
            # HalfRate = 1 (full set only; the registered core: 1031 s and 1900 s, load 2-5).
            unit_job(2, 3, half=1), unit_job(2, 2, half=1, pipe=1),
            # Long set only: on the registered core its induction has not finished within an
            # hour at one core (docs/verification.md); N = 2 proves the same local blocks.
            unit_job(3, 3, half=1, long=True)]


def jobs(which):
    """short: make test's set; full: make formal's (every job but the long ones); long: all."""
    js = jobs_all()
    if which == "short":
        return [j for j in js if j["short"]]
    return js if which == "long" else [j for j in js if not j.get("long")]


def yosys_script(job, src_root, smt2):
    defs = "".join(" -D" + x for x in job.get("defines", []))
    lines = ["read_verilog -formal" + defs + " -I" + os.path.join(src_root, "rtl") + " " +
             " ".join(os.path.join(src_root, f) for f in job["files"])]
    chp = "".join(f" -chparam {k} {v}" for k, v in job["params"].items())
    lines.append(f"hierarchy -check -top {job['top']}{chp}")
    lines += ["proc", "flatten"]
    lines.append(f"cd {job['top']}")
    for i, (probe, path) in enumerate(sorted(job.get("probes", {}).items())):
        lines.append(f"rename {path} __probe{i}")
        lines.append(f"connect -set {probe} __probe{i}")
    lines.append("cd ..")
    lines += [f"prep -top {job['top']}", "memory_map", "opt -fast", "async2sync", "dffunmap",
              "stat", f"write_smt2 -wires {smt2}"]
    return "\n".join(lines) + "\n"


def run(cmd, log, timeout):
    t0 = time.time()
    with open(log, "w") as f:
        try:
            p = subprocess.run(["nice", "-n", "10"] + cmd, stdout=f, stderr=subprocess.STDOUT,
                               timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = -1
    return rc, time.time() - t0, open(log).read()


def count_props(smt2):
    text = open(smt2).read()
    return (len(re.findall(r"^; yosys-smt2-assert ", text, re.M)),
            len(re.findall(r"^; yosys-smt2-cover ", text, re.M)))


def run_job(job, out, src_root=ROOT, timeout=3600, bmc_only=False):
    """Returns a dict: status (pass/fail/error), counts, times, failing trace. A job's own
    `timeout` (seconds per step) overrides the default."""
    timeout = job.get("timeout", timeout)
    d = os.path.join(out, job["name"])
    os.makedirs(d, exist_ok=True)
    smt2 = os.path.join(d, "design.smt2")
    ys = os.path.join(d, "design.ys")
    open(ys, "w").write(yosys_script(job, src_root, smt2))
    r = dict(name=job["name"], mode=job["mode"], depth=job["depth"], steps=[])
    rc, t, txt = run(["yosys", "-q", "-l", os.path.join(d, "yosys.log"), "-s", ys],
                     os.path.join(d, "yosys.out"), timeout)
    if rc != 0:
        r.update(status="error", why="yosys: " + (txt.strip().splitlines() or ["?"])[-1])
        return r
    n_assert, n_cover = count_props(smt2)
    r.update(asserts=n_assert, covers=n_cover)
    base = ["yosys-smtbmc", "-s", SOLVER, "--unroll", "--presat", "--noprogress"]
    bmc_depth = job.get("mutant_depth", job["depth"]) if bmc_only else job["depth"]
    steps = [("bmc", base + ["-t", str(bmc_depth), "--dump-vcd",
                             os.path.join(d, "trace.vcd"), smt2])]
    if bmc_only:
        pass
    elif job["mode"] == "prove":
        steps.append(("induction", base + ["-i", "-t", str(job["depth"]), "--dump-vcd",
                                           os.path.join(d, "trace_induct.vcd"), smt2]))
    if n_cover and not bmc_only:
        steps.append(("cover", ["yosys-smtbmc", "-s", SOLVER, "--unroll", "--noprogress", "-c",
                                "-t", str(job["cover_depth"]), "--dump-vcd",
                                os.path.join(d, "cover.vcd"), smt2]))
    status = "pass"
    for name, cmd in steps:
        rc, t, txt = run(cmd, os.path.join(d, name + ".log"), timeout)
        ok = rc == 0 and "Status: PASSED" in txt
        r["steps"].append((name, t, ok))
        if not ok:
            status = "fail"
            fails = re.findall(r"(Assert failed in .*|Unreached cover statement.*)", txt)
            r["why"] = f"{name}: " + ("; ".join(fails[:3]) if fails else
                                      ("timeout" if rc == -1 else txt.strip()[-300:]))
            r["trace"] = os.path.join(d, "trace_induct.vcd" if name == "induction" else
                                      "cover.vcd" if name == "cover" else "trace.vcd")
            break
    r["status"] = status
    return r


def fmt(r):
    times = ", ".join(f"{n} {t:.1f}s" for n, t, _ in r["steps"])
    if r["status"] == "pass":
        what = "proved" if r["mode"] == "prove" else "bounded"
        return (f"  {r['name']:<22} {what} (k={r['depth']}) {r['asserts']} asserts, "
                f"{r['covers']} covers reached [{times}]")
    return f"  {r['name']:<22} FAILED: {r.get('why', '?')} [{times}]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=["full", "short", "long"], default="full")
    ap.add_argument("--out", default=os.path.join(ROOT, "build-formal", "formal"))
    ap.add_argument("--only", default=None, help="regex over job names")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mutants", action="store_true")
    ap.add_argument("--port-only", action="store_true",
                    help="mutants: leave the unit's inductive invariants out (slower BMC)")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    js = jobs(a.set)
    if a.only:
        js = [j for j in js if re.search(a.only, j["name"])]
    if a.list:
        for j in js:
            print(j["name"], j["mode"], j["depth"])
        return 0
    if a.mutants:
        return run_mutants(a)
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda j: run_job(j, a.out), js))
    P = C = B = F = 0
    for r in results:
        print(fmt(r), flush=True)
        if r["status"] != "pass":
            F += 1
            continue
        if r["mode"] == "prove":
            P += r["asserts"]
        else:
            B += r["asserts"]
        C += r["covers"]
    print(f"formal: {P} proved, {C} covered, {B} bounded, {F} failed "
          f"({len(results)} jobs, {time.time() - t0:.0f}s)")
    return 1 if F else 0


def run_mutants(a):
    """Each mutant is applied to a copy of rtl/; the jobs named for it must fail in BMC or
    induction (a counterexample), and the failing trace is kept."""
    out = os.path.join(a.out, "mutants")
    shutil.rmtree(out, ignore_errors=True)
    allj = {j["name"]: j for j in jobs_all()}
    caught = total = 0
    for m in mutants_mod.MUTANTS:
        if a.only and not re.search(a.only, m["id"]):
            continue
        total += 1
        tree = os.path.join(out, m["id"], "src")
        shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(tree, "rtl"))
        shutil.copytree(os.path.join(ROOT, "formal"), os.path.join(tree, "formal"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        mutants_mod.apply(os.path.join(tree, "rtl", m["file"]), m)
        # Every job named for the mutant must catch it (e.g. the pipelined sum's bugs both in
        # global_pipe_* and in the whole unit's unit_pipe_*).
        missed = []
        for jn in m["formal"]:
            job = dict(allj[jn])
            if a.port_only and job["top"] == "unit_check":  # the bug must show at the ports
                job["defines"] = job.get("defines", []) + ["PORT_ONLY"]
            r = run_job(job, os.path.join(out, m["id"]), src_root=tree, bmc_only=True)
            if r["status"] == "fail" and not r["why"].startswith("cover"):
                trace = r.get("trace", "")
                # The mutant's copy of the sources lives under <out>/<id>/src/: show repository paths.
                where = re.sub(r" \(\$assert\S*\)", "", r["why"])
                where = re.sub(r"\S*/src/(formal|rtl)/", r"\1/", where)[:90]
                trace = os.path.relpath(trace, ROOT) if os.path.exists(trace) else "none"
                print(f"  caught   {m['id']:<14} by {jn}: {where}\n           trace {trace}", flush=True)
            else:
                missed.append(jn)
                print(f"  MISSED   {m['id']:<18} by {jn}: {m['what']}", flush=True)
        if not missed:
            caught += 1
    print(f"formal-mutants: caught {caught} of {total}")
    return 0 if caught == total else 1


if __name__ == "__main__":
    sys.exit(main())
