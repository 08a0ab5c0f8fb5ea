#!/usr/bin/env python3
"""Every entry of tests/onnx/iree_expectations.json still holds against the
installed IREE (CTest onnx_iree_expectations).

Each entry names a `representative` ONNX node case. The case is generated
from the onnx wheel, imported and lowered by the conformance harness
(`difftest conformance onnx --stage=all --targets=llvm-cpu --cases=...`),
then checked by its `via`:

  harness          the harness's llvm-cpu row: difftest run's verdict line
                   ("llvm-cpu: VERDICT: detail") must name the entry's
                   verdict and contain its signature;
  iree-run-module  (cases difftest run cannot make a golden for, or whose
                   difference is against ONNX's reference) the lowered
                   program compiled with difftest's llvm-cpu flags and run
                   on the case's inputs: compile-error / runtime-error with
                   the signature in the tool's output, or mismatch against
                   ONNX's reference (the case's rtol/atol) with the
                   signature in the test's description of the difference
                   ("the input's bytes reinterpreted" when an output is the
                   leading bytes of an input buffer).

An entry that no longer holds fails the test with the entry, what IREE does
now, and that IREE may have fixed it. `"check": false` (with `why`) skips an
entry. --mutate=N,TEXT replaces entry N's signature (shows the test can
fail).

Usage: expectations_test.py DIFFTEST PROJECT_ROOT EXPECTATIONS WORK_DIR
           [--mutate=N,TEXT]
"""
import glob
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

# difftest's llvm-cpu compile flags (gpu/Targets: llvm-cpu, O0; see any
# bundle's repro.sh).
LLVM_CPU_FLAGS = ["--iree-hal-target-device=local",
                  "--iree-hal-local-target-device-backends=llvm-cpu",
                  "--iree-llvmcpu-target-cpu=host", "--iree-opt-level=O0"]


def iree_tools(root):
    site = glob.glob(os.path.join(root, ".venv/lib/python*/site-packages/iree"))
    if not site:
        return None
    return (os.path.join(site[0], "compiler/_mlir_libs/iree-compile"),
            os.path.join(site[0], "_runtime_libs/iree-run-module"))


def public_function(text):
    for m in re.finditer(r"util\.func public @([\w$.]+)\(", text):
        if not m.group(1).endswith("$async"):
            return m.group(1)
    return None


def describe_mismatch(d, meta, actual_paths):
    """Compares iree-run-module's outputs with ONNX's reference outputs;
    returns (verdict, description)."""
    import numpy as np
    notes = []
    verdict = "pass"
    ins = [np.load(os.path.join(d, i["file"])) for i in meta["inputs"]]
    for k, (o, p) in enumerate(zip(meta["outputs"], actual_paths)):
        exp = np.load(os.path.join(d, o["file"]))
        act = np.load(p)
        same = (act.shape == exp.shape and
                np.allclose(act.astype(np.float64), exp.astype(np.float64),
                            rtol=meta["rtol"], atol=meta["atol"],
                            equal_nan=True))
        if same:
            continue
        verdict = "mismatch"
        note = "output %d (%s %s) differs from ONNX's reference (%s %s)" % (
            k, act.dtype, list(act.shape), exp.dtype, list(exp.shape))
        raw = act.tobytes()
        for j, a in enumerate(ins):
            if a.nbytes > len(raw) and a.tobytes()[:len(raw)] == raw:
                note += ": the input's bytes reinterpreted (input %d's first " \
                        "%d of %d bytes)" % (j, len(raw), a.nbytes)
        notes.append(note)
    return verdict, "; ".join(notes)


def run_direct(d, tools, work):
    """Compiles and runs the lowered case with the real tools: (verdict,
    text the signature is looked for in)."""
    compile_, run_module = tools
    meta = json.load(open(os.path.join(d, "case.json")))
    prog = os.path.join(d, "model.input.mlir")
    fn = public_function(open(prog).read())
    os.makedirs(work, exist_ok=True)
    vmfb = os.path.join(work, "module.vmfb")
    p = subprocess.run([compile_, prog] + LLVM_CPU_FLAGS + ["-o", vmfb],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return "compile-error", p.stdout + p.stderr
    outs = [os.path.join(work, "out%d.npy" % i)
            for i in range(len(meta["outputs"]))]
    argv = [run_module, "--module=" + vmfb, "--device=local-task",
            "--function=" + fn]
    argv += ["--input=@" + os.path.join(d, i["file"]) for i in meta["inputs"]]
    argv += ["--output=@" + o for o in outs]
    p = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return "runtime-error", p.stdout + p.stderr
    return describe_mismatch(d, meta, outs)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--mutate=")]
    mutate = [a[len("--mutate="):] for a in sys.argv[1:]
              if a.startswith("--mutate=")]
    difftest, root, expectations, work = map(os.path.abspath, args[:4])
    entries = json.load(open(expectations))["known"]
    for m in mutate:
        n, text = m.split(",", 1)
        entries[int(n)]["signature"] = text
    tools = iree_tools(root)
    if not tools:
        print("FAIL  no IREE wheels in %s/.venv (run scripts/setup.sh)" % root)
        return 1
    checked = [(i, e) for i, e in enumerate(entries) if e.get("check", True)]
    for i, e in enumerate(entries):
        if not e.get("check", True):
            print("skip  entry %d (%s): %s" % (i, e["signature"],
                                               e.get("why", "no reason given")))
    bad = [i for i, e in checked if not e.get("representative")]
    for i in bad:
        print("FAIL  entry %d (%s) has no representative case and no "
              "\"check\": false" % (i, entries[i]["signature"]))
    checked = [(i, e) for i, e in checked if e.get("representative")]

    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    cases = os.path.join(work, "cases.txt")
    with open(cases, "w") as f:
        f.write("".join(e["representative"] + "\n" for _, e in checked))
    out = os.path.join(work, "run")
    p = subprocess.run([difftest, "conformance", "onnx", "--out=" + out,
                        "--cases=" + cases, "--stage=all",
                        "--targets=llvm-cpu", "--jobs=2"],
                       capture_output=True, text=True, timeout=900)
    print(p.stdout.strip())
    if p.returncode != 0:
        print(p.stderr[-3000:])
        print("FAIL  the conformance harness exited %d" % p.returncode)
        return 1
    db = sqlite3.connect(os.path.join(out, "results.sqlite"))
    rows = {(n, s): (st, det) for n, s, st, det in db.execute(
        "SELECT name, stage, status, detail FROM result")}

    failures = list(bad)
    for i, e in checked:
        name = e["representative"]
        what = "entry %d (%s: '%s') on %s" % (i, e["verdict"], e["signature"],
                                             name)
        lower = rows.get((name, "lower"), ("missing", "not generated"))
        if lower[0] != "lowered":
            print("FAIL  %s: the case no longer gets to llvm-cpu: %s %s" %
                  (what, lower[0], lower[1]))
            failures.append(i)
            continue
        via = e.get("via", "harness")
        if via == "harness":
            st, det = rows.get((name, "llvm-cpu"), ("not run", ""))
            m = re.match(r"llvm-cpu: ([\w-]+)", det or "")
            verdict = m.group(1) if m else st
            text = det or ""
            if st == "pass":
                verdict = "pass"
        elif via == "iree-run-module":
            verdict, text = run_direct(os.path.join(out, "cases", name), tools,
                                       os.path.join(work, "direct", name))
        else:
            print("FAIL  %s: unknown via '%s'" % (what, via))
            failures.append(i)
            continue
        if verdict == e["verdict"] and e["signature"] in text:
            print("ok    %s (via %s)" % (what, via))
            continue
        failures.append(i)
        print("FAIL  %s (via %s) NO LONGER HOLDS: IREE now gives %s: %s\n"
              "      IREE may have fixed it (or changed the failure): "
              "check the case and update or remove the entry in %s" %
              (what, via, verdict, (text or "").strip()[:600], expectations))
    print("%d of %d entries hold" % (len(checked) - len(failures),
                                     len(checked)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
