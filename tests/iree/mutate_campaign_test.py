#!/usr/bin/env python3
"""Corpus mutation (`difftest fuzz --mutate`) in short llvm-cpu campaigns
over tests/iree/mutate/ (a function file, an e2e-style file with checks,
an ONNX model as --compile-to=input leaves it, and the torch-dialect file
beside it, which does not load), with a fake iree-compile that fails, with
a location, on every program holding iree_linalg_ext.scatter (the real
compiler otherwise; --compile-to=input always reaches the real one).

1. The pool: 3 sources of 4 load, 5 functions; every case is a mutant
   whose features name its source, function and mutations; at least three
   mutation kinds are drawn. A case is failed by the planted fault exactly
   when its program holds a scatter; invalid mutants are `mutant-invalid`,
   without a signature or bundle. The planted failure's bundle holds
   mutation.json (the scatter source), the report names the origin, and
   `report --issue` says which real program the case is a mutant of.
2. The same seed again: the same cases (program hashes, mutations).
3. --mutate-pct=50: mutants and generated cases side by side.
4. Bad input: a --mutate path that does not exist, --mutate-pct without
   --mutate, a directory where nothing loads: exit 2.
5. A mutant that never ends is `mutant-invalid` ("does not finish"), not
   an interpreter error.

Usage: mutate_campaign_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools, run)

SPIN = """\
func.func @spin(%n: tensor<i32>) -> tensor<i32> {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi ne, %i, %cm1 : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c2 : i32
    scf.yield %k : i32
  }
  %t = tensor.from_elements %r : tensor<i32>
  %s = arith.addi %t, %n : tensor<i32>
  return %s : tensor<i32>
}
"""

PLANT = r'''
for a in "$@"; do
  case "$a" in *.mlir)
    if [ -f "$a" ]; then
      line=$(grep -n -m1 'iree_linalg_ext.scatter' "$a" | cut -d: -f1)
      if [ -n "$line" ]; then
        echo "$a:$line:3: error: planted: scatter refused" >&2
        exit 1
      fi
    fi;;
  esac
done
exec "%(real)s" "$@"
'''


def features(db):
    out = {}
    for idx, target, verdict, sig, detail, feat in db_query(
            db, "SELECT case_index, target, verdict, signature, detail, "
                "features FROM cases ORDER BY case_index, target"):
        try:
            f = json.loads(feat) if feat else {}
        except ValueError:
            f = {}
        out.setdefault(idx, []).append((target, verdict, sig or "",
                                        detail or "", f))
    return out


def main():
    difftest, root, work = sys.argv[1:4]
    tools = real_tools(root)
    if not tools:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    fake = fake_tools(os.path.join(work, "fake"),
                      PLANT % {"real": tools[0]}, None, tools[0], tools[1])
    sources = os.path.join(root, "tests", "iree", "mutate")
    env = dict(os.environ, DIFFTEST_CACHE_DIR=os.path.join(work, "cache"))

    def campaign(name, *extra, cases=24):
        out = os.path.join(work, name)
        rc, text = run([difftest, "fuzz", "--iree-dir=" + fake,
                        "--target=llvm-cpu", "--cases=%d" % cases,
                        "--seed=4", "--batch=8", "--out=" + out] +
                       list(extra), env=env, timeout=900)
        return rc, text, out

    # 1. A campaign of mutants.
    rc, text, out1 = campaign("mutants", "--mutate=" + sources)
    check(rc == 0, "mutant campaign exits 0 (rc %d)%s" %
          (rc, "" if rc == 0 else "\n" + text[-2000:]))
    pool = json.load(open(os.path.join(out1, "mutate-sources.json")))
    check(pool["files"] == 4 and pool["loaded"] == 3,
          "pool: 3 of 4 sources load (%d of %d)" % (pool["loaded"],
                                                    pool["files"]))
    names = sorted(f for _, f in pool["entries"])
    check(names == ["add", "mul", "row_sum", "scatter_rows", "sort_rows"],
          "pool: the 5 functions (%s)" % names)
    check("mutate: 3 of 4 sources load" in text,
          "the campaign says what loaded")
    db1 = os.path.join(out1, "campaign.db")
    cases = features(db1)
    check(len(cases) == 24, "24 cases recorded (%d)" % len(cases))
    mutants = {i: rows[0][4].get("mutant") for i, rows in cases.items()}
    check(all(mutants.values()), "every case is a mutant")
    kinds = {m["kind"] for mu in mutants.values() if mu
             for m in mu.get("mutations", [])}
    check(len(kinds) >= 3, "at least 3 mutation kinds drawn (%s)" %
          sorted(kinds))
    srcs = {os.path.basename(mu["source"]) for mu in mutants.values() if mu}
    check(srcs <= {"add.mlir", "sort_scatter.mlir", "model.input.mlir"},
          "sources are the loadable ones (%s)" % sorted(srcs))
    planted, scatter_cases, stray, invalid_sig = 0, 0, [], []
    for i, rows in cases.items():
        for target, verdict, sig, detail, f in rows:
            if verdict == "mutant-invalid":
                if sig:
                    invalid_sig.append(i)
                continue
            if target != "llvm-cpu":
                continue
            ops = f.get("op_names", [])
            has = "iree_linalg_ext.scatter" in ops
            scatter_cases += has
            if has:
                planted += ("planted" in detail and verdict == "compile-error")
            elif "planted" in detail:
                stray.append(i)
    check(scatter_cases > 0, "some mutants hold a scatter (%d)" %
          scatter_cases)
    check(planted == scatter_cases,
          "each of them fails with the planted error (%d of %d)" %
          (planted, scatter_cases))
    check(not stray, "no other case does (%s)" % stray)
    check(not invalid_sig, "mutant-invalid rows have no signature (%s)" %
          invalid_sig)
    ours = db_query(db1, "SELECT count(*) FROM cases WHERE verdict IN "
                         "('generator-error', 'interpreter-error')")[0][0]
    check(ours == 0, "no generator or interpreter error (%d)" % ours)
    rows = db_query(db1, "SELECT bundle FROM failures WHERE signature LIKE "
                         "'%planted%'")
    check(len(rows) == 1, "one bundle for the planted failure (%d)" %
          len(rows))
    if rows:
        bundle = os.path.join(out1, rows[0][0])
        mj = os.path.join(bundle, "mutation.json")
        ok = os.path.exists(mj)
        check(ok, "the bundle has mutation.json")
        if ok:
            m = json.load(open(mj))
            check(m["source"].endswith("sort_scatter.mlir") and
                  m["function"] == "scatter_rows",
                  "mutation.json names the source and function (%s @%s)" %
                  (m["source"], m["function"]))
        prog = open(os.path.join(bundle, "program.mlir")).read()
        check("iree_linalg_ext.scatter" in prog and "check." not in prog,
              "the bundle's program is the mutant (a scatter, no checks)")
        rc, text = run([difftest, "report", "--issue", bundle], env=env)
        issue = open(os.path.join(bundle, "issue.md")).read() if rc == 0 \
            else ""
        check(rc == 0 and "a mutant of " in issue and
              "sort_scatter.mlir @scatter_rows" in issue,
              "report --issue names the real program (rc %d)" % rc)
    rc, text = run([difftest, "report", out1], env=env)
    md = open(os.path.join(out1, "report.md")).read() if rc == 0 else ""
    check(rc == 0 and "| origin |" in md and "sort_scatter.mlir @scatter_rows"
          in md, "the campaign report names each failure's origin")

    # 2. Deterministic per seed.
    rc, text, out2 = campaign("again", "--mutate=" + sources)
    key = "SELECT case_index, target, program_hash, features FROM cases " \
          "ORDER BY case_index, target"
    check(rc == 0 and db_query(db1, key) ==
          db_query(os.path.join(out2, "campaign.db"), key),
          "the same seed gives the same mutants")

    # 3. Mixed with generated cases.
    rc, text, out3 = campaign("mixed", "--mutate=" + sources,
                              "--mutate-pct=50", cases=16)
    mixed = features(os.path.join(out3, "campaign.db"))
    n_mut = sum(1 for rows in mixed.values() if rows[0][4].get("mutant"))
    check(rc == 0 and 0 < n_mut < len(mixed),
          "--mutate-pct=50: %d mutants of %d cases" % (n_mut, len(mixed)))

    # 4. Bad input.
    rc, text, _ = campaign("missing", "--mutate=" +
                           os.path.join(work, "no-such-dir"), cases=4)
    check(rc == 2 and "no such file or directory" in text,
          "a --mutate path that does not exist: exit 2 (rc %d)" % rc)
    rc, text, _ = campaign("pct", "--mutate-pct=10", cases=4)
    check(rc == 2 and "--mutate-pct needs --mutate" in text,
          "--mutate-pct alone: exit 2 (rc %d)" % rc)
    rc, text, _ = campaign("unloadable", "--mutate=" + os.path.join(
        sources, "onnx", "model.torch.mlir"), cases=4)
    check(rc == 2 and "none of its 1 sources" in text,
          "nothing that loads: exit 2 (rc %d)" % rc)

    # 5. A mutant that never ends (a counter stepping by 2 from 0 until it
    # is -1: it never is, in any integer width a dtype mutation gives) is
    # `mutant-invalid` after the mutant time limit (here --interp-timeout),
    # never an interpreter error.
    spin_dir = os.path.join(work, "spin-src")
    os.makedirs(spin_dir, exist_ok=True)
    with open(os.path.join(spin_dir, "spin.mlir"), "w") as f:
        f.write(SPIN)
    rc, text, out5 = campaign("spin", "--mutate=" + spin_dir,
                              "--interp-timeout=3", cases=3)
    rows = db_query(os.path.join(out5, "campaign.db"),
                    "SELECT verdict, detail FROM cases")
    check(rc == 0 and rows and not any(v == "interpreter-error"
                                       for v, _ in rows),
          "a never-ending mutant is no interpreter error (rc %d): %s" %
          (rc, rows))
    check(any(v == "mutant-invalid" and "does not finish in 3 s" in d
              for v, d in rows),
          "a never-ending mutant is mutant-invalid, 'does not finish'")

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
