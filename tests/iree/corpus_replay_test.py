#!/usr/bin/env python3
"""`difftest replay` must catch what the corpus exists to catch.

On copies of a few corpus cases (the corpus itself is never touched):
  baseline   the copies replay cleanly (interpreter only): exit 0
  flipped    one golden element changed: exit 1, the case named, with the
             output index and the first differing element
  freedom    golden/freedom.json edited: exit 1, naming the field
  expect     llvm-cpu: a passing case recorded as a known compile-error is
             reported FIXED?, a known mismatch recorded as pass is CHANGED,
             a known mismatch with another signature is CHANGED; exit 1;
             --json agrees with the lines
  malformed  a bad verdict name, a missing "function", broken JSON: exit 2
             naming the file and the field, before anything runs
Also checks that corpus/tools/derive_goldens.py --check finds the committed
goldens equal to what it derives with numpy.

Usage: corpus_replay_test.py DIFFTEST CORPUS_DIR WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

failures = []


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        failures.append(what)


RUNS = [0]


def replay(dt, args, work):
    # Work directories (kept for cases that do not match) stay under WORK.
    RUNS[0] += 1
    out = os.path.join(work, "replay-work-%d" % RUNS[0])
    r = subprocess.run([dt, "replay", "--out=" + out] + args,
                       capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def edit_json(path, fn):
    with open(path) as f:
        data = json.load(f)
    fn(data)
    with open(path, "w") as f:
        json.dump(data, f, indent=2)


def copy_case(corpus, rel, dst):
    shutil.copytree(os.path.join(corpus, rel), dst)
    # Only what a case is: not a bundle's IREE outputs.
    for extra in ("llvm-cpu", "repro.sh"):
        p = os.path.join(dst, extra)
        if os.path.isdir(p):
            shutil.rmtree(p)
        elif os.path.exists(p):
            os.remove(p)


def main():
    dt, corpus, work = map(os.path.abspath, sys.argv[1:4])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    # The committed goldens are what the numpy derivation produces.
    derive = os.path.join(corpus, "tools", "derive_goldens.py")
    r = subprocess.run(["/usr/bin/python3", derive, "--check",
                        "--out=" + os.path.join(corpus, "golden")],
                       capture_output=True, text=True, timeout=300)
    check(r.returncode == 0,
          "derive_goldens.py --check: committed goldens match numpy (%s)" %
          (r.stdout + r.stderr).strip().splitlines()[-1:])

    base = os.path.join(work, "base")
    copy_case(corpus, "golden/sort_i32_rows", os.path.join(base, "sort"))
    copy_case(corpus, "golden/matmul_f32", os.path.join(base, "matmul"))
    copy_case(corpus, "golden/sort_bf16_key_i32_payload",
              os.path.join(base, "bf16"))
    before = sorted(os.listdir(os.path.join(base, "sort")))
    rc, out, err = replay(dt, [base], work)
    check(rc == 0 and out.count("reproduces the goldens bit for bit") == 3,
          "baseline: 3 copied cases replay cleanly (exit %d)\n%s%s" %
          (rc, out, err))
    check(sorted(os.listdir(os.path.join(base, "sort"))) == before,
          "replay writes nothing into the corpus")

    # A flipped golden element: the last i32 of sort_i32_rows (4x9).
    flipped = os.path.join(work, "flipped")
    copy_case(corpus, "golden/sort_i32_rows", os.path.join(flipped, "sort_flip"))
    copy_case(corpus, "golden/matmul_f32", os.path.join(flipped, "untouched"))
    g = os.path.join(flipped, "sort_flip", "golden", "out0.npy")
    data = bytearray(open(g, "rb").read())
    data[-4] ^= 0x01
    open(g, "wb").write(bytes(data))
    rc, out, err = replay(dt, [flipped], work)
    line = [l for l in out.splitlines() if l.startswith("sort_flip:")]
    check(rc == 1, "flipped golden: exit 1 (got %d)" % rc)
    check(bool(line) and "GOLDEN DIFFERS" in line[0] and
          "output 0 (4x9xi32): 1 of 36 elements differ; first at [3, 8]" in
          line[0], "flipped golden: the case, output and element are named: %s"
          % line[:1])
    check("untouched: ok" in out, "flipped golden: the other case still ok")

    # bf16 goldens (raw .bin) are compared bit for bit too.
    bflip = os.path.join(work, "bflip")
    copy_case(corpus, "golden/sort_bf16_key_i32_payload",
              os.path.join(bflip, "bf16_flip"))
    g = os.path.join(bflip, "bf16_flip", "golden", "out0.bin")
    data = bytearray(open(g, "rb").read())
    data[0] ^= 0x01  # lowest mantissa bit of element [0, 0]
    open(g, "wb").write(bytes(data))
    rc, out, err = replay(dt, [bflip], work)
    check(rc == 1 and "output 0 (2x8xbf16): 1 of 16 elements differ; first "
          "at [0, 0]" in out, "flipped bf16 bit: caught (exit %d)\n%s" %
          (rc, out))

    # An edited freedom report.
    fr = os.path.join(work, "freedom")
    copy_case(corpus, "golden/matmul_f32", os.path.join(fr, "mm"))
    edit_json(os.path.join(fr, "mm", "golden", "freedom.json"),
              lambda d: d["outputs"][0].__setitem__("reduction_length", 8))
    rc, out, err = replay(dt, [fr], work)
    check(rc == 1 and "outputs[0].reduction_length: golden 8, now 7" in out,
          "edited freedom.json: exit 1 naming the field (exit %d)\n%s" %
          (rc, out))

    # Wrong expectations against the real IREE (llvm-cpu).
    ex = os.path.join(work, "expect")
    copy_case(corpus, "golden/sort_i32_rows", os.path.join(ex, "a_fixed"))
    copy_case(corpus, "repros/invariant-reduction-llvm-cpu",
              os.path.join(ex, "b_changed"))
    copy_case(corpus, "repros/invariant-reduction-llvm-cpu",
              os.path.join(ex, "c_other_signature"))
    copy_case(corpus, "golden/matmul_f32", os.path.join(ex, "d_as_recorded"))
    edit_json(os.path.join(ex, "a_fixed", "case.json"),
              lambda d: d["expect"].__setitem__("llvm-cpu", {
                  "verdict": "compile-error", "signature": "made up",
                  "issue": "https://example.invalid/1"}))
    edit_json(os.path.join(ex, "b_changed", "case.json"),
              lambda d: d["expect"].__setitem__("llvm-cpu", "pass"))
    edit_json(os.path.join(ex, "c_other_signature", "case.json"),
              lambda d: d["expect"]["llvm-cpu"].__setitem__(
                  "signature", "expected 36 (0x42100000), actual 4"))
    summary = os.path.join(work, "expect.json")
    rc, out, err = replay(dt, [ex, "--target=llvm-cpu", "--json=" + summary],
                          work)
    lines = {l.split(":")[0]: l for l in out.splitlines()
             if "llvm-cpu:" in l}
    check(rc == 1, "wrong expectations: exit 1 (got %d)\n%s%s" % (rc, out, err))
    check("FIXED?" in lines.get("a_fixed", "") and
          "expected the known compile-error" in lines.get("a_fixed", ""),
          "a known failure that no longer happens: FIXED?: %s" %
          lines.get("a_fixed"))
    check("CHANGED" in lines.get("b_changed", "") and
          "mismatch" in lines.get("b_changed", ""),
          "a recorded pass that now fails: CHANGED: %s" % lines.get("b_changed"))
    check("CHANGED" in lines.get("c_other_signature", "") and
          "signature differs" in lines.get("c_other_signature", ""),
          "a different failure: CHANGED: %s" % lines.get("c_other_signature"))
    check(lines.get("d_as_recorded", "").startswith("d_as_recorded: ok: "),
          "a case as recorded: ok: %s" % lines.get("d_as_recorded"))
    try:
        with open(summary) as f:
            js = json.load(f)
        s = js["summary"]
        check(s["cases"] == 4 and s["changed"] == 2 and s["fixed"] == 1 and
              s["as_recorded"] == 1 and s["goldens_reproduced"] == 4,
              "--json summary agrees: %s" % s)
    except (OSError, ValueError, KeyError) as e:
        check(False, "--json summary readable: %s" % e)

    # Malformed case.json: exit 2 naming the file and the field, nothing run.
    for tag, mutate, field in [
            ("verdict", lambda d: d["expect"].__setitem__(
                "llvm-cpu", {"verdict": "passes"}), "expect.llvm-cpu.verdict"),
            ("function", lambda d: d.pop("function"), "function"),
            ("expect", lambda d: d.__setitem__("expect", ["pass"]), "expect"),
            ("inputs", lambda d: d["inputs"][0].__setitem__("dtype", "f17"),
             "inputs[0].dtype")]:
        bad = os.path.join(work, "bad-" + tag)
        copy_case(corpus, "golden/sort_i32_rows", os.path.join(bad, "case1"))
        edit_json(os.path.join(bad, "case1", "case.json"), mutate)
        rc, out, err = replay(dt, [bad, "--target=llvm-cpu"], work)
        check(rc == 2 and "case1/case.json: " + field + ":" in err and
              "llvm-cpu:" not in out,
              "malformed %s: exit 2 naming %s (exit %d): %s" %
              (tag, field, rc, err.strip()))
    bad = os.path.join(work, "bad-json")
    copy_case(corpus, "golden/sort_i32_rows", os.path.join(bad, "case1"))
    with open(os.path.join(bad, "case1", "case.json"), "w") as f:
        f.write("{\"function\": \"main\",")
    rc, out, err = replay(dt, [bad], work)
    check(rc == 2 and "case1/case.json: invalid JSON" in err,
          "broken JSON: exit 2 (exit %d): %s" % (rc, err.strip()))
    rc, out, err = replay(dt, [os.path.join(work, "nowhere")], work)
    check(rc == 2, "a missing corpus directory: exit 2 (exit %d)" % rc)

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
