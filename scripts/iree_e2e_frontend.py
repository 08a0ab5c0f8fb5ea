#!/usr/bin/env python3
"""Runs IREE's frontend e2e suites (StableHLO and TOSA programs) through
IREE's input lowering and `ref-run --check`; prints passed/total per
directory, telling IREE's lowering failures apart from ref-run's.

Usage: iree_e2e_frontend.py IREE_SRC [--ref-run=PATH]
       [--iree-compile=PATH] [--dirs=a,b] [--files] [--verbose]
       [--json=FILE] [--keep=DIR] [--filter=REGEX] [--respell]

IREE_SRC is an IREE source checkout (never copied into this project).
Each .mlir file of a directory is lowered with
`iree-compile --compile-to=input --iree-input-type=T` and the flags of the
suite's BUILD.bazel that act on the input phase (stablehlo_ops:
`--iree-input-demote-f64-to-f32`), into a temporary folder (or --keep=DIR),
then judged with `ref-run --check` as scripts/iree_e2e.py judges IREE's
other e2e files (the counting rules are the same: one test per public
zero-argument function of a check test, one per RUN line of a lit test).
Lowering drops comments, so a lit test's RUN and CHECK lines are put back
in front of the lowered module.

Outcomes per file:
  pass        every test passes
  check-fail  ref-run ran it and a check failed (exit 1)
  ref-error   ref-run could not run it (exit 2: an op it does not know, a
              parse or verifier error)
  ref-ub      ref-run found undefined behaviour in it (exit 3)
  ref-unsupported  ref-run refuses an element type for an op (exit 8:
              "unsupported element type <T> for <op>"; no golden)
  timeout     ref-run ran past --timeout
  lower-fail  IREE's frontend rejected it (not ref-run's doing); its tests
              are counted apart from the totals ref-run is judged on
  not-judged  nothing to judge (a compile-only lit test)
With --respell, a file IREE's parser rejects is lowered once more with the
syntax of the IREE in use (respell() below); files that then lower are run
as usual and counted as "respelled" in their directory's line.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import iree_e2e  # noqa: E402  (shared counting rules)

# directory under tests/e2e -> (--iree-input-type, extra input-phase flags,
# files: None = every .mlir, else {name: input type} for the files of a
# directory IREE runs through a frontend, each with its own input type).
SUITES = {
    "stablehlo_ops": ("stablehlo", ["--iree-input-demote-f64-to-f32"], None),
    "tosa_ops": ("tosa", [], None),
    "stablehlo_models": ("stablehlo", [], None),
    "regression/stablehlo": ("stablehlo", [], None),
    # regression/BUILD.bazel: xla_reverse_after_slice.mlir is StableHLO;
    # check_regression_tosa_llvm-cpu runs the quantized matmul test with
    # --iree-input-type=tosa (for the quantized-matmul-to-matmul pass).
    "regression": (None, [], {
        "xla_reverse_after_slice.mlir": "stablehlo",
        "linalg_quantized_matmul_vs_linalg_matmul.mlir": "tosa"}),
}
DEFAULT_DIRS = ["stablehlo_ops", "tosa_ops", "stablehlo_models",
                "regression/stablehlo", "regression"]
# ref-run's exit code -> the class of a file that does not pass.
REF_OUTCOME = {0: "check-fail", 1: "check-fail", 2: "ref-error",
               3: "ref-ub", 8: "ref-unsupported", -1: "timeout"}
# What a lit test keeps from its original text: RUN and FileCheck lines.
LIT_COMMENT_RE = re.compile(r"^\s*//.*(?:RUN:|CHECK)")
# iree-compile's first diagnostic, for the lower-fail reason.
DIAG_RE = re.compile(r"error: (.*)")


def find_iree_compile(here):
    """.venv's iree-compile (scripts/setup.sh installs the pinned wheels
    there), else the one on PATH, else None."""
    venv = os.path.join(here, "..", ".venv", "bin", "iree-compile")
    if os.path.exists(venv):
        return venv
    return shutil.which("iree-compile")


def files_of(src, d):
    path = os.path.join(src, "tests", "e2e", d)
    only = SUITES[d][2]
    names = sorted(n for n in os.listdir(path) if n.endswith(".mlir"))
    if only is not None:
        names = [n for n in names if n in only]
    return [(n, os.path.join(path, n)) for n in names]


def lower(iree_compile, d, name, src_path, dst_path, timeout):
    """None on success, else the reason IREE's lowering failed."""
    input_type, flags, only = SUITES[d]
    if only is not None:
        input_type = only[name]
    cmd = [iree_compile, "--compile-to=input",
           "--iree-input-type=" + input_type] + flags + [src_path,
                                                        "-o", dst_path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "iree-compile timed out after %ds" % timeout
    if p.returncode == 0:
        with open(src_path) as f:
            text = f.read()
        if iree_e2e.is_lit_test(text):
            keep = [l for l in text.splitlines() if LIT_COMMENT_RE.match(l)]
            with open(dst_path) as f:
                lowered = f.read()
            with open(dst_path, "w") as f:
                f.write("\n".join(keep) + "\n\n" + lowered)
        return None
    m = DIAG_RE.search(p.stderr)
    return (m.group(1) if m else p.stderr.strip()[-200:]) or \
        "iree-compile exit %d" % p.returncode


# --respell: the checkout's test files may be older than the IREE in use,
# whose parsers have since changed (IREE 3.13's TOSA reads `tosa.clamp`'s
# attributes in its custom form only; its util.global no longer reads
# `inlining_policy` from the attr-dict). Respelling keeps every op and value:
# a TOSA op with an attribute dictionary is written in the generic form
# (`"tosa.clamp"(%0) <{min_val = ...}> : (...) -> ...`), and util.global's
# inlining hint (an optimization hint only) is dropped.
TOSA_ATTR_OP_RE = re.compile(
    r"^(\s*%[\w#:]+\s*=\s*)tosa\.(\w+)\s*([^{]*?)\s*\{(.*)\}\s*:\s*(.*)$")
INLINING_RE = re.compile(r"\s*\{inlining_policy = #util\.inline\.\w+\}")


def respell(text):
    out = []
    for line in text.splitlines(keepends=True):
        m = TOSA_ATTR_OP_RE.match(line.rstrip("\n"))
        if m and not line.lstrip().startswith("//"):
            line = '%s"tosa.%s"(%s) <{%s}> : %s\n' % m.groups()
        out.append(INLINING_RE.sub("", line)
                   if "util.global" in line else line)
    return "".join(out)


def expected_tests(path):
    with open(path) as f:
        text = f.read()
    if iree_e2e.is_lit_test(text):
        return len(iree_e2e.run_lines(text))
    return len(iree_e2e.test_functions(text))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--ref-run",
                    default=os.path.join(here, "..", "build", "bin", "ref-run"))
    ap.add_argument("--iree-compile", default=find_iree_compile(here))
    ap.add_argument("--dirs", default=",".join(DEFAULT_DIRS))
    ap.add_argument("--filter", default="",
                    help="only files whose dir/name matches this regex")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--files", action="store_true",
                    help="one line per file")
    ap.add_argument("--verbose", action="store_true",
                    help="the tail of ref-run's output for each failure")
    ap.add_argument("--keep", help="keep the lowered files in this folder")
    ap.add_argument("--respell", action="store_true",
                    help="lower a file IREE cannot parse once more with "
                         "the syntax of the IREE in use (see respell())")
    ap.add_argument("--json")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.src, "tests", "e2e")):
        print("iree_e2e_frontend: %s is not an IREE source checkout "
              "(no tests/e2e)" % a.src, file=sys.stderr)
        return 2
    if not os.path.exists(a.ref_run):
        print("iree_e2e_frontend: no ref-run at %s (build first)" % a.ref_run,
              file=sys.stderr)
        return 2
    if not a.iree_compile or not os.path.exists(
            shutil.which(a.iree_compile) or a.iree_compile):
        print("iree_e2e_frontend: no iree-compile (%s): run scripts/setup.sh "
              "or pass --iree-compile=PATH" % (a.iree_compile or "not in "
              ".venv or on PATH"), file=sys.stderr)
        return 2
    dirs = [d for d in a.dirs.split(",") if d]
    for d in dirs:
        if d not in SUITES:
            print("iree_e2e_frontend: unknown directory %s (known: %s)" %
                  (d, ", ".join(SUITES)), file=sys.stderr)
            return 2
    flt = re.compile(a.filter)
    report = {}
    grand = {"passed": 0, "total": 0, "lower_fail_files": 0,
             "lower_fail_tests": 0}
    tmp_ctx = tempfile.TemporaryDirectory()
    out_root = a.keep or tmp_ctx.name
    with tmp_ctx:
        for d in dirs:
            classes = {}
            dst_dir = os.path.join(out_root, d)
            os.makedirs(dst_dir, exist_ok=True)
            dp, dt, lf, lft, nj, rs, files = 0, 0, 0, 0, 0, 0, []
            for name, path in files_of(a.src, d):
                if not flt.search(d + "/" + name):
                    continue
                dst = os.path.join(dst_dir, name)
                why = lower(a.iree_compile, d, name, path, dst, a.timeout)
                entry = {"file": name}
                if why is not None and a.respell:
                    with open(path) as f:
                        text = f.read()
                    again = respell(text)
                    if again != text:
                        alt = dst[:-len(".mlir")] + ".respelled.mlir"
                        with open(alt, "w") as f:
                            f.write(again)
                        if lower(a.iree_compile, d, name, alt, dst,
                                 a.timeout) is None:
                            entry["respelled"] = why
                            rs += 1
                            why = None
                if why is not None:
                    n = expected_tests(path)
                    lf += 1
                    lft += n
                    entry.update(outcome="lower-fail", tests=n, reason=why)
                    line = "  %s/%s: lower-fail (%d tests): %s" % (
                        d, name, n, why)
                    if a.files or a.verbose:
                        print(line)
                    files.append(entry)
                    continue
                p, t, n, rc, out = iree_e2e.run_file(a.ref_run, dst,
                                                     a.timeout)
                dp += p
                dt += t
                nj += n
                outcome = ("not-judged" if t == 0 else
                           "pass" if p == t else
                           REF_OUTCOME.get(rc, "ref-error"))
                entry.update(outcome=outcome, passed=p, total=t,
                             not_judged=n, rc=rc)
                files.append(entry)
                if a.files or (a.verbose and outcome != "pass"):
                    print("  %s/%s: %s %d/%d (exit %d)%s" % (
                        d, name, outcome, p, t, rc,
                        " respelled" if "respelled" in entry else ""))
                if a.verbose and outcome != "pass":
                    tail = out.strip().splitlines()[-6:]
                    print("    " + "\n    ".join(tail))
            if rs:
                classes["respelled"] = rs
            report[d] = {"passed": dp, "total": dt, "lower_fail_files": lf,
                         "lower_fail_tests": lft, "not_judged": nj,
                         "files": files}
            ran = [f for f in files
                   if f["outcome"] not in ("lower-fail", "not-judged")]
            whole = sum(1 for f in ran if f["outcome"] == "pass")
            for f in ran:
                if f["outcome"] != "pass":
                    classes[f["outcome"]] = classes.get(f["outcome"], 0) + 1
            why = "".join("; %s: %d files" % kv
                          for kv in sorted(classes.items()))
            print("%-20s %4d/%-4d tests  %3d/%-3d files pass whole"
                  "  (lower-fail: %d files, %d tests%s; %d not judged)" %
                  (d, dp, dt, whole, len(ran), lf, lft, why, nj))
            grand["passed"] += dp
            grand["total"] += dt
            grand["lower_fail_files"] += lf
            grand["lower_fail_tests"] += lft
    print("%-20s %4d/%-4d tests  (lower-fail: %d files, %d tests)" %
          ("total", grand["passed"], grand["total"],
           grand["lower_fail_files"], grand["lower_fail_tests"]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"dirs": report, "total": grand}, f, indent=1)
    return 0 if grand["passed"] == grand["total"] else 1


if __name__ == "__main__":
    sys.exit(main())
