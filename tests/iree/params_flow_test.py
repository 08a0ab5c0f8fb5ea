#!/usr/bin/env python3
"""difftest localize, sign and export on a model whose weights live in an
IREE parameter archive (.irpa), with the real IREE 3.13 tools and a fake
iree-compile that plants one miscompiled dispatch:

The model is localize/make_mlp_onnx.py's 4-layer perceptron, imported with
`iree-import-onnx --externalize-params --num-elements-threshold=0`: every
weight and bias is a `#stream.parameter.named<"model"::"wI">` global read
from the archive the import writes, none is in the program.

  clean     localize of the .onnx itself (real tools): every dispatch
            passes; the archive is recorded (parameters.json) and reaches
            the instrumented run (iree-run-module --parameters) and the
            whole-program golden; the value a dispatch was fed for a
            parameter global is the archive's bytes (read with
            params/irpa.py, written from the format's definition)
  planted   the fake iree-compile edits one executable of the flow program
            (dispatch 3, the last matmul, its adds made subtractions) and
            compiles the rest with the real compiler: localize names
            dispatch 3, everything before it passes, the softmax after it
            only inherits; the guilty bundle's inputs hold w3 and b3 as
            the archive has them
  missing   the lowered program (input phase) without --parameters: exit 7
            naming the parameter and the flag, before anything is compiled;
            with --parameters=model=FILE it localizes cleanly; an archive
            missing a key, or with a short entry, exits 7 naming it
  sign      difftest run of the lowered program with --parameters, and of
            the .onnx with the import's archive, under the planted fault:
            each mismatch bundle records the archive; `difftest localize
            BUNDLE` names dispatch 3 with the bundle's archive; difftest
            sign localizes both bundles to the same dispatch signature

  export    difftest export of the lowered program: without --parameters
            exit 7 and no batch; with them the archive is copied into the
            batch and named in each case of manifest.json, the batch moved
            elsewhere (the original archive gone) replays on llvm-cpu with
            every case passing; exported under the planted fault, the
            imported mismatch bundle carries the archive and its repro.sh
            runs

usage: params_flow_test.py DIFFTEST PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "params"))
from fakeiree import check, failures, real_tools, run  # noqa: E402
import irpa  # noqa: E402

EXT = ["--import-flag=--externalize-params",
       "--import-flag=--num-elements-threshold=0"]
FAULT = "_dispatch_3:arith.addf:arith.subf"

# With PLANT=SUFFIX:OLD:NEW, a compile for a target goes through the flow
# phase (the real compiler), and the flow.executable whose name ends in
# SUFFIX has OLD replaced by NEW before the real compiler finishes it. A
# program without that executable (a dispatch alone) compiles as it is.
FAKE_COMPILE = r'''#!/usr/bin/env python3
import os, re, subprocess, sys, tempfile
REAL = %(real)r
args = sys.argv[1:]
fault = os.environ.get("PLANT")
if not fault or any(a.startswith(("--compile-to=", "--help", "--version"))
                    for a in args):
    os.execv(REAL, [REAL] + args)
exe, old, new = fault.split(":")
out = args[args.index("-o") + 1]
rest = [a for i, a in enumerate(args)
        if a != "-o" and (i == 0 or args[i - 1] != "-o")]
src = next(a for a in rest if not a.startswith("-"))
flags = [a for a in rest if a not in (src, "--compile-from=flow")]
with tempfile.TemporaryDirectory() as d:
    flow = os.path.join(d, "flow.mlir")
    if "--compile-from=flow" in args:
        text = open(src).read()
    else:
        rc = subprocess.run([REAL, src, "--compile-to=flow", "-o", flow] +
                            flags).returncode
        if rc:
            sys.exit(rc)
        text = open(flow).read()
    m = re.search(r"flow\.executable private @\S*%%s \{" %% re.escape(exe),
                  text)
    if m:
        end = text.find("flow.executable private @", m.start() + 1)
        end = len(text) if end < 0 else end
        text = (text[:m.start()] + text[m.start():end].replace(old, new) +
                text[end:])
    open(flow, "w").write(text)
    sys.exit(subprocess.run([REAL, flow, "--compile-from=flow", "-o", out] +
                            flags).returncode)
'''


def report(out):
    with open(os.path.join(out, "localize.json")) as f:
        return json.load(f)


def verdicts(rep):
    return {d["ordinal"]: d["verdict"] for d in rep["dispatches"]}


def export_cases(dt, work, lowered, weights, real_run, fake, planted):
    batch = os.path.join(work, "batch-none")
    rc, text = run([dt, "export", lowered, "--function=mlp",
                    "--target=llvm-cpu", "--out=" + batch])
    check(rc == 7 and '"model"::"w0"' in text and
          not os.path.exists(os.path.join(batch, "manifest.json")),
          "export: without the archive exit 7 naming w0, no batch (%d)\n%s"
          % (rc, text[-1500:]))
    # The archive exported from a copy that is then removed: the batch
    # must hold its own.
    temp = os.path.join(work, "temp-weights.irpa")
    shutil.copyfile(weights, temp)
    batch = os.path.join(work, "batch")
    rc, text = run([dt, "export", lowered, "--function=mlp", "--seeds=2",
                    "--target=llvm-cpu", "--with-tools", "--out=" + batch,
                    "--parameters=model=" + temp], timeout=300)
    os.remove(temp)
    if not check(rc == 0 and "2 cases" in text,
                 "export: 2 cases with the archive (%d)\n%s" %
                 (rc, text[-1500:])):
        return
    man = json.load(open(os.path.join(batch, "manifest.json")))
    params = [c.get("parameters") for c in man["cases"]]
    check(params == [["model=params/model.temp-weights.irpa"]] * 2,
          "export: every case names the batch's copy: %s" % params)
    copy = os.path.join(batch, "params", "model.temp-weights.irpa")
    check(os.path.exists(copy) and
          open(copy, "rb").read() == open(weights, "rb").read(),
          "export: the archive is copied into the batch")
    moved = os.path.join(work, "elsewhere", "batch")
    os.makedirs(os.path.dirname(moved))
    shutil.move(batch, moved)
    rc, text = run([os.path.join(moved, "bin", "difftest-replay"), moved],
                   timeout=300)
    check(rc == 0 and "pass 2" in text,
          "export: the moved batch replays, every case passes (%d)\n%s" %
          (rc, text[-1500:]))
    # Under the planted fault: the imported bundle carries the archive.
    batch = os.path.join(work, "batch-planted")
    rc, text = run([dt, "export", lowered, "--function=mlp",
                    "--target=llvm-cpu", "--out=" + batch,
                    "--iree-dir=" + fake, "--parameters=model=" + weights],
                   timeout=300, env=planted)
    rc2, text2 = run([os.path.join(os.path.dirname(dt), "difftest-replay"),
                      batch, "--iree-run-module=" + real_run], timeout=300)
    rc3, text3 = run([dt, "import", batch], timeout=300)
    bdir = os.path.join(batch, "bundles")
    names = os.listdir(bdir) if os.path.isdir(bdir) else []
    if not check(rc == 0 and "mismatch" in text2 and rc3 == 1 and names,
                 "export: the planted fault is a mismatch with a bundle "
                 "(%d %d %d)\n%s" % (rc, rc2, rc3, text3[-1500:])):
        return
    b = os.path.join(bdir, names[0])
    repro = open(os.path.join(b, "repro.sh")).read()
    check(os.path.exists(os.path.join(b, "params", "model.weights.irpa")) and
          os.path.exists(os.path.join(b, "parameters.json")) and
          "--parameters=model=params/model.weights.irpa" in repro,
          "export: the bundle holds the archive and repro.sh gives it")
    r = subprocess.run(["sh", os.path.join(b, "repro.sh")],
                       env=dict(os.environ, IREE_RUN_MODULE=real_run),
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0,
          "export: the bundle's repro.sh runs (%d)\n%s" %
          (r.returncode, r.stderr[-1500:]))


def main():
    dt, root, work = map(os.path.abspath, sys.argv[1:4])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    os.environ.pop("DIFFTEST_IREE_IMPORT_ONNX", None)
    os.environ.pop("PLANT", None)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    model = os.path.join(work, "mlp.onnx")
    subprocess.check_call([os.path.join(root, ".venv", "bin", "python"),
                           os.path.join(HERE, "localize", "make_mlp_onnx.py"),
                           model])
    fake = os.path.join(work, "fake")
    os.makedirs(fake)
    with open(os.path.join(fake, "iree-compile"), "w") as f:
        f.write(FAKE_COMPILE % {"real": real_compile})
    os.chmod(os.path.join(fake, "iree-compile"), 0o755)
    os.symlink(real_run, os.path.join(fake, "iree-run-module"))
    planted = dict(os.environ, PLANT=FAULT)

    def localize(name, args, env=None):
        out = os.path.join(work, name)
        rc, text = run([dt, "localize", "--target=llvm-cpu",
                        "--out=" + out] + args, timeout=300, env=env)
        return rc, text, out

    # --- clean: the .onnx with its weights externalized, real tools.
    rc, text, out = localize("clean", [model] + EXT)
    if not check(rc == 0 and "no dispatch is wrong" in text,
                 "clean: the externalized MLP localizes cleanly (%d)\n%s" %
                 (rc, text[-2000:])):
        return 1
    rep = report(out)
    wdir = os.path.join(out, "work")
    check(len(rep["dispatches"]) >= 4 and
          set(verdicts(rep).values()) == {"pass"},
          "clean: every dispatch passes: %s" % verdicts(rep))
    rec = json.load(open(os.path.join(wdir, "parameters.json")))["parameters"]
    check(len(rec) == 1 and rec[0]["scope"] == "model",
          "clean: the import's archive is recorded: %s" % rec)
    archive = os.path.join(wdir, rec[0]["path"])
    entries = irpa.read(open(archive, "rb").read())
    check(sorted(entries) == sorted(["w%d" % i for i in range(4)] +
                                    ["b%d" % i for i in range(4)]),
          "clean: the archive holds every weight: %s" % sorted(entries))
    program = open(os.path.join(wdir, "program.mlir")).read()
    check('#stream.parameter.named<"model"::"w0">' in program,
          "clean: the program reads w0 from the archive")
    runlog = open(os.path.join(wdir, "logs", "run-traced.log")).read()
    check("--parameters=model=" in runlog.splitlines()[0],
          "clean: iree-run-module got the archive: " + runlog.splitlines()[0])
    # Dispatch 0 (x @ w0 + b0) was fed w0 and b0: the archive's bytes.
    man = json.load(open(os.path.join(wdir, "manifest.json")))
    fed = []
    for k in man["dispatches"][0]["operands"]:
        if k >= 0:
            fed.append(np.load(os.path.join(
                wdir, "trace", "out%d.npy" % (man["results"] + k))).tobytes())
    check(entries["w0"] in fed and entries["b0"] in fed,
          "clean: dispatch 0 was fed w0 and b0 as the archive holds them")

    # --- planted: dispatch 3 miscompiled, the weights external.
    rc, text, out = localize("planted", [model, "--iree-dir=" + fake] + EXT,
                             env=planted)
    ok = rc == 1 and os.path.exists(os.path.join(out, "localize.json"))
    if check(ok, "planted: exit 1 with a report (%d)\n%s" % (rc, text[-2000:])):
        rep = report(out)
        v = verdicts(rep)
        check(rep["guilty"] == 3 and v[3] == "wrong",
              "planted: dispatch 3 is named: %s" % rep["summary"])
        check(all(v[i] == "pass" for i in range(3)) and v[4] == "inherits",
              "planted: 0..2 pass, the softmax only inherits: %s" % v)
        bundle = rep["bundle"]
        ins = [np.load(os.path.join(bundle, "inputs", n)).tobytes()
               for n in sorted(os.listdir(os.path.join(bundle, "inputs")))]
        check(entries["w3"] in ins and entries["b3"] in ins,
              "planted: the guilty bundle's inputs hold w3 and b3 as the "
              "archive has them")

    # --- missing: the lowered program, with and without the archive.
    lowered = os.path.join(work, "mlp.input.mlir")
    shutil.copyfile(os.path.join(wdir, "model.input.mlir"), lowered)
    mine = os.path.join(work, "weights.irpa")
    shutil.copyfile(archive, mine)
    rc, text, out = localize("missing", [lowered, "--function=mlp"])
    check(rc == 7 and '"model"::"w0"' in text and
          "--parameters=model=" in text and
          not os.path.exists(os.path.join(out, "work", "flow.mlir")),
          "missing: no archive: exit 7 naming the parameter and the flag, "
          "nothing compiled (%d)\n%s" % (rc, text[-1500:]))
    rc, text, out = localize("notbundle", [work])
    check(rc == 2 and "not a repro bundle" in text,
          "notbundle: a directory that is no bundle: exit 2 (%d)\n%s" %
          (rc, text[-1500:]))
    rc, text, out = localize("given", [lowered, "--function=mlp",
                                       "--parameters=model=" + mine])
    check(rc == 0 and "no dispatch is wrong" in text,
          "given: --parameters=model=FILE localizes the lowered program "
          "cleanly (%d)\n%s" % (rc, text[-1500:]))
    nokey = os.path.join(work, "nokey.irpa")
    with open(nokey, "wb") as f:
        f.write(irpa.build([(k, b) for k, b in entries.items()
                            if k != "w2"]))
    rc, text, out = localize("nokey", [lowered, "--function=mlp",
                                       "--parameters=model=" + nokey])
    check(rc == 7 and 'no entry "w2"' in text,
          "nokey: an archive without w2: exit 7 naming it (%d)\n%s" %
          (rc, text[-1500:]))
    short = os.path.join(work, "short.irpa")
    with open(short, "wb") as f:
        f.write(irpa.build([(k, b[:-4] if k == "w1" else b)
                            for k, b in entries.items()]))
    rc, text, out = localize("short", [lowered, "--function=mlp",
                                       "--parameters=model=" + short])
    check(rc == 7 and '"w1"' in text and "holds 4092 bytes" in text,
          "short: a short w1: exit 7 naming it (%d)\n%s" % (rc, text[-1500:]))

    # --- sign: mismatch bundles that carry the archive.
    sigs = []
    for name, args in (("lowered", [lowered, "--function=mlp",
                                    "--parameters=model=" + mine]),
                       ("onnx", [model] + EXT)):
        out = os.path.join(work, "run-" + name)
        rc, text = run([dt, "run", "--target=llvm-cpu", "--iree-dir=" + fake,
                        "--out=" + out] + args, timeout=300, env=planted)
        bundles = os.path.join(out, "bundles")
        names = os.listdir(bundles) if os.path.isdir(bundles) else []
        if not check(rc == 1 and len(names) == 1,
                     "sign/%s: difftest run finds the planted mismatch (%d)"
                     "\n%s" % (name, rc, text[-1500:])):
            continue
        bundle = os.path.join(bundles, names[0])
        check(os.path.exists(os.path.join(bundle, "parameters.json")),
              "sign/%s: the bundle records the archive" % name)
        if name == "lowered":
            # localize takes the bundle itself: program, function, target,
            # inputs and the archive from parameters.json.
            rc, text, lout = localize("bundle", [bundle, "--iree-dir=" + fake],
                                      env=planted)
            ok = rc == 1 and os.path.exists(os.path.join(lout,
                                                         "localize.json"))
            check(ok and report(lout)["guilty"] == 3 and
                  "--parameters=model=" in open(os.path.join(
                      lout, "work", "logs",
                      "run-traced.log")).readline(),
                  "localize BUNDLE: dispatch 3 named with the bundle's "
                  "archive (%d)\n%s" % (rc, text[-1500:]))
        sout = os.path.join(work, "sign-" + name)
        rc, text = run([dt, "sign", bundle, "--iree-dir=" + fake,
                        "--out=" + sout], timeout=300, env=planted)
        rows = json.load(open(os.path.join(sout, "signatures.json"))) \
            if os.path.exists(os.path.join(sout, "signatures.json")) else []
        ok = (rc == 0 and len(rows) == 1 and
              rows[0]["signature_source"] == "localize" and
              "_dispatch_3_" in rows[0]["note"])
        check(ok, "sign/%s: signed by localize, dispatch 3 (%d)\n%s" %
              (name, rc, text[-1500:]))
        if ok:
            sigs.append(rows[0]["signature"])
    check(len(sigs) == 2 and sigs[0] == sigs[1],
          "sign: the lowered program and the model sign the same: %s" % sigs)

    export_cases(dt, work, lowered, mine, real_run, fake, planted)

    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
