#!/usr/bin/env python3
"""difftest end to end with planted faults and an export/replay round trip.

Fake IREE tools are scripts in a temporary --iree-dir that wrap the real ones
(so flag probing and the real compile still happen) and plant one fault:
  flip     iree-run-module runs, then one element of output 0 is changed:
           difftest must say mismatch at that element, exit 1, write a bundle
  segv     iree-compile dies of SIGSEGV: compiler-crash
  assert   iree-compile prints an LLVM assertion and aborts: compiler-crash
           with the assertion text
  sleep    iree-compile hangs: compile-timeout under --compile-timeout=1
  rterror  iree-run-module fails with an IREE status: runtime-error
Then a batch is exported for llvm-cpu, replayed by difftest-replay (with
the bundled tools), and imported back: every case passes.

Usage: difftest_pipeline_test.py DIFFTEST PROJECT_ROOT PROGRAM_DIR WORK_DIR
(the real tools are the wheels' native binaries in PROJECT_ROOT/.venv)
"""
import fnmatch
import json
import os
import shutil
import sys

import numpy as np

from fakeiree import check, failures, fake_tools, real_tools, run, write_tool


def main():
    dt, root, progs, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prog = os.path.join(progs, "scan.mlir")
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as f:
        f.write(
            "import sys, numpy as np\n"
            "p = sys.argv[1]\n"
            "a = np.load(p)\n"
            "a.flat[5] = a.flat[5] + 7\n"
            "np.save(p, a)\n")
    # The first --output=@path of the command line.
    first_out = ('out=""\nfor a in "$@"; do case "$a" in --output=@*) '
                 '[ -z "$out" ] && out="${a#--output=@}";; esac; done\n')
    cases = {
        "flip": (None,
                 first_out + '"%s" "$@" || exit $?\n/usr/bin/python3 %s "$out"\n'
                 % (real_run, flip_py)),
        "segv": ('kill -SEGV $$\n', None),
        "assert": ('echo "iree-compile: /src/iree/Foo.cpp:12: void f(): '
                   'Assertion \\`x && \\"bad operand\\"'"'"' failed." >&2\n'
                   'echo "PLEASE submit a bug report" >&2\nkill -ABRT $$\n',
                   None),
        "sleep": ('sleep 30\n', None),
        "rterror": (None, 'echo "iree/runtime/src/iree/vm/invocation.c:1: '
                    'INTERNAL; planted failure" >&2\nexit 1\n'),
    }
    expect = {
        "flip": "llvm-cpu: mismatch: output 0 (3x17xi32): 1 of 51 elements "
                "differ; first at [0, 5]",
        "segv": "llvm-cpu: compiler-crash",
        "assert": "llvm-cpu: compiler-crash: Assertion `x && \"bad operand\"'",
        "sleep": "llvm-cpu: compile-timeout",
        "rterror": "llvm-cpu: runtime-error: INTERNAL; planted failure",
    }
    for name, (cbody, rbody) in cases.items():
        d = fake_tools(os.path.join(work, "tools-" + name), cbody, rbody,
                       real_compile, real_run)
        out = os.path.join(work, "out-" + name)
        rc, text = run([dt, "run", prog, "--iree-dir=" + d,
                             "--target=llvm-cpu",
                             # Only the hanging compiler needs a short limit;
                             # a real compile on a loaded machine may take 2 s.
                             "--compile-timeout=%d" % (2 if name == "sleep"
                                                       else 120),
                             "--out=" + out])
        check(rc == 1, "%s: exit 1 (got %d)" % (name, rc))
        check(expect[name] in text,
              "%s: verdict line has %r\n%s" % (name, expect[name], text))
        bundles = os.path.join(out, "bundles")
        names = os.listdir(bundles) if os.path.isdir(bundles) else []
        check(len(names) == 1, "%s: one repro bundle" % name)
        if names:
            b = os.path.join(bundles, names[0])
            v = json.load(open(os.path.join(b, "verdict.json")))
            check(v["verdict"] == expect[name].split(": ")[1].split(":")[0],
                  "%s: verdict.json says %s" % (name, v["verdict"]))
            for f in ("program.mlir", "repro.sh", "inputs/in0.npy",
                      "golden/out0.npy", "golden/freedom.json"):
                check(os.path.exists(os.path.join(b, f)),
                      "%s: bundle has %s" % (name, f))
            actual = os.path.join(b, "llvm-cpu/actual/out0.npy")
            if name == "flip" and os.path.exists(actual):
                got = np.load(actual)
                gold = np.load(os.path.join(b, "golden/out0.npy"))
                check(got.flat[5] == gold.flat[5] + 7 and
                      np.array_equal(np.delete(got.ravel(), 5),
                                     np.delete(gold.ravel(), 5)),
                      "flip: the bundle keeps IREE's (planted) output")

    # Export, replay with the batch's own tools, import.
    batch = os.path.join(work, "batch")
    # Programs with a known llvm-cpu failure (../expectations.json) stay
    # out: the round trip must pass.
    known = json.load(open(os.path.join(progs, "..", "expectations.json")))
    skip = {k["program"] for k in known["known"]
            if fnmatch.fnmatch("llvm-cpu", k["target"]) and k["program"] != "*"}
    progs_list = [os.path.join(progs, p) for p in sorted(os.listdir(progs))
                  if p.endswith(".mlir") and p[:-5] not in skip]
    rc, text = run([dt, "export"] + progs_list +
                        ["--target=llvm-cpu", "--seeds=2", "--out=" + batch,
                         "--with-tools"])
    check(rc == 0, "export: exit 0 (got %d)\n%s" % (rc, text))
    manifest = json.load(open(os.path.join(batch, "manifest.json")))
    n = len(manifest["cases"])
    check(n == 2 * len(progs_list), "export: %d cases" % n)
    replay = os.path.join(batch, "bin", "difftest-replay")
    rc, text = run([replay, batch, "--quiet"])
    check(rc == 0, "replay: exit 0 (got %d)\n%s" % (rc, text))
    check("pass %d" % n in text, "replay: %d passes\n%s" % (n, text))
    rc, text = run([dt, "import", batch])
    check(rc == 0 and ("pass %d" % n) in text,
          "import: every case passed (exit %d)\n%s" % (rc, text))
    # A planted wrong golden is caught by the replay.
    first = manifest["cases"][0]
    g = os.path.join(batch, first["goldens"][0]["path"])
    if g.endswith(".npy"):
        a = np.load(g)
        a.flat[0] = a.flat[0] + 3 if a.dtype != np.bool_ else not a.flat[0]
        np.save(g, a)
        rc, text = run([replay, batch, "--quiet"])
        check(rc == 1 and first["id"] + ": mismatch" in text,
              "replay: a planted wrong golden is a mismatch\n" + text)
        rc, text = run([dt, "import", batch])
        check(rc == 1 and os.path.exists(
            os.path.join(batch, "bundles", first["id"], "repro.sh")),
              "import: the mismatch gets a bundle\n" + text)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
