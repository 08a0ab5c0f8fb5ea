#!/usr/bin/env python3
"""difftest nightly signs mismatches by their guilty dispatch, and the
history keeps its rows across the change of signature.

A fake iree-compile plants a real miscompile: it compiles to the flow phase
with the real compiler, turns `arith.addf` into `arith.subf` in every
dispatch IREE named a reduction (`_reduction_`), and compiles the rest from
the flow phase; the real iree-run-module runs the result. Three nights of
one campaign (same seed, llvm-cpu):
  1. --localize=false, no reduce budget: the reduction mismatch is signed by
     its program's op set (signature_source: reduced-ops), exit 1 (new);
  2. localize: the same failure is signed by the dispatch,
     `...linalg.generic{reduction}` (signature_source: localize); the
     history's row of night 1 is renamed, so it is known (first night 1)
     and the night exits 0;
  3. the same again: the signature comes from night 2's localize (nothing
     localized again), exit 0.

Usage: nightly_localize_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import os
import re
import shutil
import sqlite3
import stat
import sys

from fakeiree import check, failures, real_tools, run

FAKE_COMPILE = r'''#!/usr/bin/env python3
import os, re, subprocess, sys, tempfile
REAL = %(real)r
args = sys.argv[1:]
def edit(text):
    parts = re.split(r"(?=flow\.executable private @)", text)
    for i, p in enumerate(parts):
        if p.startswith("flow.executable") and "_reduction_" in p:
            parts[i] = p.replace("arith.addf", "arith.subf")
    return "".join(parts)
if any(a.startswith(("--compile-to=", "--help", "--version")) for a in args) \
        or "-o" not in args:
    os.execv(REAL, [REAL] + args)
src = next(a for a in args if not a.startswith("-") and a.endswith(".mlir"))
rest = [a for a in args if a != src]
d = tempfile.mkdtemp()
flow = os.path.join(d, "in.flow.mlir")
try:
    if "--compile-from=flow" in args:
        text = edit(open(src).read())
    else:
        o = rest.index("-o")
        r = subprocess.run([REAL, src, "--compile-to=flow", "-o", flow] +
                           rest[:o] + rest[o + 2:])
        if r.returncode:
            sys.exit(r.returncode)
        text = edit(open(flow).read())
        rest = rest + ["--compile-from=flow"]
    open(flow, "w").write(text)
    sys.exit(subprocess.run([REAL, flow] + rest).returncode)
finally:
    shutil = __import__("shutil")
    shutil.rmtree(d, ignore_errors=True)
'''


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    fake = os.path.join(work, "fake")
    os.makedirs(fake)
    path = os.path.join(fake, "iree-compile")
    with open(path, "w") as f:
        f.write(FAKE_COMPILE % {"real": tools[0]})
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    os.symlink(tools[1], os.path.join(fake, "iree-run-module"))
    out = os.path.join(work, "out")

    def night(n, *extra):
        rc, text = run([dt, "nightly", "--out=" + out, "--iree=" + fake,
                        "--target=llvm-cpu", "--cases=24", "--seed=5",
                        "--corpus=none", "--jobs=1", "--reduce-each=60s"] +
                       list(extra), timeout=600)
        md = os.path.join(out, "nights", str(n), "nightly.md")
        report = open(md).read() if os.path.exists(md) else ""
        check(report, "night %d: a report (%d)\n%s" % (n, rc, text))
        rows = [l for l in report.splitlines()
                if l.startswith("| ") and "mismatch" in l]
        return rc, report, rows

    def bugs():
        db = sqlite3.connect(os.path.join(out, "history.db"))
        try:
            return db.execute("SELECT signature, status, first_night, "
                              "signature_source FROM bugs").fetchall()
        finally:
            db.close()

    rc, report, rows = night(1, "--localize=false", "--reduce-budget=1s")
    old = [r for r in rows if "--localize=false" in r and
           "linalg.generic" in r and "{reduction}" not in r]
    check(rc == 1 and old,
          "night 1: the planted reduction miscompile is a new mismatch "
          "signed by the op set (exit %d; rows %s); if the campaign no "
          "longer draws a reduction with seed 5, pick another seed" %
          (rc, rows))
    old_sig = [s for s, _, _, src in bugs() if src == "reduced-ops" and
               "linalg.generic" in s and "{" not in s]
    check(len(old_sig) == 1,
          "night 1: history.db has the op-set row, signature_source "
          "reduced-ops: %s" % bugs())

    rc, report, rows = night(2)
    new = [r for r in rows if "linalg.generic{reduction}" in r]
    check(rc == 0 and new and new[0].startswith("| known |") and
          "signature_source: localize (dispatch `" in new[0] and
          "before" in new[0] and "| 1 |" in new[0],
          "night 2: the same failure, signed by its reduction dispatch, is "
          "known from night 1 (exit %d; rows %s)" % (rc, rows))
    sigs = {s: (st, first, src) for s, st, first, src in bugs()}
    check(old_sig and old_sig[0] not in sigs,
          "night 2: the op-set row was renamed: %s" % sigs)
    red = [s for s in sigs if s.endswith("linalg.generic{reduction}")]
    check(len(red) == 1 and sigs[red[0]][0] == "open" and
          sigs[red[0]][1] == 1 and sigs[red[0]][2] == "localize",
          "night 2: one open localized row, first seen on night 1: %s" % sigs)

    rc, report, rows = night(3)
    check(rc == 0 and any("linalg.generic{reduction}" in r and
                          "localized on an earlier night" in r for r in rows)
          and "- localize: 0 of 0" in report,
          "night 3: signed by night 2's localize without a second one "
          "(exit %d; rows %s)" % (rc, rows))

    if failures:
        for f in failures:
            print("FAIL ", f)
        return 1
    print("ok: op-set row renamed to the localized signature, reused after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
