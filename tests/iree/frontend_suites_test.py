#!/usr/bin/env python3
"""scripts/iree-e2e-frontend.sh against the real IREE (.venv's iree-compile).

Usage: frontend_suites_test.py REF_RUN PROJECT_SRC OUT_DIR

1. Our own StableHLO and TOSA check files (tests/iree/frontend_suites/) are
   laid out as a checkout's tests/e2e/stablehlo_ops and tosa_ops and run
   through the script: every function must pass. A copy with one expected
   value changed must come out check-fail, and a file IREE cannot lower must
   come out lower-fail (IREE's frontend, never counted against ref-run), as
   must TOSA in the syntax of older IREE test files, which --respell lowers
   and runs.
2. When IREE_SRC names an IREE source checkout, a handful of IREE's own
   files that cover the suites' op families (lit tests included) are lowered
   and must pass whole. Without it that part is skipped and says so.
"""
import json
import os
import shutil
import subprocess
import sys

# IREE's files for part 2: one per op family the lowering produces.
IREE_FILES = [
    "stablehlo_ops/convolution.mlir",       # conv_2d, depthwise hwcm
    "stablehlo_ops/reduce_window.mlir",     # pooling_nhwc_sum/min
    "stablehlo_ops/scatter_dynamic.mlir",   # flow.tensor.constant/reshape
    "stablehlo_ops/sort.mlir",              # iree_linalg_ext.sort
    "stablehlo_ops/while.mlir",             # scf.while
    "stablehlo_ops/three_fry.mlir",         # integer bit mixing
    "tosa_ops/clz.mlir",                    # #tosa.target_env, math.ctlz
    "tosa_ops/mul_shift.mlir",              # apply_scale in i64
    "tosa_ops/table.mlir",                  # i16 table interpolation
    "tosa_ops/if.mlir",                     # scf.if with checks inside
    "regression/stablehlo/dynamic_dot.mlir",
    "stablehlo_models/collatz.mlir",        # lit test, cf branches
]

BAD_STABLEHLO = """func.func @bad() {
  %0 = stablehlo.no_such_op : tensor<f32>
  return
}
"""


def run_script(project, ref_run, src, extra):
    cmd = [sys.executable,
           os.path.join(project, "scripts", "iree_e2e_frontend.py"), src,
           "--ref-run=" + ref_run] + extra
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    return p.returncode, p.stdout + p.stderr


def outcomes(report):
    return {d + "/" + f["file"]: f for d, r in report["dirs"].items()
            for f in r["files"]}


def main():
    ref_run, project, out = sys.argv[1:4]
    shutil.rmtree(out, ignore_errors=True)
    fake = os.path.join(out, "checkout")
    own = os.path.join(project, "tests", "iree", "frontend_suites")
    layout = {"stablehlo_ops": ["stablehlo_checks.mlir"],
              "tosa_ops": ["tosa_checks.mlir", "tosa_old_syntax.mlir"]}
    for d, names in layout.items():
        os.makedirs(os.path.join(fake, "tests", "e2e", d))
        for n in names:
            shutil.copy(os.path.join(own, n),
                        os.path.join(fake, "tests", "e2e", d, n))
    # A copy whose clz expectation is wrong (16 -> 17), and an unlowerable
    # file.
    with open(os.path.join(own, "tosa_checks.mlir")) as f:
        text = f.read()
    wrong = text.replace("dense<[16, 30, 0, 8]>", "dense<[17, 30, 0, 8]>")
    assert wrong != text
    with open(os.path.join(fake, "tests", "e2e", "tosa_ops",
                           "wrong_clz.mlir"), "w") as f:
        f.write(wrong)
    with open(os.path.join(fake, "tests", "e2e", "stablehlo_ops",
                           "unlowerable.mlir"), "w") as f:
        f.write(BAD_STABLEHLO)

    failures = []
    js = os.path.join(out, "own.json")
    rc, text = run_script(project, ref_run, fake,
                          ["--dirs=stablehlo_ops,tosa_ops", "--json=" + js,
                           "--keep=" + os.path.join(out, "own_lowered")])
    print(text)
    if not os.path.exists(js):
        print("FAIL: the script wrote no report (exit %d); IREE's wheels "
              "missing from .venv? (scripts/setup.sh)" % rc)
        return 1
    with open(js) as f:
        report = json.load(f)
    got = outcomes(report)
    want = {
        "stablehlo_ops/stablehlo_checks.mlir": ("pass", 4),
        "tosa_ops/tosa_checks.mlir": ("pass", 4),
        "tosa_ops/wrong_clz.mlir": ("check-fail", 4),
        "stablehlo_ops/unlowerable.mlir": ("lower-fail", None),
        "tosa_ops/tosa_old_syntax.mlir": ("lower-fail", None),
    }
    for name, (outcome, total) in want.items():
        f = got.get(name)
        if f is None or f["outcome"] != outcome:
            failures.append("%s: expected %s, got %s" % (name, outcome, f))
        elif total is not None and f["total"] != total:
            failures.append("%s: expected %d tests, got %s" %
                            (name, total, f))
    if got.get("tosa_ops/wrong_clz.mlir", {}).get("passed") != 3:
        failures.append("wrong_clz.mlir: exactly the clz function must fail")
    # Lowering failures are kept apart from ref-run's totals: 11 of 12 run.
    if (report["total"]["passed"], report["total"]["total"]) != (11, 12):
        failures.append("totals: expected 11/12, got %s" % report["total"])
    if rc != 1:
        failures.append("script exit code %d with a failing check, "
                        "expected 1" % rc)
    # --respell lowers the old TOSA syntax (and still not the unknown op).
    js = os.path.join(out, "respell.json")
    rc, text = run_script(project, ref_run, fake,
                          ["--dirs=stablehlo_ops,tosa_ops", "--respell",
                           "--filter=old_syntax|unlowerable", "--json=" + js])
    print(text)
    with open(js) as f:
        got = outcomes(json.load(f))
    f = got.get("tosa_ops/tosa_old_syntax.mlir", {})
    if f.get("outcome") != "pass" or f.get("total") != 2 or \
            "respelled" not in f:
        failures.append("--respell: tosa_old_syntax.mlir: expected a "
                        "respelled pass of 2 tests, got %s" % f)
    if got.get("stablehlo_ops/unlowerable.mlir", {}).get("outcome") != \
            "lower-fail":
        failures.append("--respell: unlowerable.mlir must stay lower-fail")

    src = os.environ.get("IREE_SRC", "")
    if src and os.path.isdir(os.path.join(src, "tests", "e2e", "tosa_ops")):
        regex = "^(%s)$" % "|".join(
            f.replace(".", r"\.") for f in IREE_FILES)
        js = os.path.join(out, "iree.json")
        rc, text = run_script(project, ref_run, src,
                              ["--filter=" + regex, "--json=" + js])
        print(text)
        with open(js) as f:
            got = outcomes(json.load(f))
        for name in IREE_FILES:
            f = got.get(name)
            if f is None or f["outcome"] != "pass":
                failures.append("IREE's %s: expected pass, got %s" %
                                (name, f))
    else:
        print("IREE_SRC not set (or not an IREE checkout): IREE's own files "
              "not run")

    for f in failures:
        print("FAIL: " + f)
    print("frontend_suites: %s" % ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
