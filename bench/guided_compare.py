#!/usr/bin/env python3
"""Distinct IREE-coverage features reached by campaigns over time
(docs/fuzzing.md, "Guided campaigns"): for each campaign directory, the
features (all, and per kind P/C/F and target) first reached within the
first T minutes of the campaign, and its cases per minute.

Usage: guided_compare.py [--at=MIN,...] DIR...
Each DIR is a campaign made with --guided (a random baseline: --guided
--guided-pct=0, which records coverage and never mutates). A second table
gives, per campaign with mutants, each mutation operator's mutants, those
first to some feature, and the features they were first to."""
import json
import sqlite3
import sys


def load(d):
    con = sqlite3.connect(d + "/campaign.db")
    started = float(dict(con.execute("SELECT key, value FROM options"))
                    ["started"])
    done = {i: t for i, t in con.execute(
        "SELECT case_index, MIN(finished_at) FROM cases GROUP BY case_index")}
    feats = con.execute("SELECT feature, first_case FROM coverage").fetchall()
    mutants = con.execute("SELECT COUNT(DISTINCT case_index) FROM cases "
                          "WHERE features LIKE '%\"parent_case\"%'").fetchone()[0]
    return started, done, feats, mutants


def main():
    at = None
    dirs = []
    for a in sys.argv[1:]:
        if a.startswith("--at="):
            at = [float(x) for x in a[5:].split(",")]
        else:
            dirs.append(a)
    data = {d: load(d) for d in dirs}
    end = min(max(done.values()) - s for s, done, _, _ in data.values()) / 60
    at = at or [end]
    print("| campaign | minutes | cases | cases/min | mutants | features | P | C | F | per target |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for t in at:
        for d, (s, done, feats, mutants) in data.items():
            cases = [i for i, f in done.items() if f - s <= t * 60]
            reached = [f for f, c in feats if c in done and done[c] - s <= t * 60]
            kinds = {k: sum(1 for f in reached if f.startswith(k + "|"))
                     for k in "PCF"}
            targets = {}
            for f in reached:
                tg = f.split("|")[1]
                targets[tg] = targets.get(tg, 0) + 1
            print("| %s | %.1f | %d | %.2f | %s | %d | %d | %d | %d | %s |" % (
                d, t, len(cases), len(cases) / t, mutants if t == end else "",
                len(reached), kinds["P"], kinds["C"], kinds["F"],
                ", ".join("%s %d" % kv for kv in sorted(targets.items()))))
    operators(dirs)


def operators(dirs):
    print()
    print("| campaign | operator | mutants | first to a feature | features |")
    print("|---|---|---|---|---|")
    for d in dirs:
        con = sqlite3.connect(d + "/campaign.db")
        first = dict(con.execute("SELECT first_case, COUNT(*) FROM coverage "
                                 "GROUP BY first_case"))
        stats = {}
        for i, feat in con.execute(
                "SELECT case_index, MIN(features) FROM cases WHERE features "
                "LIKE '%\"parent_case\"%' GROUP BY case_index"):
            f = json.loads(feat)
            op = f.get("operator") or ("consumer" if "structural" in f
                                       else "ref-mutate")
            s = stats.setdefault(op, [0, 0, 0])
            s[0] += 1
            s[1] += i in first
            s[2] += first.get(i, 0)
        for op, (n, found, feats) in sorted(stats.items()):
            print("| %s | %s | %d | %d | %d |" % (d, op, n, found, feats))


if __name__ == "__main__":
    main()
