#!/usr/bin/env python3
"""Tabulates bench/rdna3_seed5_audit.sh: per case of interest, the verdict
on each of the four targets, the ops of the case, and what the raw rdna3
compile chose for its dispatches (pipeline, workgroup size, subgroup size,
from --iree-hal-dump-executable-configurations-to on the case alone).

A raw rdna3 mismatch whose case passes on vulkan:rdna3-lavapipe, on
vulkan:llvmpipe and on llvm-cpu, in a dispatch compiled for a subgroup size
the device does not have, is the executor's mismatch with the target (the
SPIR-V is only correct where the subgroup is 32/64 lanes wide): an executor
artefact, not an IREE bug. Anything else is listed for a closer look.

Usage: rdna3_seed5_audit.py OUT   (writes OUT/audit.md and prints it)
"""
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys

CASES = [57, 58, 81, 98, 103, 115, 125, 150, 158, 183, 195, 211]
LLVMPIPE_CASES = [246, 300]
TARGETS = ["vulkan:rdna3", "vulkan:rdna3-lavapipe", "vulkan:llvmpipe",
           "llvm-cpu"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rows(out):
    got = {}
    for db in glob.glob(os.path.join(out, "b*", "campaign.db")):
        con = sqlite3.connect(db)
        for idx, target, verdict, detail, features, opt, flags in con.execute(
                "SELECT case_index, target, verdict, detail, features, "
                "opt_level, flags FROM cases"):
            c = got.setdefault(idx, {"targets": {}, "features": features,
                                     "opt": opt, "flags": flags})
            c["targets"][target] = (verdict, detail)
        con.close()
    return got


def ops_of(features):
    try:
        f = json.loads(features)
    except ValueError:
        return "?"
    ops = [o.get("op", "?") + ":" + o.get("dtype", "?")
           for o in f.get("ops", [])]
    return " ".join(ops)


def raw_configs(idx, opt, flags, work):
    """Pipelines of the raw rdna3 compile of case idx alone."""
    d = os.path.join(work, "case%d" % idx)
    os.makedirs(d, exist_ok=True)
    subprocess.run([os.path.join(ROOT, "build/bin/fuzz-gen"), "--seed=5",
                    "--first=%d" % idx, "--count=1", "--out=" + d],
                   check=True, capture_output=True)
    prog = os.path.join(d, "case%d.mlir" % idx)
    comp = glob.glob(os.path.join(
        ROOT, ".venv/lib/python*/site-packages/iree/compiler/_mlir_libs/"
        "iree-compile"))[0]
    cfg = os.path.join(d, "configs")
    argv = [comp, prog, "--iree-hal-target-device=vulkan",
            "--iree-vulkan-target=rdna3", "--iree-opt-level=" + (opt or "O0"),
            "--iree-hal-dump-executable-configurations-to=" + cfg,
            "-o", os.path.join(d, "rdna3.vmfb")]
    argv += [f for f in (flags or "").split() if f]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return ["compile failed: " + r.stderr.strip().splitlines()[-1][:120]
                if r.stderr.strip() else "compile failed"]
    found = []
    for f in sorted(glob.glob(os.path.join(cfg, "*.mlir"))):
        text = open(f).read()
        for m in re.finditer(r"translation_info<pipeline\s*=\s*([^,>\s]+)"
                             r"[^>]*?workgroup_size\s*=\s*\[([^\]]*)\]"
                             r"(?:[^>]*?subgroup_size\s*=\s*(\d+))?", text):
            found.append("%s wg[%s] sg%s" % (m.group(1),
                                             m.group(2).replace(" ", ""),
                                             m.group(3) or "-"))
    return found or ["no translation_info found"]


def main():
    out = sys.argv[1]
    got = rows(out)
    lines = ["| case | ops | opt, flags | " + " | ".join(TARGETS) +
             " | raw rdna3 dispatches (pipeline, workgroup, subgroup) | "
             "reading |", "|" + "---|" * (len(TARGETS) + 5)]
    artefacts = other = 0
    for idx in CASES + LLVMPIPE_CASES:
        c = got.get(idx)
        if not c:
            lines.append("| %d | (not run) |" % idx)
            continue
        v = {t: c["targets"].get(t, ("-", ""))[0] for t in TARGETS}
        cfgs = raw_configs(idx, c["opt"], c["flags"], os.path.join(out, "cfg"))
        small_sg = any(re.search(r"sg(32|64)$", x) for x in cfgs)
        if idx in CASES:
            if (v["vulkan:rdna3"] == "mismatch" and small_sg and
                    all(v[t] == "pass" for t in TARGETS[1:])):
                reading = ("executor artefact: subgroup 32/64 assumed, the "
                           "device has 8; right on every fitting target")
                artefacts += 1
            elif all(v[t] == "pass" for t in TARGETS):
                reading = "passes everywhere today (the generator changed?)"
                other += 1
            else:
                reading = "look closer"
                other += 1
        else:
            lim = c["targets"].get("vulkan:llvmpipe", ("", ""))[1]
            if v["vulkan:llvmpipe"] == "executor-limit":
                reading = "executor limit: " + lim[:90]
                artefacts += 1
            elif v["vulkan:llvmpipe"] == "pass":
                reading = "passes on llvmpipe today"
                other += 1
            else:
                reading = "look closer"
                other += 1
        lines.append("| %d | %s | %s %s | %s | %s | %s |" % (
            idx, ops_of(c["features"]), c["opt"], c["flags"] or "",
            " | ".join(v[t] for t in TARGETS), "; ".join(sorted(set(cfgs))),
            reading))
    lines.append("")
    lines.append("%d executor artefacts, %d others" % (artefacts, other))
    text = "\n".join(lines) + "\n"
    open(os.path.join(out, "audit.md"), "w").write(text)
    print(text)


if __name__ == "__main__":
    main()
