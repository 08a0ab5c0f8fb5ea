#!/usr/bin/env python3
"""Runs IREE's own tests/e2e programs under `ref-run --check` and prints
passed/total per directory.

Usage: iree_e2e.py IREE_SRC [--ref-run=PATH] [--dirs=a,b] [--verbose]
       [--json=FILE]

IREE_SRC is an IREE source checkout (never copied into this project).
Each file is run whole. A check test counts its public zero-argument
functions; a lit test (its RUN lines run IREE's tools) counts its RUN lines,
less those ref-run does not judge (compile-only lines, IREE's own traces),
which are reported as "not judged" instead. A file that ref-run cannot run
(parse error, unsupported op, undefined behaviour) counts every test in it as
failed; a file with nothing to judge (ref-run: "nothing to run") counts as
not judged. `math` holds a generator (generate.py + a JSON of cases): its
programs are generated into a temporary folder first, as IREE's build does.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_DIRS = ["linalg_ext_ops", "linalg", "tensor_ops", "math",
                "subbyte_types", "regression"]
FUNC_RE = re.compile(
    r"^\s*(?:func\.func|util\.func)\s+(?:public\s+)?@([\w$.-]+)\s*\(\s*\)",
    re.M)
PRIVATE_RE = re.compile(r"^\s*(?:func\.func|util\.func)\s+private\s", re.M)
RESULT_RE = re.compile(r"^(PASS|FAIL)\s+@?(\S+)", re.M)
SKIP_RE = re.compile(r"^SKIP\s+(\S+)", re.M)
RUN_LINE_RE = re.compile(r"^\s*//.*?RUN:(.*)$")
IREE_TOOL_RE = re.compile(
    r"(?:^|\|)\s*(?:\S*/)?(?:iree-run-mlir|iree-run-module|iree-compile|"
    r"iree-opt)(?:\s|$)")
COUNT_RE = re.compile(r"^(\d+) passed, (\d+) failed", re.M)


def test_functions(text):
    return [m.group(1) for m in FUNC_RE.finditer(text)]


def run_lines(text):
    """The file's RUN lines, continuations (a trailing backslash) joined."""
    out, continuing = [], False
    for line in text.splitlines():
        m = RUN_LINE_RE.match(line)
        if not m:
            continue
        cmd = m.group(1).strip()
        if not continuing:
            out.append("")
        continuing = cmd.endswith("\\")
        if continuing:
            cmd = cmd[:-1].rstrip()
        out[-1] = (out[-1] + " " + cmd).strip()
    return out


def is_lit_test(text):
    """Whether ref-run --check runs the file's RUN lines (one runs one of
    IREE's tools) rather than its check functions."""
    return any(IREE_TOOL_RE.search(c) for c in run_lines(text))


def files_of(src, d, tmp):
    """The .mlir programs of one e2e directory (generated where IREE
    generates them)."""
    path = os.path.join(src, "tests", "e2e", d)
    out = []
    if d == "math":
        gen = os.path.join(path, "generate.py")
        for js in sorted(os.listdir(path)):
            if not js.endswith(".json"):
                continue
            dst = os.path.join(tmp, js[:-5] + ".mlir")
            with open(dst, "w") as f:
                subprocess.run([sys.executable, gen, "--testcases",
                                os.path.join(path, js)], stdout=f, check=True)
            out.append((js[:-5] + ".mlir", dst))
        return out
    for name in sorted(os.listdir(path)):
        if name.endswith(".mlir"):
            out.append((name, os.path.join(path, name)))
    return out


def run_file(ref_run, path, timeout):
    """(passed, total, not_judged, rc, output) of one file."""
    with open(path) as f:
        text = f.read()
    lit = is_lit_test(text)
    expected = len(run_lines(text)) if lit else len(test_functions(text))
    try:
        p = subprocess.run([ref_run, "--check", path], capture_output=True,
                           text=True, timeout=timeout)
        out, rc = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, rc = "timeout after %ds" % timeout, -1
    results = {m.group(2).lstrip("@"): m.group(1) == "PASS"
               for m in RESULT_RE.finditer(out)}
    skipped = len(SKIP_RE.findall(out))
    if rc == 2 and "nothing to run" in out:
        # Compile-only lit tests, or no test functions: nothing to judge.
        return 0, 0, max(skipped, 1), rc, out
    passed = sum(1 for v in results.values() if v)
    total = max(expected - skipped, len(results))
    if rc not in (0, 1) or not results:
        passed = 0
    return passed, total, skipped, rc, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--ref-run",
                    default=os.path.join(here, "..", "build", "bin", "ref-run"))
    ap.add_argument("--dirs", default=",".join(DEFAULT_DIRS))
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.src, "tests", "e2e")):
        print("iree_e2e: %s is not an IREE source checkout (no tests/e2e)"
              % a.src, file=sys.stderr)
        return 2
    report = {}
    grand = [0, 0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for d in a.dirs.split(","):
            dp, dt, dn, files = 0, 0, 0, []
            for name, path in files_of(a.src, d, tmp):
                p, t, n, rc, out = run_file(a.ref_run, path, a.timeout)
                dp += p
                dt += t
                dn += n
                files.append({"file": name, "passed": p, "total": t,
                              "not_judged": n, "rc": rc})
                if a.verbose and (p != t or t == 0):
                    tail = "\n".join(out.strip().splitlines()[-6:])
                    what = "not judged" if t == 0 else "%d/%d" % (p, t)
                    print("  %s/%s: %s (exit %d)\n    %s" %
                          (d, name, what, rc, tail.replace("\n", "\n    ")))
            report[d] = {"passed": dp, "total": dt, "not_judged": dn,
                         "files": files}
            judged = [f for f in files if f["total"] > 0]
            whole = sum(1 for f in judged if f["passed"] == f["total"])
            print("%-16s %4d/%-4d tests  %3d/%-3d files pass whole"
                  "  (%d not judged in %d files)" %
                  (d, dp, dt, whole, len(judged), dn,
                   sum(1 for f in files if f["not_judged"])))
            grand[0] += dp
            grand[1] += dt
            grand[2] += dn
    print("%-16s %4d/%-4d tests  (%d not judged)" %
          ("total", grand[0], grand[1], grand[2]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if grand[0] == grand[1] else 1


if __name__ == "__main__":
    sys.exit(main())
