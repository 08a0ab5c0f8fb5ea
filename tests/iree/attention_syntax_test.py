#!/usr/bin/env python3
"""attention / online_attention across IREE's syntax change.

IREE up to 3.12 reads their attributes only as a dictionary
(`{indexing_maps = ...}`), IREE 3.13 only as properties
(`<{indexing_maps = ...}>`); our parser takes both and our printer writes
the form of the release that will read the program (REF_IREE_VERSION, which
difftest sets from the IREE it drives). Checks, with the real IREE in .venv:
  - the installed IREE still rejects the dictionary form (the expectation
    behind the printer's choice; if it starts to accept it, this says so);
  - ref-opt prints the dictionary for REF_IREE_VERSION=3.12.0 and properties
    by default, and IREE accepts the default print;
  - `difftest run` on the re-printed program passes on llvm-cpu;
  - `difftest localize`, which prints the program again (ref-flow) before
    IREE compiles it, localizes the program written in the old syntax
    (before the printer followed the release: "properties dictionary is
    missing required attribute").

Usage: attention_syntax_test.py DIFFTEST REF_OPT PROJECT_ROOT WORK_DIR
"""
import os
import shutil
import subprocess
import sys

from fakeiree import check, failures, real_tools, run

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "attention", "attention_masked.mlir")
INPUTS = [
    "--input=1x3x4xf32=0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0,1.1,1.2",
    "--input=1x5x4xf32=0.5,-0.25,1,0.75,0,0.5,-1,0.25,1.5,0.5,0.5,-0.5,"
    "0.25,0.75,1,0,-0.5,1,0.5,0.25",
    "--input=1x5x2xf32=1,2,3,4,5,6,7,8,9,10",
    "--input=1x3x5xi1=1,0,1,1,0,1,1,1,0,1,1,0,0,1,1",
    "--input=1x3x5xf32=0,-1,0,-2,0,0,0,-0.5,0,0,-1,0,0,0,0.25",
]


def main():
    difftest, ref_opt, root, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tools = real_tools(root)
    if tools is None:
        return 1
    compile_tool = tools[0]
    env = dict(os.environ)
    env.pop("REF_IREE_VERSION", None)

    def iree_parses(path):
        r = subprocess.run([compile_tool, "--compile-to=input", path, "-o",
                            os.devnull], capture_output=True, text=True)
        return r.returncode == 0, r.stderr

    ok, err = iree_parses(PROGRAM)
    check(not ok and "missing required attribute: indexing_maps" in err,
          "the installed IREE rejects attention's dictionary form "
          "(if it now accepts it, the printer's choice can be revisited)")

    old = os.path.join(work, "old.mlir")
    new = os.path.join(work, "new.mlir")
    subprocess.run([ref_opt, PROGRAM, "-o", old], check=True,
                   env=dict(env, REF_IREE_VERSION="3.12.0"))
    subprocess.run([ref_opt, PROGRAM, "-o", new], check=True, env=env)
    old_text = " ".join(open(old).read().split())
    new_text = " ".join(open(new).read().split())
    check("iree_linalg_ext.attention {indexing_maps" in old_text
          and "iree_linalg_ext.online_attention {indexing_maps" in old_text,
          "REF_IREE_VERSION=3.12.0 prints the dictionary form")
    check("iree_linalg_ext.attention <{indexing_maps" in new_text
          and "iree_linalg_ext.online_attention <{indexing_maps" in new_text,
          "the default prints properties")
    ok, err = iree_parses(new)
    check(ok, "the installed IREE parses the default print: " + err[:300])

    code, out = run([difftest, "run", new, "--function=main",
                     "--target=llvm-cpu", "--out=" + os.path.join(work, "run")]
                    + INPUTS, env=env)
    check(code == 0 and "llvm-cpu: pass" in out,
          "difftest run on the re-printed program passes on llvm-cpu: "
          + out[-600:])

    code, out = run([difftest, "localize", PROGRAM, "--function=main",
                     "--target=llvm-cpu",
                     "--out=" + os.path.join(work, "localize")] + INPUTS,
                    env=env)
    check(code == 0 and "no dispatch is wrong" in out
          and "2 dispatches checked" in out,
          "localize prints the old-syntax program for the installed IREE: "
          + out[-600:])

    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
