#!/usr/bin/env python3
"""The audit of issue 24's rdna3 campaign on lavapipe.

`difftest fuzz --target=vulkan:rdna3 --seed=5 --jobs=1`, run while a raw
rdna3 target was still judged on lavapipe, reported mismatches at cases 57,
58, 81, 98, 103, 115, 125, 150, 158, 183, 195 and 211, and the same seed on
vulkan:llvmpipe at cases 246 and 300. Each case is made again here as the
campaign made it: `fuzz-gen --seed=5 --first=I` (a case is generated from
its index alone), compiled at its batch's opt level with its batch's extra
flag (batch I // 16; the draw of difftest/Fuzz.cpp's runBatch, ported
below and checked against --check-db, a campaign database of one of those
batches, when given), and run with `difftest run` on
  vulkan:rdna3           raw, judged anyway (--judge-subgroup-mismatch,
                         audits only: IREE's rdna3 assumes subgroup 32/64
                         and 64 KiB of workgroup memory; lavapipe has 8 and
                         32 KiB)
  vulkan:rdna3-lavapipe  rdna3's heuristics with the device's own limits
  vulkan:llvmpipe        (cases 246 and 300)
and, per raw rdna3 compile, the pipeline, workgroup and subgroup size of
each dispatch (--iree-hal-dump-executable-configurations-to).

Reading: a raw rdna3 failure judged `executor-limit` (the target may use
more workgroup memory than the device has) or a mismatch in a dispatch
compiled for subgroup 32/64, whose case passes on rdna3-lavapipe, is the
executor's mismatch with the target, not an IREE bug. Anything else is
listed for a closer look.

Usage: rdna3_seed5_audit.py OUT [--check-db=DB]   (writes OUT/audit.md)
"""
import argparse
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 5
RDNA3_CASES = [57, 58, 81, 98, 103, 115, 125, 150, 158, 183, 195, 211]
LLVMPIPE_CASES = [246, 300]
M64 = (1 << 64) - 1
# difftest/Fuzz.cpp's kExtraFlags, in order (the draw indexes it).
EXTRA = [("--iree-dispatch-creation-topk-split-reduction=2", "*"),
         ("--iree-opt-data-tiling", "*"),
         ("--iree-dispatch-creation-enable-aggressive-fusion", "*"),
         ("--iree-dispatch-creation-enable-fuse-padding-into-linalg-"
          "consumer-ops", "*"),
         ("--iree-opt-aggressively-propagate-transposes", "*"),
         ("--iree-llvmcpu-enable-ukernels=all", "llvm-cpu"),
         ("--iree-llvmcpu-disable-distribution", "llvm-cpu"),
         ("--iree-rocm-enable-ukernels=all", "hip"),
         ("--iree-codegen-llvmgpu-use-vector-distribution", "cuda,hip")]


def splitmix_next(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def mix_seed(a, b):
    state = (a ^ ((b * 0xD1B54A32D192ED03) & M64)) & M64
    state, _ = splitmix_next(state)
    _, v = splitmix_next(state)
    return v


def batch_config(b):
    """(opt level, extra flag or None, the targets it applies to)."""
    r = mix_seed(SEED ^ 0xC0DEC0DE, b)
    x = r % 100
    opt = 0 if x < 30 else 1 if x < 40 else 2 if x < 60 else 3
    flag = None
    if (r >> 8) % 100 < 25:
        flag = EXTRA[(r >> 16) % len(EXTRA)]
    return opt, flag


def raw_configs(prog, opt, flags, cfg):
    comp = glob.glob(os.path.join(
        ROOT, ".venv/lib/python*/site-packages/iree/compiler/_mlir_libs/"
        "iree-compile"))[0]
    os.makedirs(cfg, exist_ok=True)
    argv = [comp, prog, "--iree-hal-target-device=vulkan",
            "--iree-vulkan-target=rdna3", "--iree-opt-level=O%d" % opt,
            "--iree-hal-dump-executable-configurations-to=" + cfg,
            "--iree-hal-dump-executable-binaries-to=" + cfg,
            "-o", os.path.join(cfg, "rdna3.vmfb")] + flags
    r = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        return ["compile failed"]
    found = []
    for f in sorted(glob.glob(os.path.join(cfg, "*.mlir"))):
        text = open(f).read()
        for m in re.finditer(
                r"translation_info<pipeline\s*=\s*#iree_gpu\.spirv_pipeline"
                r"<(\w+)>\s*workgroup_size\s*=\s*\[([^\]]*)\]"
                r"(?:,?\s*subgroup_size\s*=\s*(\d+))?", text):
            found.append("%s [%s] sg %s" % (
                m.group(1), m.group(2).replace(" ", ""),
                m.group(3) or "target's"))
    # Per SPIR-V module: workgroup memory and barriers (a workgroup that
    # fits one 32/64-lane subgroup needs no barrier on rdna3; on lavapipe's
    # 8-lane subgroups it is several).
    for f in sorted(glob.glob(os.path.join(cfg, "*.spv"))):
        dis = subprocess.run(["spirv-dis", f], capture_output=True,
                             text=True).stdout
        wg = len(re.findall(r"OpVariable %\S+ Workgroup", dis))
        bar = len(re.findall(r"OpControlBarrier|OpMemoryBarrier", dis))
        sg = len(re.findall(r"OpGroupNonUniform", dis))
        found.append("spv: %d workgroup vars, %d barriers, %d subgroup ops"
                     % (wg, bar, sg))
    return found


def verdicts(text):
    out = {}
    for line in text.splitlines():
        m = re.match(r"^(vulkan:[\w-]+|llvm-cpu): (executor limit|compiled "
                     r"only|[\w-]+)(.*)$", line)
        if m:
            out[m.group(1)] = (m.group(2).replace(" ", "-"),
                               m.group(3).strip(": ")[:160])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--check-db")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.check_db:  # the port of the batch draw against a real campaign
        con = sqlite3.connect(a.check_db)
        for b, opt, flags in con.execute(
                "SELECT DISTINCT batch, opt_level, flags FROM cases"):
            o, f = batch_config(b)
            got = ("O%d" % o, f[0] if f else "")
            if got != (opt, flags):
                print("error: batch %d: the port draws %s, the campaign %s"
                      % (b, got, (opt, flags)))
                return 2
            print("batch %d: %s %s, as the campaign drew" % (b, opt, flags))
    gen = os.path.join(ROOT, "build/bin/fuzz-gen")
    dt = os.path.join(ROOT, "build/bin/difftest")
    lines = ["| case | ops | batch config | raw vulkan:rdna3 | "
             "vulkan:rdna3-lavapipe | vulkan:llvmpipe | raw rdna3 dispatches "
             "(pipeline [workgroup] subgroup) | reading |",
             "|---|---|---|---|---|---|---|---|"]
    counts = {}
    for idx in RDNA3_CASES + LLVMPIPE_CASES:
        d = os.path.join(a.out, "case%d" % idx)
        os.makedirs(d, exist_ok=True)
        subprocess.run([gen, "--seed=%d" % SEED, "--first=%d" % idx,
                        "--count=1", "--out=" + d, "--function=f%d" % idx],
                       check=True, capture_output=True)
        prog = os.path.join(d, "case%d.mlir" % idx)
        meta = json.load(open(os.path.join(d, "case%d.json" % idx)))
        ops = " ".join(sorted({o["op"] + ":" + o.get("dtype", "?")
                               for o in meta["features"].get("ops", [])}))
        opt, flag = batch_config(idx // 16)
        vk_flags = [flag[0]] if flag and flag[1] == "*" else []
        targets = (["vulkan:rdna3", "vulkan:rdna3-lavapipe"]
                   if idx in RDNA3_CASES else ["vulkan:llvmpipe"])
        argv = [dt, "run", prog, "--function=f%d" % idx,
                "--target=" + ",".join(targets), "--opt-level=O%d" % opt,
                "--judge-subgroup-mismatch", "--out=" + os.path.join(d, "run")]
        argv += ["--input=@" + os.path.join(d, i["file"])
                 if i["file"].endswith(".npy") else
                 "--input=%s=@%s" % (i["type"], os.path.join(d, i["file"]))
                 for i in meta["inputs"]]
        argv += ["--iree-flag=" + f for f in vk_flags]
        r = subprocess.run(argv, capture_output=True, text=True, timeout=1800)
        v = verdicts(r.stdout + r.stderr)
        cfgs = ["-"]
        if idx in RDNA3_CASES:
            cfgs = raw_configs(prog, opt, vk_flags, os.path.join(d, "cfg"))
        cell = lambda t: ("%s: %s" % v[t] if v.get(t, ("", ""))[1]
                          else v[t][0]) if t in v else "-"
        raw = v.get("vulkan:rdna3", ("-", ""))
        fit = v.get("vulkan:rdna3-lavapipe", ("-", ""))[0]
        wide_sg = any(re.search(r"sg (32|64)$", c) for c in cfgs)
        if idx in RDNA3_CASES:
            if raw[0] == "executor-limit" and fit == "pass":
                reading = ("wrong only on the raw target (judged "
                           "executor-limit), right on the device-fitted one")
            elif raw[0] == "mismatch" and wide_sg and fit == "pass":
                reading = ("executor artefact: subgroup %s assumed, lavapipe "
                           "has 8" % "/".join(sorted(set(re.findall(
                               r"sg (32|64)$", " ".join(cfgs))))))
            elif raw[0] == "pass" and fit == "pass":
                reading = "passes today on both"
            else:
                reading = "look closer"
        else:
            ll = v.get("vulkan:llvmpipe", ("-", ""))[0]
            reading = {"executor-limit": "executor artefact: the loop cap",
                       "pass": "passes today"}.get(ll, "look closer")
        counts[reading.split(":")[0]] = counts.get(reading.split(":")[0],
                                                   0) + 1
        lines.append("| %d | %s | O%d %s | %s | %s | %s | %s | %s |" % (
            idx, ops, opt, flag[0] if flag else "", cell("vulkan:rdna3"),
            cell("vulkan:rdna3-lavapipe"), cell("vulkan:llvmpipe"),
            "; ".join(cfgs) or "-", reading))
        print(lines[-1], flush=True)
    lines += ["", ", ".join("%s: %d" % kv for kv in sorted(counts.items()))]
    text = "\n".join(lines) + "\n"
    open(os.path.join(a.out, "audit.md"), "w").write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
