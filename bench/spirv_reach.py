#!/usr/bin/env python3
"""Reach of the SPIR-V backend: which codegen pipelines
(`#iree_codegen.translation_info<pipeline = SPIRV...>`) the vulkan cases of
a campaign took, per dispatch kind (IREE's dispatch name: matmul_like,
elementwise, reduction, sort, ...), on vulkan:llvmpipe and on each target derived
from a real GPU family (vulkan:rdna3-lavapipe).

The campaign's database says which cases ran on vulkan and their seeds;
each sampled case that compiled for vulkan is generated again (`fuzz-gen --seed=S --first=I`
with the campaign's --ops, --frontend and --large: a
case the campaign drew again past an executor limit, or a mutant, is
skipped, since its seed is not the index's), up to --per-op cases per op
kind, and compiled through `difftest run --keep` (which derives the
device-fitted target the way campaigns do) with
`--iree-hal-dump-executable-configurations-to`. Each dumped dispatch gives
its pipeline and its root op (the op carrying `lowering_config`).

Usage: spirv_reach.py CAMPAIGN_DIR [--per-op=4] [--out=DIR] [--md=FILE]
       [--targets=vulkan:llvmpipe,vulkan:rdna3-lavapipe]
Prints a Markdown table (and writes it to --md).
"""
import argparse
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Pipelines IREE 3.13's SPIR-V backend can choose (KernelConfig.cpp of
# compiler/src/iree/compiler/Codegen/SPIRV; the enum in
# IREECodegenAttrs.td), for the "never reached" line.
KNOWN = ["BaseLowering", "BaseDistribute", "BaseVectorize", "SubgroupReduce",
         "MatmulPromoteVectorize", "CooperativeMatrixVectorize",
         "WinogradVectorize"]


def sample(db, seed, per_op):
    con = sqlite3.connect(db)
    rows = con.execute(
        "SELECT case_index, target, seed, features FROM cases "
        "WHERE target LIKE 'vulkan%' AND target NOT LIKE '%+static' "
        "AND verdict IN ('pass', 'mismatch', 'executor-limit') "
        "ORDER BY case_index").fetchall()
    con.close()
    picked, per = [], {}
    for idx, target, case_seed, features in rows:
        try:
            f = json.loads(features)
        except ValueError:
            continue
        if "mutant" in f:
            continue
        ops = sorted({o.get("op", "?") for o in f.get("ops", [])})
        if not ops or idx in [p[0] for p in picked]:
            continue
        if all(per.get(o, 0) >= per_op for o in ops):
            continue
        picked.append((idx, case_seed))
        for o in ops:
            per[o] = per.get(o, 0) + 1
    return picked


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("campaign")
    ap.add_argument("--per-op", type=int, default=4)
    ap.add_argument("--out", default=None)
    ap.add_argument("--md", default=None)
    ap.add_argument("--reuse", action="store_true",
                    help="tabulate the configurations OUT already holds")
    ap.add_argument("--targets",
                    default="vulkan:llvmpipe,vulkan:rdna3-lavapipe")
    a = ap.parse_args()
    db = os.path.join(a.campaign, "campaign.db")
    con = sqlite3.connect(db)
    options = dict(con.execute("SELECT key, value FROM options"))
    seed = int(options["seed"])
    con.close()
    # The generator options of the campaign (fuzz-gen's spelling), so that
    # a case regenerates as the campaign drew it (--ops=aligned_static ...).
    gen_opts = []
    if options.get("ops"):
        gen_opts.append("--ops=" + options["ops"])
    if int(options.get("frontend") or 0):
        gen_opts.append("--frontend-percent=" + options["frontend"])
    if options.get("large") == "1":
        gen_opts.append("--large")
    out = a.out or os.path.join(a.campaign, "reach")
    os.makedirs(out, exist_ok=True)
    gen = os.path.join(ROOT, "build/bin/fuzz-gen")
    dt = os.path.join(ROOT, "build/bin/difftest")
    cases = sample(db, seed, a.per_op)
    # Regenerate: keep the cases whose seed is the index's (not redrawn).
    kept = []
    for idx, case_seed in cases:
        d = os.path.join(out, "cases")
        os.makedirs(d, exist_ok=True)
        r = subprocess.run([gen, "--seed=%d" % seed, "--first=%d" % idx,
                            "--count=1", "--out=" + d,
                            "--function=f%d" % idx] + gen_opts,
                           capture_output=True, text=True)
        prog = os.path.join(d, "case%d.mlir" % idx)
        meta = os.path.join(d, "case%d.json" % idx)
        if r.returncode != 0 or not os.path.exists(prog):
            continue
        try:
            m = json.load(open(meta))
        except (OSError, ValueError):
            m = {}
        if int(m.get("seed", case_seed)) % 2**64 != int(case_seed) % 2**64:
            continue  # drawn again in the campaign: not this case
        kept.append((idx, prog, m.get("inputs", [])))
    # One module of all sampled functions, compiled once per target.
    module = os.path.join(out, "reach.mlir")
    with open(module, "w") as f:
        for _, prog, _ in kept:
            f.write(open(prog).read() + "\n")
    # difftest run runs (and interprets) the first function: its inputs.
    first_inputs = []
    for i in kept[0][2]:
        f = os.path.join(out, "cases", i["file"])
        first_inputs.append("--input=@" + f if f.endswith(".npy") else
                            "--input=%s=@%s" % (i["type"], f))
    table = {}  # root op -> target -> {pipeline: dispatches}
    for target in a.targets.split(","):
        cfg = os.path.join(out, "cfg-" + target.replace(":", "_"))
        if a.reuse and glob.glob(os.path.join(cfg, "*.mlir")):
            r = None
        else:
            subprocess.run(["rm", "-rf", cfg])
            r = subprocess.run(
                [dt, "run", module, "--function=f%d" % kept[0][0],
                 "--target=" + target, "--keep", "--opt-level=O2",
                 "--out=" + os.path.join(out,
                                         "run-" + target.replace(":", "_")),
                 "--iree-flag=--iree-hal-dump-executable-configurations-to="
                 + cfg] + first_inputs,
                capture_output=True, text=True, timeout=1800)
        if r is not None and not glob.glob(os.path.join(cfg, "*.mlir")):
            print("warning: %s: no configuration dumped:\n%s" % (
                target, (r.stdout + r.stderr)[-1500:]), file=sys.stderr)
        for path in glob.glob(os.path.join(cfg, "*.mlir")):
            text = open(path).read()
            m = re.search(r"translation_info<pipeline\s*=\s*"
                          r"#iree_gpu\.spirv_pipeline<(\w+)>", text)
            if not m:
                continue
            # The root: IREE's dispatch name says what it made of the
            # dispatch (matmul_like, elementwise, reduction, sort, ...).
            root = "?"
            dm = re.search(r"func\.func @f\d+(?:_static)?_dispatch_\d+_"
                           r"([a-z_]+?)(?:_(?:D|\d)[\w]*)?(?:_dispatch_\w+)?"
                           r"\(", text)
            if dm:
                root = dm.group(1)
            else:
                for line in text.splitlines():
                    if "lowering_config" in line:
                        om = re.search(r"\b((?:linalg|iree_linalg_ext|"
                                       r"tensor)\.\w+)", line)
                        if om:
                            root = om.group(1)
                            break
            per = table.setdefault(root, {}).setdefault(target, {})
            per[m.group(1)] = per.get(m.group(1), 0) + 1
    targets = a.targets.split(",")
    lines = ["Sampled %d cases of %s (seed %d, up to %d per op kind), "
             "compiled at O2." % (len(kept), a.campaign, seed, a.per_op), "",
             "| dispatch kind | " + " | ".join(targets) + " |",
             "|---|" + "---|" * len(targets)]
    reached = {t: set() for t in targets}
    for root in sorted(table):
        cells = []
        for t in targets:
            per = table[root].get(t, {})
            reached[t] |= set(per)
            cells.append(", ".join("%s (%d)" % (p, n)
                                   for p, n in sorted(per.items())) or "-")
        lines.append("| %s | %s |" % (root, " | ".join(cells)))
    lines.append("")
    for t in targets:
        missing = [p for p in KNOWN if p not in reached[t]]
        lines.append("- %s reached %s; not reached: %s" % (
            t, ", ".join(sorted(reached[t])) or "nothing",
            ", ".join(missing) or "none"))
    text = "\n".join(lines) + "\n"
    if a.md:
        open(a.md, "w").write(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
