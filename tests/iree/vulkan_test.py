#!/usr/bin/env python3
"""Vulkan run on lavapipe (Mesa's CPU Vulkan, scripts/setup.sh installs it).

  vulkan_test.py DIFFTEST PROGRAM_DIR OUT_DIR

1. The device smoke test (difftest smoke) passes on vulkan:llvmpipe and
   vulkan:rdna3-lavapipe, the loop cap included.
2. Programs of tests/iree/programs run (not compiled only) and pass on both.
3. A planted executor limit: a 1x300 sort of 299..0 sorts wrongly on
   lavapipe (its loop cap); difftest must say executor-limit (exit 0), the
   run itself a mismatch, while llvm-cpu passes and a 1x200 sort (inside the
   cap) passes on vulkan.
4. vulkan:rdna3 (subgroup sizes 32/64) is not run on lavapipe (8).
5. A campaign draws a case past the device's limits again: with a target
   table whose llvmpipe loop cap is 1 (any sort reaches it), every sort case
   the interpreter ran gets another seed in a keep campaign than the allow
   campaign's same case.
Without a vulkan device the test fails: the set-up installs one.
"""
import json
import os
import re
import sqlite3
import subprocess
import sys


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    return r.returncode, r.stdout, r.stderr


def sort_program(n):
    t = "tensor<1x%dxi32>" % n
    return ("func.func @main(%%arg0: %s) -> %s {\n"
            "  %%0 = iree_linalg_ext.sort dimension(1) outs(%%arg0 : %s) {\n"
            "  ^bb0(%%a: i32, %%b: i32):\n"
            "    %%c = arith.cmpi slt, %%a, %%b : i32\n"
            "    iree_linalg_ext.yield %%c : i1\n"
            "  } -> %s\n"
            "  return %%0 : %s\n}\n" % (t, t, t, t, t))


def main():
    difftest, prog_dir, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    problems = []

    def expect(cond, what, text=""):
        if cond:
            print("ok   " + what)
        else:
            problems.append(what + ("\n" + text if text else ""))
            print("FAIL " + what)

    # 1. Smoke.
    code, so, se = run([difftest, "smoke",
                        "--target=vulkan,vulkan:rdna3-lavapipe",
                        "--out=" + os.path.join(out, "smoke")])
    print(so, end="")
    if "no checked target has its device here" in se:
        problems.append("no vulkan device: scripts/setup.sh installs "
                        "mesa-vulkan-drivers (lavapipe)")
    expect(code == 0 and so.count(": ok") == 8,
           "smoke: 4 programs x 2 targets ok", so + se)

    # 2. Real programs run and pass.
    for prog in ("sort.mlir", "matmul.mlir", "scan.mlir", "topk.mlir"):
        code, so, se = run([difftest, "run", os.path.join(prog_dir, prog),
                            "--target=vulkan,vulkan:rdna3-lavapipe",
                            "--out=" + os.path.join(out, "progs")])
        for t in ("vulkan:llvmpipe", "vulkan:rdna3-lavapipe"):
            expect(re.search(r"^%s: pass \(compile [0-9.]+ s, run" % t, so,
                             re.M) is not None,
                   "%s runs and passes on %s" % (prog, t), so + se)

    # 3. The planted executor limit, and its control inside the cap.
    for n, limit in ((300, True), (200, False)):
        path = os.path.join(out, "sort_1x%d.mlir" % n)
        with open(path, "w") as f:
            f.write(sort_program(n))
        values = " ".join(str(v) for v in range(n - 1, -1, -1))
        code, so, se = run([difftest, "run", path,
                            "--target=llvm-cpu,vulkan,vulkan:rdna3-lavapipe",
                            "--input=1x%dxi32=%s" % (n, values),
                            "--out=" + os.path.join(out, "limit")])
        expect(re.search(r"^llvm-cpu: pass", so, re.M) is not None,
               "1x%d sort passes on llvm-cpu" % n, so + se)
        for t in ("vulkan:llvmpipe", "vulkan:rdna3-lavapipe"):
            if limit:
                m = re.search(r"^%s: executor limit: one thread may loop "
                              r"(\d+) times .*; the run gave mismatch" % t,
                              so, re.M)
                expect(m is not None and int(m.group(1)) >= 65535,
                       "1x300 sort on %s: executor-limit, not mismatch" % t,
                       so + se)
            else:
                expect(re.search(r"^%s: pass \(" % t, so, re.M) is not None,
                       "1x200 sort passes on %s (inside the cap)" % t,
                       so + se)
        # executor-limit is no failure for the exit code.
        expect(code == 0, "1x%d sort: difftest exits 0" % n, so + se)

    # 4. A target whose subgroup sizes the device lacks is never judged.
    code, so, se = run([difftest, "run", os.path.join(prog_dir, "generic.mlir"),
                        "--target=vulkan:rdna3",
                        "--out=" + os.path.join(out, "rdna3")])
    expect(re.search(r"^vulkan:rdna3: compiled only: not run: vulkan:rdna3 "
                     r"assumes subgroup size 32/64, .*\[8, 8\]", so, re.M)
           is not None and code == 0,
           "vulkan:rdna3 is compiled only on lavapipe", so + se)

    # 5. Campaigns keep cases inside the limits (difftest fuzz's redraw).
    table = json.load(open(os.path.join(prog_dir, "..", "..", "..", "gpu",
                                        "targets.json")))
    table["targets"]["vulkan"]["executor_limits"]["llvmpipe"][
        "loop_iterations"] = 1
    capped = os.path.join(out, "capped-targets.json")
    with open(capped, "w") as f:
        json.dump(table, f)
    seeds = {}
    for mode in ("allow", "keep"):
        camp = os.path.join(out, "campaign-" + mode)
        subprocess.run(["rm", "-rf", camp])
        code, so, se = run([difftest, "fuzz", "--target=vulkan",
                            "--ops=sort", "--cases=4", "--batch=4",
                            "--static-twins=0", "--seed=3",
                            "--targets-file=" + capped,
                            "--executor-limits=" + mode, "--out=" + camp])
        expect(code == 0, "campaign --executor-limits=%s exits 0" % mode,
               so + se)
        con = sqlite3.connect(os.path.join(camp, "campaign.db"))
        # Cases the interpreter ran (a rejected one has the target "-").
        seeds[mode] = dict(con.execute(
            "SELECT case_index, seed FROM cases WHERE target = "
            "'vulkan:llvmpipe'").fetchall())
        verdicts = [v for (v,) in con.execute("SELECT verdict FROM cases")]
        con.close()
        if mode == "keep":
            expect("executor-limit" not in verdicts,
                   "keep campaign: no executor-limit rows", str(verdicts))
    expect(len(seeds["allow"]) >= 2 and all(
        seeds["keep"].get(i) != s for i, s in seeds["allow"].items()),
        "every sort case past a cap of 1 was drawn again (%s vs %s)" %
        (seeds["allow"], seeds["keep"]))

    for p in problems:
        print("PROBLEM: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
