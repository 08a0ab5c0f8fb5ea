#!/usr/bin/env python3
"""Guided campaigns keep their queue through kill -9 + --resume, shards and
merge, and into the next campaign (--guided-seed).

A fake iree-compile (guided/fake_compile.py: a configuration file per
function and op kind, features = op kinds x first element type) on the
compile-only target cuda:sm_80 keeps this fast; the interpreter, ref-mutate
and the database are the real ones.

1. A guided campaign (16 cases, batches of 2, --jobs=2) records features and
   a queue; the queue holds exactly the (case, function)s that are first to
   some feature, every feature's first case is a case of the campaign, and
   some cases are mutants of queue entries (their parent a queued case of an
   earlier batch, by the lag rule), some of them with a consumer added
   (difftest/Structural.h) that the interpreter takes; each names its
   operator (difftest/Schedule.h), and a flag mutant's rows alone carry
   its flag.
2. The same campaign SIGKILLed after two batches and resumed has the same
   rows, the same coverage table and the same queue (determinism).
3. Shards 0/2 and 1/2 merged: every feature of either shard, with the lower
   first case; the queue is the union of the shards' queues.
4. A campaign seeded from (1) starts with its queue (negative case indices)
   and draws mutants from it in its first batch.
5. Two nights of `difftest nightly --guided --guided-seed=previous`: the
   second night's campaign starts from the first's queue.

Usage: guided_campaign_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import check, db_query, failures, fake_tools, real_tools  # noqa

HERE = os.path.dirname(os.path.abspath(__file__))


def fuzz(dt, out, extra, **kw):
    return subprocess.run([dt, "fuzz", "--out=" + out] + extra,
                          capture_output=True, text=True, timeout=600, **kw)


def rows(db):
    return db_query(db, "SELECT case_index, target, verdict, program_hash, "
                        "features FROM cases ORDER BY case_index, target")


def batch_flags(db):
    """Each batch's flag settings, flag mutants aside (a flag mutant in a
    flagged batch compiles with the batch's flag and its own)."""
    return db_query(db, "SELECT DISTINCT batch, COALESCE(flags, '') FROM "
                        "cases WHERE features NOT LIKE '%\"flag\":%' "
                        "ORDER BY batch")


def coverage(db):
    return db_query(db, "SELECT feature, first_case, first_function FROM "
                        "coverage ORDER BY feature")


def queue(db):
    """The active queue: entries first to some feature."""
    return db_query(db, "SELECT case_index, function, program FROM queue q "
                        "WHERE EXISTS (SELECT 1 FROM coverage c WHERE "
                        "c.first_case = q.case_index AND c.first_function = "
                        "q.function) ORDER BY case_index, function")


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    fake = fake_tools(os.path.join(work, "fake"),
                      'exec /usr/bin/python3 "%s" "$@"\n' %
                      os.path.join(HERE, "guided", "fake_compile.py"),
                      None, *tools)
    n = 16
    opts = ["--iree-dir=" + fake, "--target=cuda:sm_80", "--cases=%d" % n,
            "--seed=11", "--batch=2", "--jobs=2", "--guided",
            "--guided-pct=60", "--static-twins=0"]

    # 1. One guided campaign.
    ref = os.path.join(work, "ref")
    r = fuzz(dt, ref, opts)
    check(r.returncode == 0, "guided campaign exits 0\n" + r.stderr[-3000:])
    rdb = os.path.join(ref, "campaign.db")
    cov, q = coverage(rdb), queue(rdb)
    check(len(cov) > 0 and len(q) > 0,
          "features (%d) and a queue (%d)" % (len(cov), len(q)))
    firsts = {(c, f) for _, c, f in cov}
    check({(c, f) for c, f, _ in q} == firsts,
          "the queue is the set of first (case, function)s")
    indices = {row[0] for row in rows(rdb)}
    check(all(c in indices for c, _ in firsts),
          "every first case is a case of the campaign")
    check(all(p.startswith("func.func @" + f + "(") or
              ("@" + f + "(") in p for _, f, p in q),
          "each entry keeps its function's program")
    mutants = [(i, feat) for i, _, _, _, feat in rows(rdb)
               if '"parent_case"' in feat]
    check(len(mutants) > 0, "%d cases are mutants of queue entries" %
          len(mutants))
    import json
    # Structural mutants (a consumer added): the interpreter takes some.
    structural = [(i, v) for i, _, v, _, feat in rows(rdb)
                  if '"structural"' in feat]
    check(any(v == "compiled-only" for _, v in structural),
          "structural mutants run through the interpreter (%s)" % structural)
    # Each mutant names its operator (difftest/Schedule.h); a structural
    # operator says what it added, a flag mutant's rows compiled with its
    # flag (it compiles alone), and no other case of its batch did unless
    # the batch drew that flag itself.
    ops = {}
    for i, feat in mutants:
        ops.setdefault(json.loads(feat).get("operator"), set()).add(i)
    check(set(ops) <= {"ref-mutate", "consumer", "reduction", "producer",
                       "flag", "broadcast", "contraction"} and len(ops) >= 3,
          "mutants name their operators, several of them (%s)" % ops)
    for i, _, v, _, feat in rows(rdb):
        f = json.loads(feat)
        if f.get("operator") in ("consumer", "reduction", "producer"):
            check(f.get("structural", "").startswith(
                {"consumer": "elementwise consumer",
                 "reduction": "reduction consumer",
                 "producer": "elementwise producer"}[f["operator"]]),
                  "case %d: the %s operator says what it added (%s)" %
                  (i, f["operator"], f.get("structural")))
    # The flag operator, on a campaign of mutants only (seed 5: flag
    # mutants that the interpreter takes).
    fl_dir = os.path.join(work, "flags")
    compile_log = os.path.join(work, "flag-compiles.jsonl")
    r = fuzz(dt, fl_dir, [o for o in opts if not o.startswith(
        ("--cases", "--seed", "--guided-pct"))] +
        ["--cases=12", "--seed=5", "--guided-pct=100"],
        env=dict(os.environ, GUIDED_COMPILE_LOG=compile_log))
    compiles = [json.loads(line) for line in open(compile_log)] \
        if os.path.exists(compile_log) else []
    check(r.returncode == 0, "flag campaign exits 0\n" + r.stderr[-3000:])
    fdb = os.path.join(fl_dir, "campaign.db")
    flagged = [(i, json.loads(feat)["flag"]) for i, _, _, _, feat in rows(fdb)
               if '"flag"' in feat]
    flag_rows = db_query(fdb, "SELECT case_index, target, flags FROM cases "
                              "WHERE target != '-'")
    ran_flagged = [(i, fl) for i, fl in flagged
                   if any(c == i for c, _, _ in flag_rows)]
    check(len(ran_flagged) > 0, "some flag mutants ran (%s)" % flagged)
    for i, fl in ran_flagged:
        check(all(fl in flags.split() for c, _, flags in flag_rows if c == i),
              "flag mutant %d compiled with %s" % (i, fl))
        check(any(c["functions"] == ["f%d" % i] and fl in c["flags"]
                  for c in compiles),
              "flag mutant %d compiled alone with %s" % (i, fl))
        check(all(c["functions"] == ["f%d" % i] for c in compiles
                  if fl in c["flags"] and "f%d" % i in c["functions"]),
              "flag mutant %d: every compile with %s holds it alone" % (i, fl))
        # The operator never draws the batch's own flag, so no batch mate
        # compiled with it.
        mates = [(c, flags) for c, _, flags in flag_rows
                 if c // 2 == i // 2 and c != i]
        check(all(fl not in flags.split() for _, flags in mates),
              "the flag of mutant %d stays its own (%s)" % (i, mates))
    # Batch flags steered by coverage (Schedule.h, drawBatchFlag; on by
    # default with --guided): seed 11's eight batches draw both ways, one
    # flag per batch at most, each a flag the fake compiler lists.
    opt = dict(db_query(rdb, "SELECT key, value FROM options"))
    check(opt.get("guided_flags") == "1", "guided_flags is on by default")
    bf = batch_flags(rdb)
    check(len({b for b, _ in bf}) == len(bf),
          "one flag setting per batch (%s)" % bf)
    check(any(f for _, f in bf) and any(not f for _, f in bf),
          "some batches drew a flag, some none (%s)" % bf)
    check(all(len(f.split()) <= 1 and (not f or f.startswith("--iree-"))
              for _, f in bf), "at most one IREE flag per batch (%s)" % bf)
    lag_ok = True
    for i, feat in mutants:
        parent = json.loads(feat)["parent_case"]
        # Batch b = i // 2 sees batches <= b - 2 (lag = --jobs = 2).
        if not parent // 2 <= i // 2 - 2:
            lag_ok = False
    check(lag_ok, "every parent is from a batch at least --jobs before")

    # 2. kill -9 and --resume.
    killed = os.path.join(work, "killed")
    kdb = os.path.join(killed, "campaign.db")
    p = subprocess.Popen([dt, "fuzz", "--out=" + killed] + opts,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    done, deadline = 0, time.time() + 300
    while time.time() < deadline and p.poll() is None:
        time.sleep(0.2)
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
    check(2 <= done < n // 2 and p.returncode == -signal.SIGKILL,
          "killed mid-campaign (%d of %d batches, exit %s)" %
          (done, n // 2, p.returncode))
    kept = len(queue(kdb))
    r = fuzz(dt, killed, opts + ["--resume"])
    check(r.returncode == 0, "resume exits 0\n" + r.stderr[-3000:])
    check(kept > 0 and kept <= len(queue(kdb)),
          "the killed campaign's queue survives (%d entries, %d after)" %
          (kept, len(queue(kdb))))
    check(rows(kdb) == rows(rdb), "resumed = uninterrupted: same cases")
    check(batch_flags(kdb) == batch_flags(rdb),
          "resumed = uninterrupted: same batch flags")
    check(coverage(kdb) == cov, "resumed = uninterrupted: same coverage")
    check(queue(kdb) == q, "resumed = uninterrupted: same queue")

    # 3. Shards and merge.
    shards = []
    for i in range(2):
        d = os.path.join(work, "shard%d" % i)
        so = [o for o in opts if not o.startswith("--cases")]
        r = fuzz(dt, d, so + ["--cases=%d" % (n // 2), "--shard=%d/2" % i])
        check(r.returncode == 0, "shard %d/2 exits 0\n%s" % (i, r.stderr[-2000:]))
        shards.append(d)
    merged = os.path.join(work, "merged")
    r = subprocess.run([dt, "merge", merged] + shards, capture_output=True,
                       text=True, timeout=300)
    check(r.returncode == 0, "merge exits 0\n" + r.stderr)
    mdb = os.path.join(merged, "campaign.db")
    best = {}
    for s in shards:
        for feat, c, f in coverage(os.path.join(s, "campaign.db")):
            if feat not in best or (c, f) < best[feat]:
                best[feat] = (c, f)
    check({feat: (c, f) for feat, c, f in coverage(mdb)} == best,
          "merged coverage: every shard's feature, the lowest first case")
    allq = set()
    for s in shards:
        allq |= {(c, f) for c, f, _ in db_query(
            os.path.join(s, "campaign.db"),
            "SELECT case_index, function, program FROM queue")}
    mq = {(c, f) for c, f, _ in db_query(mdb, "SELECT case_index, function,"
                                              " program FROM queue")}
    check(mq == allq and len(mq) > 0,
          "merged queue = union of the shards' (%d entries)" % len(mq))
    check({(c, f) for c, f, _ in queue(mdb)} == set(best.values()),
          "merged active queue = the merged features' first cases")
    opt = dict(db_query(mdb, "SELECT key, value FROM options"))
    check(opt.get("guided") == "1", "merged campaign is marked guided")

    # 4. The next night: seeded from (1).
    seeded = os.path.join(work, "seeded")
    so = [o for o in opts if not o.startswith(("--cases", "--seed"))]
    r = fuzz(dt, seeded, so + ["--cases=4", "--seed=12",
                               "--guided-seed=" + ref])
    check(r.returncode == 0, "seeded campaign exits 0\n" + r.stderr[-2000:])
    sdb = os.path.join(seeded, "campaign.db")
    seeds = db_query(sdb, "SELECT case_index, function, program, origin FROM "
                          "queue WHERE batch = -1 ORDER BY case_index")
    check(len(seeds) == len(q) and all(c < 0 for c, _, _, _ in seeds) and
          [p for _, _, p, _ in seeds] == [p for _, _, p in q],
          "the seeded queue is (1)'s, in order, below case 0")
    first_batch = [json.loads(feat).get("parent_case") for i, _, _, _, feat
                   in rows(sdb) if i < 2 and '"parent_case"' in feat]
    check(len(first_batch) > 0 and all(c < 0 for c in first_batch),
          "the first batch mutates seeded entries (%s)" % first_batch)
    # 5. Nightly: --guided passed on, --guided-seed=previous takes the
    # earlier night's campaign.
    nt = os.path.join(work, "nightly")
    empty = os.path.join(work, "empty.toml")
    open(empty, "w").close()
    queues = []
    for night in (1, 2):
        r = subprocess.run(
            [dt, "nightly", "--out=" + nt, "--iree-dir=" + fake,
             "--target=cuda:sm_80", "--cases=4", "--batch=2",
             "--seed=%d" % night, "--reduce-budget=0s", "--corpus=none",
             "--known-issues=" + empty, "--guided",
             "--guided-seed=previous"],
            capture_output=True, text=True, timeout=600)
        cdb = os.path.join(nt, "nights", str(night), "campaign", "campaign.db")
        check(os.path.exists(cdb), "night %d ran a campaign (exit %d)\n%s" %
              (night, r.returncode, r.stderr[-2000:]))
        if not os.path.exists(cdb):
            return 1
        opt = dict(db_query(cdb, "SELECT key, value FROM options"))
        check(opt.get("guided") == "1", "night %d's campaign is guided" % night)
        queues.append(cdb)
    seeded = db_query(queues[1], "SELECT program FROM queue WHERE batch = -1 "
                                 "ORDER BY case_index")
    check([p for (p,) in seeded] == [p for _, _, p in queue(queues[0])] and
          seeded, "night 2's queue starts with night 1's (%d entries)" %
          len(seeded))

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
