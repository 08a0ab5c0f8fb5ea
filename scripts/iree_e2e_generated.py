#!/usr/bin/env python3
"""Runs IREE's generated e2e suites (tests/e2e/matmul, convolution,
attention) under ref-run, as IREE's build runs them with its e2e test
runners, and prints passed/total per generator configuration and a total.

Usage: iree_e2e_generated.py IREE_SRC [--ref-run=PATH] [--suites=a,b]
       [--filter=REGEX] [--timeout=SECONDS] [--jobs=N] [--verbose]
       [--json=FILE] [--list]

The configurations come from the suites' CMakeLists.txt: every
iree_generated_e2e_runner_test's GENERATOR, GENERATOR_ARGS and RUNNER_ARGS
(the runner's --require_exact_results and friends), with the CMake variables
they use expanded (foreach loops unrolled, `set` in `if` branches: every
value a branch may give when the condition depends on the build). Compiler
flags, targets and drivers only change how IREE compiles, not what the
program means, so configurations that differ only in those run once;
--compilation_info variants do run (they add codegen attributes, which
ref-run reads and ignores). Each configuration is generated into a temporary
folder (IREE's generators, run from IREE_SRC; nothing is copied into this
project) and run with
  ref-run --module=<module>.mlir --module=<calls>.mlir --check RUNNER_ARGS
A configuration that fails to generate, errors or times out counts all its
test functions as failed.
"""
import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

SUITES = ["matmul", "convolution", "attention"]
# Each generator's option naming the output module file.
MODULE_OPTION = {
    "generate_e2e_matmul_tests.py": "--output_matmul_mlir",
    "generate_e2e_batch_matmul_tests.py": "--output_matmul_mlir",
    "generate_e2e_conv2d_tests.py": "--output_conv2d_mlir",
    "generate_e2e_attention_tests.py": "--output_attention_mlir",
}
TEST_FUNC_RE = re.compile(
    r"^\s*(?:func\.func|util\.func)\s+(?:public\s+)?@([\w$.-]+)\s*\(\s*\)",
    re.M)
RESULT_RE = re.compile(r"^(PASS|FAIL)\s+@?(\S+)", re.M)
KEYWORDS = {"NAME", "TEST_TYPE", "GENERATOR", "GENERATOR_ARGS",
            "TEST_RUNNER", "TARGET_BACKENDS", "DRIVERS", "COMPILER_FLAGS",
            "RUNNER_ARGS", "LABELS", "TARGET_CPU_FEATURES_VARIANTS",
            "SRCS", "DEPS"}


def cmake_commands(text):
    """(name, argument text) of every command, in order (comments dropped,
    nested parentheses kept)."""
    text = re.sub(r"#[^\n]*", "", text)
    out, i = [], 0
    pat = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")
    while True:
        m = pat.search(text, i)
        if not m:
            return out
        depth, j, in_str = 1, m.end(), False
        while j < len(text) and depth:
            ch = text[j]
            if ch == '"' and text[j - 1] != "\\":
                in_str = not in_str
            elif not in_str and ch == "(":
                depth += 1
            elif not in_str and ch == ")":
                depth -= 1
            j += 1
        out.append((m.group(1).lower(), text[m.end():j - 1]))
        i = j


def words(args):
    return [w[1:-1] if w.startswith('"') else w
            for w in re.findall(r'"(?:[^"\\]|\\.)*"|[^\s]+', args)]


def unroll_foreach(cmds):
    out, i = [], 0
    while i < len(cmds):
        name, args = cmds[i]
        if name != "foreach":
            out.append(cmds[i])
            i += 1
            continue
        depth, j = 1, i + 1
        while depth:
            if cmds[j][0] == "foreach":
                depth += 1
            elif cmds[j][0] == "endforeach":
                depth -= 1
            j += 1
        w = words(args)
        var, items = w[0], w[1:]
        if items and items[0] in ("IN", "ITEMS"):
            items = items[1:]
        body = unroll_foreach(cmds[i + 1:j - 1])
        for item in items:
            for n, a in body:
                a = a.replace("${%s}" % var, item)
                if n in ("if", "elseif"):
                    a = re.sub(r"\b%s\b" % re.escape(var), item, a)
                out.append((n, a))
        i = j
    return out


def eval_condition(args):
    """True/False for `A STREQUAL "B"` on literals, None when the condition
    depends on the build."""
    w = words(args)
    if len(w) == 3 and w[1] == "STREQUAL" and "${" not in args:
        return w[0] == w[2]
    return None


def configurations(path):
    """Every generator configuration of one CMakeLists.txt:
    [(test name, generator, [generator args], [runner args])]."""
    cmds = unroll_foreach(cmake_commands(open(path).read()))
    values = {}  # variable -> list of possible values
    frames = []  # per open if: [condition value, a branch already taken]
    out = []

    def active():
        return all(f[0] is not False for f in frames)

    for name, args in cmds:
        if name == "if":
            frames.append([eval_condition(args), False])
            frames[-1][1] = frames[-1][0] is True
        elif name == "elseif":
            c = eval_condition(args)
            f = frames[-1]
            f[0] = False if f[1] else c
            f[1] = f[1] or c is True
        elif name == "else":
            f = frames[-1]
            f[0] = None if f[0] is None else not f[1]
        elif name == "endif":
            frames.pop()
        elif name in ("set", "unset") and active():
            w = words(args)
            if not w:
                continue
            val = " ".join(w[1:])
            # Inside a branch the build decides (unknown condition), a value
            # is one more alternative; in a branch known taken it replaces.
            certain = not frames or frames[-1][0] is True
            if certain or w[0] not in values:
                values[w[0]] = [val]
            elif val not in values[w[0]]:
                values[w[0]].append(val)
        elif name == "iree_generated_e2e_runner_test" and active():
            sec, cur = {}, None
            for w in words(args):
                if w in KEYWORDS:
                    cur = w
                    sec.setdefault(cur, [])
                elif cur:
                    sec[cur].append(w)
            gen = sec.get("GENERATOR", [""])[0]
            gargs, rargs = sec.get("GENERATOR_ARGS", []), sec.get(
                "RUNNER_ARGS", [])
            used = sorted(set(re.findall(r"\$\{(\w+)\}",
                                         " ".join(gargs + rargs))))
            choices = [values.get(v, [""]) for v in used]
            for combo in itertools.product(*choices):
                def subst(s):
                    for v, val in zip(used, combo):
                        s = s.replace("${%s}" % v, val)
                    return s
                out.append((sec.get("NAME", ["?"])[0], gen,
                            [subst(a) for a in gargs],
                            [subst(a) for a in rargs]))
    return out


def all_configurations(src, suites):
    seen, out = set(), []
    for suite in suites:
        path = os.path.join(src, "tests", "e2e", suite, "CMakeLists.txt")
        for name, gen, gargs, rargs in configurations(path):
            key = (suite, gen, tuple(gargs), tuple(rargs))
            if key in seen or gen not in MODULE_OPTION:
                continue
            seen.add(key)
            out.append({"suite": suite, "name": name, "generator": gen,
                        "args": gargs, "runner_args": rargs})
    return out


def label(cfg):
    text = " ".join([cfg["generator"].replace("generate_e2e_", "")
                     .replace("_tests.py", "")] + cfg["args"] +
                    cfg["runner_args"])
    return text


def run_config(cfg, src, ref_run, timeout, tmp_root):
    tmp = tempfile.mkdtemp(dir=tmp_root)
    module = os.path.join(tmp, "module.mlir")
    calls = os.path.join(tmp, "calls.mlir")
    gen_module = "tests.e2e.%s.%s" % (cfg["suite"], cfg["generator"][:-3])
    gen = subprocess.run(
        [sys.executable, "-m", gen_module,
         MODULE_OPTION[cfg["generator"]] + "=" + module,
         "--output_calls_mlir=" + calls] + cfg["args"],
        cwd=src, capture_output=True, text=True)
    if gen.returncode != 0:
        tail = (gen.stderr.strip().splitlines() or ["?"])[-1]
        return 0, 0, "generator failed: " + tail
    with open(calls) as f:
        funcs = TEST_FUNC_RE.findall(f.read())
    try:
        p = subprocess.run(
            [ref_run, "--module=" + module, "--module=" + calls, "--check"] +
            cfg["runner_args"], capture_output=True, text=True,
            timeout=timeout)
        out, rc = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        return 0, len(funcs), "timeout after %ds" % timeout
    results = {m.group(2): m.group(1) == "PASS"
               for m in RESULT_RE.finditer(out)}
    passed = sum(1 for v in results.values() if v)
    if rc not in (0, 1) and not results:
        passed = 0
    why = ""
    if passed != len(funcs):
        lines = [l for l in out.strip().splitlines()
                 if not l.startswith("PASS")]
        why = "exit %d: %s" % (rc, " | ".join(lines[-3:]))
    return passed, max(len(funcs), len(results)), why


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--ref-run",
                    default=os.path.join(here, "..", "build", "bin", "ref-run"))
    ap.add_argument("--suites", default=",".join(SUITES))
    ap.add_argument("--filter", default="",
                    help="only configurations whose label matches")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--json")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.src, "tests", "e2e")):
        print("iree_e2e_generated: %s is not an IREE source checkout" % a.src,
              file=sys.stderr)
        return 2
    cfgs = [c for c in all_configurations(a.src, a.suites.split(","))
            if re.search(a.filter, label(c))]
    if a.list:
        for c in cfgs:
            print("%-12s %s" % (c["suite"], label(c)))
        return 0
    report, total = [], [0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            futures = [pool.submit(run_config, c, a.src, a.ref_run,
                                   a.timeout, tmp) for c in cfgs]
            for c, fut in zip(cfgs, futures):
                p, t, why = fut.result()
                total[0] += p
                total[1] += t
                print("%4d/%-4d %-12s %s" % (p, t, c["suite"], label(c)),
                      flush=True)
                if a.verbose and why:
                    print("          " + why[:600], flush=True)
                report.append(dict(c, passed=p, total=t, why=why))
    print("%4d/%-4d total (%d configurations)" % (total[0], total[1],
                                                 len(cfgs)))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if total[0] == total[1] else 1


if __name__ == "__main__":
    sys.exit(main())
