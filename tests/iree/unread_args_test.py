#!/usr/bin/env python3
"""difftest run on ABI wrappers whose `!hal.buffer_view` arguments are never
read (tests/lit/cli/hal_unread_args.mlir: ONNX CastLike's type-only input,
Dropout's pass-through), with the real IREE on llvm-cpu:

  typed by the input   the unread argument given as an .npy, as
                       `2x3xf32=...`, as a raw .bin with its type, or left
                       to random values: every run passes, and the same
                       --input reaches iree-run-module
  pass-through         a result that returns an argument is typed as that
                       input (the golden is the input itself) and compared:
                       a fake iree-run-module that changes it is a mismatch
  replay               a corpus case of such a program, its types from
                       its input files
  used, untyped        an argument read without an import (only its
                       dimension) is still refused (exit 2) with the reason

Usage: unread_args_test.py DIFFTEST PROJECT_ROOT PROGRAM WORK_DIR
"""
import glob
import os
import shutil
import sys

import numpy as np

from fakeiree import check, failures, fake_tools, real_tools, run


def main():
    dt, root, prog, work = map(os.path.abspath, sys.argv[1:5])
    tools = real_tools(root)
    if not tools:
        return 1
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    like_npy = os.path.join(work, "like.npy")
    np.save(like_npy, np.zeros((1,), np.float16))
    like_bin = os.path.join(work, "like.bin")
    np.array([0x3F80, 0x4000], np.uint16).tofile(like_bin)  # bf16 1, 2
    x = "--input=2x2xf32=1.5 -2 0.25 1024"

    def difftest(name, fn, inputs, extra=()):
        out = os.path.join(work, name)
        rc, text = run([dt, "run", prog, "--function=" + fn,
                        "--target=llvm-cpu", "--out=" + out, "--keep"] +
                       list(inputs) + list(extra))
        return rc, text, out

    def run_log(out):
        logs = glob.glob(os.path.join(out, "work", "*", "llvm-cpu", "run.log"))
        return open(logs[0]).read().splitlines()[0] if logs else ""

    for name, second in (("npy", "--input=@" + like_npy),
                         ("text", "--input=3xi8=1 2 3"),
                         ("bin", "--input=2xbf16=@" + like_bin)):
        rc, text, out = difftest("castlike-" + name, "castlike", [x, second])
        check(rc == 0 and "llvm-cpu: pass" in text,
              "castlike, unread argument as %s: pass (%d: %s)" %
              (name, rc, text.strip()[-300:]))
        cmd = run_log(out)
        check(cmd.count("--input=") == 2,
              "castlike, %s: iree-run-module gets an --input for both "
              "arguments (%s)" % (name, cmd[-200:]))
    rc, text, out = difftest("castlike-random", "castlike", [])
    check(rc == 0 and "llvm-cpu: pass" in text,
          "castlike, random inputs (the unread one a 4xf32): pass (%d: %s)" %
          (rc, text.strip()[-300:]))
    ins = sorted(glob.glob(os.path.join(out, "work", "*", "inputs", "in1.*")))
    check(len(ins) == 1 and np.load(ins[0]).shape == (4,) and
          np.load(ins[0]).dtype == np.float32,
          "castlike, random: the unread argument got a 4xf32 (%s)" % ins)

    # Pass-through results: the golden is the input, of the input's type.
    data = os.path.join(work, "data.npy")
    np.save(data, np.array([[7, -7, 3]], np.int32))
    rc, text, out = difftest("dropout", "dropout_mask", ["--input=@" + data])
    check(rc == 0 and "llvm-cpu: pass" in text,
          "dropout_mask (result 0 returns argument 0): pass (%d: %s)" %
          (rc, text.strip()[-300:]))
    goldens = glob.glob(os.path.join(out, "work", "*", "golden", "out0.npy"))
    g = np.load(goldens[0]) if goldens else None
    check(g is not None and g.dtype == np.int32 and
          g.tolist() == [[7, -7, 3]],
          "dropout_mask: result 0's golden is the input, 1x3xi32 (%r)" % g)
    swap_in = ["--input=1xf32=0.5", "--input=2xi8=3 4"]
    rc, text, out = difftest("swap", "swap", swap_in)
    check(rc == 0 and "llvm-cpu: pass" in text,
          "swap (results return arguments 1 and 0): pass (%d: %s)" %
          (rc, text.strip()[-300:]))

    # difftest replay of a case with no "inputs"/"outputs" in case.json: the
    # unread argument is typed by inputs/in0.npy, the returned one's golden
    # by that input.
    case = os.path.join(work, "corpus", "dropout_unread")
    os.makedirs(os.path.join(case, "inputs"))
    os.makedirs(os.path.join(case, "golden"))
    shutil.copy(prog, os.path.join(case, "program.mlir"))
    shutil.copy(data, os.path.join(case, "inputs", "in0.npy"))
    shutil.copy(data, os.path.join(case, "golden", "out0.npy"))
    np.save(os.path.join(case, "golden", "out1.npy"), np.ones(3, np.bool_))
    with open(os.path.join(case, "case.json"), "w") as f:
        f.write('{"function": "dropout_mask", "expect": {"llvm-cpu": "pass"}}')
    rc, text = run([dt, "replay", os.path.join(work, "corpus"),
                    "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay-out")])
    check(rc == 0, "replay of dropout_mask typed by inputs/in0.npy: exit 0 "
          "(%d: %s)" % (rc, text.strip()[-400:]))
    np.save(os.path.join(case, "golden", "out0.npy"),
            np.array([[7, -7, 4]], np.int32))
    rc, text = run([dt, "replay", os.path.join(work, "corpus"),
                    "--target=llvm-cpu",
                    "--out=" + os.path.join(work, "replay-out2")])
    check(rc != 0, "replay with a wrong golden for the returned argument: "
          "fails (%d: %s)" % (rc, text.strip()[-300:]))

    # A planted fault on a pass-through result: it is compared, not trusted.
    real_compile, real_run = tools
    flip = ('"%s" "$@" || exit $?\nfor a in "$@"; do case "$a" in '
            '--output=@*out0.npy) /usr/bin/python3 -c "import numpy as np,'
            'sys; p=sys.argv[1]; a=np.load(p); a.flat[0]+=1; np.save(p,a)" '
            '"${a#--output=@}";; esac; done\n' % real_run)
    fake = fake_tools(os.path.join(work, "fake"), None, flip, real_compile,
                      real_run)
    rc, text, out = difftest("swap-fault", "swap", swap_in,
                             ["--iree-dir=" + fake])
    check(rc == 1 and "mismatch" in text,
          "swap with iree-run-module changing result 0: mismatch (%d: %s)" %
          (rc, text.strip()[-300:]))

    # Used without an import: its type is unknown, refused as before.
    rc, text, out = difftest("dim", "dim_only", ["--input=5xf32=1 2 3 4 5"])
    check(rc == 2 and "uses it without importing it" in text and
          not glob.glob(os.path.join(out, "bundles", "*")),
          "dim_only (argument read by hal.buffer_view.dim only): exit 2 with "
          "the reason, no bundle (%d: %s)" % (rc, text.strip()[-300:]))
    # An index value cannot cross the ABI, even for an unread argument.
    rc, text, out = difftest("index", "castlike", [x, "--input=2xindex=1 2"])
    check(rc == 2 and "index tensors cannot cross" in text,
          "castlike with an index tensor for the unread argument: exit 2 "
          "(%d: %s)" % (rc, text.strip()[-300:]))

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
