#!/usr/bin/env python3
"""A short fuzz campaign against the real IREE, and a kill-and-resume.

1. `difftest fuzz` on llvm-cpu (run) and cuda/hip (compile only) with a
   fixed seed; the database, the bundles and the report must be produced and
   agree: every case recorded once per target, every distinct failure with
   its bundle on disk, the report's failure table listing each. IREE's own
   failures never fail this test (they are what campaigns are for): known
   ones are matched against campaign_expectations.json and reported, new
   ones are printed. It fails on an outcome class of our own tool (tool
   error, generator error, interpreter error), a lost case or bundle, or an
   inconsistent report.
2. The report page in headless Chromium: it loads with no console errors
   and shows the failure table (a page with a throwing script must show a
   console error, so the check can fail).
3. Kill and resume: a campaign SIGKILLed after its first batches, then
   resumed, has exactly the rows of an uninterrupted campaign with the same
   seed: nothing lost, nothing duplicated, the same cases (deterministic).
4. Shards: shards 0/2 and 1/2, merged, equal the unsharded campaign.

Usage: campaign_test.py DIFFTEST EXPECTATIONS WORK_DIR [CASES]
"""
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import db_query  # noqa: E402

failures = []
OUR_BUGS = {"tool-error", "generator-error", "interpreter-error"}


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        failures.append(what)


def rows(db):
    return db_query(db, "SELECT case_index, target, verdict, signature, "
                        "program_hash FROM cases ORDER BY case_index, target")


def fuzz(dt, out, extra, **kw):
    return subprocess.run([dt, "fuzz", "--out=" + out] + extra,
                          capture_output=True, text=True, timeout=3600, **kw)


def main():
    dt, expect_file, work = map(os.path.abspath, sys.argv[1:4])
    cases = int(sys.argv[4]) if len(sys.argv) > 4 else 48
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    known = json.load(open(expect_file))["known"]
    targets = "llvm-cpu,vulkan,cuda:sm_80,hip:gfx942"
    ntargets = len(targets.split(","))
    # Rows name a target with its architecture (vulkan is vulkan:llvmpipe).
    expected_names = sorted("vulkan:llvmpipe" if t == "vulkan" else t
                            for t in targets.split(","))

    # 1. The campaign.
    out = os.path.join(work, "c1")
    limits = ["--compile-timeout=60", "--memory-limit=8G"]
    r = fuzz(dt, out, ["--target=" + targets, "--cases=%d" % cases,
                       "--seed=1", "--jobs=2", "--batch=8"] + limits)
    check(r.returncode == 0, "campaign exits 0 (%d)\n%s" % (r.returncode,
                                                           r.stderr[-2000:]))
    db = os.path.join(out, "campaign.db")
    got = rows(db)
    per_case = {}
    for ci, target, verdict, sig, _ in got:
        per_case.setdefault(ci, []).append((target, verdict))
    check(sorted(per_case) == list(range(cases)),
          "every case 0..%d recorded" % (cases - 1))
    twins = 0
    for ci, ts in per_case.items():
        # A case has one row per target, or one "-" row (not run); a case
        # with a static twin also has the twin's: per target, or "-+static".
        names = sorted(t for t, _ in ts if not t.endswith("+static"))
        twin = sorted(t[:-len("+static")] for t, _ in ts
                      if t.endswith("+static"))
        ok = (names == ["-"] and not twin) or (
            names == expected_names and twin in ([], ["-"], names))
        twins += bool(twin)
        if not ok:
            check(False, "case %d has rows for %s" % (ci, sorted(ts)))
            break
    check(twins > 0, "some cases ran their static twin (%d)" % twins)
    verdicts = {}
    for _, _, v, _, _ in got:
        verdicts[v] = verdicts.get(v, 0) + 1
    print("verdicts: %s" % verdicts)
    ours = {v: n for v, n in verdicts.items() if v in OUR_BUGS}
    check(not ours, "no outcome class of our own tool: %s" % ours)
    rejected = verdicts.get("rejected-ub", 0)
    check(rejected <= cases // 4,
          "undefined-behaviour rejections are rare (%d of %d)" % (rejected,
                                                                   cases))
    con = sqlite3.connect(db)
    fails = con.execute("SELECT signature, verdict, bundle FROM failures"
                        ).fetchall()
    con.close()
    sigs_in_rows = {sig for _, _, v, sig, _ in got
                    if v not in ("pass", "compiled-only", "undecided",
                                 "rejected-ub", "executor-limit")}
    check({s for s, _, _ in fails} == sigs_in_rows,
          "one failure row per distinct failing signature")
    for sig, verdict, bundle in fails:
        b = os.path.join(out, bundle)
        check(os.path.isdir(b) and os.listdir(b), "bundle of %s" % sig)
        k = next((k for k in known if k["verdict"] == verdict and
                  k["signature"] in sig), None)
        print("%s %s" % ("known" if k else "NEW  ", sig))
    bundle_dirs = os.listdir(os.path.join(out, "bundles"))
    check(len(bundle_dirs) == len(fails),
          "no stray bundles (%d dirs, %d failures)" % (len(bundle_dirs),
                                                       len(fails)))
    r = subprocess.run([dt, "report", out], capture_output=True, text=True)
    check(r.returncode == 0, "report exits 0")
    md = open(os.path.join(out, "report.md")).read()
    page = os.path.join(out, "report.html")
    check("%d cases" % cases in md, "report counts the cases")
    for sig, _, bundle in fails:
        check(bundle in md, "report lists %s" % bundle)

    # 2. Headless Chromium.
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    check(chromium is not None, "chromium is installed (scripts/setup.sh)")
    if chromium:
        def load(path):
            r = subprocess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu",
                 "--enable-logging=stderr", "--v=0", "--dump-dom",
                 "file://" + path], capture_output=True, text=True,
                timeout=120)
            console = [l for l in r.stderr.splitlines() if "CONSOLE" in l]
            return r.stdout, console
        dom, console = load(page)
        check(not console, "report loads with no console errors: %s" %
              console)
        check('id="verdicts"' in dom and
              ('id="failures"' in dom or not fails),
              "the loaded page shows the verdict and failure tables")
        bad = os.path.join(work, "bad.html")
        with open(bad, "w") as f:
            f.write("<html><body><script>throw new Error('planted')"
                    "</script></body></html>")
        _, console = load(bad)
        check(bool(console), "a throwing page shows a console error")

    # 3. Kill and resume vs. uninterrupted.
    n = 24
    ref = os.path.join(work, "ref")
    opts = ["--target=llvm-cpu", "--cases=%d" % n, "--seed=5", "--batch=2",
            "--jobs=2"] + limits
    fuzz(dt, ref, opts)
    killed = os.path.join(work, "killed")
    p = subprocess.Popen([dt, "fuzz", "--out=" + killed] + opts,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    kdb = os.path.join(killed, "campaign.db")
    deadline = time.time() + 300
    done = 0
    while time.time() < deadline and p.poll() is None:
        time.sleep(0.5)
        try:
            con = sqlite3.connect(kdb)
            done = con.execute("SELECT count(*) FROM batches").fetchone()[0]
            con.close()
        except sqlite3.Error:
            continue
        if done >= 2:
            break
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()
    check(done >= 2 and done < n // 2 and p.returncode == -signal.SIGKILL,
          "killed mid-campaign (%d of %d batches done, exit %s)" %
          (done, n // 2, p.returncode))
    partial = len(rows(kdb))
    r = fuzz(dt, killed, opts + ["--resume"])
    check(r.returncode == 0, "resume exits 0\n" + r.stderr[-2000:])
    a, b = rows(os.path.join(ref, "campaign.db")), rows(kdb)
    check(partial < len(b), "the resumed campaign added rows (%d -> %d)" %
          (partial, len(b)))
    check(a == b, "resumed = uninterrupted: same cases, verdicts, "
          "signatures and programs (%d vs %d rows)" % (len(a), len(b)))
    ka = sorted(os.listdir(os.path.join(ref, "bundles")))
    kb = sorted(os.listdir(os.path.join(killed, "bundles")))
    check(ka == kb, "same bundles, none duplicated (%s vs %s)" % (ka, kb))
    # 4. Shards: two halves merged equal the whole (the `ref` campaign).
    half = ["--target=llvm-cpu", "--cases=%d" % (n // 2), "--seed=5",
            "--batch=2", "--jobs=2"] + limits
    shard_dirs = []
    for i in range(2):
        d = os.path.join(work, "shard%d" % i)
        r = fuzz(dt, d, half + ["--shard=%d/2" % i])
        check(r.returncode == 0, "shard %d/2 exits 0" % i)
        shard_dirs.append(d)
    merged = os.path.join(work, "merged")
    r = subprocess.run([dt, "merge", merged] + shard_dirs,
                       capture_output=True, text=True)
    check(r.returncode == 0, "merge exits 0\n" + r.stderr)
    m = rows(os.path.join(merged, "campaign.db"))
    check(m == a, "two merged shards = one campaign (%d vs %d rows)" %
          (len(m), len(a)))
    check(sorted(os.listdir(os.path.join(merged, "bundles"))) == ka,
          "merged bundles = the campaign's")
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
