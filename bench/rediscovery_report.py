#!/usr/bin/env python3
"""The rediscovery table of a campaign: per historic bug class (see
bench/rediscovery_classes.json) the minutes from the campaign's start to
its first failing row (signature, op kinds, dynamic extents), the signatures that match no
class, and the version-noise signatures (an op or syntax form the release
cannot take recorded as a finding: must be 0).

Usage: rediscovery_report.py CAMPAIGN_DIR CLASSES_JSON [RELEASE]
Writes CAMPAIGN_DIR/rediscovery.md and rediscovery.json; prints the
Markdown. Exit 1 when there is version noise, else 0.
"""
import json
import os
import re
import sqlite3
import sys


def main():
    out, classes_path = sys.argv[1], sys.argv[2]
    release = sys.argv[3] if len(sys.argv) > 3 else ""
    table = json.load(open(classes_path))
    con = sqlite3.connect(os.path.join(out, "campaign.db"))
    opts = dict(con.execute("SELECT key, value FROM options"))
    started = float(opts.get("started", "0"))
    failures = con.execute(
        "SELECT signature, verdict, target, first_case, bundle, first_seen "
        "FROM failures ORDER BY first_seen").fetchall()
    ncases = con.execute("SELECT count(DISTINCT case_index) FROM cases"
                         ).fetchone()[0]
    last = con.execute("SELECT max(finished_at) FROM cases").fetchone()[0]
    verdicts = dict(con.execute(
        "SELECT verdict, count(*) FROM cases GROUP BY verdict"))
    unsupported = con.execute(
        "SELECT detail, count(*) FROM cases WHERE verdict = "
        "'unsupported-input' GROUP BY detail ORDER BY 2 DESC").fetchall()
    minutes = (last - started) / 60 if last and started else 0
    noise_re = re.compile(table["version_noise"])

    # Every failing row with its op kinds and whether it is dynamic.
    failing = []
    for sig, features, at in con.execute(
            "SELECT signature, features, finished_at FROM cases WHERE "
            "signature IS NOT NULL AND signature != ''"):
        try:
            f = json.loads(features or "{}")
        except ValueError:
            f = {}
        failing.append((sig, " ".join(f.get("op_kinds", [])),
                        bool(f.get("dynamic")), at))

    rows = []
    matched = set()
    for c in table["classes"]:
        sig_re = re.compile(c["signature"])
        ops_re = re.compile(c["ops"]) if c.get("ops") else None
        hits = [r for r in failing if sig_re.search(r[0]) and
                (not ops_re or ops_re.search(r[1])) and
                (not c.get("dynamic") or r[2])]
        sigs = sorted({r[0] for r in hits})
        matched.update(sigs)
        first = min((r[3] for r in hits), default=None)
        rows.append({
            "class": c["name"], "issue": c["issue"], "had": c["had"],
            "fixed": c["fixed"], "frontend": c.get("frontend"),
            "signatures": sigs, "rows": len(hits),
            "first_hit_minutes": None if first is None else
            round((first - started) / 60, 1)})
    noise = [f[0] for f in failures if noise_re.search(f[0])]
    unmatched = [f[0] for f in failures
                 if f[0] not in matched and f[0] not in noise]
    doc = {"release": release, "iree_version": opts.get("iree_version"),
           "seed": opts.get("seed"), "targets": opts.get("targets"),
           "unsupported_ops": opts.get("unsupported_ops", ""),
           "minutes": round(minutes, 1), "cases": ncases,
           "verdicts": verdicts, "signatures": len(failures),
           "classes": rows, "unmatched": unmatched,
           "version_noise": noise,
           "unsupported_input": [{"detail": d, "rows": n}
                                 for d, n in unsupported]}
    md = ["# Rediscovery: IREE %s, seed %s, %s" % (
        release or opts.get("iree_version", "?"), opts.get("seed"),
        opts.get("targets")), "",
          "%d cases in %.1f min (%.1f/min); %d distinct failure signatures; "
          "not drawn (the release's capability probe): %s." % (
              ncases, minutes, ncases / minutes if minutes else 0,
              len(failures), opts.get("unsupported_ops") or "none"), "",
          "| class | issue | had | fixed | first hit (min) | signatures | "
          "rows |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        md.append("| %s | %s | %s | %s | %s | %d | %d |" % (
            r["class"], r["issue"], r["had"], r["fixed"] or "open",
            "-" if r["first_hit_minutes"] is None else r["first_hit_minutes"],
            len(r["signatures"]), r["rows"]))
    md += ["", "Version-noise signatures: %d%s" % (
        len(noise), "".join("\n- `%s`" % s for s in noise)),
        "", "Unsupported-input rows (not findings): %d%s" % (
            sum(n for _, n in unsupported),
            "".join("\n- %d x `%s`" % (n, d[:160]) for d, n in unsupported)),
        "", "Signatures matching no class (to look at): %d%s" % (
            len(unmatched), "".join("\n- `%s`" % s for s in unmatched))]
    text = "\n".join(md) + "\n"
    with open(os.path.join(out, "rediscovery.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "rediscovery.json"), "w") as f:
        json.dump(doc, f, indent=2)
    print(text)
    return 1 if noise else 0


if __name__ == "__main__":
    sys.exit(main())
