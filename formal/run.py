#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the formal jobs of the DSBC unit with Yosys 0.23 and yosys-smtbmc, directly.

  formal/run.py [--set full|short] [--out DIR] [--only REGEX] [--jobs N]
  formal/run.py --mutants [--out DIR]          every mutant must make some job fail

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


UNIT_RTL = rtl("dsbc_param_check", "dsbc_encoder", "dsbc_decision", "dsbc_global", "dsbc_fifo",
               "dsbc_ram_dp", "dsbc_summation", "dsbc_rr", "dsbc_local", "dsbc_top")


def fifo_job(depth, width=2, short=False):
    return dict(name=f"fifo_d{depth}", top="fifo_check",
                files=rtl("dsbc_fifo") + ["formal/fifo_check.v"],
                params=dict(Depth=depth, Width=width), mode="prove", depth=depth + 3,
                cover_depth=2 * depth + 6, short=short,
                probes={"p_mem": "u_dut.f_mem", "p_count": "u_dut.count_q",
                        "p_rd_ptr": "u_dut.rd_ptr_q", "p_wr_ptr": "u_dut.wr_ptr_q"})


def sum_job(m, t, short=False):
    return dict(name=f"sum_m{m}_t{t}", top="summation_check",
                files=rtl("dsbc_ram_dp", "dsbc_summation") + ["formal/summation_check.v"],
                params=dict(NumBarriers=m, CountBits=t), mode="prove", depth=m + 4,
                cover_depth=m + 8, short=short,
                probes={"p_mem": "u_ram.f_mem", "p_init": "u_sum.init_q",
                        "p_init_addr": "u_sum.init_addr_q"})


def jobs_all():
    return [fifo_job(1, short=True), fifo_job(3, short=True), fifo_job(4),
            sum_job(3, 8, short=True), sum_job(1, 8, short=True), sum_job(4, 9)]


def jobs(which):
    js = jobs_all()
    return [j for j in js if j["short"]] if which == "short" else js


def yosys_script(job, src_root, smt2):
    lines = ["read_verilog -formal -I" + os.path.join(src_root, "rtl") + " " +
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


def run_job(job, out, src_root=ROOT, timeout=3600):
    """Returns a dict: status (pass/fail/error), counts, times, failing trace."""
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
    steps = [("bmc", base + ["-t", str(job["depth"]), "--dump-vcd",
                             os.path.join(d, "trace.vcd"), smt2])]
    if job["mode"] == "prove":
        steps.append(("induction", base + ["-i", "-t", str(job["depth"]), "--dump-vcd",
                                           os.path.join(d, "trace_induct.vcd"), smt2]))
    if n_cover:
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
    ap.add_argument("--set", choices=["full", "short"], default="full")
    ap.add_argument("--out", default=os.path.join(ROOT, "build-formal", "formal"))
    ap.add_argument("--only", default=None, help="regex over job names")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mutants", action="store_true")
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
        hit = None
        for jn in m["formal"]:
            job = dict(allj[jn])
            job["mode"] = "prove" if job["mode"] == "prove" else "bounded"
            r = run_job(job, os.path.join(out, m["id"]), src_root=tree)
            if r["status"] == "fail" and not r["why"].startswith("cover"):
                hit = (jn, r)
                break
        if hit:
            caught += 1
            jn, r = hit
            trace = r.get("trace", "")
            print(f"  caught   {m['id']:<18} by {jn}: {r['why'][:110]} (trace {os.path.relpath(trace, ROOT) if os.path.exists(trace) else 'none'})", flush=True)
        else:
            print(f"  MISSED   {m['id']:<18} {m['what']}", flush=True)
    print(f"formal-mutants: caught {caught} of {total}")
    return 0 if caught == total else 1


if __name__ == "__main__":
    sys.exit(main())
