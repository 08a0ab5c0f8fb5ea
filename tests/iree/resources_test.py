#!/usr/bin/env python3
"""A compile's memory and a campaign's time are bounded, and neither bound
makes a finding of what it stops (real iree-compile from the project's
.venv, in fake tool directories where a fault is planted).

1. compiler-oom by the resident cap: tests/iree/programs/matmul.mlir, which
   compiles and passes on llvm-cpu with the defaults (checked first), under
   --compile-memory-limit=64M: the compiler is killed, the verdict is
   compiler-oom (not compiler-crash) and its bundle says so.
2. compiler-oom as iree-compile prints it under RLIMIT_AS: the same program
   with the real compiler run under `ulimit -v 307200` (300 MiB; the
   resident cap off): iree-compile 3.13 aborts with "LLVM ERROR: out of
   memory" (or, with more threads, cannot map a thread's stack or its
   library): compiler-oom again, with that line as its detail.
3. The campaign keeps its time: every compile of a 2-job campaign sleeps
   (1240 s, past the default --compile-timeout of 300 s), --time=8s. It
   exits 0 within 8 s plus a few, no compiler is left running, nothing is
   recorded (no row, no failure), both batches in flight are noted
   unfinished, the report says so, and --resume with working tools records
   every case exactly once and forgets the notes.

Usage: resources_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools, run)

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "programs", "matmul.mlir")
# "A few seconds": difftest's start (finding IREE: iree-compile --version
# and --help) counts toward --time; what is left is killing the batches in
# flight and reaping them, on a shared two-core machine.
SLACK_S = 6


def verdict_line(text):
    for line in text.splitlines():
        if line.startswith("llvm-cpu: "):
            return line
    return ""


def difftest_run(dt, tools, out, extra):
    return run([dt, "run", PROGRAM, "--function=main", "--target=llvm-cpu",
                "--iree-dir=" + tools, "--out=" + out] + extra, timeout=600)


def compiler_oom(dt, rc_, rr, work):
    good = fake_tools(os.path.join(work, "tools-good"), None, None, rc_, rr)
    code, text = difftest_run(dt, good, os.path.join(work, "control"), [])
    line = verdict_line(text)
    check(code == 0 and line.startswith("llvm-cpu: pass"),
          "control: the program passes with the default limits (%s)" % line)

    out = os.path.join(work, "resident")
    code, text = difftest_run(dt, good, out, ["--compile-memory-limit=64M"])
    line = verdict_line(text)
    check(code == 1 and line.startswith("llvm-cpu: compiler-oom: resident "
                                        "memory ") and
          "past the limit of 64 MiB" in line,
          "resident cap 64M: compiler-oom (%s)" % (line or text[-800:]))
    meta = os.path.join(out, "bundles", "matmul.llvm-cpu", "verdict.json")
    v = json.load(open(meta)) if os.path.exists(meta) else {}
    check(v.get("verdict") == "compiler-oom" and
          v.get("signature") == "compiler-oom|llvm-cpu|out of memory",
          "resident cap 64M: the bundle's verdict and signature (%s, %s)" %
          (v.get("verdict"), v.get("signature")))

    # The real compiler under a 300 MiB address space.
    capped = fake_tools(os.path.join(work, "tools-as"),
                        'ulimit -v 307200\nexec "%s" "$@"\n' % rc_, None,
                        rc_, rr)
    code, text = difftest_run(dt, capped, os.path.join(work, "as"),
                              ["--compile-memory-limit=0"])
    line = verdict_line(text)
    printed = ("LLVM ERROR: out of memory", "pthread_create failed",
               "failed to map segment")
    check(code == 1 and line.startswith("llvm-cpu: compiler-oom: ") and
          any(p in line for p in printed),
          "RLIMIT_AS 300M: compiler-oom with iree-compile's own line (%s)" %
          (line or text[-800:]))


def pids_running(cmdline_part):
    found = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % p, "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
            with open("/proc/%s/stat" % p) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if cmdline_part in cmd and state not in "ZX":
            found.append(int(p))
    return found


def campaign_time(dt, rc_, rr, work):
    slow = fake_tools(os.path.join(work, "tools-slow"),
                      "exec sleep 1240\n", None, rc_, rr)
    out = os.path.join(work, "campaign")
    base = [dt, "fuzz", "--out=" + out, "--target=llvm-cpu",
            "--static-twins=0", "--batch=4", "--seed=7", "--cases=8",
            "--no-probe"]
    budget = 8
    t0 = time.monotonic()
    code, text = run(base + ["--iree-dir=" + slow, "--jobs=2",
                             "--time=%ds" % budget], timeout=900)
    took = time.monotonic() - t0
    check(code == 0, "time: the campaign ends with exit 0 (%d)" % code +
          ("" if code == 0 else "\n" + text[-1500:]))
    check(took <= budget + SLACK_S,
          "time: --time=%ds ends in %.1f s (at most %d s)" %
          (budget, took, budget + SLACK_S))
    check(not pids_running("sleep 1240"), "time: no compiler left running")
    db = os.path.join(out, "campaign.db")
    rows = db_query(db, "SELECT case_index, verdict FROM cases")
    fails = db_query(db, "SELECT signature FROM failures")
    check(rows == [] and fails == [],
          "time: nothing recorded of the stopped batches (%d rows, %d "
          "failures)" % (len(rows), len(fails)))
    unfinished = db_query(db, "SELECT idx, reason FROM unfinished "
                              "ORDER BY idx")
    check([i for i, _ in unfinished] == [0, 1] and
          all("--time" in r for _, r in unfinished),
          "time: both batches in flight noted unfinished (%s)" % unfinished)
    check("2 batches were in flight at --time" in text and "--resume" in text,
          "time: the campaign says so")
    code, report = run([dt, "report", out], timeout=300)
    md = open(os.path.join(out, "report.md")).read() \
        if os.path.exists(os.path.join(out, "report.md")) else ""
    check(code == 0 and "2 unfinished batches" in md,
          "time: the report counts the unfinished batches")

    good = fake_tools(os.path.join(work, "tools-good"), None, None, rc_, rr)
    code, text = run(base + ["--iree-dir=" + good, "--resume"], timeout=900)
    rows = db_query(db, "SELECT case_index, verdict FROM cases "
                        "ORDER BY case_index")
    check(code == 0 and [c for c, _ in rows] == list(range(8)),
          "time: --resume records every case exactly once (exit %d, cases "
          "%s)" % (code, [c for c, _ in rows]) +
          ("" if code == 0 else "\n" + text[-1500:]))
    check(not any(v in ("compile-timeout", "tool-error") for _, v in rows),
          "time: no timeout or tool error recorded (%s)" %
          sorted(set(v for _, v in rows)))
    check(db_query(db, "SELECT COUNT(*) FROM unfinished")[0][0] == 0,
          "time: --resume forgets the unfinished notes")


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    rc_, rr = tools
    compiler_oom(dt, rc_, rr, work)
    campaign_time(dt, rc_, rr, work)
    for pid in pids_running("sleep 1240"):
        os.kill(pid, 9)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
