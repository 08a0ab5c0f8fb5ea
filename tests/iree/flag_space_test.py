#!/usr/bin/env python3
"""Flags as part of the search (`difftest fuzz --iree-src=CHECKOUT`), in a
short llvm-cpu campaign with a fake iree-compile that fails, without a
location, whenever `--iree-opt-data-tiling` is given, and fails every
program holding a scatter (with a location) whatever the flags (the real
compiler otherwise). The checkout is a fixture written here: one
BUILD.bazel whose llvm-cpu suite lists `--iree-opt-data-tiling`, a flag no
compiler has, and a target flag.

1. The flag space: 1 flag to draw, 1 dropped because the compiler lacks it,
   1 left out as no configuration; kept in the campaign database.
2. Every row of a batch that drew the flag and failed the planted
   data-tiling way is signed `{needs --iree-opt-data-tiling}`; no row
   without the flag fails that way; a scatter failure in a flagged batch
   (it fails without the flag too) is signed without `needs`.
3. The needs-flag bundle: verdict.json `needs_flags`, `report --issue`
   says "It needs flag `--iree-opt-data-tiling`" and "only with" in the
   title, and `triage` says that dropping the flag flips the failure
   (passes, or the scatter fault when the case holds one).
4. A checkout path without tests/e2e: exit 2.

Usage: flag_space_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import (check, db_query, failures, fake_tools,  # noqa: E402
                      real_tools, run)

BUILD = '''
iree_check_single_backend_test_suite(
    name = "check_dt",
    srcs = ["a.mlir"],
    compiler_flags = [
        "--iree-opt-data-tiling",
        "--iree-no-such-flag-in-any-release",
        "--iree-llvmcpu-target-cpu=generic",
    ],
    driver = "local-task",
    target_backend = "llvm-cpu",
)
'''

PLANT = r'''
for a in "$@"; do
  case "$a" in --iree-opt-data-tiling)
    echo "error: planted: data tiling refused" >&2; exit 1;;
  esac
done
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
exec "%s" "$@"
'''


def main():
    dt, root, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    fake = fake_tools(os.path.join(work, "tools"), PLANT % real_compile, None,
                      real_compile, real_run)
    src = os.path.join(work, "iree-src")
    os.makedirs(os.path.join(src, "tests", "e2e", "dt"))
    with open(os.path.join(src, "tests", "e2e", "dt", "BUILD.bazel"), "w") as f:
        f.write(BUILD)

    out = os.path.join(work, "campaign")
    # 12 batches of 4: with a quarter of the batches drawing a flag, seed 5
    # draws it in some (checked below, not assumed).
    rc, text = run([dt, "fuzz", "--iree-dir=" + fake, "--target=llvm-cpu",
                    "--cases=48", "--batch=4", "--seed=5", "--no-probe",
                    "--static-twins=0", "--ops=generic,fill,scatter",
                    "--iree-src=" + src, "--out=" + out], timeout=900)
    print(text)
    check(rc == 0, "campaign exits 0 (%d)" % rc)
    check("note: extra flags: 1 flag from " + src in text,
          "one flag to draw from the checkout")
    check("1 dropped, this IREE lacks them (--iree-no-such-flag-in-any-release)"
          in text, "the flag the compiler lacks is dropped and counted")
    check("1 left out as no configuration (--iree-llvmcpu-target-cpu=generic)"
          in text, "the target flag is left out")
    db = os.path.join(out, "campaign.db")
    opt = db_query(db, "select value from options where key='extra_flags'")
    check(opt and opt[0][0].startswith("--iree-opt-data-tiling\tllvm-cpu\t"),
          "the flag list is kept with the campaign (%r)" % (opt,))
    rows = db_query(db, "select flags, verdict, signature from cases")
    flagged = [r for r in rows if r[0] == "--iree-opt-data-tiling"]
    plain = [r for r in rows if r[0] == ""]
    check(len(flagged) > 0 and len(plain) > 0,
          "batches with and without the flag (%d, %d rows)"
          % (len(flagged), len(plain)))
    dt_rows = [r for r in rows if "data tiling refused" in r[2]]
    check(dt_rows and all(r[0] == "--iree-opt-data-tiling" and
                          r[2].endswith("{needs --iree-opt-data-tiling}")
                          for r in dt_rows),
          "every data-tiling failure needs the flag and says so (%d rows)"
          % len(dt_rows))
    check(not any("data tiling refused" in r[2] for r in plain),
          "no row without the flag fails the data-tiling way")
    sc = [r for r in rows if "scatter refused" in r[2]]
    check(sc and not any("{needs" in r[2] for r in sc),
          "scatter failures (with or without the flag) need no flag (%d rows)"
          % len(sc))

    bundles = [b for b in db_query(db, "select bundle, signature from failures")
               if "data tiling" in b[1]]
    check(len(bundles) == 1, "one bundle for the needs-flag failure (%s)"
          % bundles)
    if bundles:
        b = os.path.join(out, bundles[0][0])
        v = json.load(open(os.path.join(b, "verdict.json")))
        check(v.get("needs_flags") == ["--iree-opt-data-tiling"],
              "verdict.json needs_flags (%r)" % v.get("needs_flags"))
        md = os.path.join(work, "issue.md")
        rc, text = run([dt, "triage", b, "--iree-dir=" + fake])
        print(text)
        # The bundle's case may also hold a scatter (the other planted
        # fault): without the flag it then fails otherwise. Either way the
        # flag flips this failure.
        flips = ("dropping --iree-opt-data-tiling: passes" in text or
                 "dropping --iree-opt-data-tiling: other outcome" in text)
        check(rc == 0 and flips,
              "triage: dropping the flag flips the failure (%d)" % rc)
        rc, text = run([dt, "report", "--issue", b, "--out=" + md])
        body = open(md).read() if os.path.exists(md) else ""
        print(body)
        check(rc == 0 and "It needs flag `--iree-opt-data-tiling`" in body,
              "issue.md says the failure needs the flag")
        check("only with --iree-opt-data-tiling" in body.splitlines()[0]
              if body else False, "issue.md's title: only with the flag")
        check("dropping --iree-opt-data-tiling: " in body and
              "dropping --iree-opt-data-tiling: same failure" not in body,
              "issue.md carries the triage")
        # Reduced, the bundle keeps needing its flag: its verdict.json and
        # its signature (`difftest sign`) say so.
        red = os.path.join(work, "reduced")
        rc, text = run([dt, "reduce", b, "--iree-dir=" + fake,
                        "--out=" + red])
        rv = (json.load(open(os.path.join(red, "verdict.json")))
              if os.path.exists(os.path.join(red, "verdict.json")) else {})
        check(rc == 0 and rv.get("needs_flags") == ["--iree-opt-data-tiling"],
              "the reduced bundle keeps needs_flags (%d, %r)\n%s" %
              (rc, rv.get("needs_flags"), text[-1500:]))
        rc, text = run([dt, "sign", red, "--out=" + os.path.join(work, "sg")])
        check(rc == 0 and "|needs --iree-opt-data-tiling" in text,
              "the reduced bundle's signature needs the flag\n" + text[-800:])

    rc, text = run([dt, "fuzz", "--iree-dir=" + fake, "--target=llvm-cpu",
                    "--cases=4", "--no-probe", "--iree-src=" + work + "/none",
                    "--out=" + os.path.join(work, "bad")])
    check(rc == 2 and "no such directory" in text,
          "a path without tests/e2e: exit 2 (%d)" % rc)

    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
