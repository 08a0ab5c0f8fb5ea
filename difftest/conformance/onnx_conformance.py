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


def extract_cases(out, pattern, wanted=None):
    """Writes every ONNX node case matching `pattern` (and in `wanted`, a set
    of names, when given); returns their names."""
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
        if wanted is not None and c.name not in wanted:
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


# IREE demotes f64 to f32 inside the program but keeps f64 at the ABI
# (`hal.tensor.import ... -> tensor<4xf64> as tensor<4xf32>`): the buffers'
# bytes are reinterpreted (iree-org/iree#24180). Such a case is run as
# lowered (ref-run follows IREE's semantics and names the out-of-bounds
# export) and once more lowered with the demotion off, which checks ref-run's
# f64 arithmetic against ONNX.
F64_ALIAS = re.compile(r"tensor<[^>]*f64> as tensor<")
NO_DEMOTE = "--iree-input-demote-f64-to-f32=false"


def lower_f64(d, tools, timeout):
    """The second lowering of an f64 case, with the demotion off."""
    out = os.path.join(d, "model.f64.input.mlir")
    if os.path.exists(out):
        return out
    rc, text = run([tools["compile"], "--compile-to=input", NO_DEMOTE,
                    os.path.join(d, "model.torch.mlir"), "-o", out + ".tmp"],
                   timeout, os.path.join(d, "lower-f64.log"))
    if rc != 0:
        return None
    os.replace(out + ".tmp", out)
    return out


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


# Outputs in a 16-bit float type also pass within this many ULPs of that type.
# ONNX's numpy reference computes in f32 (or f64) and rounds once; the lowered
# program rounds every op to the element type (it is f16/bf16 arithmetic), so
# a chain of a few ops lands a few ULPs away while ONNX's rtol (1e-3, 4e-3 for
# some bf16 cases) is below one bf16 ULP (2^-8 relative). Applied to f16 and
# bf16 outputs only; f32 and f64 keep ONNX's rtol/atol, integers and the
# 8-bit and smaller floats stay exact (docs/conformance.md, "Tolerances").
NARROW_FLOAT_ULPS = {"float16": 4, "bfloat16": 4}


def ulp_distance16(expected, actual):
    """ULP distance of two 16-bit float arrays of one type, on their bit
    patterns mapped to ordered integers (+0 and -0 are the same point)."""
    import numpy as np

    def ordered(a):
        b = a.view(np.uint16).astype(np.int64)
        return np.where(b & 0x8000, 0x8000 - (b & 0x7FFF), 0x8000 + b)
    return np.abs(ordered(expected) - ordered(actual))


def compare(expected, actual, rtol, atol):
    """ONNX's own rule (its backend runner's assert_allclose), dtype and shape
    exact, plus NARROW_FLOAT_ULPS for f16/bf16 outputs. Returns '' when they
    agree, else a one-line reason."""
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
        ulps = NARROW_FLOAT_ULPS.get(str(expected.dtype))
        if ulps and bad.any():
            finite = np.isfinite(e) & np.isfinite(a)
            bad &= ~(finite & (ulp_distance16(expected, actual) <= ulps))
    n = int(np.count_nonzero(bad))
    if n == 0:
        return ""
    idx = tuple(int(i) for i in np.argwhere(bad)[0]) if bad.ndim else ()
    return "%d of %d elements differ; first at %s: expected %r, got %r" % (
        n, bad.size, list(idx), expected[idx].item() if bad.ndim else expected.item(),
        actual[idx].item() if bad.ndim else actual.item())


# ml_dtypes element types (numpy has no type code for them; np.save writes
# them as opaque '|V1'/'|V2' records): the MLIR type ref-run is given, and the
# width in bits when IREE packs them (i2, i4, f4E2M1FN: several to a byte,
# element 0 in the low bits), else 0. ONNX's unsigned 2/4-bit integers arrive
# as signless i2/i4, as its uint8 arrives as i8.
RAW_DTYPES = {
    "bfloat16": ("bf16", 0),
    "float8_e4m3fn": ("f8E4M3FN", 0),
    "float8_e5m2": ("f8E5M2", 0),
    "float8_e4m3fnuz": ("f8E4M3FNUZ", 0),
    "float8_e5m2fnuz": ("f8E5M2FNUZ", 0),
    "float8_e8m0fnu": ("f8E8M0FNU", 0),
    "float4_e2m1fn": ("f4E2M1FN", 4),
    "int4": ("i4", 4),
    "uint4": ("i4", 4),
    "int2": ("i2", 2),
    "uint2": ("i2", 2),
}


def as_ml_dtype(a, name):
    """An array loaded from ONNX's .npy (opaque records) as its ml_dtypes type."""
    import ml_dtypes
    t = getattr(ml_dtypes, name)
    return a.view(t) if a.dtype != t else a


def load_npy(path, dtype_name):
    """np.load, except for the ml_dtypes types: np.save writes their descr as
    '<f1', '|V1', '<V2', ... which np.load rejects or reads as opaque records;
    their data is read after the header and viewed as the ml_dtypes type."""
    import ast
    import numpy as np
    if dtype_name not in RAW_DTYPES:
        return np.load(path)
    import ml_dtypes
    t = np.dtype(getattr(ml_dtypes, dtype_name))
    with open(path, "rb") as f:
        major, _ = np.lib.format.read_magic(f)
        hlen = int.from_bytes(f.read(2 if major == 1 else 4), "little")
        header = ast.literal_eval(f.read(hlen).decode("latin1"))
        data = f.read()
    shape = tuple(header["shape"])
    n = int(np.prod(shape)) if shape else 1
    raw = np.frombuffer(data, dtype=np.uint8 if t.itemsize == 1 else np.uint16,
                        count=n)
    # np.save keeps a Fortran-ordered array's layout (an einsum transpose
    # view cast with astype): the header says so.
    return raw.view(t).reshape(shape, order="F" if header.get("fortran_order")
                               else "C")


def write_raw(a, name, path):
    """Writes `a` (an ml_dtypes array or its opaque records) as IREE's raw
    buffer: one or two bytes per element, or packed sub-byte elements."""
    import numpy as np
    bits = RAW_DTYPES[name][1]
    if not bits:
        a.view(np.uint8 if a.dtype.itemsize == 1 else np.uint16).tofile(path)
        return
    v = (a.reshape(-1).view(np.uint8) & ((1 << bits) - 1)).astype(np.uint8)
    per = 8 // bits
    v = np.concatenate([v, np.zeros((-len(v)) % per, np.uint8)])
    packed = np.zeros(len(v) // per, np.uint8)
    for k in range(per):
        packed |= v[k::per] << (k * bits)
    packed.tofile(path)


def read_raw(path, name, shape):
    """Reads ref-run's raw output of an ml_dtypes type back into that type."""
    import numpy as np
    import ml_dtypes
    t = getattr(ml_dtypes, name)
    bits = RAW_DTYPES[name][1]
    n = int(np.prod(shape)) if len(shape) else 1
    raw = np.fromfile(path, dtype=np.uint8)
    if not bits:
        return raw.view(np.uint16 if np.dtype(t).itemsize == 2 else np.uint8
                        ).view(t)[:n].reshape(shape)
    per = 8 // bits
    v = np.stack([(raw >> (k * bits)) & ((1 << bits) - 1) for k in range(per)],
                 axis=1).reshape(-1)[:n].astype(np.uint8)
    return v.view(t).reshape(shape)  # ml_dtypes keeps the value's low bits


def input_args(d, meta):
    """The --input flags of a case, for ref-run and difftest run alike."""
    args = []
    for i in meta["inputs"]:
        p = os.path.join(d, i["file"])
        if i["dtype"] in RAW_DTYPES:
            # numpy has no type code for the ml_dtypes types (saved as '|V1',
            # '|V2'): raw bytes, the sub-byte ones packed as IREE packs them.
            raw = p[:-4] + ".bin"
            write_raw(load_npy(p, i["dtype"]), i["dtype"], raw)
            shape = "x".join(str(s) for s in i["shape"])
            args.append("--input=%s%s%s=@%s" % (
                shape, "x" if shape else "", RAW_DTYPES[i["dtype"]][0], raw))
        else:
            args.append("--input=@" + p)
    return args


def ref_case(d, tools, timeout, prog=None, tag=""):
    """Stage 3: ref-run vs ONNX's reference outputs (on `prog`, by default
    the lowered program; `tag` names the log and output files of a variant)."""
    import numpy as np
    meta = json.load(open(os.path.join(d, "case.json")))
    prog = prog or os.path.join(d, "model.input.mlir")
    fn = public_function(open(prog).read())
    argv = [tools["ref-run"], prog, "--function=" + fn] + input_args(d, meta)
    outs = []
    for i, o in enumerate(meta["outputs"]):
        ext = "bin" if o["dtype"] in RAW_DTYPES else "npy"
        p = os.path.join(d, "ref%s%d.%s" % (tag, i, ext))
        if os.path.exists(p):
            os.remove(p)
        outs.append(p)
        argv.append("--output=@" + p)
    rc, text = run(argv, timeout, os.path.join(d, "ref-run%s.log" % tag))
    if rc == 3 and "undefined behaviour: failed assertion" in text:
        # The lowered program's own cf.assert (the importer's guard for an
        # unimplemented case) fails: it aborts, there is no output.
        return "ref-assert", first_error(text)
    if rc == 3:
        return "ref-ub", first_error(text)
    if rc != 0:
        return "ref-error", first_error(text)
    for i, o in enumerate(meta["outputs"]):
        exp = load_npy(os.path.join(d, o["file"]), o["dtype"])
        if not os.path.exists(outs[i]):
            return "ref-error", "output %d not written (raw .bin dtype?)" % i
        if outs[i].endswith(".bin"):
            exp = as_ml_dtype(exp, o["dtype"])  # saved as '|V1' / '|V2'
            act = read_raw(outs[i], o["dtype"], exp.shape)
        else:
            act = np.load(outs[i])
        why = compare(exp, act, meta["rtol"], meta["atol"])
        if why:
            return "ref-mismatch", "output %d: %s" % (i, why)
    return "ref-pass", ""


KNOWN = os.path.join(ROOT, "tests", "onnx", "known_differences.json")


def load_known(path=KNOWN):
    """The examined classes of ref-run vs ONNX differences (op, question,
    decision): each names the cases (regex on the name), the raw verdict and a
    regex the detail must match, so that a new symptom of a known case is
    not absorbed."""
    if not os.path.exists(path):
        return []
    entries = json.load(open(path))["known"]
    for e in entries:
        e["_cases"] = re.compile(e["cases"])
        e["_detail"] = re.compile(e.get("detail", ""))
    return entries


def check_property(d, prop, tag=""):
    """A property ref-run's outputs must have where ONNX's reference is not
    comparable element by element (a random op's one draw): None when it
    holds, else why not. "binary": every output has the reference's shape
    and dtype, and every element is 0 or 1 (Bernoulli's support)."""
    import numpy as np
    if prop != "binary":
        return "unknown property %r" % prop
    meta = json.load(open(os.path.join(d, "case.json")))
    for i, o in enumerate(meta["outputs"]):
        p = os.path.join(d, "ref%s%d.npy" % (tag, i))
        if not os.path.exists(p):
            return "output %d not written" % i
        act = np.load(p)
        exp = load_npy(os.path.join(d, o["file"]), o["dtype"])
        if act.shape != exp.shape or act.dtype != exp.dtype:
            return "output %d is %s %s, ONNX's %s %s" % (
                i, act.dtype, act.shape, exp.dtype, exp.shape)
        bad = act[(act != 0) & (act != 1)]
        if bad.size:
            return "output %d holds %s, not a 0/1 draw" % (i, bad.flat[0])
    return None


def classify(name, status, detail, known, d=None, tag=""):
    """The explained class of a raw ref verdict, or the verdict itself. An
    entry with a "property" explains the case only when ref-run's outputs
    (in case directory `d`, file tag `tag`) have it; otherwise the verdict
    stays, with the property's failure added to the detail."""
    for e in known:
        if (status == e["status"] and e["_cases"].search(name) and
                e["_detail"].search(detail)):
            if e.get("property") and d:
                why = check_property(d, e["property"], tag)
                if why:
                    return status, "%s; %s: %s" % (detail, e["property"], why)
            return e["class"], detail
    return status, detail


def ref_stage(d, tools, timeout, known):
    """Stage 3 with its classification; f64-ABI cases also run their f64
    lowering (returned as the third element, or None)."""
    try:
        return ref_stage_unguarded(d, tools, timeout, known)
    except Exception as e:  # a harness failure on one case is that case's
        return "ref-error", "harness: %s: %s" % (type(e).__name__, e), None, \
            "ref-error"


def ref_stage_unguarded(d, tools, timeout, known):
    name = os.path.basename(d)
    prog = os.path.join(d, "model.input.mlir")
    st, det = ref_case(d, tools, timeout)
    raw = st
    f64 = None
    if F64_ALIAS.search(open(prog).read()):
        if st != "ref-pass":
            st, det = "iree-f64-abi", "%s: %s" % (st, det)
        alt = lower_f64(d, tools, timeout)
        f64 = (ref_case(d, tools, timeout, alt, ".f64") if alt else
               ("lower-fail", "with " + NO_DEMOTE))
        f64 = classify(name, f64[0], f64[1], known, d, ".f64")
    else:
        st, det = classify(name, st, det, known, d)
    return st, det, f64, raw


def target_case(d, tools, target, timeout):
    """Stage 4: one IREE target against ref-run's golden (difftest run)."""
    meta = json.load(open(os.path.join(d, "case.json")))
    prog = os.path.join(d, "model.input.mlir")
    fn = public_function(open(prog).read())
    out = os.path.join(d, "difftest-" + target.replace(":", "_"))
    argv = [tools["difftest"], "run", prog, "--function=" + fn,
            "--target=" + target, "--out=" + out]
    argv += input_args(d, meta)
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
    # Explained classes (tests/onnx/known_differences.json, docs/coverage.md).
    ("frontend-poison", "the lowered program makes poison or undefined behaviour where ONNX defines the result: IREE's importer, with ref-run's finding as the evidence"),
    ("frontend-diff", "the lowered program computes something else than ONNX (importer vs ONNX semantics, examined)"),
    ("random-op", "ONNX's reference is one draw of a random op: not comparable element by element"),
    ("iree-f64-abi", "IREE demotes f64 to f32 but keeps f64 at the ABI and reinterprets the buffers (iree-org/iree#24180); see ref-f64 for the f64 lowering"),
]
EXPLAINED = {"ref-assert", "frontend-poison", "frontend-diff", "random-op",
             "iree-f64-abi"}
RAN = ("ref-pass", "ref-mismatch")  # ref-run produced outputs


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
    ap.add_argument("--stage", choices=["lower", "ref", "target", "all"],
                    default="all",
                    help="target: run the --targets on the ref verdicts "
                         "recorded in DIR/results.sqlite")
    ap.add_argument("--known", default=KNOWN,
                    help="the examined classes of differences (JSON)")
    ap.add_argument("--cases", default="",
                    help="a file listing case names (one a line, # comments): "
                         "run only those (with --filter: both must match)")
    ap.add_argument("--expect-pass", default="",
                    help="a file listing case names that must be ref-pass: "
                         "exit 1 when one is not (the CI subset)")
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
    names = extract_cases(a.out, a.filter,
                          read_names(a.cases) if a.cases else None)
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
    known = load_known(a.known)
    f64status, ran = {}, set()
    t0 = time.time()
    if a.stage in ("ref", "all"):
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(ref_stage, dirs[n], tools, a.timeout, known): n
                    for n in lowered}
            for f in cf.as_completed(futs):
                n = futs[f]
                st, det, f64, raw = f.result()
                status[n] = st
                record(n, "ref", st, det)
                record(n, "ref-raw", raw, "")
                if raw in RAN:
                    ran.add(n)
                if f64:
                    f64status[n] = f64[0]
                    record(n, "ref-f64", f64[0], f64[1])
        db.commit()
    elif a.stage == "target":
        # Decide on the lowered cases before overwriting status: a case's
        # 'ref' row may come before its 'ref-raw' row.
        lowered_set = set(lowered)
        for n, stage, st in db.execute("SELECT name, stage, status FROM result "
                                       "WHERE stage IN ('ref', 'ref-raw', "
                                       "'ref-f64')"):
            if n not in lowered_set:
                continue
            if stage == "ref":
                status[n] = st
            elif stage == "ref-raw" and st in RAN:
                ran.add(n)
            elif stage == "ref-f64":
                f64status[n] = st
    ref_seconds = time.time() - t0
    targets = ([t for t in a.targets.split(",") if t]
               if a.stage in ("all", "target") else [])
    tstatus = {}
    for t in targets:
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(target_case, dirs[n], tools, t, a.timeout): n
                    for n in names if n in ran}
            for f in cf.as_completed(futs):
                n = futs[f]
                st, det = f.result()
                tstatus[(n, t)] = st
                record(n, t, st, det)
        db.commit()
    write_report(a.out, names, status, tstatus, targets, db, f64status,
                 ref_seconds if a.stage in ("ref", "all") else None)
    counts = {}
    for n in names:
        counts[status[n]] = counts.get(status[n], 0) + 1
    print(" ".join("%s=%d" % kv for kv in sorted(counts.items())))
    if a.stage in ("ref", "all"):
        print("ref stage: %.0f s" % ref_seconds)
    if a.expect_pass:
        must = read_names(a.expect_pass)
        bad = [n for n in sorted(must) if n in status and status[n] != "ref-pass"]
        missing = sorted(must - set(status))
        for n in bad:
            det = next(iter(db.execute("SELECT detail FROM result WHERE name = ? "
                                       "AND stage IN ('ref', 'lower') ORDER BY "
                                       "stage DESC", (n,))), ("",))[0]
            print("REGRESSION %s: %s %s" % (n, status[n], det))
        for n in missing:
            print("MISSING %s: not among the generated cases" % n)
        if bad or missing:
            return 1
    return 0


def read_names(path):
    """Case names, one a line; '#' starts a comment."""
    names = set()
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names


def write_report(out, names, status, tstatus, targets, db, f64status=None,
                 ref_seconds=None):
    details = {(n, s): d for n, s, st, d in db.execute(
        "SELECT name, stage, status, detail FROM result")}
    f64status = f64status or {}
    counts = {}
    for n in names:
        counts[status[n]] = counts.get(status[n], 0) + 1
    lowered = sum(v for k, v in counts.items()
                  if k not in ("import-fail", "lower-fail", "lowered"))
    passed = counts.get("ref-pass", 0)
    explained = sum(counts.get(k, 0) for k in EXPLAINED)
    md = ["# ONNX node conformance: ONNX reference vs ref-run vs IREE", ""]
    md.append("%d cases; %d lowered by IREE; ref-run agrees with ONNX on %d "
              "of them (%.1f%%); %d more are explained differences "
              "(%.1f%% not explained)." % (
                  len(names), lowered, passed, 100.0 * passed / max(1, lowered),
                  explained,
                  100.0 * (lowered - passed - explained) / max(1, lowered)))
    if f64status:
        f64pass = sum(1 for n in f64status if f64status[n] == "ref-pass"
                      and status.get(n) == "iree-f64-abi")
        nf64 = sum(1 for n in f64status if status.get(n) == "iree-f64-abi")
        md.append("")
        md.append("f64 at the ABI: %d cases are `iree-f64-abi`; lowered again "
                  "with %s, ref-run agrees with ONNX on %d of them (counting "
                  "those, %d of %d lowered cases pass: %.1f%%)." % (
                      nf64, NO_DEMOTE, f64pass, passed + f64pass, lowered,
                      100.0 * (passed + f64pass) / max(1, lowered)))
    if ref_seconds is not None:
        md += ["", "ref stage: %.0f s." % ref_seconds]
    md += ["", "| class | cases | meaning |", "|---|---|---|"]
    for k, meaning in VERDICTS:
        md.append("| %s | %d | %s |" % (k, counts.get(k, 0), meaning))
    md += ["", "| %s |" % " | ".join(["case", "ref-run vs ONNX"] + targets +
                                     ["detail"]),
           "|%s" % ("---|" * (3 + len(targets)))]
    for n in sorted(names):
        if status[n] == "ref-pass" and all(tstatus.get((n, t)) == "pass" for t in targets):
            continue
        stage = "lower" if status[n] in ("import-fail", "lower-fail", "lowered") else "ref"
        det = details.get((n, stage), "")
        if n in f64status:
            det = "f64 lowering: %s %s; default lowering: %s" % (
                f64status[n], details.get((n, "ref-f64"), ""), det)
        det = det.replace("|", "\\|")
        md.append("| %s |" % " | ".join([n, status[n]] + [
            tstatus.get((n, t), "-") for t in targets] + [det]))
    text = "\n".join(md) + "\n"
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "report.html"), "w") as f:
        f.write("<!doctype html><meta charset=utf-8><title>ONNX conformance</title>"
                "<pre>%s</pre>\n" % html.escape(text))


if __name__ == "__main__":
    sys.exit(main())
