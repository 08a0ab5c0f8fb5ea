#!/usr/bin/env python3
"""The three-way ONNX conformance run: ONNX's reference outputs vs ref-run vs
IREE's targets, one row per ONNX backend node test.

    onnx_conformance.py --out=DIR [--filter=REGEX] [--jobs=N]
        [--targets=llvm-cpu] [--iree-dir=DIR] [--stage=lower|ref|all]

ONNX ships the generators of its node tests in its wheel
(`onnx.backend.test.case.node.collect_testcases`), each with numpy-computed
reference outputs. For every case:
  1. write the model and its inputs/outputs (.npy) under DIR/cases/NAME;
  2. import it with `iree-import-onnx` and lower it with
     `iree-compile --compile-to=input` (failures are `import-fail` /
     `lower-fail`: IREE's frontend, not us);
  3. run the lowered program with ref-run and compare with ONNX's reference
     outputs (ONNX's own rtol/atol per case; dtype and shape exact);
  4. run it on each requested IREE target through `difftest run`, which
     compares the target with ref-run's golden under the oracle.
Results go to DIR/results.sqlite (one row per case and stage) and a
Markdown + HTML report, DIR/report.md and DIR/report.html.
"""
import argparse
import concurrent.futures as cf
import html
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def find_tool(name, iree_dir):
    cands = []
    if iree_dir:
        cands += [os.path.join(iree_dir, "bin", name), os.path.join(iree_dir, name)]
    cands.append(os.path.join(ROOT, ".venv", "bin", name))
    for c in cands:
        if os.path.exists(c):
            return c
    return shutil.which(name)


def extract_cases(out, pattern):
    """Writes every ONNX node case matching `pattern`; returns their names."""
    import numpy as np
    import onnx
    import onnx.numpy_helper
    import warnings
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases(None)
    names = []
    rx = re.compile(pattern) if pattern else None
    for c in cases:
        if rx and not rx.search(c.name):
            continue
        d = os.path.join(out, "cases", c.name)
        names.append(c.name)
        if os.path.exists(os.path.join(d, "case.json")):
            continue
        os.makedirs(d, exist_ok=True)
        onnx.save(c.model, os.path.join(d, "model.onnx"))
        ins, outs = c.data_sets[0] if c.data_sets else ([], [])
        meta = {"name": c.name, "rtol": c.rtol, "atol": c.atol,
                "inputs": [], "outputs": [], "unsupported_value": None}
        for kind, vals in (("in", ins), ("out", outs)):
            for i, v in enumerate(vals):
                if isinstance(v, onnx.TensorProto):
                    v = onnx.numpy_helper.to_array(v)
                elif isinstance(v, np.generic):
                    v = np.asarray(v)  # a numpy scalar: a rank-0 tensor
                if not isinstance(v, np.ndarray) or v.dtype == object:
                    # Sequences, optionals and maps have no buffer view form.
                    meta["unsupported_value"] = "%s %d is a %s" % (
                        kind, i, type(v).__name__)
                    continue
                p = os.path.join(d, "%s%d.npy" % (kind, i))
                np.save(p, v, allow_pickle=False)
                meta["inputs" if kind == "in" else "outputs"].append(
                    {"file": os.path.basename(p), "dtype": str(v.dtype),
                     "shape": list(v.shape)})
        with open(os.path.join(d, "case.json"), "w") as f:
            json.dump(meta, f, indent=1)
    return names


def run(argv, timeout, log):
    t0 = time.time()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        rc, text = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, text = -9, "timeout after %ds" % timeout
    with open(log, "w") as f:
        f.write("$ " + " ".join(argv) + "\n# exit %d, %.2fs\n" % (rc, time.time() - t0))
        f.write(text)
    return rc, text


def first_error(text):
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()[:300]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1][:300] if lines else ""


def lower_case(d, tools, timeout):
    """Stage 2: import and lower. Returns (status, detail)."""
    meta = json.load(open(os.path.join(d, "case.json")))
    if meta.get("unsupported_value"):
        return "import-fail", "input/output is not a tensor: " + meta["unsupported_value"]
    lowered = os.path.join(d, "model.input.mlir")
    if os.path.exists(lowered):
        return "lowered", ""
    rc, text = run([tools["import"], os.path.join(d, "model.onnx"), "-o",
                    os.path.join(d, "model.torch.mlir")], timeout,
                   os.path.join(d, "import.log"))
    if rc != 0:
        return "import-fail", first_error(text)
    rc, text = run([tools["compile"], "--compile-to=input",
                    os.path.join(d, "model.torch.mlir"), "-o", lowered + ".tmp"],
                   timeout, os.path.join(d, "lower.log"))
    if rc != 0:
        return "lower-fail", first_error(text)
    os.replace(lowered + ".tmp", lowered)
    return "lowered", ""


def public_function(text):
    """The synchronous public entry point of a lowered program."""
    for m in re.finditer(r"util\.func public @([\w$.]+)\(", text):
        if not m.group(1).endswith("$async"):
            return m.group(1)
    m = re.search(r"func\.func @([\w$.]+)\(", text)
    return m.group(1) if m else None


def compare(expected, actual, rtol, atol):
    """ONNX's own rule (its backend runner's assert_allclose), dtype and shape
    exact. Returns '' when they agree, else a one-line reason."""
    import numpy as np
    if (expected.dtype.kind in "iu" and actual.dtype.kind in "iu" and
            expected.dtype.itemsize == actual.dtype.itemsize):
        # The lowered program's integers are signless: uint8 data travels as
        # i8 and ref-run writes it as signed; the bits are ONNX's.
        actual = actual.view(expected.dtype)
    if expected.dtype != actual.dtype:
        return "dtype %s, expected %s" % (actual.dtype, expected.dtype)
    if expected.shape != actual.shape:
        return "shape %s, expected %s" % (actual.shape, expected.shape)
    if expected.dtype.kind in "biuUSO":
        bad = expected != actual
    else:
        e = expected.astype(np.float64)
        a = actual.astype(np.float64)
        with np.errstate(invalid="ignore"):
            bad = ~(np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True))
    n = int(np.count_nonzero(bad))
    if n == 0:
        return ""
    idx = tuple(int(i) for i in np.argwhere(bad)[0]) if bad.ndim else ()
    return "%d of %d elements differ; first at %s: expected %r, got %r" % (
        n, bad.size, list(idx), expected[idx].item() if bad.ndim else expected.item(),
        actual[idx].item() if bad.ndim else actual.item())


def ref_case(d, tools, timeout):
    """Stage 3: ref-run vs ONNX's reference outputs."""
    import numpy as np
    meta = json.load(open(os.path.join(d, "case.json")))
    prog = os.path.join(d, "model.input.mlir")
    fn = public_function(open(prog).read())
    argv = [tools["ref-run"], prog, "--function=" + fn]
    for i in meta["inputs"]:
        p = os.path.join(d, i["file"])
        if i["dtype"] == "bfloat16":
            # numpy has no bf16 type code (ml_dtypes saves '<V2'): raw bytes.
            raw = p[:-4] + ".bin"
            np.load(p).view(np.uint16).tofile(raw)
            shape = "x".join(str(s) for s in i["shape"])
            argv.append("--input=%s%sbf16=@%s" % (shape, "x" if shape else "", raw))
        else:
            argv.append("--input=@" + p)
    outs = []
    for i, o in enumerate(meta["outputs"]):
        ext = "bin" if o["dtype"] == "bfloat16" else "npy"
        p = os.path.join(d, "ref%d.%s" % (i, ext))
        if os.path.exists(p):
            os.remove(p)
        outs.append(p)
        argv.append("--output=@" + p)
    rc, text = run(argv, timeout, os.path.join(d, "ref-run.log"))
    if rc == 3 and "undefined behaviour: failed assertion" in text:
        # The lowered program's own cf.assert (the importer's guard for an
        # unimplemented case) fails: it aborts, there is no output.
        return "ref-assert", first_error(text)
    if rc == 3:
        return "ref-ub", first_error(text)
    if rc != 0:
        return "ref-error", first_error(text)
    for i, o in enumerate(meta["outputs"]):
        exp = np.load(os.path.join(d, o["file"]))
        if not os.path.exists(outs[i]):
            return "ref-error", "output %d not written (raw .bin dtype?)" % i
        if outs[i].endswith(".bin"):
            import ml_dtypes
            exp = exp.view(ml_dtypes.bfloat16)  # saved as '|V2'
            act = np.fromfile(outs[i], dtype=np.uint16).view(
                ml_dtypes.bfloat16).reshape(exp.shape)
        else:
            act = np.load(outs[i])
        why = compare(exp, act, meta["rtol"], meta["atol"])
        if why:
            return "ref-mismatch", "output %d: %s" % (i, why)
    return "ref-pass", ""


def target_case(d, tools, target, timeout):
    """Stage 4: one IREE target against ref-run's golden (difftest run)."""
    meta = json.load(open(os.path.join(d, "case.json")))
    prog = os.path.join(d, "model.input.mlir")
    fn = public_function(open(prog).read())
    out = os.path.join(d, "difftest-" + target.replace(":", "_"))
    argv = [tools["difftest"], "run", prog, "--function=" + fn,
            "--target=" + target, "--out=" + out]
    argv += ["--input=@" + os.path.join(d, i["file"]) for i in meta["inputs"]]
    rc, text = run(argv, timeout, os.path.join(d, "difftest-%s.log" % target.replace(":", "_")))
    verdict = first_error(text) if rc != 0 else ""
    return {0: "pass", 1: "fail", 2: "invalid"}.get(rc, "tool-error"), verdict


VERDICTS = [
    ("import-fail", "IREE's ONNX importer rejects the model (not ours)"),
    ("lower-fail", "iree-compile --compile-to=input fails (not ours)"),
    ("ref-error", "ref-run cannot run the lowered program (our gap)"),
    ("ref-assert", "the lowered program's own cf.assert fails: it aborts (importer's guard, not ours)"),
    ("ref-ub", "ref-run reports undefined behaviour (must be explained)"),
    ("ref-mismatch", "ref-run disagrees with ONNX's reference"),
    ("ref-pass", "ref-run agrees with ONNX's reference"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--filter", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--targets", default="")
    ap.add_argument("--iree-dir", default="")
    ap.add_argument("--ref-run", default=os.path.join(ROOT, "build", "bin", "ref-run"))
    ap.add_argument("--difftest", default=os.path.join(ROOT, "build", "bin", "difftest"))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--stage", choices=["lower", "ref", "all"], default="all")
    ap.add_argument("--reuse-lower", action="store_true",
                    help="keep the import-fail/lower-fail verdicts recorded "
                         "in DIR/results.sqlite instead of importing again")
    a = ap.parse_args()
    tools = {"import": find_tool("iree-import-onnx", a.iree_dir),
             "compile": find_tool("iree-compile", a.iree_dir),
             "ref-run": a.ref_run, "difftest": a.difftest}
    for k, v in tools.items():
        if not v or not os.path.exists(v):
            print("onnx_conformance: %s not found" % k, file=sys.stderr)
            return 2
    os.makedirs(a.out, exist_ok=True)
    names = extract_cases(a.out, a.filter)
    db = sqlite3.connect(os.path.join(a.out, "results.sqlite"))
    db.execute("CREATE TABLE IF NOT EXISTS result(name TEXT, stage TEXT, "
               "status TEXT, detail TEXT, PRIMARY KEY(name, stage))")

    def record(name, stage, status, detail):
        db.execute("INSERT OR REPLACE INTO result VALUES(?,?,?,?)",
                   (name, stage, status, detail))

    dirs = {n: os.path.join(a.out, "cases", n) for n in names}
    status = {}
    if a.reuse_lower:
        for n, st in db.execute("SELECT name, status FROM result WHERE "
                                "stage = 'lower' AND status != 'lowered'"):
            if n in dirs:
                status[n] = st
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = {ex.submit(lower_case, dirs[n], tools, a.timeout): n
                for n in names if n not in status}
        for i, f in enumerate(cf.as_completed(futs)):
            n = futs[f]
            st, det = f.result()
            status[n] = st
            record(n, "lower", st, det)
            if i % 100 == 0:
                db.commit()
                print("lower: %d/%d" % (i, len(futs)), file=sys.stderr)
    db.commit()
    lowered = [n for n in names if status[n] == "lowered"]
    if a.stage in ("ref", "all"):
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(ref_case, dirs[n], tools, a.timeout): n for n in lowered}
            for f in cf.as_completed(futs):
                n = futs[f]
                st, det = f.result()
                status[n] = st
                record(n, "ref", st, det)
        db.commit()
    targets = [t for t in a.targets.split(",") if t] if a.stage == "all" else []
    tstatus = {}
    for t in targets:
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(target_case, dirs[n], tools, t, a.timeout): n
                    for n in names if status[n] in ("ref-pass", "ref-mismatch")}
            for f in cf.as_completed(futs):
                n = futs[f]
                st, det = f.result()
                tstatus[(n, t)] = st
                record(n, t, st, det)
        db.commit()
    write_report(a.out, names, status, tstatus, targets, db)
    counts = {}
    for n in names:
        counts[status[n]] = counts.get(status[n], 0) + 1
    print(" ".join("%s=%d" % kv for kv in sorted(counts.items())))
    return 0


def write_report(out, names, status, tstatus, targets, db):
    details = {(n, s): d for n, s, st, d in db.execute(
        "SELECT name, stage, status, detail FROM result")}
    counts = {}
    for n in names:
        counts[status[n]] = counts.get(status[n], 0) + 1
    lowered = sum(v for k, v in counts.items() if k.startswith("ref"))
    md = ["# ONNX node conformance: ONNX reference vs ref-run vs IREE", ""]
    md.append("%d cases; %d lowered by IREE; ref-run agrees with ONNX on %d "
              "of them (%.1f%%)." % (len(names), lowered, counts.get("ref-pass", 0),
                                     100.0 * counts.get("ref-pass", 0) / max(1, lowered)))
    md += ["", "| class | cases | meaning |", "|---|---|---|"]
    for k, meaning in VERDICTS:
        md.append("| %s | %d | %s |" % (k, counts.get(k, 0), meaning))
    md += ["", "| case | ref-run vs ONNX | %s | detail |" % " | ".join(targets),
           "|---|---|%s---|" % ("---|" * len(targets))]
    for n in sorted(names):
        if status[n] == "ref-pass" and all(tstatus.get((n, t)) == "pass" for t in targets):
            continue
        stage = "lower" if status[n] in ("import-fail", "lower-fail", "lowered") else "ref"
        det = details.get((n, stage), "").replace("|", "\\|")
        md.append("| %s | %s | %s | %s |" % (n, status[n], " | ".join(
            tstatus.get((n, t), "-") for t in targets), det))
    text = "\n".join(md) + "\n"
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "report.html"), "w") as f:
        f.write("<!doctype html><meta charset=utf-8><title>ONNX conformance</title>"
                "<pre>%s</pre>\n" % html.escape(text))


if __name__ == "__main__":
    sys.exit(main())
