#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Synthesis flows behind `make synth` (docs/synthesis.md).

For every configuration of DSBC (global block, one local block, whole unit) and of the
Wired-NOR baseline:
  * iCE40: Yosys synth_ice40 on the block inside its register harness (synth/flow/ice40.ys),
    then nextpnr-ice40 on HX8K and UP5K for several placement seeds; Fmax is the median of
    the seeds. Configurations whose Yosys estimate does not fit a device are not placed and
    are reported as "does not fit" with the estimate.
  * generic: gate count, longest topological path and CMOS transistor estimate
    (synth/flow/generic.ys).
Writes reports/synth.csv (one row per design, target and configuration) and
reports/synth-commands.txt (tool versions and one example of every command).

`--unit` (make place-unit) runs only the area figures of issue 13: one local block at
N = 16, M = 32, D = 8 for T = 8, 15, 16, 32 (Yosys synth_ice40: block RAMs, LUTs, FFs) and the
whole unit N = 16, M = 32, T = 16, D = 8 placed and routed as one design on the HX8K (nextpnr,
median Fmax over the seeds) -> reports/unit.csv and reports/unit.md.

Every tool runs under `nice -n 10`, one at a time (the machine is shared). Results are cached
in build/synth/flow/cache, keyed by a hash of the sources, the script and the parameters, so
a rerun only redoes what changed.
"""

import argparse
import concurrent.futures
import csv
import hashlib
import json
import math
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join("build", "synth", "flow")
NICE = ["nice", "-n", "10"]

# Every flow reads the modules of both schedulers: the modules' own default is arb (Sched = 1),
# and Yosys checks the default elaboration of a submodule too.
DSBC_LOCAL_FILES = ["rtl/dsbc_param_check.v", "rtl/dsbc_ram_dp.v", "rtl/dsbc_summation.v",
                    "rtl/dsbc_rr.v", "rtl/dsbc_fifo.v", "rtl/dsbc_dirty.v",
                    "rtl/dsbc_first_dirty.v", "rtl/dsbc_arb_local.v",
                    "rtl/dsbc_local.v"]
DSBC_GLOBAL_FILES = ["rtl/dsbc_param_check.v", "rtl/dsbc_encoder.v", "rtl/dsbc_decision.v",
                     "rtl/dsbc_serial_sum.v", "rtl/dsbc_arb_ctl.v", "rtl/dsbc_global.v"]
# HalfRate = 1's local block (docs/clock.md, "Half the request rate").
DSBC_HALF_FILES = ["rtl/dsbc_half_rate_check.v", "rtl/dsbc_rmw_half.v", "rtl/dsbc_rebase_late.v",
                   "rtl/dsbc_local_half.v"]
DSBC_TOP_FILES = (DSBC_LOCAL_FILES + DSBC_GLOBAL_FILES[1:] + DSBC_HALF_FILES
                  + ["rtl/dsbc_top.v"])
SCHED_PARAM = {"rr": 0, "arb": 1}
WNOR_FILES = ["rtl/wnor/wnor_param_check.v", "rtl/wnor/wnor_nor_tree.v",
              "rtl/wnor/wnor_pe.v", "rtl/wnor/wnor_top.v"]
HARNESS_IO = "synth/harness/harness_scan_io.v"
FLOORPLAN_PE = "synth/flow/floorplan_pe.py"  # nextpnr --pre-place: one quadrant per 4 PEs

# Devices: logic cells and 4-kbit block RAMs available (iCE40 family data sheet; nextpnr's
# report gives the same numbers).
DEVICES = {
    "ice40-hx8k": {"args": ["--hx8k", "--package", "ct256"], "lcs": 7680, "brams": 32},
    "ice40-up5k": {"args": ["--up5k", "--package", "sg48"], "lcs": 5280, "brams": 30},
}
# Placement target: above what any block reaches, so the timing-driven placer always works.
FREQ_TARGET_MHZ = 200
# Above this share of a device's logic cells (Yosys estimate) a configuration is not placed.
FIT_LIMIT = 0.95
# nextpnr runs at a time over the seeds of one placement (--place-jobs; the machine is shared).
PLACE_JOBS = 1
# A placement with a floorplan (Config.pre_place) that has not finished after this long has
# hung: nextpnr's heap placer can loop in legalisation with region constraints (seen with the
# 16-PE floorplan and --placer-heap-timingweight 30, seed 3; free runs take 0.5-1 minute,
# up to 20 on a loaded machine). It is reported as failed instead of stopping the flow.
PRE_PLACE_TIMEOUT_S = 1800

COLUMNS = ["design", "sched", "target", "pes", "barriers", "count_bits", "fifo_depth", "tree_arity",
           "luts", "carries", "ffs", "brams", "fmax_mhz", "fmax_min_mhz", "fmax_max_mhz",
           "seeds", "lcs_used", "lcs_available", "status", "gates", "ltp", "transistors",
           "ram_bits", "harness_luts", "harness_ffs"]


def count_ram_blocks(m, t, sched="rr"):
    """SB_RAM40_4K per DSBC local block: the RAM holds m words {open, count} of t+1 bits with
    one write and one read port (the snapshot shares it), so it is one copy: ceil((t+1)/16)
    blocks in 256x16 mode when m <= 256 (each block is 4 kbit: 256x16, 512x8, 1024x4 or
    2048x2). Under arb nothing reads the open bit (a word runs only for a dirty barrier, 4e),
    so Yosys drops it: ceil(t/16) blocks."""
    if m > 256:
        raise ValueError("configurations here have m <= 256")
    return math.ceil((t + (1 if sched == "rr" else 0)) / 16)


class Config:
    def __init__(self, design, n, m, t=None, d=None, arity=None, sched="rr", pipe=0, half=0,
                 pre_place=None, dffe_min_ce_use=None):
        self.design, self.n, self.m, self.t, self.d, self.arity = design, n, m, t, d, arity
        # A nextpnr --pre-place script (a floorplan, synth/flow/), or None: placed freely.
        self.pre_place = pre_place
        # synth_ice40 -dffe_min_ce_use: a clock enable that would drive fewer flip-flops than
        # this becomes logic in front of the D input (None: Yosys's default, every enable kept).
        # Why the floorplanned units set it: an iCE40 logic tile's 8 flip-flops share one clock
        # enable and one set/reset, so each small enable (a 5-bit address register's, say)
        # takes a tile of its own; in the regions of floorplan_pe.py those part-filled tiles
        # left nextpnr's legaliser without room (docs/clock.md, "Control sets").
        self.dffe_min_ce_use = dffe_min_ce_use
        self.sched = sched if design != "wnor_top" else ""
        # Pipe = 1: the pipelined global sum (round robin only, docs/architecture.md 4f).
        self.pipe = pipe
        # HalfRate = 1: half the request rate per PE (dsbc_top only, round robin only, 4f).
        self.half = half

    @property
    def half_by_design(self):
        """dsbc_local_half is the half-rate block itself: no HalfRate or Sched parameter (it is
        round robin only) and no "_half" in its name; the other DSBC designs take HalfRate."""
        return self.design == "dsbc_local_half"

    @property
    def sched_label(self):
        """The CSV's sched column: rr, arb, rr-pipe (rr with Pipe = 1), rr-half (HalfRate = 1)
        or rr-pipe-half."""
        return self.sched + ("-pipe" if self.pipe else "") + ("-half" if self.half else "")

    @property
    def name(self):
        if self.design == "wnor_top":
            return f"wnor_top_n{self.n}_m{self.m}_a{self.arity}"
        # rr keeps the names of the flows from before the schedulers (and their caches).
        tag = "_arb" if self.sched == "arb" else ""
        tag += "_pipe" if self.pipe else ""
        tag += "_half" if self.half and not self.half_by_design else ""
        return f"{self.design}_n{self.n}_m{self.m}_t{self.t}_d{self.d}{tag}"

    def files(self):
        return {"dsbc_global": DSBC_GLOBAL_FILES, "dsbc_local": DSBC_LOCAL_FILES,
                "dsbc_local_half": DSBC_LOCAL_FILES + DSBC_HALF_FILES,
                "dsbc_top": DSBC_TOP_FILES, "wnor_top": WNOR_FILES}[self.design]

    def params(self):
        if self.design == "wnor_top":
            return {"NumPes": self.n, "NumBarriers": self.m, "TreeArity": self.arity}
        p = {"NumPes": self.n, "NumBarriers": self.m, "CountBits": self.t,
             "FifoDepth": self.d}
        if not self.half_by_design:
            p["Sched"] = SCHED_PARAM[self.sched]
        if self.pipe:
            p["Pipe"] = 1  # only then: the other configurations keep their scripts (and caches)
        if self.half and not self.half_by_design:
            p["HalfRate"] = 1
        return p

    def brams(self):
        if self.design in ("dsbc_local", "dsbc_local_half"):
            return count_ram_blocks(self.m, self.t, self.sched)
        if self.design == "dsbc_top":
            return self.n * count_ram_blocks(self.m, self.t, self.sched)
        return 0

    def chparam(self):
        return " ".join(f"-set {k} {v}" for k, v in self.params().items())


def unit_configs():
    """make place-unit: the local block against T, and the whole N = 16, M = 32 unit, under
    each scheduler (arb: the local block at T = 16 and the unit, also at N = 8 and 4)."""
    out = [Config("dsbc_local", 16, 32, t=t, d=8) for t in (8, 15, 16, 32)]
    out.append(Config("dsbc_local", 16, 32, t=16, d=8, sched="arb"))
    out.append(Config("dsbc_top", 16, 32, t=16, d=8))
    out.append(Config("dsbc_top", 16, 32, t=16, d=8, sched="arb"))
    # The default unit (arb) at N = 8, the largest N that fits the HX8K (since 2026-11-28:
    # 6,672 of 7,680 logic cells), and at N = 4.
    out.append(Config("dsbc_top", 8, 32, t=16, d=8, sched="arb"))
    out.append(Config("dsbc_top", 4, 32, t=16, d=8, sched="arb"))
    # Half the request rate (docs/architecture.md 4f): the units that fit with room and place
    # fastest, with the pipelined global sum at N = 16 and N = 8, and without it at N = 16
    # (P cycles less per word: the lower latency in ns under rr at M = 32). The 16-PE ones
    # are placed with a floorplan (each block's logic in a quadrant, its RAMs in a band of
    # its RAM column: synth/flow/floorplan_pe.py says why).
    out.append(Config("dsbc_top", 16, 32, t=16, d=8, pipe=1, half=1, pre_place=FLOORPLAN_PE,
                      dffe_min_ce_use=8))
    out.append(Config("dsbc_top", 8, 32, t=16, d=8, pipe=1, half=1))
    out.append(Config("dsbc_top", 16, 32, t=16, d=8, half=1, pre_place=FLOORPLAN_PE,
                      dffe_min_ce_use=8))
    return out


def configs(quick):
    """make synth: every DSBC block and unit over N and M under rr; the blocks under arb too,
    and the arb unit at N = 4 (placed) and at N = 16 (the issue 13 configuration: its Yosys
    estimate does not fit the HX8K); the global block with the pipelined sum (rr, Pipe = 1) at
    N = 16, 64, 256, M = 32; Wired-NOR."""
    ns = [4, 16] if quick else [4, 8, 16, 32, 64]
    ms = [16, 256] if quick else [16, 32, 256]
    out = []
    for design in ["dsbc_global", "dsbc_local", "dsbc_top"]:
        for sched in ("rr", "arb"):
            for n in ns:
                if design == "dsbc_top" and sched == "arb" and n not in (4, 16):
                    continue
                for m in ms:
                    if design == "dsbc_top" and sched == "arb" and m == 256:
                        continue
                    out.append(Config(design, n, m, t=16, d=8, sched=sched))
    for n in ([16, 64] if quick else [16, 64, 256]):
        out.append(Config("dsbc_global", n, 32, t=16, d=8, pipe=1))
    # HalfRate = 1's local block alone (round robin; its N only sizes the rebase sum).
    for m in ms:
        out.append(Config("dsbc_local_half", 16, m, t=16, d=8, half=1))
    for n in ns:
        for m in ([16] if quick else [16, 32]):
            out.append(Config("wnor_top", n, m, arity=4))
    return out


def sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
    return h.hexdigest()[:16]


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read()


COMMANDS = []  # one example of every command kind, for reports/synth-commands.txt


def note(kind, cmd):
    """Keeps the first command of each kind for synth-commands.txt (also on cache hits)."""
    if kind not in [k for k, _ in COMMANDS]:
        COMMANDS.append((kind, " ".join(shlex.quote(c) for c in NICE + cmd)))


def run(cmd, log=None, kind=None, timeout=None):
    full = NICE + cmd
    if kind:
        note(kind, cmd)
    try:
        r = subprocess.run(full, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:  # the child is killed; reported like a failed run
        r = subprocess.CompletedProcess(full, -1, f"ERROR: did not finish in {timeout} s\n")
    if log:
        with open(os.path.join(ROOT, log), "w") as f:
            f.write(r.stdout)
    return r


def fill(template, cfg, files, top, out):
    text = open(os.path.join(ROOT, template)).read()
    return (text.replace("@FILES@", " ".join(files)).replace("@TOP@", top)
            .replace("@CHPARAM@", cfg.chparam()).replace("@BRAMS@", str(cfg.brams()))
            .replace("@OUT@", out)
            .replace("@SYNTH_OPTS@", f" -dffe_min_ce_use {cfg.dffe_min_ce_use}"
                     if cfg.dffe_min_ce_use else ""))


def module_stats(stat_json, prefix):
    """Cell counts of the module whose name contains `prefix` (the block under test)."""
    mods = json.load(open(os.path.join(ROOT, stat_json)))["modules"]
    for name, m in mods.items():
        if name.lstrip("\\").split("\\")[-1] == prefix or name.endswith("\\" + prefix):
            return m
    raise KeyError(f"{prefix} not in {list(mods)}")


def ice40_counts(cells):
    c = cells["num_cells_by_type"]
    return {
        "luts": c.get("SB_LUT4", 0),
        "carries": c.get("SB_CARRY", 0),
        "ffs": sum(v for k, v in c.items() if k.startswith("SB_DFF")),
        "brams": c.get("SB_RAM40_4K", 0),
    }


def synth_ice40(cfg, cache):
    out = f"{WORK}/{cfg.name}_ice40"
    harness = f"synth/harness/harness_{cfg.design}.v"
    files = cfg.files() + [HARNESS_IO, harness]
    script = fill("synth/flow/ice40.ys", cfg, files, f"harness_{cfg.design}", out)
    key = sha(script, *[read(f) for f in files])
    cmd = ["yosys", "-q", "-l", out + ".log", "-s", out + ".ys"]
    note("yosys (iCE40)", cmd)
    if cache.get("ice40_key") == key and os.path.exists(os.path.join(ROOT, out + ".json")):
        return cache["ice40"]
    ys = os.path.join(ROOT, out + ".ys")
    open(ys, "w").write(script)
    r = run(cmd, kind="yosys (iCE40)")
    if r.returncode != 0:
        raise RuntimeError(f"yosys failed for {cfg.name}: see {out}.log\n{r.stdout[-2000:]}")
    dut = ice40_counts(module_stats(out + ".stat.json", cfg.design))
    mods = json.load(open(os.path.join(ROOT, out + ".stat.json")))
    total = ice40_counts(mods["design"])
    res = {"dut": dut, "total": total}
    cache["ice40_key"], cache["ice40"] = key, res
    cache.pop("pnr", None)  # a new netlist invalidates placements
    return res


def unit_from_blocks(cfg, results):
    """iCE40 counts of a whole DSBC unit as N local blocks + 1 global block (no harness)."""
    tag = f"_n{cfg.n}_m{cfg.m}_t{cfg.t}_d{cfg.d}" + ("_arb" if cfg.sched == "arb" else "")
    local, glob = results["dsbc_local" + tag]["dut"], results["dsbc_global" + tag]["dut"]
    dut = {k: cfg.n * local[k] + glob[k] for k in local}
    return {"dut": dut, "total": dict(dut)}


def does_not_fit(total, dev, how):
    """The status of a design whose Yosys estimate does not fit `dev` (not placed), or ""."""
    est = max(total["luts"], total["ffs"])
    if est > FIT_LIMIT * dev["lcs"] or total["brams"] > dev["brams"]:
        return (f"does not fit: {how} {est} LCs of {dev['lcs']}, "
                f"{total['brams']} BRAM of {dev['brams']}")
    return ""


def failure(msg):
    """Status for a failed placement; running out of cells means the block does not fit."""
    if "no BELs remaining" in msg:
        return ("does not fit: nextpnr ran out of logic cells (block + harness chains; "
                "the Yosys estimate was under the limit)")
    over = re.search(r"Failed to expand region .* of (\d+) ICESTORM_LCs", msg)
    if over:  # the heap placer's way of saying the same
        return (f"does not fit: nextpnr needs {over.group(1)} logic cells (with the harness; "
                "the Yosys estimate was under the limit)")
    return msg


def place(cfg, target, seeds, cache):
    dev = DEVICES[target]
    out = f"{WORK}/{cfg.name}_ice40"
    # Placements made with another floorplan (or none) do not count: the script is in the key.
    pnr_key = sha(read(cfg.pre_place)) if cfg.pre_place else ""
    if cache.get("pnr_key", "") != pnr_key:
        cache["pnr"], cache["pnr_key"] = {}, pnr_key
    pnr = cache.setdefault("pnr", {}).setdefault(target, {})
    limit = PRE_PLACE_TIMEOUT_S if cfg.pre_place else None
    fmax, lcs = [], None
    if "failed" in pnr:  # a placement that failed once fails again: do not retry it
        return {"status": failure(pnr["failed"])}

    def command(seed):
        return ["nextpnr-ice40"] + dev["args"] + [
            "--json", out + ".json", "--pcf-allow-unconstrained", "--freq", str(FREQ_TARGET_MHZ),
            "--timing-allow-fail", "--seed", str(seed), "--report",
            f"{out}_{target}_s{seed}.report.json", "-q", "-l", f"{out}_{target}_s{seed}.log"] + (
            ["--pre-place", cfg.pre_place] if cfg.pre_place else [])

    # --place-jobs > 1: the seeds not in the cache run that many at a time (results in seed
    # order below; a failed seed still stops the configuration).
    todo = [sd for sd in range(1, seeds + 1) if str(sd) not in pnr]
    done = {}
    if PLACE_JOBS > 1 and len(todo) > 1:
        with concurrent.futures.ThreadPoolExecutor(PLACE_JOBS) as ex:
            done = dict(zip(todo, ex.map(
                lambda sd: run(command(sd), kind=f"nextpnr-ice40 ({target})",
                               timeout=limit), todo)))
    for seed in range(1, seeds + 1):
        rep = f"{out}_{target}_s{seed}.report.json"
        cmd = command(seed)
        note(f"nextpnr-ice40 ({target})", cmd)
        if str(seed) in pnr:
            fmax.append(pnr[str(seed)]["fmax"])
            lcs = pnr[str(seed)]["lcs"]
            continue
        r = done.get(seed) or run(cmd, kind=f"nextpnr-ice40 ({target})", timeout=limit)
        if r.returncode != 0:
            errors = [l for l in r.stdout.splitlines() if l.startswith("ERROR")]
            log = os.path.join(ROOT, f"{out}_{target}_s{seed}.log")
            if not errors and os.path.exists(log):
                errors = [l for l in open(log).read().splitlines() if l.startswith("ERROR")]
            pnr["failed"] = "nextpnr failed: " + (errors or ["see log"])[0][:140]
            return {"status": failure(pnr["failed"])}
        report = json.load(open(os.path.join(ROOT, rep)))
        f = [v["achieved"] for v in report["fmax"].values()]
        if not f:
            return {"status": "no Fmax (no register-to-register path)"}
        lcs = report["utilization"]["ICESTORM_LC"]["used"]
        pnr[str(seed)] = {"fmax": min(f), "lcs": lcs}
        fmax.append(min(f))
    return {"status": "ok", "fmax": statistics.median(fmax), "fmax_min": min(fmax),
            "fmax_max": max(fmax), "seeds": len(fmax), "lcs": lcs}


def placed_fields(p):
    """CSV fields of a placement result (place()): status, and Fmax and LCs if it placed."""
    if p["status"] != "ok":
        return {"status": p["status"]}
    return {"status": "ok", "fmax_mhz": f"{p['fmax']:.2f}",
            "fmax_min_mhz": f"{p['fmax_min']:.2f}", "fmax_max_mhz": f"{p['fmax_max']:.2f}",
            "seeds": p["seeds"], "lcs_used": p["lcs"]}


def synth_generic(cfg, cache):
    out = f"{WORK}/{cfg.name}_generic"
    files = cfg.files()
    script = fill("synth/flow/generic.ys", cfg, files, cfg.design, out)
    key = sha(script, *[read(f) for f in files])
    cmd = ["yosys", "-q", "-l", out + ".log", "-s", out + ".ys"]
    note("yosys (generic)", cmd)
    if cache.get("generic_key") == key:
        return cache["generic"]
    open(os.path.join(ROOT, out + ".ys"), "w").write(script)
    r = run(cmd, kind="yosys (generic)")
    if r.returncode != 0:
        raise RuntimeError(f"yosys failed for {cfg.name}: see {out}.log\n{r.stdout[-2000:]}")
    st = json.load(open(os.path.join(ROOT, out + ".stat.json")))["design"]
    by = st["num_cells_by_type"]
    ffs = sum(v for k, v in by.items() if k.startswith("$_DFF") or k.startswith("$_SDFF"))
    mems = by.get("$mem_v2", 0)
    gates = st["num_cells"] - ffs - mems
    ltp_text = open(os.path.join(ROOT, out + ".ltp")).read()
    ltp = int(re.search(r"length=(\d+)", ltp_text).group(1))
    transistors = int(str(st.get("estimated_num_transistors", "0")).rstrip("+"))
    # RAM bits from the $mem_v2 cells' SIZE x WIDTH parameters.
    dump = open(os.path.join(ROOT, out + ".memdump")).read()
    sizes = [int(x, 2) if set(x) <= {"0", "1"} else int(x)
             for x in re.findall(r"parameter \\SIZE (\S+)", dump)]
    widths = [int(x, 2) if set(x) <= {"0", "1"} else int(x)
              for x in re.findall(r"parameter \\WIDTH (\S+)", dump)]
    ram_bits = sum(s * w for s, w in zip(sizes, widths))
    res = {"gates": gates, "ffs": ffs, "ltp": ltp, "transistors": transistors,
           "ram_bits": ram_bits}
    cache["generic_key"], cache["generic"] = key, res
    return res


def keep_other_rows(csv_path, rows, key):
    """The rows of the existing CSV whose configuration this run did not redo, then `rows`."""
    redone = {key(r) for r in rows}
    return [r for r in csv.DictReader(open(csv_path)) if key(r) not in redone] + rows


def row_key(r):
    """What identifies a synth.csv row (rows of CSVs from before the schedulers are rr)."""
    return (r["design"], r.get("sched") or ("" if r["design"] == "wnor_top" else "rr"),
            r["target"], str(r["pes"]), str(r["barriers"]), str(r["count_bits"]),
            str(r["fifo_depth"]), str(r["tree_arity"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=int(os.environ.get("SYNTH_SEEDS", 5)))
    ap.add_argument("--quick", action="store_true", help="a small subset (smoke test)")
    ap.add_argument("--csv", default="reports/synth.csv")
    ap.add_argument("--only", default="", help="regex on configuration names")
    ap.add_argument("--no-place", default="", metavar="REGEX",
                    help="configurations to synthesize but not place (e.g. the 16-PE units, "
                         "which `make place-unit` places; about 20 min per seed)")
    ap.add_argument("--unit", action="store_true",
                    help="area figures only (make place-unit) -> reports/unit.csv, unit.md")
    ap.add_argument("--place-jobs", type=int, default=1,
                    help="nextpnr seeds of one placement run at a time (default 1)")
    args = ap.parse_args()
    global PLACE_JOBS
    PLACE_JOBS = max(1, args.place_jobs)
    if args.unit:
        return unit_main(args)
    os.makedirs(os.path.join(ROOT, WORK, "cache"), exist_ok=True)
    os.makedirs(os.path.dirname(os.path.join(ROOT, args.csv)), exist_ok=True)
    rows = []
    results = {}  # iCE40 counts per configuration name, for unit_from_blocks
    t0 = time.time()
    todo = [c for c in configs(args.quick) if re.search(args.only, c.name)]
    for i, cfg in enumerate(todo):
        cpath = os.path.join(ROOT, WORK, "cache", cfg.name + ".json")
        cache = json.load(open(cpath)) if os.path.exists(cpath) else {}
        base = {"design": cfg.design, "sched": cfg.sched_label, "pes": cfg.n, "barriers": cfg.m,
                "count_bits": cfg.t or "", "fifo_depth": cfg.d or "",
                "tree_arity": cfg.arity or ""}
        max_brams = max(d["brams"] for d in DEVICES.values())
        if cfg.design == "dsbc_top" and cfg.brams() > max_brams:
            # Obviously too big (block RAMs alone): no unit synthesis, the Yosys estimate is
            # the sum of the blocks synthesized above (N local blocks + the global block).
            ice = unit_from_blocks(cfg, results)
            how = "sum of the blocks' Yosys results"
        else:
            ice = synth_ice40(cfg, cache)
            how = "Yosys estimate"
        results[cfg.name] = ice
        dut, total = ice["dut"], ice["total"]
        for target, dev in DEVICES.items():
            row = dict(base, target=target, **dut, lcs_available=dev["lcs"],
                       harness_luts=total["luts"] - dut["luts"],
                       harness_ffs=total["ffs"] - dut["ffs"])
            too_big = does_not_fit(total, dev, how)
            if too_big:
                row["status"] = too_big
            elif args.no_place and re.search(args.no_place, cfg.name):
                row["status"] = "not placed (--no-place; fits by the Yosys estimate)"
            else:
                row.update(placed_fields(place(cfg, target, args.seeds, cache)))
            rows.append(row)
        g = synth_generic(cfg, cache)
        rows.append(dict(base, target="generic", ffs=g["ffs"], gates=g["gates"], ltp=g["ltp"],
                         transistors=g["transistors"], ram_bits=g["ram_bits"], status="ok"))
        json.dump(cache, open(cpath, "w"), indent=1)
        hx = rows[-3]
        fm = f"{hx['fmax_mhz']} MHz" if hx.get("fmax_mhz") else hx["status"]
        print(f"[{i + 1}/{len(todo)} {time.time() - t0:6.0f}s] {cfg.name}: "
              f"{dut['luts']} LUT {dut['ffs']} FF {dut['brams']} BRAM, HX8K {fm}, "
              f"{g['gates']} gates ltp {g['ltp']}", flush=True)
    # A partial run (--only, --quick) replaces the rows of its configurations and keeps the
    # others of the existing CSV, so that the report can be brought up to date piecewise.
    csv_path = os.path.join(ROOT, args.csv)
    if (args.only or args.quick) and os.path.exists(csv_path):
        rows = keep_other_rows(csv_path, rows, row_key)
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, restval="")
        w.writeheader()
        w.writerows(rows)
    cmd_path = os.path.join(os.path.dirname(os.path.join(ROOT, args.csv)), "synth-commands.txt")
    with open(cmd_path, "w") as f:
        for tool in (["yosys", "-V"], ["nextpnr-ice40", "--version"]):
            v = subprocess.run(tool, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            f.write(f"# {v.stdout.strip().splitlines()[0]}\n")
        f.write(f"# seeds per placement: {args.seeds}; Fmax = median over seeds\n")
        for kind, cmd in COMMANDS:
            f.write(f"{kind}: {cmd}\n")
    print(f"synth-flow: {len(rows)} rows in {args.csv} ({time.time() - t0:.0f} s)")


UNIT_COLUMNS = ["design", "sched", "pes", "barriers", "count_bits", "fifo_depth", "brams", "brams_per_pe",
                "luts", "carries", "ffs", "lcs_used", "lcs_available", "brams_available",
                "fmax_mhz", "fmax_min_mhz", "fmax_max_mhz", "seeds", "status", "pre_place",
                "dffe_min_ce_use"]


def unit_key(r):
    """What identifies a unit.csv row (rows from before the sched column are rr)."""
    return (r["design"], r.get("sched") or "rr", str(r["pes"]), str(r["barriers"]),
            str(r["count_bits"]), str(r["fifo_depth"]))


def unit_main(args):
    """make place-unit: block RAMs, LUTs and FFs of one local block against T (Yosys), and
    the whole unit placed and routed on the HX8K (nextpnr, `args.seeds` seeds)."""
    os.makedirs(os.path.join(ROOT, WORK, "cache"), exist_ok=True)
    target, dev = "ice40-hx8k", DEVICES["ice40-hx8k"]
    rows = []
    t0 = time.time()
    for cfg in [c for c in unit_configs() if re.search(args.only, c.name)]:
        cpath = os.path.join(ROOT, WORK, "cache", cfg.name + ".json")
        cache = json.load(open(cpath)) if os.path.exists(cpath) else {}
        dut = synth_ice40(cfg, cache)["dut"]  # asserts cfg.brams() block RAMs, no RAM in LUTs
        row = {"design": cfg.design, "sched": cfg.sched_label, "pes": cfg.n, "barriers": cfg.m,
               "count_bits": cfg.t,
               "fifo_depth": cfg.d, "brams_per_pe": dut["brams"] / (cfg.n if cfg.design ==
                                                                     "dsbc_top" else 1),
               "lcs_available": dev["lcs"], "brams_available": dev["brams"], **dut}
        if cfg.design == "dsbc_top":
            row["pre_place"] = cfg.pre_place or ""
            row["dffe_min_ce_use"] = cfg.dffe_min_ce_use or ""
            too_big = does_not_fit(synth_ice40(cfg, cache)["total"], dev, "Yosys estimate")
            row.update({"status": too_big} if too_big else
                       placed_fields(place(cfg, target, args.seeds, cache)))
        else:
            row["status"] = "synthesized"
        row["brams_per_pe"] = f"{row['brams_per_pe']:g}"
        rows.append(row)
        json.dump(cache, open(cpath, "w"), indent=1)
        print(f"[{time.time() - t0:6.0f}s] {cfg.name}: {dut['luts']} LUT {dut['ffs']} FF "
              f"{dut['brams']} BRAM, {row['status']}"
              + (f", HX8K {row['fmax_mhz']} MHz" if row.get("fmax_mhz") else ""), flush=True)
    csv_path = os.path.join(ROOT, "reports", "unit.csv")
    if args.only and os.path.exists(csv_path):  # keep the rows of the configurations not redone
        rows = keep_other_rows(csv_path, rows, unit_key)
        rows.sort(key=lambda r: (r["design"], (r.get("sched") or "rr") != "rr", int(r["count_bits"])))
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=UNIT_COLUMNS, restval="")
        w.writeheader()
        w.writerows(rows)
    write_unit_md(rows)
    print(f"synth-flow --unit: reports/unit.csv, reports/unit.md ({time.time() - t0:.0f} s)")
    return 0


def write_unit_md(rows):
    local = [r for r in rows if r["design"] == "dsbc_local"]
    unit = [r for r in rows if r["design"] == "dsbc_top"]
    lines = ["# Area of the DSBC unit on iCE40 (issue 13, part 3)", "",
             "Generated by `make place-unit` (`python3 synth/synth-flow.py --unit`). Do not edit "
             "by hand. The words {open, count} of a PE are one simple dual-port RAM (one write "
             "port, one read port that the snapshot takes in its `ctl_load` cycle; "
             "docs/architecture.md section 7). Scheduler `rr` is the paper's round robin "
             "(`Sched = 0`), `arb` the arbitration scheduler (`Sched = 1`, docs/architecture.md "
             "4e; its dirty bits are flip-flops, its words need no open bit).", "",
             "## One local block (N = 16, M = 32, FIFO depth 8), Yosys `synth_ice40`", "",
             "| scheduler | T | SB_RAM40_4K | LUT4 | SB_CARRY | FF |", "|---|---|---|---|---|---|"]
    for r in local:
        lines.append(f"| {r.get('sched') or 'rr'} | {r['count_bits']} | {r['brams']} | {r['luts']} | "
                     f"{r['carries']} | {r['ffs']} |")
    lines += ["", "## The whole unit placed and routed as one design, iCE40 HX8K (ct256)", "",
              "Inside its register harness (synth/harness/harness_dsbc_top.v: the unit's ports "
              "behind scan chains, so the design has few pins); LUT4/FF/BRAM are the unit's own "
              "cells, logic cells (LC) the placed total with the harness; Fmax is the median over "
              "the placement seeds (nextpnr-ice40 `--seed 1..n`, n after the range). Placement "
              "`free` is the command below; a script is the floorplan that nextpnr also runs "
              "(`--pre-place <script>`, the same command otherwise; the script's header says "
              "what it constrains). `-dffe_min_ce_use n`: that unit's Yosys script passes the "
              "option to `synth_ice40` (a clock enable that would drive fewer than n "
              "flip-flops becomes logic; synth-flow.py's Config says why).", "",
              "| scheduler | N | M | T | D | SB_RAM40_4K (per PE) | LUT4 | FF | "
              "LCs used / available | BRAM available | placement | Fmax MHz median (min-max) | "
              "status |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    def ce_note(r):  # Config.dffe_min_ce_use: synthesized with fewer clock enables
        n = r.get("dffe_min_ce_use")
        return f"; synth_ice40 -dffe_min_ce_use {n}" if n else ""

    for r in unit:
        fm = (f"{r['fmax_mhz']} ({r['fmax_min_mhz']}-{r['fmax_max_mhz']}), {r['seeds']} seeds"
              if r.get("fmax_mhz") else "-")
        lines.append(f"| {r.get('sched') or 'rr'} | {r['pes']} | {r['barriers']} | {r['count_bits']} | "
                     f"{r['fifo_depth']} | "
                     f"{r['brams']} ({r['brams_per_pe']}) | {r['luts']} | {r['ffs']} | "
                     f"{r.get('lcs_used') or '-'} / {r['lcs_available']} | {r['brams_available']} | "
                     f"{r.get('pre_place') or 'free'}{ce_note(r)} | {fm} | {r['status']} |")
    lines += ["", "Commands (one of each kind; every configuration runs the same):", "", "```"]
    lines += [f"{kind}: {cmd}" for kind, cmd in COMMANDS]
    lines += ["```", ""]
    open(os.path.join(ROOT, "reports", "unit.md"), "w").write("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
