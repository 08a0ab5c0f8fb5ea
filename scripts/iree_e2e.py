#!/usr/bin/env python3
"""Runs IREE's own tests/e2e programs under `ref-run --check` and prints
passed/total per directory.

Usage: iree_e2e.py IREE_SRC [--ref-run=PATH] [--dirs=a,b] [--verbose]
       [--json=FILE]

IREE_SRC is an IREE source checkout (never copied into this project).
Each file is run whole; a file that ref-run cannot run (parse error,
unsupported op, undefined behaviour) counts every public test function in
it as failed. `math` holds a generator (generate.py + a JSON of cases): its
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
COUNT_RE = re.compile(r"^(\d+) passed, (\d+) failed", re.M)


def test_functions(text):
    return [m.group(1) for m in FUNC_RE.finditer(text)]


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
    with open(path) as f:
        text = f.read()
    funcs = test_functions(text)
    try:
        p = subprocess.run([ref_run, "--check", path], capture_output=True,
                           text=True, timeout=timeout)
        out, rc = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, rc = "timeout after %ds" % timeout, -1
    results = {m.group(2).lstrip("@"): m.group(1) == "PASS"
               for m in RESULT_RE.finditer(out)}
    passed = sum(1 for v in results.values() if v)
    total = max(len(funcs), len(results))
    if rc not in (0, 1) or not results:
        passed = 0
    return passed, total, rc, out


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
    grand = [0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for d in a.dirs.split(","):
            dp, dt, files = 0, 0, []
            for name, path in files_of(a.src, d, tmp):
                p, t, rc, out = run_file(a.ref_run, path, a.timeout)
                dp += p
                dt += t
                files.append({"file": name, "passed": p, "total": t, "rc": rc})
                if a.verbose and p != t:
                    tail = "\n".join(out.strip().splitlines()[-6:])
                    print("  %s/%s: %d/%d (exit %d)\n    %s" %
                          (d, name, p, t, rc, tail.replace("\n", "\n    ")))
            report[d] = {"passed": dp, "total": dt, "files": files}
            whole = sum(1 for f in files if f["passed"] == f["total"])
            print("%-16s %4d/%-4d functions  %3d/%-3d files pass whole" %
                  (d, dp, dt, whole, len(files)))
            grand[0] += dp
            grand[1] += dt
    print("%-16s %4d/%-4d functions" % ("total", grand[0], grand[1]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if grand[0] == grand[1] else 1


if __name__ == "__main__":
    sys.exit(main())
