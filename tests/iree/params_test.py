"""Models with external weights (ctest iree_params; docs/frontends.md,
"External weights"), with the real IREE 3.13 wheels and fake tools around
them that plant a miscompile:

  golden     an ONNX model built with onnx.helper (params/make_model.py),
             saved in ONNX's external-data format, and imported with
             --externalize-params: ref-run's output equals
             onnx.reference.ReferenceEvaluator's, and so does ref-run on the
             lowered program with an archive this test writes itself
             (params/irpa.py, from the format's definition)
  bad        archives ref-run refuses with exit 7 and a message naming what
             is wrong (none given, a missing file, a missing key, a short or
             long entry, a corrupt header); iree-run-module refuses the
             same missing and short ones
  run        difftest run on the model: ref-run golden vs llvm-cpu, with the
             archive passed to both; --parameters for a lowered program
  bundle     a planted mismatch: the bundle keeps the model, its external
             data and the archive (parameters.json), repro.sh passes
             --parameters and reruns from the model alone; triage re-runs
             it; an archive over the copy limit is named by path and sha256
             and a changed one is refused
  replay     corpus cases: the model imported with --externalize-params
             (case.json "import_flags"), the lowered program with an
             archive of the case ("parameters"); a changed golden is caught
  triage     difftest triage of the .onnx file itself, over two "releases":
             one whose importer fails on the model ("import fails in ...",
             not "fixed") and the planted one; of a StableHLO file over a
             release whose lowering fails ("not fixed")

usage: params_test.py DIFFTEST REF_RUN PROJECT_ROOT WORK_DIR
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "params"))
from fakeiree import check, failures, fake_tools, real_tools, run, write_tool  # noqa: E402
import irpa  # noqa: E402

EXT = ["--import-flag=--externalize-params",
       "--import-flag=--num-elements-threshold=0"]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    dt, ref, root, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    real_import = os.path.join(root, ".venv", "bin", "iree-import-onnx")
    os.environ.pop("DIFFTEST_IREE_IMPORT_ONNX", None)
    shutil.rmtree(work, ignore_errors=True)
    models = os.path.join(work, "models")
    subprocess.check_call([os.path.join(root, ".venv", "bin", "python"),
                           os.path.join(os.path.dirname(__file__), "params",
                                        "make_model.py"), models])
    ext = os.path.join(models, "ext.onnx")
    dense = os.path.join(models, "dense.onnx")
    x = os.path.join(models, "x.npy")
    expected = np.load(os.path.join(models, "expected.npy"))
    outp = os.path.join(work, "out.npy")

    def golden_ok(argv, what):
        if os.path.exists(outp):
            os.remove(outp)
        rc, text = run([ref] + argv + ["--input=@" + x, "--output=@" + outp])
        ok = rc == 0 and np.array_equal(np.load(outp), expected)
        check(ok, what + " (exit %d)\n%s" % (rc, text[-1500:]))

    # --- Goldens against ONNX's reference evaluator.
    golden_ok([ext], "ext.onnx (ONNX external data) as ReferenceEvaluator")
    low = os.path.join(work, "lowered")
    golden_ok([dense, "--lowered-dir=" + low] + EXT,
              "dense.onnx imported with --externalize-params as "
              "ReferenceEvaluator")
    rec = json.load(open(os.path.join(low, "frontend", "lowering.json")))
    check(rec.get("parameters") == [{"scope": "model",
                                     "path": "frontend/dense.torch_params.irpa"}],
          "the lowering records the archive the import wrote: %s" %
          rec.get("parameters"))
    golden_ok([ext] + EXT, "ext.onnx with --externalize-params too")
    program = os.path.join(low, "program.mlir")
    text = open(program).read()
    check('#stream.parameter.named<"model"::"W">' in text,
          "the lowered program reads W from the archive")
    W = np.load(os.path.join(models, "W.npy"))
    B = np.load(os.path.join(models, "B.npy"))
    S = np.array([2.0], np.float32)
    ents = [("W", W.tobytes()), ("B", B.tobytes()), ("S", S.tobytes())]
    arch = {}

    def archive(name, entries):
        p = os.path.join(work, name + ".irpa")
        with open(p, "wb") as f:
            f.write(entries if isinstance(entries, bytes) else
                    irpa.build(entries))
        arch[name] = p
        return p

    good = archive("good", ents)
    golden_ok([program, "--function=model", "--parameters=model=" + good],
              "the lowered program with an archive written by this test")
    check(irpa.read(open(os.path.join(low, "frontend",
                                      "dense.torch_params.irpa"),
                         "rb").read())["W"] == W.tobytes(),
          "the importer's archive holds W as this test's reader reads it")

    # --- Bad archives: exit 7, the message names the problem.
    archive("nokey", ents[:2])
    archive("short", [("W", W.tobytes()[:40])] + ents[1:])
    archive("long", [("W", W.tobytes() + b"\0\0\0\0")] + ents[1:])
    raw = irpa.build(ents)
    archive("magic", b"XRPA" + raw[4:])
    archive("truncated", raw[:120])
    archive("version", raw[:4] + b"\x02\x00" + raw[6:])
    cases = [
        ([], 'no archive was given for scope "model"'),
        (["--parameters=model=" + os.path.join(work, "none.irpa")],
         "No such file or directory"),
        (["--parameters=model=" + arch["nokey"]], 'no entry "S" in scope'),
        (["--parameters=model=" + arch["short"]], "OUT_OF_RANGE"),
        (["--parameters=model=" + arch["long"]], "would read its first 48"),
        (["--parameters=model=" + arch["magic"]], "no 'IRPA' magic"),
        (["--parameters=model=" + arch["truncated"]], "is not inside the file"),
        (["--parameters=model=" + arch["version"]], "version 2.0"),
        (["--parameters=" + good], "archives were given for (no scope)"),
    ]
    for flags, want in cases:
        rc, text = run([ref, program, "--function=model", "--input=@" + x] +
                       flags)
        check(rc == 7 and want in text and "Traceback" not in text,
              "ref-run %s: exit 7, %r (exit %d)\n%s" %
              (" ".join(flags) or "(no --parameters)", want, rc, text[-800:]))

    # iree-run-module on the same archives: the good one gives the same
    # values; the missing key and the short entry fail there too.
    vmfb = os.path.join(work, "low.vmfb")
    subprocess.check_call([real_compile, program, "-o", vmfb,
                           "--iree-hal-target-device=local",
                           "--iree-hal-local-target-device-backends=llvm-cpu",
                           "--iree-llvmcpu-target-cpu=generic"],
                          stderr=subprocess.DEVNULL)
    for name, want_ok in (("good", True), ("nokey", False), ("short", False)):
        r = subprocess.run([real_run, "--module=" + vmfb, "--device=local-task",
                            "--input=@" + x, "--output=@" + outp,
                            "--parameters=model=" + arch[name]],
                           capture_output=True, text=True)
        ok = (r.returncode == 0) == want_ok
        if want_ok and ok:
            ok = np.array_equal(np.load(outp), expected)
        check(ok, "iree-run-module with the %s archive: %s as ref-run\n%s" %
              (name, "runs" if want_ok else "fails", r.stderr[-500:]))

    # --- difftest run, end to end on llvm-cpu.
    out = os.path.join(work, "run")
    rc, text = run([dt, "run", ext, "--input=@" + x, "--out=" + out] + EXT)
    check(rc == 0 and "llvm-cpu: pass" in text and
          "model=frontend/ext.torch_params.irpa" in text,
          "difftest run ext.onnx --externalize-params: llvm-cpu passes\n" +
          text[-1500:])
    rc, text = run([dt, "run", program, "--function=model", "--input=@" + x,
                    "--parameters=model=" + good, "--out=" + out])
    check(rc == 0 and "llvm-cpu: pass" in text,
          "difftest run on the lowered program --parameters: passes\n" +
          text[-1500:])
    rc, text = run([dt, "run", program, "--function=model", "--input=@" + x,
                    "--parameters=model=" + arch["nokey"], "--out=" + out])
    check(rc == 7 and 'no entry "S"' in text,
          "difftest run with an archive lacking a key: exit 7\n" +
          text[-1500:])
    rc, text = run([dt, "run", program, "--function=model", "--input=@" + x,
                    "--parameters=model=" + arch["magic"], "--out=" + out])
    check(rc == 7 and "no 'IRPA' magic" in text,
          "difftest run with a corrupt archive: exit 7\n" + text[-1500:])

    # --- A planted mismatch: the bundle, repro.sh, triage.
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as f:
        f.write("import sys, numpy as np\na = np.load(sys.argv[1])\n"
                "a.flat[0] = a.flat[0] + 7\nnp.save(sys.argv[1], a)\n")
    first_out = ('out=""\nfor a in "$@"; do case "$a" in --output=@*) '
                 '[ -z "$out" ] && out="${a#--output=@}";; esac; done\n')
    flip = fake_tools(os.path.join(work, "tools-flip"), None,
                      first_out + '"%s" "$@" || exit $?\n'
                      '/usr/bin/python3 %s "$out"\n' % (real_run, flip_py),
                      real_compile, real_run)
    write_tool(os.path.join(flip, "iree-import-onnx"),
               'exec "%s" "$@"\n' % real_import)
    out = os.path.join(work, "flip")
    rc, text = run([dt, "run", ext, "--input=@" + x, "--iree-dir=" + flip,
                    "--out=" + out] + EXT)
    bundles = sorted(os.path.join(out, "bundles", b)
                     for b in os.listdir(os.path.join(out, "bundles"))) \
        if os.path.isdir(os.path.join(out, "bundles")) else []
    check(rc == 1 and "mismatch" in text and len(bundles) == 1,
          "the planted mismatch is found\n" + text[-1500:])
    if bundles:
        bd = bundles[0]
        params = json.load(open(os.path.join(bd, "parameters.json")))
        p = params["parameters"][0]
        check(p["copied"] and p["scope"] == "model" and
              p["sha256"] == sha256(os.path.join(bd, p["path"])),
              "the bundle keeps the archive with its sha256: %s" % p)
        check(os.path.exists(os.path.join(bd, "frontend", "ext.data")),
              "the bundle keeps the model's external data")
        repro = open(os.path.join(bd, "repro.sh")).read()
        check(repro.count("--parameters=model=frontend/ext.torch_params.irpa")
              == 2, "repro.sh passes the archive to iree-run-module and "
              "names it in the golden's command\n" + repro)
        env = dict(os.environ, IREE_COMPILE=real_compile,
                   IREE_RUN_MODULE=real_run, IREE_IMPORT_ONNX=real_import)
        os.remove(os.path.join(bd, "program.mlir"))
        os.remove(os.path.join(bd, p["path"]))
        r = subprocess.run(["sh", os.path.join(bd, "repro.sh")], env=env,
                           capture_output=True, text=True)
        check(r.returncode == 0 and os.path.exists(
            os.path.join(bd, "program.mlir")),
              "repro.sh reruns from the model alone (import with its "
              "external data, archive, lowering, compile, run) with the "
              "real IREE\n" + r.stdout[-800:] + r.stderr[-800:])
        rc, text = run([dt, "triage", bd, "--iree-dir=" + flip])
        tj = json.load(open(os.path.join(bd, "triage.json"))) \
            if os.path.exists(os.path.join(bd, "triage.json")) else {}
        check(rc == 0 and tj.get("reproduces") is True,
              "triage re-runs the bundle with its archive: the failure "
              "reproduces\n" + text[-1500:])

    # An archive over the copy limit: named by path and sha256.
    out = os.path.join(work, "flip-large")
    env = dict(os.environ, DIFFTEST_COPY_PARAMETERS_MAX="100")
    r = subprocess.run([dt, "run", ext, "--input=@" + x, "--iree-dir=" + flip,
                        "--out=" + out] + EXT, env=env, capture_output=True,
                       text=True)
    bdir = os.path.join(out, "bundles")
    bundles = [os.path.join(bdir, b) for b in os.listdir(bdir)] \
        if os.path.isdir(bdir) else []
    check(r.returncode == 1 and len(bundles) == 1,
          "the planted mismatch, large-archive mode\n" + r.stdout[-800:])
    if bundles:
        bd = bundles[0]
        p = json.load(open(os.path.join(bd, "parameters.json")))[
            "parameters"][0]
        repro = open(os.path.join(bd, "repro.sh")).read()
        check(not p["copied"] and os.path.isabs(p["path"]) and
              p["sha256"] == sha256(p["path"]) and
              not os.path.exists(os.path.join(bd, "frontend",
                                              "ext.torch_params.irpa")) and
              "sha256sum -c" in repro,
              "over the limit: the archive stays where it is, named by path "
              "and sha256, checked by repro.sh: %s" % p)
        with open(p["path"], "r+b") as f:
            f.seek(4096 - 1)
            f.write(b"\x01")
        rc, text = run([dt, "triage", bd, "--iree-dir=" + flip])
        check(rc == 2 and "not the recorded" in text,
              "a changed archive is refused by triage (exit 2)\n" +
              text[-800:])

    # --- replay: corpus cases whose weights are outside the program, their
    # goldens from ReferenceEvaluator: the model with its external data,
    # imported with --externalize-params (case.json "import_flags"), and
    # the lowered program with an archive of the case ("parameters").
    corpus = os.path.join(work, "corpus")
    tl = lambda p, a: {"path": p, "dtype": str(a.dtype).replace("float", "f"),
                       "shape": list(a.shape)}
    xa = np.load(x)
    for name, files, extra in (
            ("model", [ext, os.path.join(models, "ext.data")],
             {"frontend": "ext.onnx", "import_flags": [e.split("=", 1)[1]
                                                        for e in EXT]}),
            ("lowered", [program, good], {"parameters": ["model=good.irpa"]})):
        case = os.path.join(corpus, name)
        os.makedirs(os.path.join(case, "inputs"))
        os.makedirs(os.path.join(case, "golden"))
        for f in files:
            shutil.copy(f, case)
        np.save(os.path.join(case, "inputs", "in0.npy"), xa)
        np.save(os.path.join(case, "golden", "out0.npy"), expected)
        desc = dict({"function": "model",
                     "description": "an ONNX model with external weights",
                     "inputs": [tl("inputs/in0.npy", xa)],
                     "outputs": [tl("golden/out0.npy", expected)],
                     "expect": {"llvm-cpu": "pass"}}, **extra)
        with open(os.path.join(case, "case.json"), "w") as f:
            json.dump(desc, f)
    rc, text = run([dt, "replay", corpus, "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay")])
    check(rc == 0 and text.count("ok: llvm-cpu: pass") == 2 and
          text.count("reproduces the goldens bit for bit") == 2,
          "replay: both cases reproduce their goldens and pass on "
          "llvm-cpu\n" + text[-1500:])
    np.save(os.path.join(corpus, "model", "golden", "out0.npy"), expected + 1)
    rc, text = run([dt, "replay", corpus, "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay2")])
    check(rc == 1 and "GOLDEN DIFFERS" in text,
          "replay: a changed golden of the model case is caught\n" +
          text[-1500:])

    # --- triage of the .onnx file, over a release whose importer fails.
    old = fake_tools(os.path.join(work, "old-import"), None, None,
                     real_compile, real_run)
    write_tool(os.path.join(old, "iree-import-onnx"),
               'echo "Traceback (most recent call last):" >&2\n'
               'echo "  File \\"x.py\\", line 1" >&2\n'
               'echo "ValueError: planted: this importer takes no opset 17" '
               '>&2\nexit 1\n')
    rc, text = run([dt, "triage", ext, "--input=@" + x, "--iree-dir=" + flip,
                    "--no-flags", "--version-dirs=%s,%s" % (old, flip),
                    "--work=" + os.path.join(work, "triage-onnx")] + EXT)
    check(rc == 0 and "import fails in old-import: ValueError: planted" in
          text and "first release whose frontend takes the program" in text
          and "fixed" not in text,
          "triage model.onnx: the old release's import fails, said as such; "
          "the failure shows from the planted release on\n" + text[-2500:])
    # A StableHLO file, over a release whose input conversion fails.
    old_lower = fake_tools(
        os.path.join(work, "old-lower"),
        'for a in "$@"; do [ "$a" = --compile-to=input ] && { echo '
        '"x.mlir:3:8: error: planted: failed to legalize stablehlo.add" >&2; '
        'exit 1; }; done\nexec "%s" "$@"\n' % real_compile, None,
        real_compile, real_run, input_phase=True)
    shlo = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "frontend", "stablehlo_erf.mlir")
    rc, text = run([dt, "triage", shlo, "--input=4xf32=0,0.25,-1.5,3",
                    "--input=4xf32=0.5", "--iree-dir=" + flip, "--no-flags",
                    "--version-dirs=%s,%s" % (flip, old_lower),
                    "--work=" + os.path.join(work, "triage-shlo")])
    check(rc == 0 and "lowering fails in old-lower: x.mlir:3:8: error: "
          "planted" in text and "not fixed: old-lower's frontend cannot "
          "take the program" in text,
          "triage stablehlo.mlir: a newer release whose lowering fails is "
          "not a fix\n" + text[-2500:])
    rc, text = run([dt, "triage", ext, "--input=@" + x, "--no-flags",
                    "--version-dirs=%s,%s" % (old, flip)] + EXT)
    check(rc == 0 and "passes on llvm-cpu with the IREE in use: nothing to "
          "triage" in text, "triage of a model that passes says so\n" +
          text[-800:])

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
