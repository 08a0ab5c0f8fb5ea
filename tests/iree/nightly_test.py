#!/usr/bin/env python3
"""difftest nightly over several nights with fake IREE releases that wrap the
real tools (fakeiree.py) and plant a compile failure on one op:

  night 1 (0.1.0, sort fails)       the sort failure is new: exit 1, a JUnit
                                    failure, an issue.md draft
  night 2 (0.1.0, known-issues.toml) the same signature is known, with the
                                    issue link from the file: exit 0
  night 3 (0.2.0, nothing planted)  the sort signature is not seen; its
                                    bundle, re-run, compiles: fixed, exit 0
  night 4 (0.1.0 again)             fixed before, back now: regressed, exit 1
  night 5 (0.3.0, matmul fails)     a corpus case recorded as passing fails:
                                    regressed, exit 1
and the history (nights, cases/min, open signatures) in the trend chart.

usage: nightly_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import sqlite3
import sys
import xml.dom.minidom

from fakeiree import check, failures, fake_tools, real_tools, run


def planted(op, real_compile):
    """A compile body failing at the first line of the program naming op."""
    return ('for a in "$@"; do case "$a" in *.mlir) prog="$a";; esac; done\n'
            'line=$(grep -n "%s" "$prog" 2>/dev/null | head -1 | cut -d: -f1)\n'
            'if [ -n "$line" ]; then echo "$prog:$line:5: error: planted '
            'failure in %s" >&2; exit 1; fi\n'
            'exec "%s" "$@"\n' % (op, op, real_compile))


def rows(md):
    """The signature table of nightly.md: (status, signature, issue)."""
    out = []
    for line in md.splitlines():
        if not line.startswith("| ") or line.startswith("| status") or \
                line.startswith("|---"):
            continue
        cells = [c.strip() for c in
                 line.replace("\\|", "\x00").strip("|").split("|")]
        cells = [c.replace("\x00", "|") for c in cells]
        if len(cells) == 8:
            out.append((cells[0], cells[1].strip("`"), cells[5]))
        if line.startswith("| night"):
            break
    return out


def main():
    dt, root, work = [os.path.abspath(a) for a in sys.argv[1:4]]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    v1 = fake_tools(os.path.join(work, "v1", "bin"),
                    planted("iree_linalg_ext.sort", real_compile), None,
                    real_compile, real_run, version="0.1.0")
    v2 = fake_tools(os.path.join(work, "v2", "bin"), None, None,
                    real_compile, real_run, version="0.2.0")
    v3 = fake_tools(os.path.join(work, "v3", "bin"),
                    planted("linalg.matmul", real_compile), None,
                    real_compile, real_run, version="0.3.0")
    # A corpus of one case recorded as passing on llvm-cpu.
    corpus = os.path.join(work, "corpus")
    shutil.copytree(os.path.join(root, "corpus", "golden", "matmul_f32"),
                    os.path.join(corpus, "matmul_f32"))
    known = os.path.join(work, "known-issues.toml")
    with open(known, "w") as f:
        f.write('# planted\n[[issue]]\nmatch = "|iree_linalg_ext.sort|planted '
                'failure in iree_linalg_ext.sort"\nurl = '
                '"https://github.com/iree-org/iree/issues/99999"\n'
                'title = "the planted sort failure"\n')
    empty = os.path.join(work, "empty.toml")
    open(empty, "w").close()
    out = os.path.join(work, "nights")
    # Seed 1: the first 8 cases hold one sort and one matmul.
    common = ["--out=" + out, "--target=llvm-cpu", "--cases=8", "--batch=8",
              "--seed=1", "--reduce-budget=0s"]
    sort_sig = None

    def night(n, iree, extra, want_rc, what):
        rc, text = run([dt, "nightly", "--iree=" + iree] +
                       common + extra, timeout=600)
        nd = os.path.join(out, "nights", str(n))
        check(rc == want_rc, "night %d (%s): exit %d (want %d)\n%s" %
              (n, what, rc, want_rc, text))
        md = open(os.path.join(nd, "nightly.md")).read() if os.path.exists(
            os.path.join(nd, "nightly.md")) else ""
        return nd, rows(md), md

    # Night 1: new.
    nd, table, md = night(1, v1, ["--corpus=none", "--known-issues=" + empty],
                          1, "planted sort failure")
    sorts = [r for r in table if "planted failure in iree_linalg_ext.sort"
             in r[1]]
    check(len(sorts) == 1 and sorts[0][0] == "new" and
          sorts[0][1].startswith("compile-error|cpu|iree_linalg_ext.sort|"),
          "night 1: one new signature for the planted sort failure, signed "
          "by its root op\n%s" % md)
    sort_sig = sorts[0][1] if sorts else None
    check(md.startswith("# Nightly 1") and "| status | signature" in
          md.splitlines()[2], "night 1: the table comes first")
    drafts = os.listdir(os.path.join(nd, "issues")) if os.path.isdir(
        os.path.join(nd, "issues")) else []
    check(any(d.endswith(".md") for d in drafts),
          "night 1: an issue.md draft for the new bug (%s)" % drafts)
    dom = xml.dom.minidom.parse(os.path.join(nd, "junit.xml"))
    fails = [tc.getAttribute("name") for tc in
             dom.getElementsByTagName("testcase")
             if tc.getElementsByTagName("failure")]
    check(sort_sig in fails, "night 1: junit.xml fails the new signature "
          "(%s)" % fails)
    for f in ("nightly.html", "trend.svg"):
        check(os.path.getsize(os.path.join(nd, f)) > 0, "night 1: " + f)

    # Night 2: the same IREE, the signature listed in known-issues.toml.
    nd, table, md = night(2, v1, ["--corpus=none", "--known-issues=" + known],
                          0, "known")
    mine = [r for r in table if r[1] == sort_sig]
    check(mine and mine[0][0] == "known" and
          "https://github.com/iree-org/iree/issues/99999" in mine[0][2],
          "night 2: known, with the issue link\n%s" % md)
    check(not [r for r in table if r[0] in ("new", "regressed")],
          "night 2: nothing new or regressed")
    dom = xml.dom.minidom.parse(os.path.join(nd, "junit.xml"))
    check(not dom.getElementsByTagName("failure"),
          "night 2: junit.xml has no failures")

    # Night 3: a release without the bug: the bundle, re-run, compiles.
    nd, table, md = night(3, v2, ["--corpus=none", "--known-issues=" + empty],
                          0, "fixed")
    mine = [r for r in table if r[1] == sort_sig]
    check(mine and mine[0][0] == "fixed",
          "night 3: the sort signature is fixed\n%s" % md)

    # Night 4: the bug is back.
    nd, table, md = night(4, v1, ["--corpus=none", "--known-issues=" + empty],
                          1, "regressed")
    mine = [r for r in table if r[1] == sort_sig]
    check(mine and mine[0][0] == "regressed",
          "night 4: the sort signature regressed\n%s" % md)

    # Night 5: a corpus case recorded as passing now fails.
    nd, table, md = night(5, v3, ["--corpus=" + corpus,
                                  "--known-issues=" + empty], 1,
                          "corpus regression")
    corp = [r for r in table if r[1] == "corpus|matmul_f32|llvm-cpu"]
    check(corp and corp[0][0] == "regressed",
          "night 5: the passing corpus case that fails is regressed\n%s" % md)

    # The history: five nights, a point each in the trend chart.
    con = sqlite3.connect(os.path.join(out, "history.db"))
    nights = con.execute("SELECT id, cases, open, iree_version FROM nights "
                         "ORDER BY id").fetchall()
    seen = con.execute("SELECT status FROM sightings WHERE signature = ? "
                       "ORDER BY night", (sort_sig,)).fetchall()
    con.close()
    check([n[0] for n in nights] == [1, 2, 3, 4, 5] and
          all(n[1] == 8 for n in nights) and "0.2.0" in nights[2][3],
          "history: five nights of 8 cases (%s)" % nights)
    # Night 5's release (matmul planted) compiles the sort again: fixed.
    check([x[0] for x in seen] ==
          ["new", "known", "fixed", "regressed", "fixed"],
          "history: the sort bug new, known, fixed, regressed, fixed (%s)" %
          seen)
    svg = open(os.path.join(out, "nights", "5", "trend.svg")).read()
    check(svg.count("<circle") == 10 and "cases/min" in svg and
          "open signatures" in svg, "trend.svg: two lines of five nights")

    # A campaign run before (night 4's, the planted sort back) signed into a
    # fresh history with --campaign: the same bug signature, new, with its
    # issue draft (the bundles stay where they are, outside the new DIR).
    out2 = os.path.join(work, "resigned")
    rc, text = run([dt, "nightly", "--iree=" + v1, "--out=" + out2,
                    "--target=llvm-cpu", "--reduce-budget=0s", "--corpus=none",
                    "--known-issues=" + empty, "--campaign=" +
                    os.path.join(out, "nights", "4", "campaign")], timeout=600)
    md = open(os.path.join(out2, "nights", "1", "nightly.md")).read() \
        if os.path.exists(os.path.join(out2, "nights", "1", "nightly.md")) \
        else ""
    mine = [r for r in rows(md) if r[1] == sort_sig]
    check(rc == 1 and mine and mine[0][0] == "new" and "seed 1" in md,
          "--campaign: night 4's campaign signed again, the sort bug new "
          "(exit %d)\n%s%s" % (rc, text, md))
    drafts = os.listdir(os.path.join(out2, "nights", "1", "issues")) \
        if os.path.isdir(os.path.join(out2, "nights", "1", "issues")) else []
    check(any(d.endswith(".md") for d in drafts),
          "--campaign: the issue draft is written (%s)" % drafts)
    rc, text = run([dt, "nightly", "--iree=" + v1, "--out=" + out2,
                    "--campaign=" + work])
    check(rc == 2 and "no campaign.db" in text,
          "--campaign without a campaign.db: exit 2\n" + text)

    # Bad input: a malformed known-issues file, an unknown release form.
    bad = os.path.join(work, "bad.toml")
    with open(bad, "w") as f:
        f.write("[[issue]]\nurl = 'x'\n")
    rc, text = run([dt, "nightly", "--known-issues=" + bad] + common)
    check(rc == 2 and "bad.toml:1:" in text,
          "a malformed known-issues.toml: exit 2 with its line\n" + text)
    rc, text = run([dt, "nightly", "--iree=not/a/dir"] + common)
    check(rc == 2, "--iree that is neither a directory nor a release: exit "
          "2\n" + text)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
