#!/usr/bin/env python3
"""Corpus-mutation figures for docs/fuzzing.md ("Corpus mutation").

    bench/mutate_stats.py CAMPAIGN_DIR [SEEDS] [--groups=NAME=PREFIX,...]

CAMPAIGN_DIR is a `difftest fuzz --mutate=...` campaign: its
mutate-sources.json (the pool) and campaign.db. For each group of sources
(by path prefix; an entry lowered by IREE is grouped by its original), it
runs `ref-mutate --corpus-mutate` on every pool entry with SEEDS seeds
(default 3) and reports: functions, mutants written, the valid rate of
mutation attempts (an attempt whose mutant does not parse or verify is
invalid; ref-mutate tries up to 8 per mutant), distinct mutants per
function, and the mutation kinds drawn. From the campaign database: cases,
mutants, `mutant-invalid` and `rejected-ub` rows (interpreter-level
validity), and cases per minute.
"""
import collections
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
    camp = args[0]
    seeds = int(args[1]) if len(args) > 1 else 3
    groups = [g.split("=", 1) for g in opts.get(
        "groups", "corpus=corpus,e2e=/work/iree-src/tests/e2e,"
        "onnx=/tmp/onnx-sample").split(",")]
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "build", "bin", "ref-mutate")
    pool = json.load(open(os.path.join(camp, "mutate-sources.json")))
    print("pool: %d files, %d load (%d lowered by IREE, %d did not lower), "
          "%d functions usable, %d not" % (
              pool["files"], pool["loaded"], pool.get("lowered", 0),
              pool.get("lower_failed", 0), len(pool["entries"]),
              pool["rejected_functions"]))

    def group_of(entry):
        src = entry[2] if len(entry) > 2 else entry[0]
        for name, prefix in groups:
            if src.startswith(prefix) or ("/" + prefix + "/") in src:
                return name
        return "other"

    stats = collections.defaultdict(lambda: collections.Counter())
    kinds = collections.defaultdict(collections.Counter)
    distinct = collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.mlir")
        for entry in pool["entries"]:
            g = group_of(entry)
            stats[g]["functions"] += 1
            seen = set()
            for s in range(1, seeds + 1):
                r = subprocess.run([tool, entry[0], "--corpus-mutate",
                                    "--function=" + entry[1], "--rename=f0",
                                    "--seed=%d" % s, "-o", out],
                                   capture_output=True, text=True)
                try:
                    j = json.loads(r.stdout)
                except ValueError:
                    stats[g]["tool_errors"] += 1
                    continue
                stats[g]["attempts"] += j.get("attempts", 0)
                stats[g]["invalid_attempts"] += j.get("invalid", 0)
                if r.returncode == 0:
                    stats[g]["written"] += 1
                    seen.add(hashlib.sha1(open(out, "rb").read()).hexdigest())
                    for m in j.get("mutations", []):
                        kinds[g][m["kind"]] += 1
                else:
                    stats[g]["all_invalid"] += 1
            distinct[g].append(len(seen))
    print("\n| sources | functions | mutants written / asked | valid attempts | distinct mutants per function (of %d seeds) | kinds drawn |" % seeds)
    print("|---|---|---|---|---|---|")
    for g in sorted(stats):
        st = stats[g]
        asked = st["functions"] * seeds
        valid = st["attempts"] - st["invalid_attempts"]
        d = distinct[g]
        print("| %s | %d | %d / %d | %.0f%% (%d of %d) | %.2f | %s |" % (
            g, st["functions"], st["written"], asked,
            100.0 * valid / max(1, st["attempts"]), valid, st["attempts"],
            sum(d) / max(1, len(d)),
            ", ".join("%s %d" % kv for kv in sorted(kinds[g].items()))))
    db = os.path.join(camp, "campaign.db")
    if os.path.exists(db):
        con = sqlite3.connect(db)
        rows = con.execute("SELECT case_index, verdict, features, finished_at "
                           "FROM cases").fetchall()
        started = float(con.execute("SELECT value FROM options WHERE key = "
                                    "'started'").fetchone()[0])
        cases = {r[0] for r in rows}
        mutants = {r[0] for r in rows if r[2] and '"mutant"' in r[2]}
        per = collections.Counter(r[1] for r in rows)
        end = max(r[3] for r in rows) if rows else started
        print("\ncampaign: %d cases (%d mutants) in %.1f min, %.1f cases/min; "
              "rows: %s" % (len(cases), len(mutants), (end - started) / 60,
                            len(cases) / max(1e-9, (end - started) / 60),
                            dict(per)))


if __name__ == "__main__":
    main()
