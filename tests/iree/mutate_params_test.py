#!/usr/bin/env python3
"""Corpus mutation (`difftest fuzz --mutate`) over sources whose weights are
in IREE parameter archives (.irpa), on llvm-cpu with the real IREE 3.13
tools (docs/fuzzing.md, "Sources with parameter archives").

The sources (one directory):
  mlp.torch.mlir     localize/make_mlp_onnx.py's perceptron imported with
                     --externalize-params: torch dialect, lowered by the
                     pool; its archive is the importer's own
                     mlp.torch_params.irpa (scope "model")
  mlp2.input.mlir    the same program at IREE's input phase, with its own
                     archive mlp2.irpa (this test's, from params/irpa.py):
                     every weight doubled, the same scope and keys
  orphan.input.mlir  the same program with no archive beside it: skipped,
                     counted, the reason in the pool file and the note

1. A campaign of 24 mutants in batches of 12: both sources' mutants pass in
   the same combined modules (each case's scope is its own, so mlp2's
   weights never come from mlp's archive; mlp2's golden really differs
   from mlp's); the only other verdict is `mutant-invalid`, and none of
   those is a mutant whose weights no longer fit the archive (ref-mutate
   leaves the shapes and element types of parameter globals alone).
2. The same with a fake iree-compile that miscompiles every dispatch
   (arith.addf made arith.subf at the flow phase): a mismatch bundle
   carries its archive (parameters.json, params/), repro.sh gives it to
   iree-run-module (and runs with the real tools), and the golden command
   recorded in repro.sh reproduces the bundle's golden bit for bit.

usage: mutate_params_test.py DIFFTEST REF_RUN PROJECT_ROOT WORK_DIR
"""
import json
import os
import shlex
import shutil
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "params"))
from fakeiree import check, db_query, failures, real_tools, run  # noqa: E402
import irpa  # noqa: E402

# Every executable of the flow program miscompiled: its adds subtract.
FAKE_COMPILE = r'''#!/usr/bin/env python3
import os, subprocess, sys, tempfile
REAL = %(real)r
args = sys.argv[1:]
if (not os.environ.get("PLANT") or
        any(a.startswith(("--compile-to=", "--compile-from=", "--help",
                          "--version")) for a in args)):
    os.execv(REAL, [REAL] + args)
out = args[args.index("-o") + 1]
rest = [a for i, a in enumerate(args)
        if a != "-o" and (i == 0 or args[i - 1] != "-o")]
src = next(a for a in rest if not a.startswith("-"))
flags = [a for a in rest if a != src]
with tempfile.TemporaryDirectory() as d:
    flow = os.path.join(d, "flow.mlir")
    rc = subprocess.run([REAL, src, "--compile-to=flow", "-o", flow] +
                        flags).returncode
    if rc:
        sys.exit(rc)
    text = open(flow).read()
    open(flow, "w").write(text.replace("arith.addf", "arith.subf"))
    sys.exit(subprocess.run([REAL, flow, "--compile-from=flow", "-o", out] +
                            flags).returncode)
'''


def cases(db):
    out = []
    for idx, verdict, detail, feat in db_query(
            db, "SELECT case_index, verdict, detail, features FROM cases "
                "ORDER BY case_index"):
        f = json.loads(feat) if feat else {}
        src = os.path.basename(f.get("mutant", {}).get("source", ""))
        orig = os.path.basename(f.get("mutant", {}).get("original", "") or "")
        out.append((idx, verdict, detail or "", orig or src))
    return out


def main():
    dt, ref, root, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    venv = os.path.join(root, ".venv", "bin")
    shutil.rmtree(work, ignore_errors=True)
    src = os.path.join(work, "sources")
    os.makedirs(src)
    model = os.path.join(work, "mlp.onnx")
    subprocess.check_call([os.path.join(venv, "python"),
                           os.path.join(HERE, "localize", "make_mlp_onnx.py"),
                           model])
    torch = os.path.join(src, "mlp.torch.mlir")
    subprocess.check_call([os.path.join(venv, "iree-import-onnx"), model,
                           "--externalize-params",
                           "--num-elements-threshold=0", "-o", torch])
    archive = os.path.join(src, "mlp.torch_params.irpa")
    if not check(os.path.exists(archive),
                 "the importer wrote mlp.torch_params.irpa"):
        return 1
    mlp2 = os.path.join(src, "mlp2.input.mlir")
    subprocess.check_call([real_compile, torch, "--compile-to=input",
                           "--iree-input-type=onnx", "-o", mlp2])
    shutil.copyfile(mlp2, os.path.join(src, "orphan.input.mlir"))
    entries = irpa.read(open(archive, "rb").read())
    doubled = [(k, (np.frombuffer(v, np.float32) * 2).tobytes())
               for k, v in entries.items()]
    with open(os.path.join(src, "mlp2.irpa"), "wb") as f:
        f.write(irpa.build(doubled))
    # mlp2's weights differ from mlp's: the same input gives another output
    # (so a case of mlp2 that read mlp's archive would be a mismatch).
    x = os.path.join(work, "x.npy")
    np.save(x, np.ones((4, 16), np.float32))
    outs = []
    for prog, arch in ((mlp2, archive), (mlp2, os.path.join(src,
                                                            "mlp2.irpa"))):
        o = os.path.join(work, "o%d.npy" % len(outs))
        rc, text = run([ref, prog, "--function=mlp",
                        "--parameters=model=" + arch, "--input=@" + x,
                        "--output=@" + o])
        outs.append(np.load(o) if rc == 0 else None)
    check(all(o is not None for o in outs) and
          not np.array_equal(outs[0], outs[1]),
          "the two archives give the program different outputs")

    fake = os.path.join(work, "fake")
    os.makedirs(fake)
    with open(os.path.join(fake, "iree-compile"), "w") as f:
        f.write(FAKE_COMPILE % {"real": real_compile})
    os.chmod(os.path.join(fake, "iree-compile"), 0o755)
    os.symlink(real_run, os.path.join(fake, "iree-run-module"))

    # --- 1. real tools.
    out = os.path.join(work, "campaign")
    rc, text = run([dt, "fuzz", "--mutate=" + src, "--target=llvm-cpu",
                    "--cases=24", "--batch=12", "--seed=5", "--jobs=1",
                    "--out=" + out], timeout=600)
    check(rc == 0, "campaign: exit 0 (%d)\n%s" % (rc, text[-2000:]))
    pool = json.load(open(os.path.join(out, "mutate-sources.json")))
    check(pool.get("with_parameters") == 2 and
          sorted(len(e) for e in pool["entries"]) == [4, 4],
          "campaign: two sources come with their archives: %s" %
          pool.get("entries"))
    skipped = pool.get("parameter_skipped", [])
    check(len(skipped) == 1 and
          skipped[0]["file"].endswith("orphan.input.mlir") and
          "orphan.irpa" in skipped[0]["reason"],
          "campaign: the orphan is skipped with its reason: %s" % skipped)
    check("1 skipped: they read parameters no archive beside them holds" in
          text, "campaign: the note counts the skipped source")
    cs = cases(os.path.join(out, "campaign.db"))
    verdicts = {v for _, v, _, _ in cs}
    check(verdicts <= {"pass", "mutant-invalid"},
          "campaign: every case passes or is an invalid mutant: %s" %
          sorted(verdicts))
    passed = {s for _, v, _, s in cs if v == "pass"}
    check(passed == {"mlp.torch.mlir", "mlp2.input.mlir"},
          "campaign: mutants of both sources pass: %s" % sorted(passed))
    batches = db_query(os.path.join(out, "campaign.db"),
                       "SELECT batch, COUNT(*) FROM cases WHERE verdict = "
                       "'pass' GROUP BY batch")
    check(len(cs) == 24 and len(batches) >= 1,
          "campaign: 24 cases (%d)" % len(cs))
    # ref-mutate keeps the shapes and element types of parameter globals:
    # no mutant stops fitting its archive.
    weights = [d for _, v, d, _ in cs
               if v == "mutant-invalid" and "no longer fit" in d]
    check(not weights,
          "campaign: no mutant changed a weight's shape or type (%d)\n%s" %
          (len(weights), "\n".join(weights[:2])))
    print("campaign: %d pass, %d invalid (%d of them a weight's shape)" %
          (sum(v == "pass" for _, v, _, _ in cs),
           sum(v == "mutant-invalid" for _, v, _, _ in cs), len(weights)))

    # --- 2. a planted miscompile: the bundle carries the archive.
    out = os.path.join(work, "planted")
    rc, text = run([dt, "fuzz", "--mutate=" + src, "--target=llvm-cpu",
                    "--cases=12", "--batch=12", "--seed=5", "--jobs=1",
                    "--iree-dir=" + fake, "--out=" + out], timeout=600,
                   env=dict(os.environ, PLANT="1"))
    bdir = os.path.join(out, "bundles")
    bundles = sorted(b for b in os.listdir(bdir)
                     if b.startswith("mismatch")) if os.path.isdir(bdir) \
        else []
    if not check(rc in (0, 1) and bundles,
                 "planted: mismatches found (%d)\n%s" % (rc, text[-2000:])):
        return 1
    b = os.path.join(bdir, bundles[0])
    rec = json.load(open(os.path.join(b, "parameters.json")))["parameters"]
    check(len(rec) == 1 and rec[0]["copied"] and
          os.path.exists(os.path.join(b, rec[0]["path"])) and
          rec[0]["scope"].endswith(".model"),
          "planted: the bundle holds its archive under its case's scope: %s"
          % rec)
    repro = open(os.path.join(b, "repro.sh")).read()
    flag = "--parameters=%s=%s" % (rec[0]["scope"], rec[0]["path"])
    check(flag in repro, "planted: repro.sh gives iree-run-module " + flag)
    env = dict(os.environ)
    env.pop("PLANT", None)
    env["IREE_COMPILE"], env["IREE_RUN_MODULE"] = real_compile, real_run
    r = subprocess.run(["sh", os.path.join(b, "repro.sh")], env=env,
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0,
          "planted: repro.sh runs with the real tools and the archive "
          "(%d)\n%s" % (r.returncode, r.stderr[-1500:]))
    golden = next(line[2:] for line in repro.splitlines()
                  if line.startswith("# ref-run "))
    argv = shlex.split(golden)
    gdir = os.path.join(work, "regolden")
    os.makedirs(gdir)
    outs = sorted(os.listdir(os.path.join(b, "golden")))
    outs = [o for o in outs if o.endswith(".npy")]
    argv = [ref] + argv[1:] + ["--output=@" + os.path.join(gdir, o)
                               for o in outs]
    rc, text = run(argv, cwd=b)
    same = rc == 0 and all(
        open(os.path.join(gdir, o), "rb").read() ==
        open(os.path.join(b, "golden", o), "rb").read() for o in outs)
    check(same, "planted: the recorded golden command (with its "
          "--parameters) reproduces the golden (%d)\n%s" % (rc, text[-1500:]))

    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
