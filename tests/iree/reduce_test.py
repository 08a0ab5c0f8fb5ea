#!/usr/bin/env python3
"""difftest reduce on planted faults (fake tools around the real IREE).

  scatter-error  iree-compile fails ("planted: cannot lower scatter") when
                 the program has an iree_linalg_ext.scatter: reduced with
                 --expect-compile-error, and from a `difftest run` bundle
                 (signature mode); the result must be the scatter alone.
  matmul-flip    iree-run-module adds 7 to element 0 of output 0 when the
                 module came from a program with a linalg.matmul: a
                 mismatch bundle, reduced keeping its signature; the result
                 must keep the matmul and at most one other op, with fewer
                 elements.
  script         --test=SCRIPT (C-Reduce's convention): interesting while the
                 program has an iree_linalg_ext.sort.
Each reduced bundle is rerun with `difftest run` to show it still fails the
same way.

Usage: reduce_test.py DIFFTEST PROJECT_ROOT PROGRAM WORK_DIR
"""
import glob
import json
import os
import shutil
import sys

from fakeiree import check, failures, fake_tools, real_tools, run, write_tool


def reduction(out):
    return json.load(open(os.path.join(out, "reduction.json")))


def main():
    dt, root, prog, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # The program is the first argument that is an existing .mlir file.
    find_prog = ('prog=""\nout=""\nprev=""\nfor a in "$@"; do\n'
                 '  case "$a" in *.mlir) [ -f "$a" ] && prog="$a";; esac\n'
                 '  [ "$prev" = "-o" ] && out="$a"\n  prev="$a"\ndone\n')

    # 1. A compile error keyed on scatter.
    scatter = fake_tools(os.path.join(work, "tools-scatter"), find_prog +
                       'if grep -q "iree_linalg_ext.scatter" "$prog"; then\n'
                       '  echo "$prog:1:1: error: planted: cannot lower '
                       'scatter" >&2; exit 1\nfi\n'
                       'exec "%s" "$@"\n' % real_compile, None,
                       real_compile, real_run)
    out = os.path.join(work, "scatter-regex")
    rc, text = run([dt, "reduce", prog, "--target=llvm-cpu",
                    "--iree-dir=" + scatter, "--out=" + out,
                    "--expect-compile-error=planted: cannot lower scatter"])
    check(rc == 0, "scatter, regex: exit 0\n" + text[-2000:])
    if rc == 0:
        red = reduction(out)
        print("  ops %d -> %d in %.0f s, %d tests" % (
            red["ops_before"], red["ops_after"], red["seconds"], red["tests"]))
        check(red["ops_before"] == 6, "scatter, regex: 6 ops before")
        check(red["op_names_after"] == {"iree_linalg_ext.scatter": 1},
              "scatter, regex: the scatter alone remains (%s)" %
              red["op_names_after"])
        check("iree_linalg_ext.scatter" in
              open(os.path.join(out, "program.mlir")).read(),
              "scatter, regex: the program has the scatter")

    # From a bundle: difftest run finds the failure, reduce keeps its
    # signature.
    rc, text = run([dt, "run", prog, "--target=llvm-cpu",
                    "--iree-dir=" + scatter, "--out=" + work + "/run1"])
    bundles = glob.glob(os.path.join(work, "run1/bundles/*"))
    check(rc == 1 and len(bundles) == 1, "scatter: difftest run makes a "
          "bundle\n" + text[-1000:])
    if bundles:
        sig = json.load(open(os.path.join(bundles[0], "verdict.json")))[
            "signature"]
        out = os.path.join(work, "scatter-bundle")
        rc, text = run([dt, "reduce", bundles[0], "--iree-dir=" + scatter,
                        "--out=" + out])
        check(rc == 0, "scatter, bundle: exit 0\n" + text[-2000:])
        if rc == 0:
            red = reduction(out)
            v = json.load(open(os.path.join(out, "verdict.json")))
            check(v["signature"] == sig and red["signature"] == sig,
                  "scatter, bundle: same signature (%s)" % v["signature"])
            check(red["op_names_after"] == {"iree_linalg_ext.scatter": 1},
                  "scatter, bundle: the scatter alone remains (%s)" %
                  red["op_names_after"])
            check(os.path.exists(os.path.join(out, "repro.sh")),
                  "scatter, bundle: the reduced bundle has repro.sh")

    # 1b. A compile error keyed on matmul, from a bundle: the reduced
    # program must stay defined. Bypassing the matmul's linalg.fill would
    # leave it accumulating into a tensor.empty (still a compile error, but
    # a program that reads values never written: an issue draft about
    # invalid input). The reduced bundle has a golden, and ref-run computes
    # it again from the reduced inputs.
    mm_err = fake_tools(os.path.join(work, "tools-matmul-err"), find_prog +
                        'if grep -q "linalg.matmul" "$prog"; then\n'
                        '  echo "$prog:1:1: error: planted: cannot lower '
                        'matmul" >&2; exit 1\nfi\n'
                        'exec "%s" "$@"\n' % real_compile, None,
                        real_compile, real_run)
    rc, text = run([dt, "run", prog, "--target=llvm-cpu",
                    "--iree-dir=" + mm_err, "--out=" + work + "/run-mmerr"])
    bundles = glob.glob(os.path.join(work, "run-mmerr/bundles/*"))
    check(rc == 1 and len(bundles) == 1, "matmul compile error: difftest run "
          "makes a bundle\n" + text[-1000:])
    if bundles:
        out = os.path.join(work, "matmul-err-bundle")
        rc, text = run([dt, "reduce", bundles[0], "--iree-dir=" + mm_err,
                        "--out=" + out])
        check(rc == 0, "matmul compile error: exit 0\n" + text[-2000:])
        if rc == 0:
            red = reduction(out)
            check("linalg.matmul" in red["op_names_after"],
                  "matmul compile error: the matmul remains (%s)" %
                  red["op_names_after"])
            check(os.path.exists(os.path.join(out, "golden", "out0.npy")),
                  "matmul compile error: the reduced bundle has a golden")
            ins = sorted(glob.glob(os.path.join(out, "inputs", "*")))
            rc2, text2 = run([os.path.join(os.path.dirname(dt), "ref-run"),
                              os.path.join(out, "program.mlir"),
                              "--function=main"] +
                             ["--input=@" + i for i in ins])
            check(rc2 == 0, "matmul compile error: the reduced program is "
                  "defined (ref-run exit %d)\n%s\n%s" % (
                      rc2, text2[-1500:],
                      open(os.path.join(out, "program.mlir")).read()))

    # 2. A miscompiled element keyed on matmul.
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as f:
        f.write("import sys, numpy as np\n"
                "a = np.load(sys.argv[1])\n"
                "a.flat[0] = a.flat[0] + 7\n"
                "np.save(sys.argv[1], a)\n")
    first_out = ('out=""\nmod=""\nfor a in "$@"; do case "$a" in '
                 '--output=@*) [ -z "$out" ] && out="${a#--output=@}";; '
                 '--module=*) mod="${a#--module=}";; esac; done\n')
    matmul = fake_tools(os.path.join(work, "tools-matmul"),
        find_prog + 'if grep -q "linalg.matmul" "$prog"; then touch '
        '"$out.flip"; else rm -f "$out.flip"; fi\nexec "%s" "$@"\n' %
        real_compile,
        first_out + '"%s" "$@" || exit $?\n'
        'if [ -f "$mod.flip" ]; then /usr/bin/python3 %s "$out"; fi\n' %
        (real_run, flip_py), real_compile, real_run)
    rc, text = run([dt, "run", prog, "--target=llvm-cpu",
                    "--iree-dir=" + matmul, "--out=" + work + "/run2"])
    bundles = glob.glob(os.path.join(work, "run2/bundles/*"))
    check(rc == 1 and len(bundles) == 1 and "mismatch" in text,
          "matmul: difftest run finds the mismatch\n" + text[-1000:])
    if bundles:
        sig = json.load(open(os.path.join(bundles[0], "verdict.json")))[
            "signature"]
        out = os.path.join(work, "matmul-bundle")
        rc, text = run([dt, "reduce", bundles[0], "--iree-dir=" + matmul,
                        "--out=" + out])
        check(rc == 0, "matmul: exit 0\n" + text[-2000:])
        if rc == 0:
            red = reduction(out)
            print("  ops %d -> %d, elements %d -> %d in %.0f s, %d tests" % (
                red["ops_before"], red["ops_after"], red["elements_before"],
                red["elements_after"], red["seconds"], red["tests"]))
            v = json.load(open(os.path.join(out, "verdict.json")))
            check(v["signature"] == sig, "matmul: same signature (%s)" %
                  v["signature"])
            names = red["op_names_after"]
            check("linalg.matmul" in names and red["ops_after"] <= 2,
                  "matmul: the matmul and at most one other op (%s)" % names)
            check(red["elements_after"] < red["elements_before"],
                  "matmul: fewer input elements (%d -> %d)" % (
                      red["elements_before"], red["elements_after"]))
            # The reduced bundle fails the same way on its own.
            rc2, text2 = run(["sh", os.path.join(out, "repro.sh")])
            check(rc2 == 0, "matmul: the reduced repro.sh runs")
            again = os.path.join(work, "rerun")
            inputs = sorted(glob.glob(os.path.join(out, "inputs", "*")))
            rc3, text3 = run([dt, "run", os.path.join(out, "program.mlir"),
                              "--target=llvm-cpu", "--iree-dir=" + matmul,
                              "--out=" + again] +
                             ["--input=@" + p for p in inputs])
            check(rc3 == 1 and "mismatch" in text3,
                  "matmul: difftest run on the reduced program: mismatch\n" +
                  text3[-1000:])

    # 3. A user script.
    script = os.path.join(work, "has_sort.sh")
    write_tool(script, 'grep -q "iree_linalg_ext.sort" "$1"\n')
    out = os.path.join(work, "script")
    rc, text = run([dt, "reduce", prog, "--test=" + script, "--out=" + out])
    check(rc == 0, "script: exit 0\n" + text[-2000:])
    if rc == 0:
        red = reduction(out)
        check(red["op_names_after"] == {"iree_linalg_ext.sort": 1},
              "script: the sort alone remains (%s)" % red["op_names_after"])

    # Bad input: a program without a test.
    rc, text = run([dt, "reduce", prog, "--out=" + work + "/bad"])
    check(rc == 2 and "--expect-compile-error" in text,
          "a program.mlir without a test: exit 2 with the reason")
    # A test that does not hold for the input.
    rc, text = run([dt, "reduce", prog, "--target=llvm-cpu",
                    "--expect-compile-error=no such message", "--out=" +
                    work + "/boring"])
    check(rc == 1 and "not interesting to begin with" in text,
          "an input that does not fail: exit 1, said so")

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
