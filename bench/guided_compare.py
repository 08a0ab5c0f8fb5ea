#!/usr/bin/env python3
"""Distinct IREE-coverage features reached by campaigns over time
(docs/fuzzing.md, "Guided campaigns"): for each campaign directory, the
features (all, and per kind P/C/F and target) first reached within the
first T minutes of the campaign, and its cases per minute.

Usage: guided_compare.py [--at=MIN,...] DIR...
Each DIR is a campaign made with --guided (a random baseline: --guided
--guided-pct=0, which records coverage and never mutates)."""
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


if __name__ == "__main__":
    main()
