#!/usr/bin/env python3
"""difftest localize: fake IREE tools that corrupt exactly one dispatch, then
a real IREE 3.13 miscompile inside a program of 25 dispatches.

The fake tools: `iree-compile --compile-to=flow` is the real one (IREE forms
the dispatches); `iree-compile --compile-from=flow` "compiles" the
instrumented flow program by copying its text, after an edit inside one
`flow.executable` (the planted fault); `iree-run-module` "runs" it with
ref-run, which takes the same flags. So the only difference between the
target and the reference is the one edited dispatch, and its error flows
on to the dispatches after it as a real miscompile's would.

Cases on localize/chain.mlir (8 dispatches; util.optimization_barrier keeps
IREE from fusing them):
  none      no fault: "no dispatch is wrong", exit 0
  first     dispatch 0 computes x*2-1 instead of x*2+1: dispatch 0 is named,
            the dispatches fed by it only inherit
  middle    dispatch 2 (a row sum) subtracts: dispatch 2 is named
  last      dispatch 7 subtracts: dispatch 7 is named
  tolerant  dispatch 3 scales by 1.5e-3 instead of 1e-3; dispatch 4 clamps
            it away, so every output is right: dispatch 3 is still named
  ties      the sort (dispatch 5) breaks ties the other way, which the sort's
            freedom allows: nothing may be blamed (and the fake's output
            must really differ from the golden's order)
  clobber   the run overwrites the sort's traced operand with its result
            (in-place update showing through, as IREE's sort does,
            iree-org/iree#24665): "clobbered", not judged, nothing blamed
Then an ONNX model (localize/make_mlp_onnx.py, through iree-import-onnx)
must localize cleanly. And the real one: localize/invariant_reduction_chain.mlir with the real
tools on llvm-cpu: dispatch 11 (corpus/repros/invariant-reduction-llvm-cpu)
is named, 36 expected and 3 actual, the standalone bundle still fails, and
`difftest run` on the bundle reproduces the mismatch.

Usage: localize_test.py DIFFTEST REF_RUN PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import stat
import sys

import numpy as np

from fakeiree import check, failures, real_tools, run

HERE = os.path.dirname(os.path.abspath(__file__))

CHAIN_INPUTS = [
    "--input=8x8xf32=" + ",".join(str((i * 5) % 7 - 3) for i in range(64)),
    "--input=16xf32=3,1,3,2,1,2,3,1,0,0,5,5,4,4,2,2",
    "--input=16xi32=" + ",".join(str(i) for i in range(16)),
]

TIE_FROM = """          %3 = arith.cmpf olt, %arg2, %arg3 : f32
          iree_linalg_ext.yield %3 : i1"""
TIE_TO = """          %3 = arith.cmpf olt, %arg2, %arg3 : f32
          %eq = arith.cmpf oeq, %arg2, %arg3 : f32
          %later = arith.cmpi sgt, %arg4, %arg5 : i32
          %tie = arith.andi %eq, %later : i1
          %lt = arith.ori %3, %tie : i1
          iree_linalg_ext.yield %lt : i1"""

FAULTS = {
    "first": ("main_dispatch_0", "arith.addf", "arith.subf"),
    "middle": ("main_dispatch_2", "arith.addf", "arith.subf"),
    "last": ("main_dispatch_7", "arith.addf", "arith.subf"),
    "tolerant": ("main_dispatch_3", "1.000000e-03", "1.500000e-03"),
    "ties": ("main_dispatch_5", TIE_FROM, TIE_TO),
}

FAKE_COMPILE = r'''#!/usr/bin/env python3
import json, os, re, sys
REAL = %(real)r
args = sys.argv[1:]
if "--compile-from=flow" not in args:
    os.execv(REAL, [REAL] + args)
src = next(a for a in args if not a.startswith("-") and a.endswith(".mlir"))
out = args[args.index("-o") + 1]
text = open(src).read()
fault = os.environ.get("LOCALIZE_FAULT")
if fault:
    exe, old, new = json.loads(fault)
    start = text.index("flow.executable private @%%s {" %% exe)
    end = text.find("flow.executable private @", start + 1)
    end = len(text) if end < 0 else end
    body = text[start:end]
    if old not in body:
        sys.exit("fake iree-compile: %%r not in %%s" %% (old, exe))
    text = text[:start] + body.replace(old, new) + text[end:]
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
    os.execv(REAL, [REAL] + args)  # a real module (the dispatch alone)
rest = [a for a in args if a.startswith(("--function=", "--input=", "--output="))]
clobber = os.environ.get("LOCALIZE_CLOBBER")
if not clobber:
    os.execv(REF_RUN, [REF_RUN, module] + rest)
# Emulate a target that updates an in-place dispatch's operand buffer while
# the operand's value is still live: output DST reads back output SRC.
import shutil, subprocess
rc = subprocess.run([REF_RUN, module] + rest).returncode
outs = [a[len("--output=@"):] for a in args if a.startswith("--output=@")]
src, dst = map(int, clobber.split(":"))
shutil.copyfile(outs[src], outs[dst])
sys.exit(rc)
'''


def write_script(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def report(out):
    with open(os.path.join(out, "localize.json")) as f:
        return json.load(f)


def verdicts(rep):
    return {d["ordinal"]: d["verdict"] for d in rep["dispatches"]}


def fake_cases(dt, ref_run, real_compile, real_run, work):
    tools = os.path.join(work, "fake")
    os.makedirs(tools)
    write_script(os.path.join(tools, "iree-compile"),
                 FAKE_COMPILE % {"real": real_compile})
    write_script(os.path.join(tools, "iree-run-module"),
                 FAKE_RUN % {"ref_run": ref_run, "real": real_run})
    prog = os.path.join(HERE, "localize", "chain.mlir")

    def localize(name, fault, clobber=None):
        out = os.path.join(work, name)
        env = dict(os.environ)
        env.pop("LOCALIZE_FAULT", None)
        env.pop("LOCALIZE_CLOBBER", None)
        if fault:
            env["LOCALIZE_FAULT"] = json.dumps(fault)
        if clobber:
            env["LOCALIZE_CLOBBER"] = clobber
        rc, text = run([dt, "localize", prog, "--function=main",
                        "--target=llvm-cpu", "--iree-dir=" + tools,
                        "--out=" + out] + CHAIN_INPUTS, timeout=300, env=env)
        return rc, text, out

    rc, text, out = localize("none", None)
    check(rc == 0 and "no dispatch is wrong" in text,
          "no fault: no dispatch is wrong, exit 0 (%d)\n%s" % (rc, text))
    if rc != 0:
        return
    rep = report(out)
    check(len(rep["dispatches"]) == 8 and
          set(verdicts(rep).values()) == {"pass"},
          "no fault: 8 dispatches, all pass: %s" % verdicts(rep))

    for name, guilty in (("first", 0), ("middle", 2), ("last", 7),
                         ("tolerant", 3)):
        rc, text, out = localize(name, FAULTS[name])
        ok = rc == 1 and os.path.exists(os.path.join(out, "localize.json"))
        check(ok, "%s: exit 1 with a report (%d)\n%s" % (name, rc, text))
        if not ok:
            continue
        rep = report(out)
        v = verdicts(rep)
        check(rep["guilty"] == guilty and v[guilty] == "wrong",
              "%s: dispatch %d named (guilty %s; %s)" %
              (name, guilty, rep["guilty"], v))
        check(("dispatch %d of 8" % guilty) in rep["summary"],
              "%s: the summary names it: %s" % (name, rep["summary"]))
        check(all(v[i] == "pass" for i in range(guilty)),
              "%s: everything before it passes: %s" % (name, v))
        check(not any(v[i] == "wrong" for i in v if i != guilty),
              "%s: no other dispatch is blamed: %s" % (name, v))
        check(rep["bundle"] and os.path.exists(
                  os.path.join(rep["bundle"], "program.mlir")),
              "%s: a repro bundle of the dispatch alone" % name)
        # The fault lives only in the fake's compile of the whole program:
        # IREE compiling the dispatch alone gets it right, and localize must
        # say the dispatch fails only in context.
        check(rep["standalone"].startswith("pass") and
              "only in context" in rep["standalone"],
              "%s: compiled alone the dispatch passes, which the report "
              "calls a finding: %s" % (name, rep["standalone"]))
        if name == "first":
            # 1 (matmul of its output), 2, 3 and 7 read what 0 wrote.
            check(all(v[i] == "inherits" for i in (1, 2, 3, 7)),
                  "first: the dispatches fed by it only inherit: %s" % v)
        if name == "tolerant":
            check(not rep["output_wrong"],
                  "tolerant: every output is right (dispatch 4 clamps the "
                  "error away), yet dispatch 3 is named")

    rc, text, out = localize("ties", FAULTS["ties"])
    check(rc == 0 and "no dispatch is wrong" in text,
          "ties: a tie order the sort's freedom allows is not blamed (%d)\n%s"
          % (rc, text))
    # The sort (dispatch 5) updates its operands in place; a target that
    # lets that update show through the operand's own value (IREE 3.13 does
    # so on llvm-cpu, docs/localize.md) makes the traced payload operand
    # (output 4 + 11) read back as the sorted payload (output 4 + 13): the
    # dispatch must be reported as clobbered, not judged on that input.
    rc, text2, out2 = localize("clobber", None, clobber="17:15")
    ok = rc == 0 and os.path.exists(os.path.join(out2, "localize.json"))
    check(ok and verdicts(report(out2))[5] == "clobbered" and
          report(out2)["guilty"] == -1 and "not judged" in text2,
          "clobber: the in-place sort whose operand the target overwrote is "
          "reported as clobbered (not judged), nothing blamed (%d)\n%s" %
          (rc, text2))
    # The planted change must be real: the fake's sorted payload differs
    # from the interpreter's stable order somewhere.
    man = json.load(open(os.path.join(out, "work", "manifest.json")))
    sort = man["dispatches"][5]
    k = sort["results"][1] + man["results"]
    name = "out%d.npy" % k
    actual = np.load(os.path.join(out, "work", "trace", name))
    golden = np.load(os.path.join(out, "work", "golden", name))
    check(not np.array_equal(actual, golden),
          "ties: the fake really reorders ties (%s vs %s)" %
          (actual.tolist(), golden.tolist()))


def real_case(dt, root, work):
    prog = os.path.join(HERE, "localize", "invariant_reduction_chain.mlir")
    out = os.path.join(work, "real")
    rc, text = run([dt, "localize", prog, "--function=main",
                    "--target=llvm-cpu", "--out=" + out, "--all-dispatches",
                    "--input=12xf32=1,2,3,4,5,6,7,8,9,10,11,12"], timeout=600)
    ok = rc == 1 and os.path.exists(os.path.join(out, "localize.json"))
    check(ok, "real: exit 1 with a report (%d)\n%s" % (rc, text))
    if not ok:
        return
    rep = report(out)
    v = verdicts(rep)
    check(len(v) >= 20, "real: at least 20 dispatches (%d)" % len(v))
    check(rep["guilty"] == 11 and "reduction" in rep["dispatches"][11]["name"],
          "real: dispatch 11, the invariant reduction, is named (%s)" %
          rep["summary"])
    d = rep["dispatches"][11]
    # 3 on an AVX-512 host, 6 on an AVX2 one (one term per vector tile).
    check("expected 36" in d["detail"] and "actual " in d["detail"] and
          "actual 36 " not in d["detail"],
          "real: 36 expected, something else actual: " + d["detail"])
    check(all(v[i] == "pass" for i in range(11)),
          "real: dispatches 0..10 pass: %s" % v)
    check(all(v[i] == "inherits" for i in range(12, len(v))),
          "real: every later dispatch only inherits: %s" % v)
    check(rep["output_wrong"], "real: the program's output is wrong")
    check(rep["standalone"] == "mismatch",
          "real: the dispatch alone still fails: " + rep["standalone"])
    # --all-dispatches: every dispatch is a corpus case that replay checks
    # (goldens bit for bit, and the recorded llvm-cpu outcome).
    cases = os.path.join(out, "dispatches")
    names = sorted(os.listdir(cases)) if os.path.isdir(cases) else []
    check(len(names) == len(v), "real: %d corpus cases written" % len(names))
    sub = os.path.join(work, "replay-cases")
    os.makedirs(sub)
    for n in ("dispatch-11",):
        if n in names:
            shutil.copytree(os.path.join(cases, n), os.path.join(sub, n))
    rc, text = run([dt, "replay", sub, "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay-work")], timeout=300)
    check(rc == 0 and "known" in text,
          "real: difftest replay reproduces the case of dispatch 11, its "
          "mismatch as the known outcome (%d)\n%s" % (rc, text))
    # The bundle is a normal one: difftest run reproduces it.
    bundle = rep["bundle"]
    inputs = sorted(os.listdir(os.path.join(bundle, "inputs")))
    rc, text = run([dt, "run", os.path.join(bundle, "program.mlir"),
                    "--target=llvm-cpu", "--out=" + os.path.join(work, "rerun")]
                   + ["--input=@" + os.path.join(bundle, "inputs", i)
                      for i in inputs], timeout=300)
    check(rc == 1 and "expected 36" in text,
          "real: difftest run on the bundle reproduces it (%d)\n%s" %
          (rc, text))


def onnx_case(dt, root, work):
    """An MLP built with the onnx helpers: no dispatch may be wrong."""
    model = os.path.join(work, "mlp.onnx")
    rc, text = run([os.path.join(root, ".venv", "bin", "python"),
                    os.path.join(HERE, "localize", "make_mlp_onnx.py"), model])
    if not check(rc == 0, "onnx: the model builds\n" + text):
        return
    out = os.path.join(work, "onnx")
    rc, text = run([dt, "localize", model, "--function=mlp",
                    "--target=llvm-cpu", "--out=" + out], timeout=600)
    check(rc == 0 and "no dispatch is wrong" in text,
          "onnx: the MLP localizes cleanly on llvm-cpu (%d)\n%s" % (rc, text))
    if rc == 0:
        rep = report(out)
        check(len(rep["dispatches"]) >= 4 and
              set(verdicts(rep).values()) == {"pass"},
              "onnx: every dispatch passes: %s" % verdicts(rep))
        print("onnx: %d dispatches, %.1f s, peak %d MiB" %
              (len(rep["dispatches"]), rep["seconds"],
               rep["peak_rss_bytes"] >> 20))


def main():
    dt, ref_run, root, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    fake_cases(dt, ref_run, tools[0], tools[1], work)
    real_case(dt, root, work)
    onnx_case(dt, root, work)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
