#!/usr/bin/env python3
"""Frontend programs end to end with the real IREE (the project's .venv):

  goldens     ref-run on an ONNX model, a torch-dialect file and a StableHLO
              file with chlo (each lowered by IREE first) against numpy /
              Python's math; a TOSA file is lowered with
              --iree-input-type=tosa
  onnx        difftest run on mlp.onnx with a planted miscompile (fake
              iree-run-module adds 7 to element 0 when the module came
              from a program with a linalg.matmul): a mismatch bundle that
              keeps the model, the lowering commands and a repro.sh that
              redoes them; reduce works on the lowered program (ABI
              wrapper unwrapped) and keeps the model beside the result;
              report --issue shows both
  replay      a corpus case holding the model (case.json "frontend")
  torch       the same for mm.torch.mlir with a planted compile error keyed
              on linalg.matmul (reduced with the bundle's signature)
  bad input   a truncated .onnx and an op the importer rejects (exit 5,
              "import:"), a StableHLO file IREE cannot lower (exit 6,
              "lower:"), a --function the ABI wrapper does not export
              (exit 2, "interpret:"), in ref-run, difftest run and reduce:
              never a bundle

Usage: frontend_test.py DIFFTEST REF_RUN PROJECT_ROOT INPUTS_DIR WORK_DIR
"""
import glob
import json
import math
import os
import shutil
import subprocess
import sys

import numpy as np

from fakeiree import check, failures, fake_tools, real_tools, run


FIND_PROG = ('prog=""\nout=""\nprev=""\nfor a in "$@"; do\n'
             '  case "$a" in *.mlir) [ -f "$a" ] && prog="$a";; esac\n'
             '  [ "$prev" = "-o" ] && out="$a"\n  prev="$a"\ndone\n')


def bundles_in(out):
    return sorted(glob.glob(os.path.join(out, "bundles", "*")))


def main():
    dt, ref, root, inputs, work = map(os.path.abspath, sys.argv[1:6])
    tools = real_tools(root)
    if not tools:
        return 1
    real_compile, real_run = tools
    shutil.rmtree(work, ignore_errors=True)
    models = os.path.join(work, "models")
    subprocess.check_call([os.path.join(root, ".venv", "bin", "python"),
                           os.path.join(inputs, "make_models.py"), models])
    mlp = os.path.join(models, "mlp.onnx")
    torch_prog = os.path.join(inputs, "mm.torch.mlir")

    # --- Goldens of lowered programs against numpy.
    rng = np.random.default_rng(7)
    x = rng.integers(-4, 5, (2, 3)).astype(np.float32)
    w = rng.integers(-4, 5, (3, 4)).astype(np.float32)
    b = rng.integers(-4, 5, (2, 4)).astype(np.float32)
    for name, a in (("x", x), ("w", w), ("b", b)):
        np.save(os.path.join(work, name + ".npy"), a)
    ins = ["--input=@" + os.path.join(work, n + ".npy") for n in "xwb"]
    want = np.maximum(x @ w + b, 0)
    for prog in (mlp, torch_prog):
        outp = os.path.join(work, "out.npy")
        rc, text = run([ref, prog, "--output=@" + outp] + ins)
        ok = rc == 0 and np.array_equal(np.load(outp), want)
        check(ok, "ref-run %s: relu(x @ w + b) as numpy computes it\n%s" %
              (os.path.basename(prog), text[-1500:]))
    vals = [0.0, 0.25, -1.5, 3.0]
    rc, text = run([ref, os.path.join(inputs, "stablehlo_erf.mlir"),
                    "--input=4xf32=" + ",".join(map(str, vals)),
                    "--input=4xf32=0.5", "--output=@" + outp])
    if check(rc == 0, "ref-run on StableHLO with chlo.erf runs\n" + text):
        got = np.load(outp)
        exp = [math.erf(v + 0.5) for v in vals]
        check(np.allclose(got, exp, atol=2e-6),
              "StableHLO erf(a + b) as math.erf computes it: %s vs %s" %
              (got, exp))
    low = os.path.join(work, "tosa-lowering")
    rc, text = run([ref, os.path.join(inputs, "tosa_add.mlir"),
                    "--lowered-dir=" + low, "--input=4xf32=1,2,3,4",
                    "--input=4xf32=0.5"])
    rec = json.load(open(os.path.join(low, "frontend", "lowering.json")))
    check(rec["kind"] == "tosa" and "--iree-input-type=tosa" in
          rec["commands"][0]["argv"] and
          os.path.exists(os.path.join(low, "program.mlir")),
          "TOSA: detected and lowered with --iree-input-type=tosa")
    # The lowered TOSA program keeps its #tosa.target_env (kept as opaque
    # text by the interpreter's dialects) and runs.
    check(rc == 0 and "4xf32=1.5 2.5 3.5 4.5" in text,
          "TOSA: a + b (exit %d)\n%s" % (rc, text))

    # --- ONNX: run, bundle, reduce, report --issue (planted miscompile).
    flip_py = os.path.join(work, "flip.py")
    with open(flip_py, "w") as f:
        f.write("import sys, numpy as np\na = np.load(sys.argv[1])\n"
                "a.flat[0] = a.flat[0] + 7\nnp.save(sys.argv[1], a)\n")
    first_out = ('out=""\nmod=""\nfor a in "$@"; do case "$a" in '
                 '--output=@*) [ -z "$out" ] && out="${a#--output=@}";; '
                 '--module=*) mod="${a#--module=}";; esac; done\n')
    flip = fake_tools(os.path.join(work, "tools-flip"),
        FIND_PROG + 'if grep -q "linalg.matmul" "$prog"; then touch '
        '"$out.flip"; else rm -f "$out.flip"; fi\nexec "%s" "$@"\n' %
        real_compile,
        first_out + '"%s" "$@" || exit $?\n'
        'if [ -f "$mod.flip" ]; then /usr/bin/python3 %s "$out"; fi\n' %
        (real_run, flip_py), real_compile, real_run)
    out = os.path.join(work, "onnx-run")
    rc, text = run([dt, "run", mlp, "--iree-dir=" + flip, "--out=" + out])
    bundles = bundles_in(out)
    check(rc == 1 and "mismatch" in text and len(bundles) == 1,
          "onnx: difftest run finds the planted mismatch\n" + text[-1500:])
    if bundles:
        bd = bundles[0]
        v = json.load(open(os.path.join(bd, "verdict.json")))
        rec = json.load(open(os.path.join(bd, "frontend", "lowering.json")))
        repro = open(os.path.join(bd, "repro.sh")).read()
        check(v["function"] == "mlp" and v["frontend"]["kind"] == "onnx",
              "onnx: the bundle names the graph's function and the frontend")
        check(os.path.exists(os.path.join(bd, "frontend", "mlp.onnx")) and
              [c["stage"] for c in rec["commands"]] == ["import", "lower"],
              "onnx: the bundle keeps the model and both commands")
        check('"$IREE_IMPORT_ONNX" frontend/mlp.onnx -o '
              'frontend/mlp.torch.mlir' in repro and
              '--compile-to=input --iree-input-type=onnx '
              'frontend/mlp.torch.mlir -o program.mlir' in repro,
              "onnx: repro.sh redoes the lowering from the model\n" + repro)
        # repro.sh runs from the original: delete the lowered files first.
        copy = os.path.join(work, "onnx-bundle-copy")
        shutil.copytree(bd, copy)
        os.remove(os.path.join(copy, "program.mlir"))
        os.remove(os.path.join(copy, "frontend", "mlp.torch.mlir"))
        env = dict(os.environ, IREE_COMPILE=os.path.join(flip, "iree-compile"),
                   IREE_RUN_MODULE=os.path.join(flip, "iree-run-module"))
        rc2, text2 = run(["sh", os.path.join(copy, "repro.sh")], env=env)
        check(rc2 == 0 and os.path.exists(os.path.join(copy, "program.mlir"))
              and np.load(os.path.join(copy, "llvm-cpu", "actual",
                                       "out0.npy")).shape == (2, 4),
              "onnx: repro.sh lowers the model again and runs\n" + text2)
        red = os.path.join(work, "onnx-reduced")
        rc, text = run([dt, "reduce", bd, "--iree-dir=" + flip,
                        "--out=" + red, "--time=3m"])
        check(rc == 0 and "reduced the lowered program" in text,
              "onnx: reduce works on the lowered program\n" + text[-1500:])
        if rc == 0:
            r = json.load(open(os.path.join(red, "reduction.json")))
            print("  onnx: ops %d -> %d in %.0f s, %d tests" % (
                r["ops_before"], r["ops_after"], r["seconds"], r["tests"]))
            check(r["frontend"]["abi_unwrapped"] and
                  "linalg.matmul" in r["op_names_after"] and
                  r["ops_after"] < r["ops_before"],
                  "onnx: the ABI wrapper unwrapped, the matmul kept (%s)" %
                  r["op_names_after"])
            rrec = json.load(open(os.path.join(red, "frontend",
                                               "lowering.json")))
            rrepro = open(os.path.join(red, "repro.sh")).read()
            check(rrec["reduced"] and os.path.exists(
                      os.path.join(red, "frontend", "mlp.onnx")) and
                  "IREE_IMPORT_ONNX" not in rrepro,
                  "onnx: the reduced bundle keeps the model, marked reduced, "
                  "and compiles the reduced program as it is")
            rc, text = run([dt, "report", "--issue", red])
            issue = open(os.path.join(red, "issue.md")).read() if rc == 0 \
                else ""
            check("## Original frontend program" in issue and
                  '"onnx.MatMul"' in issue and
                  "iree-import-onnx mlp.onnx -o mlp.torch.mlir" in issue and
                  "worked on the lowered program" in issue and
                  issue.index("linalg.matmul") <
                  issue.index("## Original frontend program"),
                  "onnx: report --issue shows the model's import next to "
                  "the reduced program\n" + text)

    # --- torch: a planted compile error keyed on linalg.matmul.
    broken = fake_tools(os.path.join(work, "tools-matmul-error"),
        FIND_PROG + 'if grep -q "linalg.matmul" "$prog"; then\n'
        '  echo "$prog:1:1: error: planted: cannot lower matmul" >&2; '
        'exit 1\nfi\nexec "%s" "$@"\n' % real_compile,
        None, real_compile, real_run)
    out = os.path.join(work, "torch-run")
    rc, text = run([dt, "run", torch_prog, "--iree-dir=" + broken,
                    "--out=" + out])
    bundles = bundles_in(out)
    check(rc == 1 and "compile-error" in text and len(bundles) == 1,
          "torch: difftest run finds the planted compile error\n" +
          text[-1500:])
    if bundles:
        red = os.path.join(work, "torch-reduced")
        rc, text = run([dt, "reduce", bundles[0], "--iree-dir=" + broken,
                        "--out=" + red, "--time=3m"])
        check(rc == 0, "torch: reduce\n" + text[-1500:])
        if rc == 0:
            r = json.load(open(os.path.join(red, "reduction.json")))
            print("  torch: ops %d -> %d in %.0f s, %d tests" % (
                r["ops_before"], r["ops_after"], r["seconds"], r["tests"]))
            check(r["op_names_after"] == {"linalg.matmul": 1},
                  "torch: the matmul alone remains (%s)" %
                  r["op_names_after"])
            rc, text = run([dt, "report", "--issue", red])
            issue = open(os.path.join(red, "issue.md")).read() if rc == 0 \
                else ""
            check("torch.aten.mm" in issue and
                  "--iree-input-type=torch mm.torch.mlir" in issue,
                  "torch: report --issue shows the torch program and its "
                  "lowering\n" + text)

    # --- replay: a corpus case holding the model instead of program.mlir,
    # its golden from numpy; then the golden flipped must be caught.
    case = os.path.join(work, "corpus", "onnx_mlp")
    os.makedirs(os.path.join(case, "inputs"))
    os.makedirs(os.path.join(case, "golden"))
    shutil.copy(mlp, case)
    for i, a in enumerate((x, w, b)):
        np.save(os.path.join(case, "inputs", "in%d.npy" % i), a)
    np.save(os.path.join(case, "golden", "out0.npy"), want)
    tl = lambda p, s: {"path": p, "dtype": "f32", "shape": list(s)}
    with open(os.path.join(case, "case.json"), "w") as f:
        json.dump({"function": "mlp", "frontend": "mlp.onnx",
                   "description": "relu(x @ w + b), an ONNX model",
                   "inputs": [tl("inputs/in%d.npy" % i, a.shape)
                              for i, a in enumerate((x, w, b))],
                   "outputs": [tl("golden/out0.npy", want.shape)],
                   "expect": {"llvm-cpu": "pass"}}, f)
    rc, text = run([dt, "replay", os.path.join(work, "corpus"),
                    "--target=llvm-cpu", "--out=" + work + "/replay"])
    check(rc == 0, "replay: a frontend case is lowered and replays\n" + text)
    np.save(os.path.join(case, "golden", "out0.npy"), want + 1)
    rc, text = run([dt, "replay", os.path.join(work, "corpus"),
                    "--target=llvm-cpu", "--out=" + work + "/replay2"])
    check(rc == 1 and "GOLDEN DIFFERS" in text,
          "replay: a flipped golden of a frontend case is caught\n" + text)

    # --- Bad frontend input: the stage, the tool's message, the exit code.
    bad = [
        (os.path.join(models, "truncated.onnx"), 5, "import:",
         "DecodeError"),
        (os.path.join(models, "unknown_op.onnx"), 5, "import:", "NoSuchOp"),
        (os.path.join(inputs, "stablehlo_unlowerable.mlir"), 6, "lower:",
         "stablehlo.custom_call"),
    ]
    for prog, code, stage, msg in bad:
        name = os.path.basename(prog)
        rc, text = run([ref, prog])
        check(rc == code and stage in text and msg in text and
              "Traceback" not in text,
              "ref-run %s: exit %d, %s with the tool's message\n%s" %
              (name, code, stage, text))
        out = os.path.join(work, "bad-" + name)
        rc, text = run([dt, "run", prog, "--out=" + out])
        check(rc == code and stage in text and msg in text and
              "not a finding against IREE" in text and not bundles_in(out),
              "difftest run %s: exit %d, %s, no bundle\n%s" %
              (name, code, stage, text))
        rc, text = run([dt, "reduce", prog, "--target=llvm-cpu",
                        "--expect-compile-error=x", "--out=" + out + "-red"])
        check(rc == code and stage in text,
              "difftest reduce %s: exit %d, %s\n%s" % (name, code, stage,
                                                       text))
    rc, text = run([ref, mlp, "--function=nope"] + ins)
    check(rc == 2 and "interpret:" in text and "@mlp" in text,
          "ref-run --function=nope: exit 2, interpret:, the exports named\n" +
          text)
    out = os.path.join(work, "bad-function")
    rc, text = run([dt, "run", mlp, "--function=nope", "--out=" + out])
    check(rc == 2 and "interpret:" in text and "@mlp" in text and
          not bundles_in(out),
          "difftest run --function=nope: exit 2, interpret:\n" + text)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
