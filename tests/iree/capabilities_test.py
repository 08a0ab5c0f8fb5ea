#!/usr/bin/env python3
"""Version-aware generation against a fake IREE release that does not know
two op families (it answers like an old release, `custom op
'iree_linalg_ext.scan' is unknown`, for any program holding
iree_linalg_ext.scan or linalg.transpose, at --compile-to=input as at a
full compile) and wraps the real compiler otherwise.

1. The first campaign probes the fake release (its version line names a
   release of its own) and caches its capability set under
   $DIFFTEST_CACHE_DIR/capabilities/: scan and transpose rejected with the
   fake's message, sort and generic accepted. It draws no scan or
   transpose (--ops=sort,scan,generic,transpose): no unsupported-input
   case, no failure about an unknown op (the real compiler's own bugs may
   still show).
2. A second campaign reads the cache (no probe: the fake counts its
   --compile-to=input calls) and draws the same cases.
3. With --no-probe the campaign draws scan and transpose; every case that
   holds one is `unsupported-input` on every target, with no signature, no
   failure row and no bundle, and the other cases are judged as usual.
4. --ops naming only rejected kinds is an error (exit 2), not a campaign
   of empty cases.

Usage: capabilities_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import glob
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools, run)

REJECT = r'''
case "$(pwd)" in *difftest-probe*) echo x >> "%(count)s";; esac
for a in "$@"; do
  case "$a" in *.mlir)
    if [ -f "$a" ]; then
      line=$(grep -n -m1 -E 'iree_linalg_ext\.scan |linalg\.transpose ' "$a" | cut -d: -f1)
      if [ -n "$line" ]; then
        op=$(grep -m1 -oE 'iree_linalg_ext\.scan|linalg\.transpose' "$a")
        echo "$a:$line:3: error: custom op '$op' is unknown" >&2
        exit 1
      fi
    fi;;
  esac
done
exec "%(real)s" "$@"
'''


def kinds_of(db):
    """Per case index, the op kinds its features name."""
    out = {}
    for idx, features in db_query(db, "SELECT case_index, features FROM cases"):
        try:
            out[idx] = set(json.loads(features).get("op_kinds", []))
        except (TypeError, ValueError):
            out[idx] = set()
    return out


def main():
    difftest, root, work = sys.argv[1:4]
    tools = real_tools(root)
    if not tools:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    count = os.path.join(work, "input-calls")
    fake = fake_tools(os.path.join(work, "fake"),
                      REJECT % {"count": count, "real": tools[0]}, None,
                      tools[0], tools[1], version="3.99.0rc20990101",
                      input_phase=True)
    env = dict(os.environ, DIFFTEST_CACHE_DIR=os.path.join(work, "cache"))
    ops = "--ops=sort,scan,generic,transpose"

    def campaign(name, *extra):
        out = os.path.join(work, name)
        rc, text = run([difftest, "fuzz", "--iree-dir=" + fake,
                        "--target=llvm-cpu", "--cases=16", "--seed=5",
                        "--batch=8", "--static-twins=0", ops,
                        "--out=" + out] + list(extra), env=env, timeout=600)
        return rc, text, os.path.join(out, "campaign.db")

    # 1. Probe, cache, generate only what the release takes.
    rc, text, db1 = campaign("probed")
    check(rc == 0, "probed campaign exits 0 (rc %d)%s" %
          (rc, "" if rc == 0 else "\n" + text[-1500:]))
    caches = glob.glob(os.path.join(work, "cache/capabilities/*.json"))
    check(len(caches) == 1 and "3.99.0rc20990101" in os.path.basename(
        caches[0]) if caches else False,
        "one capability file, named by the fake release: %s" % caches)
    caps = json.load(open(caches[0])) if caches else {}
    rejected = caps.get("rejected", {})
    check(set(rejected) == {"iree_linalg_ext.scan", "linalg.transpose"},
          "rejected: scan and transpose (%s)" % sorted(rejected))
    check("is unknown" in rejected.get("iree_linalg_ext.scan", ""),
          "the reason is the compiler's message")
    check({"iree_linalg_ext.sort", "linalg.generic"} <= set(
        caps.get("accepted", [])), "sort and generic accepted")
    check("does not take iree_linalg_ext.scan" in text,
          "the campaign says what it leaves out")
    kinds = kinds_of(db1)
    drawn = set().union(*kinds.values()) if kinds else set()
    check(len(kinds) == 16, "16 cases recorded (%d)" % len(kinds))
    check(not drawn & {"iree_linalg_ext.scan", "linalg.transpose"},
          "no scan or transpose drawn (%s)" % sorted(drawn))
    check(drawn & {"iree_linalg_ext.sort", "linalg.generic"},
          "sort or generic drawn")
    # The real compiler's own bugs may show (3.13 has some); none may be
    # about the rejected families.
    sigs = [r[0] for r in db_query(db1, "SELECT signature FROM failures")]
    check(not [x for x in sigs if "is unknown" in x],
          "no failure about an unknown op (%s)" % sigs)
    check(not db_query(db1, "SELECT count(*) FROM cases WHERE verdict = "
                            "'unsupported-input'")[0][0],
          "no unsupported-input case")
    probes = sum(1 for _ in open(count)) if os.path.exists(count) else 0
    check(probes > 0, "the probe compiled its programs (%d calls)" % probes)

    # 2. The cache answers the second campaign.
    rc, text, db2 = campaign("cached")
    after = sum(1 for _ in open(count)) if os.path.exists(count) else 0
    check(rc == 0 and after == probes,
          "second campaign: no probe (calls %d -> %d)" % (probes, after))
    check("from " + caches[0] in text if caches else False,
          "it names the cache file it read")
    hashes = lambda db: db_query(db, "SELECT case_index, program_hash FROM "
                                     "cases ORDER BY case_index")
    check(hashes(db1) == hashes(db2), "same cases as the probed campaign")

    # 3. Without the probe: unsupported-input, never a finding.
    rc, text, db3 = campaign("unprobed", "--no-probe")
    check(rc == 0, "unprobed campaign exits 0 (rc %d)" % rc)
    verdicts = db_query(db3, "SELECT case_index, verdict, signature FROM cases")
    kinds = kinds_of(db3)
    bad = {"iree_linalg_ext.scan", "linalg.transpose"}
    with_bad = [(i, v, s) for i, v, s in verdicts if kinds.get(i, set()) & bad]
    without = [(i, v, s) for i, v, s in verdicts
               if not kinds.get(i, set()) & bad]
    check(len(with_bad) > 0, "--no-probe draws scan/transpose (%d cases)" %
          len(with_bad))
    check(all(v == "unsupported-input" and not s for _, v, s in with_bad),
          "each is unsupported-input without a signature: %s" %
          sorted({v for _, v, _ in with_bad}))
    check(all(v != "unsupported-input" for _, v, _ in without),
          "the others are judged as usual: %s" %
          sorted({v for _, v, _ in without}))
    sigs = [r[0] for r in db_query(db3, "SELECT signature FROM failures")]
    check(not [x for x in sigs if "is unknown" in x or
               "unsupported" in x], "no failure row for them (%s)" % sigs)
    bundles = [b for b in os.listdir(os.path.join(work, "unprobed/bundles"))
               if b.startswith("unsupported")]
    check(not bundles, "no bundle for them (%s)" % bundles)

    # 4. Nothing left to draw.
    rc, text = run([difftest, "fuzz", "--iree-dir=" + fake, "--cases=4",
                    "--ops=scan,transpose",
                    "--out=" + os.path.join(work, "none")], env=env)
    check(rc == 2 and "takes none of --ops" in text,
          "--ops of rejected kinds only: exit 2 (rc %d)" % rc)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
