#!/usr/bin/env python3
"""frontend.aligned_static reaches the SPIR-V pipelines it was made for
(docs/gpu.md, "Reach"): two cases of the recipe alone (seed 1: a rank-0
generic and a row reduction in one, an f16 x f16 -> f32 matmul in the
other) compiled as one module at O2 for vulkan:llvmpipe and
vulkan:rdna3-lavapipe with --iree-hal-dump-executable-configurations-to.
Each target's dispatches must include SubgroupReduce (the row reduction)
and BaseLowering (the rank-0 generic); rdna3-lavapipe's must include
MatmulPromoteVectorize (the matmul; llvmpipe's generic configuration never
promotes). One function runs on each target and must pass: the reduction
on llvmpipe, the promoted matmul on rdna3-lavapipe.

Without a vulkan device rdna3-lavapipe cannot be derived and the test
fails, as vulkan_smoke does: a reach test that cannot reach tells nothing.

Usage: spirv_reach_test.py DIFFTEST FUZZ_GEN OUT_DIR
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

SEED = 1
CASES = 2


def fail(msg):
    print("FAILED: " + msg)
    sys.exit(1)


def main():
    difftest, fuzz_gen, out = sys.argv[1:4]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    cases = os.path.join(out, "cases")
    forms, funcs, inputs = set(), [], {}
    for i in range(CASES):
        r = subprocess.run([fuzz_gen, "--ops=aligned_static",
                            "--seed=%d" % SEED, "--first=%d" % i, "--count=1",
                            "--function=f%d" % i, "--out=" + cases],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail("fuzz-gen: " + r.stderr)
        meta = json.load(open(os.path.join(cases, "case%d.json" % i)))
        for op in meta["features"]["ops"]:
            forms |= {f for f in op["forms"] if f.startswith("aligned=")}
        funcs.append(open(os.path.join(cases, "case%d.mlir" % i)).read())
        inputs[i] = ["--input=@" + os.path.join(cases, x["file"])
                     for x in meta["inputs"]]
    # The generator must still draw the three forms for this seed, or the
    # pipelines below would be missing for another reason.
    want_forms = {"aligned=row_reduce", "aligned=matmul", "aligned=scalar"}
    if not want_forms <= forms:
        fail("seed %d no longer draws %s (forms: %s); pick another seed"
             % (SEED, sorted(want_forms - forms), sorted(forms)))
    module = os.path.join(out, "reach.mlir")
    with open(module, "w") as f:
        f.write("\n".join(funcs))

    want = {
        # (target, function run): pipelines its dispatches must include.
        ("vulkan:llvmpipe", 0): {"SubgroupReduce", "BaseLowering"},
        ("vulkan:rdna3-lavapipe", 1): {"SubgroupReduce", "BaseLowering",
                                       "MatmulPromoteVectorize"},
    }
    ok = True
    for (target, fn), pipelines in want.items():
        name = target.replace(":", "_")
        cfg = os.path.join(out, "cfg-" + name)
        r = subprocess.run(
            [difftest, "run", module, "--function=f%d" % fn,
             "--target=" + target, "--opt-level=O2",
             "--out=" + os.path.join(out, "run-" + name),
             "--iree-flag=--iree-hal-dump-executable-configurations-to="
             + cfg] + inputs[fn],
            capture_output=True, text=True, timeout=600)
        text = r.stdout + r.stderr
        verdict = re.search(r"^%s: (.*)$" % re.escape(target), text, re.M)
        print("%s f%d: %s" % (target, fn,
                              verdict.group(1) if verdict else "no verdict"))
        if not verdict or not verdict.group(1).startswith("pass"):
            print(text[-3000:])
            ok = False
        got = {}
        for path in sorted(glob.glob(os.path.join(cfg, "*.mlir"))):
            m = re.search(r"#iree_gpu\.spirv_pipeline<(\w+)>",
                          open(path).read())
            if m and "_dispatch_" in path and "probe" not in path:
                got.setdefault(m.group(1), []).append(os.path.basename(path))
        for p, files in sorted(got.items()):
            print("  %s: %s" % (p, ", ".join(files)))
        missing = pipelines - set(got)
        if missing:
            print("FAILED: %s: no dispatch took %s" % (target,
                                                       ", ".join(sorted(missing))))
            ok = False
    if not ok:
        sys.exit(1)
    print("spirv reach: ok")


if __name__ == "__main__":
    main()
