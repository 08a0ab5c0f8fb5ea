#!/usr/bin/env python3
"""The frontend-shaped recipes against the real IREE (llvm-cpu, run): for
each of frontend.matmul_extf, sort_arg_outs, iota_scatter and dead_results
a short campaign of that recipe alone (--ops=frontend.K, one module per
recipe) whose cases

- compile and agree with the golden for the most part (at least half of
  them pass: a recipe whose programs IREE cannot take, or whose goldens
  disagree with IREE everywhere, fails the test), and
- fail, where they do, only in a way campaign_expectations.json knows
  (by verdict and signature: the stack-allocation class of dynamic
  shapes, iree-org/iree#24665's in-place sort of an argument), never with
  one of our own tool's outcome classes (generator/interpreter/tool
  error) or an unknown failure.

Usage: frontend_recipes_test.py DIFFTEST EXPECTATIONS_JSON WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import db_query  # noqa: E402

RECIPES = ["matmul_extf", "sort_arg_outs", "iota_scatter", "dead_results"]
CASES = 6
failures = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        failures.append(what)


def main():
    dt, expect_file, work = map(os.path.abspath, sys.argv[1:4])
    known = json.load(open(expect_file))["known"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for k in RECIPES:
        out = os.path.join(work, k)
        r = subprocess.run(
            [dt, "fuzz", "--out=" + out, "--target=llvm-cpu",
             "--ops=frontend." + k, "--cases=%d" % CASES, "--seed=7",
             "--batch=%d" % CASES, "--jobs=1", "--static-twins=0",
             "--compile-timeout=300", "--run-timeout=60"],
            capture_output=True, text=True, timeout=1200)
        check(r.returncode in (0, 1),
              "%s: the campaign ran (exit %d)\n%s" % (k, r.returncode,
                                                      r.stderr[-2000:]))
        rows = db_query(os.path.join(out, "campaign.db"),
                        "SELECT case_index, verdict, signature FROM cases")
        passed = sum(1 for _, v, _ in rows if v == "pass")
        check(len(rows) >= CASES, "%s: %d cases judged" % (k, len(rows)))
        check(2 * passed >= len(rows),
              "%s: %d of %d cases compile and agree" % (k, passed, len(rows)))
        for idx, verdict, sig in rows:
            if verdict == "pass":
                continue
            kn = next((e for e in known if e["verdict"] == verdict and
                       e["signature"] in (sig or "")), None)
            check(kn is not None,
                  "%s case %d: %s is a known IREE failure%s" %
                  (k, idx, sig, " (%s)" % kn["issue"] if kn else ""))
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
