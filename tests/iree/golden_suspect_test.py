#!/usr/bin/env python3
"""The consensus check of campaigns: a case is a golden suspect when every
IREE target that ran it agreed with the others bit for bit and all disagreed
with the golden (docs/fuzzing.md, "Golden suspects").

Real iree-compile and iree-run-module from the project's .venv, with a
planted iree-run-module that runs the real one and then overwrites every
output it wrote with a constant (numpy's full_like on .npy, a byte pattern
on raw .bin files). A constant the golden happens to hold everywhere passes;
anything else is a mismatch. Campaigns on llvm-cpu and vmvx (both run here):

1. the same constant on both targets, in two shards merged: every case
   whose rows are a mismatch on both targets is a golden suspect and no
   other case is (the outputs are the same bytes by construction); each
   has a bundle; the merged database keeps both shards' suspects; the
   report lists them before everything else and counts them in its summary;
2. a different constant per target: as many mismatches, no suspect (the
   targets disagree with each other).

Usage: golden_suspect_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools, run)

SEED = 11
CASES = 6  # per shard: one batch each


def planted(work, name, real_compile, real_run, value_of):
    """A tool dir whose iree-run-module overwrites each output with
    value_of (a shell expression; $mod is the --module= argument)."""
    fill_py = os.path.join(work, "fill.py")
    with open(fill_py, "w") as f:
        f.write("import sys, numpy as np\n"
                "v = int(sys.argv[1])\n"
                "for p in sys.argv[2:]:\n"
                "    if p.endswith('.npy'):\n"
                "        a = np.load(p)\n"
                "        np.save(p, np.full_like(a, v))\n"
                "    else:\n"
                "        n = len(open(p, 'rb').read())\n"
                "        open(p, 'wb').write(bytes([v & 0x7f]) * n)\n")
    body = ('outs=""; mod=""\nfor a in "$@"; do case "$a" in '
            '--output=@*) outs="$outs ${a#--output=@}";; '
            '--module=*) mod="${a#--module=}";; esac; done\n'
            '"%s" "$@" || exit $?\n'
            '/usr/bin/python3 %s %s $outs\n'
            % (real_run, fill_py, value_of))
    return fake_tools(os.path.join(work, name), None, body, real_compile,
                      real_run)


def fuzz(dt, tools, out, extra=()):
    return run([dt, "fuzz", "--target=llvm-cpu,vmvx", "--seed=%d" % SEED,
                "--batch=%d" % CASES, "--cases=%d" % CASES, "--jobs=2",
                "--iree-dir=" + tools, "--out=" + out] + list(extra),
               timeout=900)


def both_mismatch(db):
    """Cases (index, variant) whose llvm-cpu and vmvx rows are mismatches."""
    per = {}
    for idx, target, verdict in db_query(
            db, "SELECT case_index, target, verdict FROM cases"):
        if target.startswith("-"):
            continue
        base, _, twin = target.partition("+")
        per.setdefault((idx, "+" + twin if twin else ""), {})[base] = verdict
    return {k for k, v in per.items()
            if v.get("llvm-cpu") == "mismatch" and v.get("vmvx") == "mismatch"}


def suspects(db):
    return {(i, v) for i, v in db_query(
        db, "SELECT case_index, variant FROM golden_suspects")}


def main():
    dt, root, work = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools

    # 1. The same constant on both targets, two shards merged.
    same = planted(work, "tools-same", real_compile, real_run, "3")
    shard_dirs = []
    for i in (0, 1):
        out = os.path.join(work, "same-%d" % i)
        rc, text = fuzz(dt, same, out, ["--shard=%d/2" % i])
        check(rc in (0, 1), "same constant, shard %d/2: the campaign ran "
              "(rc %d)\n%s" % (i, rc, text[-1500:]))
        shard_dirs.append(out)
        db = os.path.join(out, "campaign.db")
        mism, sus = both_mismatch(db), suspects(db)
        # Cases IREE fails to compile are no mismatch; the rest are.
        check(len(mism) >= 1,
              "same constant, shard %d: cases mismatch on both targets "
              "(%d of %d)" % (i, len(mism), CASES))
        check(sus == mism, "same constant, shard %d: the suspects are "
              "exactly the cases both targets got wrong (%s vs %s)"
              % (i, sorted(sus), sorted(mism)))
        for idx, variant, bundle in db_query(
                db, "SELECT case_index, variant, bundle FROM golden_suspects"):
            check(os.path.exists(os.path.join(out, bundle, "repro.sh")),
                  "same constant: case %d%s has its bundle %s"
                  % (idx, variant, bundle))
    merged = os.path.join(work, "same-merged")
    rc, text = run([dt, "merge", merged] + shard_dirs)
    check(rc == 0, "merge: rc %d\n%s" % (rc, text[-800:]))
    want = set()
    for d in shard_dirs:
        want |= suspects(os.path.join(d, "campaign.db"))
    got = suspects(os.path.join(merged, "campaign.db"))
    check(got == want and len(got) >= CASES // 2,
          "merge keeps both shards' suspects (%d of %d)" % (len(got),
                                                           len(want)))
    rc, text = run([dt, "report", shard_dirs[0]])
    md = open(os.path.join(shard_dirs[0], "report.md")).read() \
        if os.path.exists(os.path.join(shard_dirs[0], "report.md")) else ""
    n0 = len(suspects(os.path.join(shard_dirs[0], "campaign.db")))
    head = md.find("## Golden suspects")
    check(rc == 0 and head >= 0 and head < md.find("## ", head + 1) and
          md.find("## Golden suspects") == md.find("## "),
          "report: the golden suspects are its first section")
    check("; %d golden suspect%s" % (n0, "" if n0 == 1 else "s") in md,
          "report: the summary counts %d golden suspects" % n0)

    # 2. A different constant per target: mismatches, no suspect.
    differ = planted(work, "tools-differ", real_compile, real_run,
                     '$(case "$mod" in *vmvx*) echo 5;; *) echo 6;; esac)')
    out = os.path.join(work, "differ")
    rc, text = fuzz(dt, differ, out)
    db = os.path.join(out, "campaign.db")
    check(len(both_mismatch(db)) >= CASES // 2 and not suspects(db),
          "different constants: %d cases mismatch on both targets, %d "
          "suspects (want 0)" % (len(both_mismatch(db)), len(suspects(db))))

    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
