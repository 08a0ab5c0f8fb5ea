#!/usr/bin/env python3
"""Runs IREE's own vulkan e2e check suites on lavapipe and judges every test
function: IREE's `check_vulkan-spirv_vulkan` lists, read from the
tests/e2e/**/BUILD.bazel files of an IREE source checkout given by path.

Usage: iree_e2e_vulkan.py IREE_SRC [--targets=llvmpipe,suite] [--dirs=a,b]
       [--files=REGEX] [--manual] [--expectations=FILE] [--no-ref-run]
       [--work=DIR] [--dump-binaries] [--jobs=N] [--timeout=S]
       [--evidence] [--no-respell] [--json=FILE] [--verbose] [--list]
       iree_e2e_vulkan.py IREE_SRC --from-json=FILE   (re-judge a saved run)

Every iree_check_single_backend_test_suite (or iree_check_test) whose
target_backend is vulkan-spirv and driver vulkan is taken with its srcs,
compiler_flags, input_type and runner_args (BUILD.bazel is evaluated as the
Starlark subset these files use: lists, `+`, named lists, enforce_glob(),
glob()). Suites tagged "manual" are left out, as IREE's CI leaves them
out, unless --manual. Each file is compiled with the installed iree-compile
as IREE's macro compiles it (`--iree-hal-target-backends=vulkan-spirv`, then
the suite's flags), for each target of --targets:

  llvmpipe  + `--iree-vulkan-target=llvmpipe` (after the suite's flags, so
            it wins): the target lavapipe is (subgroup 8, 32 KiB shared)
  suite     the suite's flags alone: IREE's default vulkan target
            (vp_android_baseline_2022: no subgroup ops, 32-bit only) or
            the one the suite names (vulkan_specific: valhall)

and run with scripts/iree_check_module.py (the stand-in for
iree-check-module, which the runtime wheel lacks) on `--device=vulkan`,
one line per test function: pass, fail (a check op failed), error (the
invocation returned an IREE status), crash or timeout (the runner died or
hung inside that function; the rest of the file is run on in a new
process). A file that does not compile counts each of its functions
(public zero-argument func.func) as compile-error.

Unless --no-ref-run, every file is also run under `ref-run --check` (frontend
files lowered first with `iree-compile --compile-to=input`), so that each
function's row says whether the test's own expected values hold in the
reference interpreter: a vulkan failure of a function ref-run passes is
IREE's or the executor's, never the test's.

A file the compiler's parser rejects is compiled again in the compiler's
syntax (iree_e2e_frontend.respell; the checkout may be older than the
compiler) and counted as respelled. --evidence adds, for each failing
function, the same function on llvm-cpu, a rerun with LP_NUM_THREADS=1 and
spirv-val on the file's SPIR-V.

--expectations (default tests/iree/vulkan_e2e_expectations.json) lists known
failures (target, dir, file, function or "*", outcome, class, reason, issue);
each is reported as holding, not holding (the function now passes or fails
otherwise) or not run. Exit 0 when every failure is expected and every
expectation that ran holds, 1 otherwise, 2 for bad usage.
"""
import argparse
import ast
import concurrent.futures
import fnmatch
import json
import os
import re
import selectors
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import iree_e2e  # noqa: E402  (RESULT_RE, test_functions)
import iree_e2e_frontend  # noqa: E402  (respell)

SUITE_MACROS = ("iree_check_single_backend_test_suite", "iree_check_test")
TARGETS = {
    "llvmpipe": ["--iree-vulkan-target=llvmpipe"],
    "suite": [],
}
OUTCOMES = ("pass", "fail", "error", "crash", "timeout", "compile-error",
            "compile-timeout")
DIAG_RE = re.compile(r"error: (.*)")

# --------------------------------------------------------------------------
# BUILD.bazel


class Unknown:
    """A Starlark value this evaluator does not model."""

    def __init__(self, why):
        self.why = why

    def __repr__(self):
        return "Unknown(%s)" % self.why


def _glob(files, include, exclude=()):
    return sorted(f for f in files
                  if any(fnmatch.fnmatchcase(f, p) for p in include)
                  and not any(fnmatch.fnmatchcase(f, p) for p in exclude))


def _eval(node, env, files):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [_eval(e, env, files) for e in node.elts]
        bad = [i for i in items if isinstance(i, Unknown)]
        return bad[0] if bad else list(items)
    if isinstance(node, ast.Dict):
        return {_eval(k, env, files): _eval(v, env, files)
                for k, v in zip(node.keys, node.values)}
    if isinstance(node, ast.Name):
        if node.id in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.id]
        return env.get(node.id, Unknown("name " + node.id))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        lhs, rhs = _eval(node.left, env, files), _eval(node.right, env, files)
        if isinstance(lhs, Unknown):
            return lhs
        if isinstance(rhs, Unknown):
            return rhs
        try:
            return lhs + rhs
        except TypeError:
            return Unknown("+ of %s and %s" % (type(lhs), type(rhs)))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [_eval(a, env, files) for a in node.args]
        kw = {k.arg: _eval(k.value, env, files) for k in node.keywords}
        if node.func.id == "enforce_glob":
            # enforce_glob(list, include, exclude) returns the list (and
            # fails Bazel's load when the list is not the glob's result).
            return args[0] if args else Unknown("enforce_glob()")
        if node.func.id == "glob":
            include = args[0] if args else kw.get("include", [])
            exclude = kw.get("exclude", args[1] if len(args) > 1 else [])
            if isinstance(include, Unknown) or isinstance(exclude, Unknown):
                return Unknown("glob arguments")
            return _glob(files, include, exclude)
        return Unknown("call " + node.func.id)
    return Unknown(type(node).__name__)


def parse_build(text, files=()):
    """The check suites of one BUILD.bazel text: a list of dicts with name,
    srcs, compiler_flags, input_type, runner_args, tags, target_backend,
    driver, and `problem` (None, or what could not be evaluated). `files`
    are the directory's file names, for glob()."""
    env, suites, read = {}, [], set()
    tree = ast.parse(text)
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Name):
            env[stmt.targets[0].id] = _eval(stmt.value, env, files)
            continue
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                and isinstance(stmt.value.func, ast.Name)
                and stmt.value.func.id in SUITE_MACROS):
            continue
        call = stmt.value
        read.add(id(call))
        kw = {k.arg: _eval(k.value, env, files) for k in call.keywords
              if k.arg}
        if call.func.id == "iree_check_test":
            kw["srcs"] = [kw["src"]] if "src" in kw else Unknown("src")
        suite = {"name": kw.get("name"), "macro": call.func.id,
                 "line": call.lineno}
        problems = []
        for key, default in (("srcs", []), ("compiler_flags", []),
                             ("runner_args", []), ("tags", []),
                             ("input_type", None), ("target_backend", None),
                             ("driver", None)):
            v = kw.get(key, default)
            if isinstance(v, Unknown):
                problems.append("%s: %s" % (key, v.why))
                v = default
            suite[key] = v
        suite["problem"] = "; ".join(problems) or None
        suites.append(suite)
    # A suite macro called anywhere else (a list comprehension, a helper
    # macro) is not evaluated: say so rather than drop it silently.
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in SUITE_MACROS and id(node) not in read:
            suites.append({"name": None, "macro": node.func.id,
                           "line": node.lineno, "srcs": [],
                           "compiler_flags": [], "runner_args": [],
                           "tags": [], "input_type": None,
                           "target_backend": None, "driver": None,
                           "problem": "a %s call not at top level (line %d) "
                           "is not read" % (node.func.id, node.lineno)})
    return suites


def vulkan_suites(suites, manual=False):
    return [s for s in suites
            if s["target_backend"] == "vulkan-spirv" and s["driver"] == "vulkan"
            and (manual or "manual" not in s["tags"])]


def find_build_files(src, dirs=None):
    """(dir relative to tests/e2e, path of its BUILD.bazel), sorted."""
    root = os.path.join(src, "tests", "e2e")
    out = []
    for dp, dn, fn in os.walk(root):
        dn.sort()
        if "BUILD.bazel" in fn:
            rel = os.path.relpath(dp, root)
            if dirs is None or rel in dirs:
                out.append((rel, os.path.join(dp, "BUILD.bazel")))
    return sorted(out)


def compile_flags(suite, target):
    flags = ["--iree-hal-target-backends=vulkan-spirv"] + \
        list(suite["compiler_flags"])
    if suite["input_type"]:
        flags.append("--iree-input-type=" + suite["input_type"])
    return flags + TARGETS[target]


def input_type_of(suite, text):
    """The frontend of a file, for ref-run's lowering (None: linalg and
    IREE's own dialects, which ref-run reads directly)."""
    if suite["input_type"]:
        return suite["input_type"]
    for f in suite["compiler_flags"]:
        if f.startswith("--iree-input-type="):
            return f.split("=", 1)[1]
    if re.search(r"\bstablehlo\.", text):
        return "stablehlo"
    if re.search(r"\btosa\.", text):
        return "tosa"
    return None

# --------------------------------------------------------------------------
# Tools


def find_tools(a):
    venv = os.path.join(HERE, "..", ".venv")
    site = sorted(
        d for d in (os.path.join(venv, "lib", p, "site-packages")
                    for p in (os.listdir(os.path.join(venv, "lib"))
                              if os.path.isdir(os.path.join(venv, "lib"))
                              else []))
        if os.path.isdir(d))
    ic = a.iree_compile
    if not ic:
        for s in site:
            c = os.path.join(s, "iree", "compiler", "_mlir_libs",
                             "iree-compile")
            if os.path.exists(c):
                ic = c
        ic = ic or shutil.which("iree-compile")
    py = a.python or os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        py = sys.executable
    return ic, py


def first_diag(text, rc):
    m = DIAG_RE.search(text)
    return (m.group(1).strip() if m else text.strip()[-300:]) or \
        "exit %d" % rc


def compile_one(ic, src, flags, out, timeout, dump=None):
    """None on success, else (outcome, reason)."""
    cmd = [ic, src, "-o", out] + flags
    if dump:
        cmd.append("--iree-hal-dump-executable-binaries-to=" + dump)
    with open(out + ".cmd", "w") as f:
        f.write(" ".join(cmd) + "\n")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "compile-timeout", "iree-compile ran past %d s" % timeout
    with open(out + ".log", "w") as f:
        f.write(p.stdout + p.stderr)
    if p.returncode != 0:
        return "compile-error", first_diag(p.stderr, p.returncode)
    return None


def run_module(py, vmfb, names, runner_args, timeout, device="vulkan",
               env=None):
    """{function: (outcome, detail)} for the module's test functions `names`,
    each with its own `timeout`. A crash or hang is charged to the function
    that was running; the functions after it run in a fresh process."""
    runner = os.path.join(HERE, "iree_check_module.py")
    results, todo = {}, list(names)
    while todo:
        cmd = [py, runner, vmfb, "--device=" + device] + \
            ["--flag=" + f for f in runner_args] + \
            ["--function=" + n for n in todo]
        errf = tempfile.TemporaryFile(mode="w+")  # never fills a pipe
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errf,
                             text=True, start_new_session=True,
                             env=dict(os.environ, **(env or {})))
        current = None
        sel = selectors.DefaultSelector()
        sel.register(p.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + timeout
        timed_out = False
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            if not sel.select(timeout=left):
                continue
            line = p.stdout.readline()
            if not line:
                break
            parts = line.rstrip("\n").split(" ", 2)
            if parts[0] == "START" and len(parts) > 1:
                current = parts[1]
                deadline = time.monotonic() + timeout
            elif parts[0] in ("PASS", "FAIL", "ERROR") and len(parts) > 1:
                results[parts[1]] = (parts[0].lower(),
                                     parts[2] if len(parts) > 2 else "")
                current = None
        if timed_out:
            os.killpg(p.pid, 9)
        p.wait()
        errf.seek(0)
        err = errf.read()
        errf.close()
        sel.close()
        todo = [n for n in todo if n not in results]
        if not todo:
            break
        victim = current or todo[0]
        if timed_out:
            results[victim] = ("timeout", "no result after %d s" % timeout)
        else:
            tail = " | ".join(err.strip().splitlines()[-3:])
            results[victim] = ("crash", "runner exit %d: %s" %
                               (p.returncode, tail[-400:]))
        todo = [n for n in todo if n not in results]
    return results


def list_functions(py, vmfb):
    p = subprocess.run([py, os.path.join(HERE, "iree_check_module.py"),
                        vmfb, "--list"], capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        return None
    return p.stdout.split()


def respelled_copy(path, work, d):
    """The file in the syntax of the IREE in use (iree_e2e_frontend.respell:
    TOSA ops with an attribute dictionary in the generic form, util.global's
    inlining hint dropped), or None when respelling changes nothing. For a
    checkout older than the compiler: its tests' syntax, not their ops."""
    with open(path) as f:
        text = f.read()
    new = iree_e2e_frontend.respell(text)
    if new == text:
        return None
    out = os.path.join(work, "respelled.%s.%s" % (d.replace("/", "_"),
                                                  os.path.basename(path)))
    with open(out, "w") as f:
        f.write(new)
    return out


def ref_run_file(ref_run, ic, suite, path, work, timeout, respell=False,
                 d=""):
    """{function: "pass"|"fail"} under ref-run --check, or a string saying
    why ref-run did not judge the file."""
    if not ref_run or not os.path.exists(ref_run):
        return "ref-run not found"
    with open(path) as f:
        text = f.read()
    itype = input_type_of(suite, text)
    target = path
    if itype:
        target = os.path.join(work, "lowered.%s.mlir" %
                              os.path.basename(path))
        flags = [f for f in suite["compiler_flags"]
                 if f.startswith("--iree-input-")
                 and not f.startswith("--iree-input-type=")]
        try:
            p = subprocess.run([ic, "--compile-to=input",
                                "--iree-input-type=" + itype] + flags +
                               [path, "-o", target], capture_output=True,
                               text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "lowering timed out"
        if p.returncode != 0 and respell:
            respelled = respelled_copy(path, work, d)
            if respelled:
                p = subprocess.run([ic, "--compile-to=input",
                                    "--iree-input-type=" + itype] + flags +
                                   [respelled, "-o", target],
                                   capture_output=True, text=True,
                                   timeout=timeout)
        if p.returncode != 0:
            return "IREE's %s lowering failed: %s" % (
                itype, first_diag(p.stderr, p.returncode))
    try:
        p = subprocess.run([ref_run, "--check", target], capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "ref-run timed out"
    out = p.stdout + p.stderr
    res = {m.group(2).lstrip("@"): m.group(1).lower()
           for m in iree_e2e.RESULT_RE.finditer(out)}
    if not res:
        return "ref-run exit %d: %s" % (p.returncode,
                                        first_diag(out, p.returncode))
    return res

# --------------------------------------------------------------------------
# Evidence for failures

CPU_FLAGS = ["--iree-hal-target-device=local",
             "--iree-hal-local-target-device-backends=llvm-cpu",
             "--iree-llvmcpu-target-cpu=generic"]


# Errors of SPIR-V 1.4+ content under a 1.0 header (see validate_spv).
V14_RE = re.compile(r"No(?:Signed|Unsigned)Wrap|OpEntryPoint interfaces must "
                    r"be OpVariables with Storage Class of Input")


def validate_spv(path):
    """spirv-val's first error for one module, or None when it is valid.
    IREE 3.13's llvmpipe target (spirv:v1.6) writes modules whose content is
    SPIR-V 1.4+ (NoSignedWrap without SPV_KHR_no_integer_wrap_decoration,
    iree-org/iree#24724; storage buffers in OpEntryPoint's interface) under
    a 1.0 header, and spirv-val stops at the first such error; so such a
    module is validated again with its header set to 1.4, to see whether
    anything else is wrong."""
    def val(p):
        r = subprocess.run(["spirv-val", "--target-env", "vulkan1.3", p],
                           capture_output=True, text=True, timeout=120)
        return None if r.returncode == 0 else \
            ((r.stderr or r.stdout).strip().splitlines() or ["?"])[0]
    first = val(path)
    if first is None or not V14_RE.search(first):
        return first
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[4:8] = (0x00010400).to_bytes(4, "little")
    with tempfile.NamedTemporaryFile(suffix=".spv") as t:
        t.write(data)
        t.flush()
        again = val(t.name)
    return "SPIR-V 1.4 content under a 1.0 header (iree#24724)" + \
        ("; as 1.4: " + again if again else " only")


def spirv_val(dump_dir):
    """(invalid modules, modules, first error) of the SPIR-V in dump_dir."""
    if not shutil.which("spirv-val"):
        return None
    spvs = sorted(f for f in os.listdir(dump_dir) if f.endswith(".spv"))
    bad, first = 0, ""
    for f in spvs:
        err = validate_spv(os.path.join(dump_dir, f))
        if err:
            bad += 1
            if not first or (first.endswith(" only")
                             and not err.endswith(" only")):
                first = err
    return bad, len(spvs), first


def gather_evidence(a, ic, py, work, rows):
    """For each failing file: the same functions on llvm-cpu (local-task),
    the vulkan module rerun with LP_NUM_THREADS=1 (lavapipe on one thread),
    and spirv-val on its SPIR-V. Stored in each failing row's `evidence`."""
    groups = {}
    for r in rows:
        if r["outcome"] != "pass":
            groups.setdefault((r["target"], r["dir"], r["suite"], r["file"]),
                              []).append(r)
    for (target, d, suite, name), rs in sorted(groups.items()):
        path = os.path.join(a.src, "tests", "e2e", d, name)
        tag = "%s.%s.%s.%s" % (target, d.replace("/", "_"), suite, name)
        vmfb = os.path.join(work, tag + ".vmfb")
        fns = [r["function"] for r in rs if r["function"] != "(file)"]
        ev = {}
        # llvm-cpu: the suite's flags less the vulkan ones.
        flags = [f for f in rs[0]["flags"]
                 if not f.startswith(("--iree-hal-target-backends",
                                      "--iree-vulkan-"))] + CPU_FLAGS
        cpu = os.path.join(work, tag + ".llvm-cpu.vmfb")
        err = compile_one(ic, path, flags, cpu, a.compile_timeout)
        if err:
            cpu_res = {f: err for f in fns}
        else:
            cpu_res = run_module(py, cpu, fns, [], a.timeout,
                                 device="local-task")
        if rs[0]["outcome"] not in ("compile-error", "compile-timeout"):
            lp1 = run_module(py, vmfb, fns, rs[0].get("runner_args", []),
                             a.timeout, env={"LP_NUM_THREADS": "1"})
            dump = os.path.join(work, tag + ".spv")
            shutil.rmtree(dump, ignore_errors=True)
            compile_one(ic, path, rs[0]["flags"], vmfb + ".dump.vmfb",
                        a.compile_timeout, dump)
            val = spirv_val(dump) if os.path.isdir(dump) else None
        else:
            lp1, val = {}, None
        for r in rs:
            f = r["function"]
            e = {"llvm-cpu": cpu_res.get(f, ("not run",))[0]}
            if f in lp1:
                e["LP_NUM_THREADS=1"] = lp1[f][0]
            if val is not None:
                e["spirv-val"] = ("%d/%d modules invalid%s" % (
                    val[0], val[1], ": " + val[2] if val[2] else ""))
            r["evidence"] = e

# --------------------------------------------------------------------------
# Expectations


def load_expectations(path):
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        data = json.load(f)
    return data.get("expectations", data if isinstance(data, list) else [])


def matches(e, target, d, f, fn):
    return (e.get("target", "*") in ("*", target) and e["dir"] == d
            and e["file"] == f and e.get("function", "*") in ("*", fn))


def judge_expectations(exps, rows):
    """Each expectation with its state; each failing row gets `expected`."""
    out = []
    for e in exps:
        hits = [r for r in rows
                if matches(e, r["target"], r["dir"], r["file"], r["function"])]
        if not hits:
            state = "not run"
        elif all(r["outcome"] == e["outcome"] for r in hits):
            state = "holds"
        else:
            bad = [r for r in hits if r["outcome"] != e["outcome"]]
            state = "does not hold: %s is %s" % (
                ", ".join("%s@%s" % (r["function"], r["target"])
                          for r in bad[:5]), bad[0]["outcome"])
        for r in hits:
            if r["outcome"] == e["outcome"]:
                r["expected"] = e
        out.append(dict(e, state=state, functions=len(hits)))
    return out

# --------------------------------------------------------------------------


def collect(src, dirs, files_re, manual):
    """[(dir, suite, file name, path)] for every vulkan suite's file."""
    jobs = []
    for d, build in find_build_files(src, dirs):
        ddir = os.path.dirname(build)
        with open(build) as f:
            text = f.read()
        try:
            suites = parse_build(text, sorted(os.listdir(ddir)))
        except SyntaxError as e:
            print("iree_e2e_vulkan: %s: %s" % (build, e), file=sys.stderr)
            continue
        for s in suites:
            if s["name"] is None:
                print("iree_e2e_vulkan: %s: %s" % (build, s["problem"]),
                      file=sys.stderr)
        for s in vulkan_suites(suites, manual):
            if s["problem"]:
                print("iree_e2e_vulkan: %s: suite %s: %s" %
                      (build, s["name"], s["problem"]), file=sys.stderr)
            for name in s["srcs"]:
                if files_re and not re.search(files_re, name):
                    continue
                jobs.append((d, s, name, os.path.join(ddir, name)))
    return jobs


def do_file(a, ic, py, work, target, d, s, name, path):
    """Rows (one per test function) of one file on one target."""
    tag = "%s.%s.%s.%s" % (target, d.replace("/", "_"), s["name"], name)
    vmfb = os.path.join(work, tag + ".vmfb")
    flags = compile_flags(s, target)
    dump = os.path.join(work, tag + ".bin") if a.dump_binaries else None
    with open(path) as f:
        src_funcs = iree_e2e.test_functions(f.read())
    t0 = time.monotonic()
    err = compile_one(ic, path, flags, vmfb, a.compile_timeout, dump)
    base = {"target": target, "dir": d, "suite": s["name"], "file": name,
            "flags": flags, "runner_args": s["runner_args"]}
    if err and a.respell:
        respelled = respelled_copy(path, work, d)
        if respelled:
            err2 = compile_one(ic, respelled, flags, vmfb, a.compile_timeout,
                               dump)
            if not err2:
                err = None
                base["respelled"] = True
    if err:
        if a.verbose:
            print("  %s %s/%s: %s: %s" % (target, d, name, err[0],
                                          err[1][:120]), flush=True)
        return [dict(base, function=fn, outcome=err[0], detail=err[1])
                for fn in (src_funcs or ["(file)"])]
    names = list_functions(py, vmfb)
    if names is None:
        return [dict(base, function="(file)", outcome="error",
                     detail="the module does not load")]
    res = run_module(py, vmfb, names, s["runner_args"], a.timeout)
    rows = [dict(base, function=n, outcome=res[n][0], detail=res[n][1])
            for n in names]
    if a.verbose:
        print("  %s %s/%s: %d/%d (%.1f s)" % (
            target, d, name, sum(r["outcome"] == "pass" for r in rows),
            len(rows), time.monotonic() - t0), flush=True)
    return rows


def summarize(a, targets, rows):
    """Judges the expectations, prints the per-directory table and the
    failures, writes --json; the exit code."""
    for r in rows:
        r.pop("expected", None)
    expectations = judge_expectations(load_expectations(a.expectations),
                                      rows)
    report = {"iree_src": os.path.abspath(a.src), "targets": {},
              "expectations": expectations}

    def skew(r):  # not compiled for vulkan at all: says nothing of IREE's
        return r.get("expected", {}).get("class") == "version-skew"

    for t in targets:
        print("target %s (%s)" % (t, " ".join(TARGETS[t]) or
                                  "the suites' own flags"))
        per = {}
        for r in rows:
            if r["target"] == t:
                per.setdefault(r["dir"], []).append(r)
        tp = tt = ts = 0
        for d in sorted(per):
            rs = per[d]
            p = sum(r["outcome"] == "pass" for r in rs)
            files = sorted({r["file"] for r in rs})
            whole = sum(all(r["outcome"] == "pass" for r in rs
                            if r["file"] == f) for f in files)
            known = sum(1 for r in rs if r["outcome"] != "pass"
                        and "expected" in r and not skew(r))
            sk = sum(1 for r in rs if skew(r))
            resp = len({r["file"] for r in rs if r.get("respelled")})
            notes = []
            if known:
                notes.append("%d known failures" % known)
            if sk:
                notes.append("%d not compiled: version skew" % sk)
            if resp:
                notes.append("%d files respelled" % resp)
            print("  %-22s %4d/%-4d functions  %3d/%-3d files pass whole"
                  "%s" % (d, p, len(rs) - sk, whole, len(files),
                          "  (%s)" % ", ".join(notes) if notes else ""))
            tp += p
            tt += len(rs) - sk
            ts += sk
            report["targets"].setdefault(t, {})[d] = {
                "passed": p, "total": len(rs) - sk, "version_skew": sk,
                "files": len(files), "files_passing": whole,
                "respelled_files": resp}
        print("  %-22s %4d/%-4d functions  (%.1f%%; %d more not compiled: "
              "version skew)" % ("total", tp, tt,
                                 100.0 * tp / tt if tt else 0, ts))
        report["targets"].setdefault(t, {})["total"] = {
            "passed": tp, "total": tt, "version_skew": ts}
    fails = [r for r in rows if r["outcome"] != "pass"]
    if fails:
        print("failures:")
    unexpected = 0
    for r in fails:
        exp = r.get("expected")
        if not exp:
            unexpected += 1
        print("  %-8s %s/%s @%s: %s%s  [ref-run: %s] %s" % (
            r["target"], r["dir"], r["file"], r["function"], r["outcome"],
            (" (known: %s)" % exp["class"]) if exp else " (NEW)",
            r["ref_run"], r["detail"][:160] if a.verbose or not exp else ""))
        if "evidence" in r:
            print("           evidence: " + ", ".join(
                "%s %s" % kv for kv in r["evidence"].items()))
    broken = [e for e in expectations if e["state"].startswith("does not")]
    if expectations:
        print("expectations: %d hold, %d do not hold, %d not run" % (
            sum(e["state"] == "holds" for e in expectations), len(broken),
            sum(e["state"] == "not run" for e in expectations)))
        for e in broken:
            print("  %s/%s @%s [%s]: %s" % (e["dir"], e["file"],
                                            e.get("function", "*"),
                                            e.get("target", "*"), e["state"]))
    report["rows"] = rows
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1, default=str)
    return 1 if unexpected or broken else 0


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src")
    ap.add_argument("--targets", default="llvmpipe,suite")
    ap.add_argument("--dirs", help="directories under tests/e2e "
                    "(default: every one with a vulkan suite)")
    ap.add_argument("--files", help="only files whose names match REGEX")
    ap.add_argument("--manual", action="store_true",
                    help="also the suites tagged manual")
    ap.add_argument("--expectations", default=os.path.join(
        HERE, "..", "tests", "iree", "vulkan_e2e_expectations.json"))
    ap.add_argument("--no-ref-run", action="store_true")
    ap.add_argument("--no-respell", dest="respell", action="store_false",
                    help="do not retry a file the compiler's parser rejects "
                    "in the compiler's syntax (iree_e2e_frontend.respell)")
    ap.add_argument("--evidence", action="store_true",
                    help="for each failure: the same functions on llvm-cpu, "
                    "a rerun with LP_NUM_THREADS=1, spirv-val on the SPIR-V")
    ap.add_argument("--ref-run", default=os.path.join(
        HERE, "..", "build", "bin", "ref-run"))
    ap.add_argument("--iree-compile")
    ap.add_argument("--python", help="a Python with iree.runtime "
                    "(default .venv/bin/python)")
    ap.add_argument("--work", help="keep modules and logs here")
    ap.add_argument("--dump-binaries", action="store_true",
                    help="keep each file's SPIR-V (--work's *.bin/)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per test function on the device")
    ap.add_argument("--compile-timeout", type=int, default=600)
    ap.add_argument("--json")
    ap.add_argument("--from-json", help="judge and print a saved --json "
                    "run again (e.g. after editing the expectations); runs "
                    "nothing")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--list", action="store_true",
                    help="print the suites and files, run nothing")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.src, "tests", "e2e")):
        print("iree_e2e_vulkan: %s is not an IREE source checkout (no "
              "tests/e2e)" % a.src, file=sys.stderr)
        return 2
    targets = a.targets.split(",")
    if a.from_json:
        with open(a.from_json) as f:
            rows = json.load(f)["rows"]
        targets = [t for t in targets if any(r["target"] == t for r in rows)]
        return summarize(a, targets, rows)
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        print("iree_e2e_vulkan: unknown target %s (known: %s)" %
              (", ".join(bad), ", ".join(TARGETS)), file=sys.stderr)
        return 2
    jobs = collect(a.src, a.dirs.split(",") if a.dirs else None, a.files,
                   a.manual)
    if a.list:
        for d, s, name, _ in jobs:
            print("%-22s %-34s %-30s %s" % (d, s["name"], name,
                                            " ".join(s["compiler_flags"])))
        return 0
    if not jobs:
        print("iree_e2e_vulkan: no vulkan suite files selected",
              file=sys.stderr)
        return 2
    ic, py = find_tools(a)
    if not ic:
        print("iree_e2e_vulkan: no iree-compile (.venv or PATH)",
              file=sys.stderr)
        return 2
    tmp = None
    work = a.work
    if not work:
        tmp = tempfile.TemporaryDirectory()
        work = tmp.name
    os.makedirs(work, exist_ok=True)

    rows = []
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        futs = [pool.submit(do_file, a, ic, py, work, t, d, s, n, p)
                for t in targets for d, s, n, p in jobs]
        for f in futs:
            rows.extend(f.result())
    ref = {}
    if not a.no_ref_run:
        seen = {}
        for d, s, name, path in jobs:
            if path not in seen:
                seen[path] = ref_run_file(a.ref_run, ic, s, path, work,
                                          a.compile_timeout, a.respell, d)
            ref[(d, name)] = seen[path]
    for r in rows:
        rr = ref.get((r["dir"], r["file"]))
        if rr is None:
            r["ref_run"] = "not run"
        elif isinstance(rr, str):
            r["ref_run"] = rr
        else:
            r["ref_run"] = rr.get(r["function"], "no result")
    if a.evidence:
        gather_evidence(a, ic, py, work, rows)
    code = summarize(a, targets, rows)
    if tmp:
        tmp.cleanup()
    return code


if __name__ == "__main__":
    sys.exit(main())
