#!/usr/bin/env python3
"""scripts/iree_e2e_vulkan.py and its stand-in check module.

Usage: vulkan_e2e_test.py parse PROJECT_SRC
       vulkan_e2e_test.py check-module PROJECT_SRC OUT_DIR
       vulkan_e2e_test.py iree-src PROJECT_SRC OUT_DIR REF_RUN

parse         the BUILD.bazel evaluator on a fixture written for it
              (tests/iree/vulkan_e2e/BUILD.bazel): named lists, `+`,
              enforce_glob(), glob(), iree_check_test, tags, runner_args,
              what it cannot evaluate reported, only vulkan suites kept.
check-module  scripts/iree_check_module.py on tests/iree/vulkan_e2e/
              check_ops.mlir compiled by the real iree-compile: each
              function passes or fails as its name says (every check op,
              both ways), on local-task and, where a Vulkan device exists,
              on vulkan. A stand-in that passed everything would make the
              calibration worthless; this is what rules that out.
iree-src      with IREE_SRC set (an IREE source checkout) and a Vulkan
              device: the script on tensor_ops and two small linalg_ext_ops
              files for llvmpipe, every function passing, --json well
              formed, and the expectations file parsed. Skipped (exit 77)
              otherwise.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

SKIP = 77


def load_script(project):
    sys.path.insert(0, os.path.join(project, "scripts"))
    import iree_e2e_vulkan
    return iree_e2e_vulkan


def test_parse(project):
    v = load_script(project)
    fixture = os.path.join(project, "tests", "iree", "vulkan_e2e",
                           "BUILD.bazel")
    with open(fixture) as f:
        text = f.read()
    suites = v.parse_build(text, ["BUILD.bazel", "a.mlir", "b.mlir",
                                  "c.mlir", "notes.txt"])
    by = {s["name"]: s for s in suites if s["name"]}
    failures = []

    def want(cond, what):
        if not cond:
            failures.append(what)

    want(set(by) == {"check_llvm-cpu_local-task", "check_vulkan-spirv_vulkan",
                     "check_winograd_vulkan-spirv_vulkan",
                     "check_glob_vulkan", "check_unknown_vulkan",
                     "check_single_vulkan"},
         "suites found: %s" % sorted(by))
    unread = [s for s in suites if s["name"] is None]
    want(len(unread) == 1 and "not at top level" in unread[0]["problem"],
         "the suite in a list comprehension is reported: %s" % unread)
    s = by.get("check_vulkan-spirv_vulkan", {})
    want(s.get("srcs") == ["a.mlir", "b.mlir"],
         "enforce_glob srcs: %s" % s.get("srcs"))
    want(s.get("compiler_flags") == [] and s.get("problem") is None,
         "default compiler_flags: %s" % s)
    s = by.get("check_winograd_vulkan-spirv_vulkan", {})
    want(s.get("srcs") == ["a.mlir", "b.mlir", "c.mlir"],
         "list + named list: %s" % s.get("srcs"))
    want(s.get("compiler_flags") == [
        "--iree-preprocessing-pass-pipeline=builtin.module\\(func.func"
        "\\(p\\)\\)"], "escaped flag: %s" % s.get("compiler_flags"))
    want(s.get("runner_args") == ["--vulkan_dispatch_abi=bda"],
         "runner_args: %s" % s.get("runner_args"))
    s = by.get("check_glob_vulkan", {})
    want(s.get("srcs") == ["b.mlir", "c.mlir"], "glob: %s" % s.get("srcs"))
    want("manual" in s.get("tags", []), "tags: %s" % s.get("tags"))
    s = by.get("check_unknown_vulkan", {})
    want(s.get("srcs") == [] and "some_macro" in (s.get("problem") or ""),
         "unknown call reported: %s" % s)
    s = by.get("check_single_vulkan", {})
    want(s.get("srcs") == ["c.mlir"] and s.get("input_type") == "tosa",
         "iree_check_test: %s" % s)
    s = by.get("check_llvm-cpu_local-task", {})
    want(s.get("srcs") == ["b.mlir", "c.mlir"],
         "named list: %s" % s.get("srcs"))

    names = [s["name"] for s in v.vulkan_suites(suites)]
    want(names == ["check_vulkan-spirv_vulkan",
                   "check_winograd_vulkan-spirv_vulkan",
                   "check_unknown_vulkan", "check_single_vulkan"],
         "vulkan suites without manual: %s" % names)
    want("check_glob_vulkan" in
         [s["name"] for s in v.vulkan_suites(suites, manual=True)],
         "--manual keeps the manual suite")

    # The compile line: IREE's macro's flag, the suite's, then the target's
    # (last, so that llvmpipe wins over a suite's valhall).
    g = by["check_glob_vulkan"]
    want(v.compile_flags(g, "llvmpipe") == [
        "--iree-hal-target-backends=vulkan-spirv",
        "--iree-input-type=stablehlo", "--iree-vulkan-target=valhall",
        "--iree-vulkan-target=llvmpipe"],
        "llvmpipe flags: %s" % v.compile_flags(g, "llvmpipe"))
    want(v.compile_flags(by["check_single_vulkan"], "suite") == [
        "--iree-hal-target-backends=vulkan-spirv", "--iree-input-type=tosa"],
        "suite flags with input_type")

    # Expectations: a row matches by target, dir, file and function ("*").
    rows = [{"target": "llvmpipe", "dir": "d", "file": "f.mlir",
             "function": "x", "outcome": "fail"},
            {"target": "llvmpipe", "dir": "d", "file": "f.mlir",
             "function": "y", "outcome": "pass"},
            {"target": "suite", "dir": "d", "file": "f.mlir",
             "function": "x", "outcome": "pass"}]
    exps = v.judge_expectations([
        {"target": "llvmpipe", "dir": "d", "file": "f.mlir", "function": "x",
         "outcome": "fail"},
        {"target": "suite", "dir": "d", "file": "f.mlir", "function": "x",
         "outcome": "fail"},
        {"dir": "d", "file": "g.mlir", "outcome": "fail"}], rows)
    want([e["state"].split(":")[0] for e in exps] ==
         ["holds", "does not hold", "not run"],
         "expectation states: %s" % [e["state"] for e in exps])
    want("expected" in rows[0] and "expected" not in rows[2],
         "the held expectation marks its row only")
    return failures


def venv_tools(project):
    venv = os.path.join(project, ".venv")
    py = os.path.join(venv, "bin", "python")
    ic = None
    lib = os.path.join(venv, "lib")
    for p in sorted(os.listdir(lib)) if os.path.isdir(lib) else []:
        c = os.path.join(lib, p, "site-packages", "iree", "compiler",
                         "_mlir_libs", "iree-compile")
        if os.path.exists(c):
            ic = c
    return (py if os.path.exists(py) else None), ic


def has_vulkan(py):
    p = subprocess.run([py, "-c", "import iree.runtime as rt; "
                        "rt.get_driver('vulkan').create_default_device()"],
                       capture_output=True, text=True, timeout=120)
    return p.returncode == 0


def test_check_module(project, out):
    py, ic = venv_tools(project)
    if not py or not ic:
        print("no .venv with the IREE wheels (scripts/setup.sh): skipped")
        return None
    src = os.path.join(project, "tests", "iree", "vulkan_e2e",
                       "check_ops.mlir")
    with open(src) as f:
        names = re.findall(r"func\.func @(\w+)", f.read())
    devices = [("local-task", ["--iree-hal-target-device=local",
                               "--iree-hal-local-target-device-backends="
                               "llvm-cpu", "--iree-llvmcpu-target-cpu=generic"])]
    if has_vulkan(py):
        devices.append(("vulkan", ["--iree-hal-target-backends=vulkan-spirv",
                                   "--iree-vulkan-target=llvmpipe"]))
    else:
        print("no Vulkan device: the stand-in is checked on local-task only")
    failures = []
    os.makedirs(out, exist_ok=True)
    for dev, flags in devices:
        vmfb = os.path.join(out, "check_ops.%s.vmfb" % dev)
        p = subprocess.run([ic, src, "-o", vmfb] + flags, capture_output=True,
                           text=True, timeout=600)
        if p.returncode != 0:
            failures.append("%s: iree-compile failed: %s" %
                            (dev, p.stderr[-500:]))
            continue
        p = subprocess.run([py, os.path.join(project, "scripts",
                                             "iree_check_module.py"),
                            vmfb, "--device=" + dev], capture_output=True,
                           text=True, timeout=600)
        print(p.stdout)
        got = {}
        for line in p.stdout.splitlines():
            parts = line.split(" ", 2)
            if parts[0] in ("PASS", "FAIL", "ERROR"):
                got[parts[1]] = (parts[0].lower(), parts[2:] or [""])
        for n in names:
            want = n.split("_")[0]
            if got.get(n, ("missing",))[0] != want:
                failures.append("%s @%s: expected %s, got %s" %
                                (dev, n, want, got.get(n)))
        two = got.get("fail_two_checks", ("", [""]))[1][0]
        if two.count("expect_true") != 2:
            failures.append("%s: a failed check must not stop the function "
                            "(two expect_true failures), got %r" % (dev, two))
        if p.returncode != 1:
            failures.append("%s: exit %d, expected 1 (some functions fail)" %
                            (dev, p.returncode))
    return failures


def test_iree_src(project, out, ref_run):
    src = os.environ.get("IREE_SRC", "")
    if not (src and os.path.isdir(os.path.join(src, "tests", "e2e"))):
        print("IREE_SRC not set (or not an IREE checkout): skipped")
        return None
    py, ic = venv_tools(project)
    if not py or not ic:
        print("no .venv with the IREE wheels: skipped")
        return None
    if not has_vulkan(py):
        print("no Vulkan device (lavapipe): skipped")
        return None
    failures = []
    js = os.path.join(out, "subset.json")
    os.makedirs(out, exist_ok=True)
    cmd = [sys.executable, os.path.join(project, "scripts",
                                        "iree_e2e_vulkan.py"), src,
           "--targets=llvmpipe", "--dirs=tensor_ops,linalg_ext_ops",
           "--files=^(scan|arg_compare|collapse_shape|concat|expand_shape|"
           "extract_slice|tensor_cast|tensor_insert_slice)\\.mlir$",
           "--json=" + js, "--jobs=2", "--ref-run=" + ref_run, "--work=" + os.path.join(out, "work")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    print(p.stdout + p.stderr)
    if p.returncode != 0:
        failures.append("iree_e2e_vulkan.py exit %d" % p.returncode)
    with open(js) as f:
        report = json.load(f)
    rows = report["rows"]
    files = {(r["dir"], r["file"]) for r in rows}
    if len(files) != 8:
        failures.append("expected 8 files, got %s" % sorted(files))
    for r in rows:
        if r["outcome"] != "pass":
            failures.append("%s/%s @%s: %s %s" % (r["dir"], r["file"],
                                                  r["function"], r["outcome"],
                                                  r["detail"]))
        if r["ref_run"] != "pass":
            failures.append("%s/%s @%s: ref-run %s" % (
                r["dir"], r["file"], r["function"], r["ref_run"]))
    total = report["targets"]["llvmpipe"]["total"]
    if total["total"] < 20 or total["passed"] != total["total"]:
        failures.append("llvmpipe total: %s" % total)
    if "(NEW)" in p.stdout:
        failures.append("unexpected failures reported")
    return failures


def main():
    mode, project = sys.argv[1], sys.argv[2]
    if mode == "parse":
        failures = test_parse(project)
    elif mode == "check-module":
        failures = test_check_module(project, sys.argv[3])
    elif mode == "iree-src":
        failures = test_iree_src(project, sys.argv[3], sys.argv[4])
    else:
        print("unknown mode " + mode)
        return 2
    if failures is None:
        return SKIP
    for f in failures:
        print("FAIL: " + f)
    print("vulkan_e2e %s: %s" % (mode, "FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
