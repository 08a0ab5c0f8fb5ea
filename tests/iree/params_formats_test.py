"""safetensors and GGUF parameter files (ctest iree_params_formats;
docs/frontends.md, "Parameter files"), with the real IREE 3.13 wheels.
The weights are written by each format's own writer (params/make_formats.py:
safetensors.numpy.save_file and gguf-py's GGUFWriter); the expected values
are numpy's.

  golden     ref-run on params/formats.mlir with --parameters=model=FILE for
             a .safetensors and a .gguf file (f32, f16 and a Q8_0 tensor
             read as its 68 bytes) equals numpy, and so does
             iree-run-module on the same files
  bad        files ref-run refuses with exit 7 and a message naming what is
             wrong, each checked against iree-run-module: a GGUF tensor of
             a type IREE 3.13 does not take (both refuse the file), one IREE
             sizes differently from GGUF (IQ2_XXS as I8: ref-run refuses the
             entry), an entry shorter than the value (both refuse), a
             safetensors entry whose dtype and shape contradict its bytes
             (the safetensors library refuses it, IREE reads it: ref-run
             refuses), an extension IREE does not read (both refuse), a
             GGUF tensor of the removed type 4 (iree-run-module dies of
             SIGFPE: a known IREE 3.13 bug, checked so its fix shows)
  run        difftest run --parameters=model=FILE against llvm-cpu for both
             formats; a file both refuse stops difftest with exit 7 before
             compiling
  bundle     a planted mismatch: the bundle keeps the file under its own
             extension (params/model.w.safetensors), repro.sh passes it to
             iree-run-module and names it in the golden's command and
             reruns with the real IREE; triage reproduces the failure
  replay     corpus cases whose "parameters" name a .safetensors and a
             .gguf file reproduce their goldens and pass on llvm-cpu

usage: params_formats_test.py DIFFTEST REF_RUN PROJECT_ROOT WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fakeiree import check, failures, fake_tools, real_tools, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "params", "formats.mlir")


def main():
    dt, ref, root, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    d = os.path.join(work, "files")
    subprocess.check_call([os.path.join(root, ".venv", "bin", "python"),
                           os.path.join(HERE, "params", "make_formats.py"), d])
    f = lambda name: os.path.join(d, name)  # noqa: E731
    x = f("x.npy")
    expected = [np.load(f("expected%d.npy" % i)) for i in range(3)]
    outs = [os.path.join(work, "out%d.npy" % i) for i in range(3)]
    out_flags = ["--output=@" + o for o in outs]

    def same(what):
        got = [np.load(o) for o in outs]
        ok = all(g.dtype == e.dtype and np.array_equal(g, e)
                 for g, e in zip(got, expected))
        return check(ok, what + ("" if ok else "\n%s\n%s" % (got, expected)))

    # --- Goldens: ref-run and iree-run-module on each writer's file.
    vmfb = os.path.join(work, "formats.vmfb")
    subprocess.check_call([real_compile, PROGRAM, "-o", vmfb,
                           "--iree-hal-target-device=local",
                           "--iree-hal-local-target-device-backends=llvm-cpu",
                           "--iree-llvmcpu-target-cpu=generic"],
                          stderr=subprocess.DEVNULL)

    def iree(name):
        return run([real_run, "--module=" + vmfb, "--device=local-task",
                    "--input=@" + x, "--parameters=model=" + f(name)] +
                   out_flags)

    for name in ("w.safetensors", "w.gguf"):
        for o in outs:
            if os.path.exists(o):
                os.remove(o)
        rc, text = run([ref, PROGRAM, "--function=main", "--input=@" + x,
                        "--parameters=model=" + f(name)] + out_flags)
        if check(rc == 0, "ref-run with %s (exit %d)\n%s" %
                 (name, rc, text[-800:])):
            same("ref-run with %s equals numpy" % name)
        rc, text = iree(name)
        if check(rc == 0, "iree-run-module 3.13 reads %s (exit %d)\n%s" %
                 (name, rc, text[-800:])):
            same("iree-run-module with %s equals numpy" % name)

    # --- Bad files: exit 7 naming the problem; what IREE does with each.
    shutil.copy(f("w.safetensors"), f("w.bin"))
    cases = [  # file, ref-run's message, whether iree-run-module refuses
        ("i32.gguf", "ggml type I32 (26), which IREE 3.13's runtime does "
         "not take", "GGML tensor type 26 not supported"),
        ("iq2.gguf", 'parameter "q" of %s (GGML IQ2_XXS, ne [256, 1]): '
         "ggml type 16: GGUF's IQ2_XXS (66 bytes here), which IREE 3.13's "
         "runtime reads as I8 (256 bytes" % f("iq2.gguf"), None),
        ("short.safetensors", 'parameter "w" of %s (F32 [2, 4]) holds 32 '
         "bytes; the program reads it as tensor<3x4xf32> (48 bytes)" %
         f("short.safetensors"), "OUT_OF_RANGE"),
        ("contra.safetensors", "the header says F32 [4, 4], which is 64 "
         "bytes, but data_offsets give 48 bytes", None),
        ("w.bin", "takes .irpa, .safetensors and .gguf",
         "unsupported file format `bin`"),
    ]
    for name, want, iree_error in cases:
        rc, text = run([ref, PROGRAM, "--function=main", "--input=@" + x,
                        "--parameters=model=" + f(name)])
        check(rc == 7 and want in text and "Traceback" not in text,
              "ref-run %s: exit 7, %r (exit %d)\n%s" %
              (name, want, rc, text[-800:]))
        rc, text = iree(name)
        if iree_error:
            check(rc != 0 and iree_error in text,
                  "iree-run-module refuses %s too: %r\n%s" %
                  (name, iree_error, text[-600:]))
        else:
            # The decisions of docs/frontends.md: IREE reads these.
            check(rc == 0, "iree-run-module 3.13 reads %s (ref-run's "
                  "refusal is a documented decision)\n%s" %
                  (name, text[-600:]))

    # A known IREE 3.13 bug: a GGUF tensor of the removed ggml type 4 makes
    # iree-run-module divide by zero (SIGFPE). ref-run refuses the file.
    rc, text = run([ref, PROGRAM, "--function=main", "--input=@" + x,
                    "--parameters=model=" + f("t4.gguf")])
    check(rc == 7 and "divides by zero" in text,
          "ref-run t4.gguf: exit 7, the removed type 4\n" + text[-600:])
    rc, text = iree("t4.gguf")
    check(rc == -8, "iree-run-module 3.13 dies of SIGFPE on a GGUF tensor of "
          "type 4 (exit %d; if it no longer does, IREE may have fixed it: "
          "update docs/frontends.md and GgufArchive.cpp)\n%s" %
          (rc, text[-600:]))

    # --- difftest run against llvm-cpu.
    for name in ("w.safetensors", "w.gguf"):
        rc, text = run([dt, "run", PROGRAM, "--function=main",
                        "--input=@" + x, "--parameters=model=" + f(name),
                        "--target=llvm-cpu",
                        "--out=" + os.path.join(work, "run-" + name)])
        check(rc == 0 and "llvm-cpu: pass" in text,
              "difftest run --parameters=model=%s: llvm-cpu passes\n%s" %
              (name, text[-1500:]))
    rc, text = run([dt, "run", PROGRAM, "--function=main", "--input=@" + x,
                    "--parameters=model=" + f("i32.gguf"), "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "run-i32")])
    check(rc == 7 and "does not take" in text and "llvm-cpu" not in text,
          "difftest run with a GGUF file IREE refuses: exit 7 before "
          "compiling\n" + text[-1500:])

    # --- A planted mismatch: the bundle, repro.sh, triage.
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as fh:
        fh.write("import sys, numpy as np\na = np.load(sys.argv[1])\n"
                 "a.flat[0] = a.flat[0] + 7\nnp.save(sys.argv[1], a)\n")
    first_out = ('out=""\nfor a in "$@"; do case "$a" in --output=@*) '
                 '[ -z "$out" ] && out="${a#--output=@}";; esac; done\n')
    flip = fake_tools(os.path.join(work, "tools-flip"), None,
                      first_out + '"%s" "$@" || exit $?\n'
                      '/usr/bin/python3 %s "$out"\n' % (real_run, flip_py),
                      real_compile, real_run)
    for name in ("w.safetensors", "w.gguf"):
        out = os.path.join(work, "flip-" + name)
        rc, text = run([dt, "run", PROGRAM, "--function=main",
                        "--input=@" + x, "--parameters=model=" + f(name),
                        "--target=llvm-cpu", "--iree-dir=" + flip,
                        "--out=" + out])
        bdir = os.path.join(out, "bundles")
        bundles = [os.path.join(bdir, b) for b in sorted(os.listdir(bdir))] \
            if os.path.isdir(bdir) else []
        if not check(rc == 1 and "mismatch" in text and len(bundles) == 1,
                     "%s: the planted mismatch is found\n%s" %
                     (name, text[-1500:])):
            continue
        bd = bundles[0]
        p = json.load(open(os.path.join(bd, "parameters.json")))[
            "parameters"][0]
        kept = "params/model." + name
        check(p["copied"] and p["path"] == kept and
              open(os.path.join(bd, kept), "rb").read() ==
              open(f(name), "rb").read(),
              "the bundle keeps %s under its extension: %s" % (name, p))
        repro = open(os.path.join(bd, "repro.sh")).read()
        check(repro.count("--parameters=model=" + kept) == 2,
              "repro.sh passes %s to iree-run-module and names it in the "
              "golden's command\n%s" % (kept, repro))
        env = dict(os.environ, IREE_COMPILE=real_compile,
                   IREE_RUN_MODULE=real_run)
        r = subprocess.run(["sh", os.path.join(bd, "repro.sh")], env=env,
                           capture_output=True, text=True)
        check(r.returncode == 0,
              "repro.sh with %s reruns with the real IREE\n%s%s" %
              (name, r.stdout[-800:], r.stderr[-800:]))
        rc, text = run([dt, "triage", bd, "--iree-dir=" + flip])
        tj = json.load(open(os.path.join(bd, "triage.json"))) \
            if os.path.exists(os.path.join(bd, "triage.json")) else {}
        check(rc == 0 and tj.get("reproduces") is True,
              "triage re-runs the bundle with %s: the failure reproduces\n%s"
              % (name, text[-1500:]))

    # --- replay: corpus cases with a .safetensors and a .gguf file.
    corpus = os.path.join(work, "corpus")
    xa = np.load(x)
    tl = lambda p, a: {"path": p, "dtype": {  # noqa: E731
        "float32": "f32", "float16": "f16", "int8": "i8"}[str(a.dtype)],
        "shape": list(a.shape)}
    for name in ("w.safetensors", "w.gguf"):
        case = os.path.join(corpus, name.replace(".", "_"))
        os.makedirs(os.path.join(case, "inputs"))
        os.makedirs(os.path.join(case, "golden"))
        shutil.copy(PROGRAM, os.path.join(case, "program.mlir"))
        shutil.copy(f(name), case)
        np.save(os.path.join(case, "inputs", "in0.npy"), xa)
        for i, e in enumerate(expected):
            np.save(os.path.join(case, "golden", "out%d.npy" % i), e)
        with open(os.path.join(case, "case.json"), "w") as fh:
            json.dump({"function": "main",
                       "description": "weights from a %s file" % name,
                       "inputs": [tl("inputs/in0.npy", xa)],
                       "outputs": [tl("golden/out%d.npy" % i, e)
                                   for i, e in enumerate(expected)],
                       "parameters": ["model=" + name],
                       "expect": {"llvm-cpu": "pass"}}, fh)
    rc, text = run([dt, "replay", corpus, "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay")])
    check(rc == 0 and text.count("ok: llvm-cpu: pass") == 2 and
          text.count("reproduces the goldens bit for bit") == 2,
          "replay: both cases reproduce their goldens and pass on "
          "llvm-cpu\n" + text[-1500:])

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
