#!/usr/bin/env python3
"""Real IREE in the test suite.

Runs `difftest run` on every program in tests/iree/programs for the given
targets and checks each verdict line against tests/iree/expectations.json:
unlisted (program, target) pairs must pass (llvm-cpu, vmvx) or at least
compile (GPU targets without a device here: 'compiled-only'); listed known
IREE failures must still fail the same way. Usage:

  run_iree_tests.py DIFFTEST PROGRAM_DIR EXPECTATIONS OUT_DIR TARGETS [SEEDS]
                    [PROGRAMS]

PROGRAMS: comma-separated fnmatch patterns of the programs to run (default:
every .mlir file in PROGRAM_DIR).

A program's lines `// difftest-run-args: ARG...` add those arguments to its
`difftest run` (an opt level, `--iree-flag=...`): a known failure that
needs them is kept as it was found.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys


def main():
    difftest, prog_dir, expect_file, out_dir, targets = sys.argv[1:6]
    seeds = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    patterns = sys.argv[7].split(",") if len(sys.argv) > 7 else ["*.mlir"]
    with open(expect_file) as f:
        known = json.load(f)["known"]
    programs = sorted(p for p in os.listdir(prog_dir) if p.endswith(".mlir")
                      and any(fnmatch.fnmatch(p, q) for q in patterns))
    if not programs:
        print("no program in %s matches %s" % (prog_dir, patterns))
        return 1
    failures = []
    checked = 0
    for prog in programs:
        extra = []
        with open(os.path.join(prog_dir, prog)) as f:
            for line in f:
                if line.startswith("// difftest-run-args:"):
                    extra += line.split(":", 1)[1].split()
        for seed in range(seeds):
            cmd = [difftest, "run", os.path.join(prog_dir, prog),
                   "--target=" + targets, "--seed=%d" % seed,
                   "--out=" + out_dir] + extra
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=1800)
            lines = [l for l in r.stdout.splitlines() if l.strip()]
            verdicts = {}
            for l in lines:
                m = re.match(r"^(\S+): (compiled only|executor limit|[a-z-]+)", l)
                if m:
                    verdicts[m.group(1)] = (m.group(2).replace(" ", "-"), l)
            if r.returncode not in (0, 1) or not verdicts:
                failures.append("%s seed %d: difftest exited %d\n%s%s" %
                                (prog, seed, r.returncode, r.stdout, r.stderr))
                continue
            for target in targets.split(","):
                checked += 1
                got, line = verdicts.get(target, ("missing", "(no line)"))
                entry = None
                for k in known:
                    if fnmatch.fnmatch(target, k["target"]) and (
                            fnmatch.fnmatch(prog, k["program"]) or
                            fnmatch.fnmatch(prog[:-5], k["program"])):
                        entry = k
                        break
                if entry:
                    ok = got == entry["verdict"] and \
                        entry["signature"] in line
                    if not ok:
                        failures.append(
                            "%s on %s: expected the known failure %s (%s, "
                            "%s) but got: %s\n  if IREE fixed it, remove the "
                            "entry from %s" % (prog, target, entry["verdict"],
                                                entry["signature"],
                                                entry["issue"], line,
                                                expect_file))
                    else:
                        print("known  %s" % line)
                    continue
                if got not in ("pass", "compiled-only"):
                    failures.append("%s seed %d on %s: %s" %
                                    (prog, seed, target, line))
                else:
                    print("ok     %s %s" % (prog, line))
    print("%d program/target checks, %d unexpected" % (checked, len(failures)))
    for f in failures:
        print("UNEXPECTED: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
