#!/usr/bin/env python3
"""Mismatch signatures by the guilty dispatch (`difftest sign`, the same
signing as `difftest nightly`): fake IREE tools that miscompile every
dispatch of one kind, the approach of localize_test.py.

The fake `iree-compile --compile-from=flow` copies the instrumented flow
program after replacing OLD by NEW inside every `flow.executable` whose name
matches a pattern (IREE names its dispatches by their kind: `_reduction_`,
`_elementwise_`); the fake `iree-run-module` runs that text with ref-run.
`--compile-to=flow` is the real compiler: IREE forms the dispatches.

Bundles (program, inputs, verdict.json, repro.sh as `difftest run` writes
them) of two programs, sign/reduce_after_scale.mlir (A: elementwise, then a
row sum) and sign/reduce_after_matmul.mlir (B: matmul, row sum, scale):
  - one bug in two programs merges: the reduction fault signs A and B alike,
    though their op sets (the old signature) differ;
  - two bugs in one program split: the elementwise fault in A signs apart
    from the reduction fault in A, though the op set is the same;
  - a fallback says why: no fault ("no dispatch is wrong"), a compiler that
    fails at the flow phase ("localize failed"), a localize past its time
    cap ("timed out") all sign by the op set, signature_source reduced-ops.

Usage: sign_localize_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import stat
import sys

import numpy as np

from fakeiree import check, failures, real_tools, run

HERE = os.path.dirname(os.path.abspath(__file__))

FAKE_COMPILE = r'''#!/usr/bin/env python3
import json, os, re, sys, time
REAL = %(real)r
args = sys.argv[1:]
if os.environ.get("SIGN_SLEEP") and "--compile-to=flow" in args:
    time.sleep(float(os.environ["SIGN_SLEEP"]))
if os.environ.get("SIGN_BREAK") and "--compile-to=flow" in args:
    sys.exit("fake iree-compile: planted failure at the flow phase")
if "--compile-from=flow" not in args:
    os.execv(REAL, [REAL] + args)
src = next(a for a in args if not a.startswith("-") and a.endswith(".mlir"))
out = args[args.index("-o") + 1]
text = open(src).read()
fault = os.environ.get("SIGN_FAULT")
if fault:
    pattern, old, new = json.loads(fault)
    parts = re.split(r"(?=flow\.executable private @)", text)
    hit = 0
    for i, p in enumerate(parts):
        # The executable's entry point carries IREE's name for the
        # dispatch ("main_dispatch_1_reduction_4x4_f32").
        if p.startswith("flow.executable") and re.search(pattern, p) \
                and old in p:
            parts[i] = p.replace(old, new)
            hit += 1
    if not hit:
        sys.exit("fake iree-compile: no executable matches %%r" %% pattern)
    text = "".join(parts)
open(out, "w").write(text)
'''

FAKE_RUN = r'''#!/usr/bin/env python3
import os, sys
REF_RUN = %(ref_run)r
REAL = %(real)r
args = sys.argv[1:]
if "--list_devices" in args:
    os.execv(REAL, [REAL] + args)
module = next(a for a in args if a.startswith("--module="))[len("--module="):]
if not open(module, "rb").read(64).lstrip().startswith((b"module", b"#", b"//")):
    os.execv(REAL, [REAL] + args)
rest = [a for a in args if a.startswith(("--function=", "--input=", "--output="))]
os.execv(REF_RUN, [REF_RUN, module] + rest)
'''

REDUCTION = ["_reduction_", "arith.addf", "arith.subf"]
ELEMENTWISE = ["_elementwise_", "arith.addf", "arith.subf"]


def write_script(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def make_bundle(work, name, program, seed):
    """A mismatch bundle as `difftest run` writes one."""
    d = os.path.join(work, "bundles", name)
    os.makedirs(os.path.join(d, "inputs"))
    shutil.copy(os.path.join(HERE, "sign", program),
                os.path.join(d, "program.mlir"))
    x = (np.arange(16, dtype=np.float32).reshape(4, 4) * (seed + 1)) % 7 - 3
    np.save(os.path.join(d, "inputs", "in0.npy"), x.astype(np.float32))
    with open(os.path.join(d, "verdict.json"), "w") as f:
        json.dump({"verdict": "mismatch", "target": "llvm-cpu",
                   "signature": "mismatch|llvm-cpu|f32 float",
                   "detail": "output 0 (4xf32): 4 of 4 elements differ",
                   "function": "main", "opt_level": "O0",
                   "extra_flags": []}, f)
    with open(os.path.join(d, "repro.sh"), "w") as f:
        f.write('#!/bin/sh\n"$IREE_RUN_MODULE" --module=llvm-cpu/module.vmfb '
                '--device=local-task --function=main '
                '--input=@inputs/in0.npy --output=@llvm-cpu/actual/out0.npy\n')
    return d


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    ref_run = os.path.join(os.path.dirname(dt), "ref-run")
    fake = os.path.join(work, "fake")
    os.makedirs(fake)
    write_script(os.path.join(fake, "iree-compile"),
                 FAKE_COMPILE % {"real": tools[0]})
    write_script(os.path.join(fake, "iree-run-module"),
                 FAKE_RUN % {"ref_run": ref_run, "real": tools[1]})
    a = make_bundle(work, "a", "reduce_after_scale.mlir", 1)
    b = make_bundle(work, "b", "reduce_after_matmul.mlir", 2)

    def sign(name, bundle, time="2m", **env_extra):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("SIGN_")}
        env.update(env_extra)
        out = os.path.join(work, "out-" + name)
        rc, text = run([dt, "sign", bundle, "--iree-dir=" + fake,
                        "--out=" + out, "--localize-time=" + time],
                       timeout=300, env=env)
        rows = []
        if os.path.exists(os.path.join(out, "signatures.json")):
            rows = json.load(open(os.path.join(out, "signatures.json")))
        ok = rc == 0 and len(rows) == 1
        check(ok, "%s: difftest sign exits 0 with one row (%d)\n%s" %
              (name, rc, text))
        return rows[0] if ok else {"signature": "", "signature_source": "",
                                   "note": text}

    red_a = sign("a-reduction", a, SIGN_FAULT=json.dumps(REDUCTION))
    red_b = sign("b-reduction", b, SIGN_FAULT=json.dumps(REDUCTION))
    ew_a = sign("a-elementwise", a, SIGN_FAULT=json.dumps(ELEMENTWISE))
    for name, r in (("a-reduction", red_a), ("b-reduction", red_b),
                    ("a-elementwise", ew_a)):
        check(r["signature_source"] == "localize",
              "%s: signed by localize: %s" % (name, r))
    want_red = "mismatch|cpu|linalg.fill linalg.generic{reduction}"
    check(red_a["signature"] == want_red and "reduction" in red_a["note"],
          "A, reduction fault: signed by the row-sum dispatch (%s)" % red_a)
    check(red_b["signature"] == red_a["signature"],
          "one bug in two programs merges: B's reduction fault signs as A's "
          "(%s vs %s)" % (red_b["signature"], red_a["signature"]))
    check(ew_a["signature"] == "mismatch|cpu|linalg.generic{parallel}",
          "A, elementwise fault: signed by the elementwise dispatch (%s)" %
          ew_a)
    check(ew_a["signature"] != red_a["signature"],
          "two bugs in one program split")

    # Fallbacks: the program's op set, and why.
    ops_a = "mismatch|cpu|linalg.fill linalg.generic util.optimization_barrier"
    none = sign("a-none", a)
    check(none["signature"] == ops_a and
          none["signature_source"] == "reduced-ops" and
          "no dispatch is wrong" in none["note"],
          "no fault: localize finds no wrong dispatch; the op set signs (%s)"
          % none)
    broken = sign("a-broken", a, SIGN_BREAK="1")
    check(broken["signature"] == ops_a and
          broken["signature_source"] == "reduced-ops" and
          "localize failed" in broken["note"] and
          "planted failure" in broken["note"],
          "a compiler failing at the flow phase: the op set signs (%s)" %
          broken)
    slow = sign("a-slow", a, time="2s", SIGN_SLEEP="30",
                SIGN_FAULT=json.dumps(REDUCTION))
    check(slow["signature"] == ops_a and
          slow["signature_source"] == "reduced-ops" and
          "timed out" in slow["note"],
          "localize past its time cap: the op set signs (%s)" % slow)

    # Not a repro bundle: exit 2 naming it.
    rc, text = run([dt, "sign", os.path.join(work, "nothing"),
                    "--out=" + os.path.join(work, "out-nothing")], timeout=60)
    check(rc == 2 and "not a repro bundle" in text,
          "a directory without verdict.json: exit 2 (%d)\n%s" % (rc, text))

    if failures:
        for f in failures:
            print("FAIL ", f)
        return 1
    print("ok: merge, split and three fallbacks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
