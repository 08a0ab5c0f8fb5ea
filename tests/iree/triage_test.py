#!/usr/bin/env python3
"""difftest triage and report --issue, with fake IREE tools and on a real repro.

Fake IREE tools are scripts wrapping the real ones (the wheels in
PROJECT_ROOT/.venv), as in difftest_pipeline_test.py, each planting a
failure that depends on the configuration:
  o3       iree-compile fails with a diagnostic at --iree-opt-level=O3 only:
           the flag bisection says "fails at O3; passes at O0, O1, O2"
  tiling   iree-compile fails when --iree-opt-data-tiling is given: dropping
           that flag passes, dropping the other extra flag does not
  v1..v3   three fake IREE "releases" (bin/iree-compile, bin/iree-run-module,
           as an install --iree-dir accepts): v2 and v3 change one output
           element, so the version bisection names v2 the first failing
           release and triage.json records it
Then `report --issue` on the bundles: Markdown with the program, the
commands, the error or the expected-vs-actual table and the triage
conclusions. Last, the flag bisection of a real llvm-cpu failure from
corpus/repros/ (invariant-reduction: fails at O0, vmvx passes).

Usage: triage_test.py DIFFTEST PROJECT_ROOT PROGRAM_DIR CORPUS_REPROS WORK_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

from fakeiree import check, failures, fake_tools, real_tools, run, write_tool


def only_bundle(out):
    bundles = os.path.join(out, "bundles")
    names = sorted(os.listdir(bundles)) if os.path.isdir(bundles) else []
    return os.path.join(bundles, names[0]) if len(names) == 1 else None


def main():
    dt, root, progs, repros, work = map(os.path.abspath, sys.argv[1:6])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prog = os.path.join(progs, "scan.mlir")

    # --- bad input -------------------------------------------------------
    empty = os.path.join(work, "not-a-bundle")
    os.makedirs(empty)
    rc, text = run([dt, "triage", empty])
    check(rc == 2 and "verdict.json" in text,
          "triage of a directory without verdict.json: exit 2 naming the "
          "file (%d)\n%s" % (rc, text))
    with open(os.path.join(empty, "verdict.json"), "w") as f:
        json.dump({"verdict": "mismatch", "signature": "x"}, f)
    rc, text = run([dt, "triage", empty])
    check(rc == 2 and "target" in text,
          "verdict.json without target: exit 2 naming the field\n" + text)
    rc, text = run([dt, "report", "--issue", empty])
    check(rc == 2 and "target" in text,
          "report --issue: exit 2 naming the field\n" + text)

    # --- (a) a compiler that fails at O3 only -------------------------------
    o3 = fake_tools(os.path.join(work, "tools-o3"),
                  'for a in "$@"; do case "$a" in --iree-opt-level=O3) '
                  'echo "program.mlir:11:8: error: planted failure at O3" >&2; '
                  'exit 1;; esac; done\nexec "%s" "$@"\n' % real_compile,
                  None, real_compile, real_run)
    out = os.path.join(work, "out-o3")
    rc, text = run([dt, "run", prog, "--iree-dir=" + o3, "--opt-level=O3",
                    "--target=llvm-cpu", "--out=" + out])
    bundle_o3 = only_bundle(out)
    check(rc == 1 and bundle_o3, "o3: difftest run fails and writes a bundle "
          "(%d)\n%s" % (rc, text))
    if bundle_o3:
        rc, text = run([dt, "triage", bundle_o3, "--iree-dir=" + o3])
        print(text)
        check(rc == 0, "o3: triage exits 0 (%d)" % rc)
        check("fails at O3; passes at O0, O1, O2" in text,
              "o3: triage says fails at O3 only")
        tj = json.load(open(os.path.join(bundle_o3, "triage.json")))
        fb = tj["flag_bisection"]
        check(fb["opt_levels"].get("same failure") == ["O3"] and
              sorted(fb["opt_levels"].get("passes", [])) == ["O0", "O1", "O2"],
              "o3: triage.json opt_levels %s" % fb["opt_levels"])
        kinds = [c["kind"] for c in fb["configurations"]]
        check(kinds[0] == "baseline" and kinds.count("opt-level") == 3 and
              "target" in kinds, "o3: configurations tried: %s" % kinds)
        check(all(c["verdict"] and "outcome" in c and "signature" in c
                  for c in fb["configurations"]),
              "o3: each configuration has verdict, signature, outcome")
        vm = [c for c in fb["configurations"] if c["target"] == "vmvx"]
        check(vm and vm[0]["outcome"] == "same failure",
              "o3: vmvx at O3 hits the same planted failure")
        md_path = os.path.join(work, "o3-issue.md")
        rc, text = run([dt, "report", "--issue", bundle_o3, "--out=" + md_path])
        check(rc == 0 and os.path.exists(md_path),
              "o3: report --issue exit 0 (%d)\n%s" % (rc, text))
        md = open(md_path).read() if os.path.exists(md_path) else ""
        print(md)
        for want, what in [
                ("# [llvm-cpu] iree_linalg_ext.scan", "title names target and op"),
                ("fails to compile at O3: planted failure at O3",
                 "title says how and at which opt level"),
                ("```mlir\n", "program block"),
                ("iree_linalg_ext.scan dimension(1)", "the program text"),
                ("iree-compile program.mlir", "the compile command"),
                ("--iree-opt-level=O3", "the flags"),
                ("## Error", "an error section"),
                ("error: planted failure at O3", "the compile.log error"),
                ("fails at O3; passes at O0, O1, O2", "flag bisection"),
                ("IREE compiler version", "the IREE version")]:
            check(want in md, "o3 issue: %s (%r)" % (what, want))

    # --- (b) a compiler that fails with --iree-opt-data-tiling --------------
    tiling = fake_tools(os.path.join(work, "tools-tiling"),
                      'for a in "$@"; do case "$a" in --iree-opt-data-tiling) '
                      'echo "program.mlir:11:8: error: planted data-tiling '
                      'failure" >&2; exit 1;; esac; done\nexec "%s" "$@"\n'
                      % real_compile, None, real_compile, real_run)
    out = os.path.join(work, "out-tiling")
    rc, text = run([dt, "run", prog, "--iree-dir=" + tiling, "--opt-level=O1",
                    "--iree-flag=--iree-opt-data-tiling",
                    "--iree-flag=--iree-llvmcpu-disable-distribution",
                    "--target=llvm-cpu", "--out=" + out])
    bundle_t = only_bundle(out)
    check(rc == 1 and bundle_t, "tiling: a bundle (%d)\n%s" % (rc, text))
    if bundle_t:
        tj_path = os.path.join(work, "tiling-triage.json")
        rc, text = run([dt, "triage", bundle_t, "--iree-dir=" + tiling,
                        "--out=" + tj_path])
        print(text)
        check(rc == 0, "tiling: triage exits 0 (%d)" % rc)
        check("dropping --iree-opt-data-tiling: passes" in text,
              "tiling: dropping the flag passes")
        check("dropping --iree-llvmcpu-disable-distribution: same failure"
              in text, "tiling: dropping the other flag still fails")
        check("fails at O0, O1, O2, O3" in text,
              "tiling: every opt level fails with the flag")
        check(os.path.exists(tj_path) and
              not os.path.exists(os.path.join(bundle_t, "triage.json")),
              "tiling: --out puts triage.json there")
        if os.path.exists(tj_path):
            tj = json.load(open(tj_path))
            drops = {c["label"]: c["outcome"]
                     for c in tj["flag_bisection"]["configurations"]
                     if c["kind"] == "drop-flag"}
            check(drops == {"--iree-opt-data-tiling": "passes",
                            "--iree-llvmcpu-disable-distribution":
                            "same failure"},
                  "tiling: triage.json drop-flag outcomes %s" % drops)

    # --- (c) three fake releases, v2 and v3 with a wrong element -------------
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as f:
        f.write("import sys, numpy as np\n"
                "p = sys.argv[1]\n"
                "a = np.load(p)\n"
                "a.flat[5] = a.flat[5] + 7\n"
                "np.save(p, a)\n")
    first_out = ('out=""\nfor a in "$@"; do case "$a" in --output=@*) '
                 '[ -z "$out" ] && out="${a#--output=@}";; esac; done\n')
    flip = (first_out + '"%s" "$@" || exit $?\n/usr/bin/python3 %s "$out"\n'
            % (real_run, flip_py))
    vdirs = []
    for n in (1, 2, 3):
        d = os.path.join(work, "versions", "v%d" % n)
        fake_tools(os.path.join(d, "bin"), None, flip if n >= 2 else None,
                 real_compile, real_run, version="0.%d.0" % n)
        vdirs.append(d)
    out = os.path.join(work, "out-flip")
    rc, text = run([dt, "run", prog, "--iree-dir=" + vdirs[2],
                    "--target=llvm-cpu", "--out=" + out])
    bundle_f = only_bundle(out)
    check(rc == 1 and bundle_f and "mismatch" in text,
          "flip: a mismatch bundle (%d)\n%s" % (rc, text))
    if bundle_f:
        for bad in ("--versions=3.12.0", "--versions=banana..3.13.0",
                    "--versions=3.13.0..3.12.0", "--versions=3.12.0,x",
                    "--version-dirs=%s,%s" % (vdirs[0], empty)):
            rc, text = run([dt, "triage", bundle_f, bad])
            check(rc == 2 and "error:" in text,
                  "triage %s: exit 2 with a message (%d)\n%s" % (bad, rc, text))
        rc, text = run([dt, "triage", bundle_f, "--iree-dir=" + vdirs[2],
                        "--version-dirs=" + ",".join(vdirs)])
        print(text)
        check(rc == 0, "versions: triage exits 0 (%d)" % rc)
        check("the failure appears in v2" in text,
              "versions: v2 is the first failing release")
        tj = json.load(open(os.path.join(bundle_f, "triage.json")))
        vb = tj.get("version_bisection", {})
        check(vb.get("first_failing") == "v2" and
              vb.get("last_passing") == "v1",
              "versions: triage.json first_failing v2, last_passing v1: %s"
              % {k: vb.get(k) for k in ("first_failing", "last_passing")})
        tried = {t["label"]: t["outcome"] for t in vb.get("tried", [])}
        check(tried.get("v1") == "passes" and
              tried.get("v2") == "same failure" and
              tried.get("v3") == "same failure",
              "versions: each release's outcome %s" % tried)
        check(any("0.2.0" in t["iree_version"] for t in vb.get("tried", [])),
              "versions: each release's version line is recorded")
        md_path = os.path.join(bundle_f, "issue.md")
        rc, text = run([dt, "report", "--issue", bundle_f])
        check(rc == 0 and os.path.exists(md_path),
              "flip: report --issue writes BUNDLE/issue.md (%d)\n%s"
              % (rc, text))
        md = open(md_path).read() if os.path.exists(md_path) else ""
        print(md)
        for want, what in [
                ("# [llvm-cpu] iree_linalg_ext.scan", "title"),
                ("returns wrong values (i32)", "title says wrong values"),
                ("```mlir\n", "program block"),
                ("iree-compile program.mlir", "compile command"),
                ("iree-run-module --module=module.vmfb", "run command"),
                ("--input=3x17xi32=", "the small input inline"),
                ("| element | expected | actual |", "the mismatch table"),
                ("| [0, 5] |", "the differing element's coordinates"),
                ("1 of 51 elements differ", "the count"),
                ("the failure appears in v2", "version bisection"),
                ("| v1 | passes |", "the releases table"),
                ("Neighbouring configurations", "flag bisection")]:
            check(want in md, "flip issue: %s (%r)" % (what, want))

    # --- a real llvm-cpu failure from the corpus -----------------------------
    src = os.path.join(repros, "invariant-reduction-llvm-cpu")
    real = os.path.join(work, "invariant-reduction")
    shutil.copytree(src, real)
    for leftover in ("triage.json", "issue.md"):
        if os.path.exists(os.path.join(real, leftover)):
            os.remove(os.path.join(real, leftover))
    rc, text = run([dt, "triage", real])
    print(text)
    check(rc == 0, "real: triage exits 0 (%d)" % rc)
    check("baseline llvm-cpu O0: same failure" in text,
          "real: the corpus failure reproduces")
    check("vmvx: passes" in text, "real: vmvx passes")
    tj = json.load(open(os.path.join(real, "triage.json")))
    check("O0" in tj["flag_bisection"]["opt_levels"].get("same failure", []),
          "real: fails at O0 (%s)" % tj["flag_bisection"]["opt_levels"])
    rc, text = run([dt, "report", "--issue", real])
    md_path = os.path.join(real, "issue.md")
    md = open(md_path).read() if os.path.exists(md_path) else ""
    print(md)
    check(rc == 0 and md.startswith(
        "# [llvm-cpu] linalg.generic reduction returns wrong values (f32)"),
          "real: the issue's title\n" + md[:200])
    check("--input=12xf32=" in md and "expected: f32=36" in md
          and "actual:   f32=" in md and "actual:   f32=36\n" not in md,
          "real: inline input and expected/actual values")
    check("difftest fuzz" not in md or "--seed=" in md,
          "real: found-by line is well formed")
    # The report's commands, run as written (tool names -> the real tools),
    # reproduce IREE's wrong value.
    block = md.split("```sh\n", 1)[-1].split("```", 1)[0]
    chk = os.path.join(work, "issue-commands")
    os.makedirs(chk)
    shutil.copy(os.path.join(real, "program.mlir"), chk)
    script = "\n".join(
        real_compile + l[len("iree-compile"):] if l.startswith("iree-compile")
        else real_run + l[len("iree-run-module"):]
        if l.startswith("iree-run-module") else l
        for l in block.splitlines())
    r = subprocess.run(["sh", "-c", script], cwd=chk, capture_output=True,
                       text=True, timeout=300)
    # The wrong value depends on the host's vector width (3 with AVX-512, 6
    # with AVX2: one term per vector tile); anything but 36 reproduces it.
    got = re.search(r"f32=([-+0-9.eE]+)", r.stdout)
    check(r.returncode == 0 and got is not None and float(got.group(1)) != 36,
          "real: the issue's commands reproduce the wrong value\n%s%s"
          % (r.stdout, r.stderr))

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
