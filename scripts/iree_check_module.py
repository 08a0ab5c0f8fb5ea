#!/usr/bin/env python3
"""A stand-in for IREE's `iree-check-module`, which the runtime wheel does not
ship: runs every test function of a compiled check module (`.vmfb`) on a
device and prints one line per function.

Usage (with the Python that has the `iree.runtime` wheel, e.g. .venv):
  iree_check_module.py MODULE.vmfb --device=vulkan [--function=F ...]
                       [--flag=--runtime_flag=V ...] [--list]

Output, flushed line by line so that a caller can time each function and
tell which one a crash or a hang happened in:
  START <function>
  PASS <function>
  FAIL <function> <message, one line>
  ERROR <function> <IREE status, one line>   (the invocation itself failed)

It follows tools/iree-check-module-main.cc and modules/check/module.cc of
IREE: the functions are the module's exports, less those whose names start
with "__" or hold "$"; each runs in a fresh VM context; the `check` module's
five imports are implemented here with the same semantics (`expect_eq`:
same element type, same shape, same bytes; `expect_almost_eq`: per element
|lhs - rhs| <= atol + rtol * |rhs|, equal values and NaN against NaN pass,
an infinite or NaN rhs passes only when equal; `expect_all_true`: every
element nonzero; `expect_true`/`expect_false` on an i32). As in IREE, a
failed expectation marks the function failed and the function runs on.
Exit 0 when every function passed, 1 otherwise, 2 for bad usage.
"""
import argparse
import math
import os
import sys

import numpy as np
import iree.runtime as rt

try:  # bf16 and the f8 types, as IREE's check module decodes them
    import ml_dtypes
except ImportError:  # pragma: no cover
    ml_dtypes = None

# HalElementType name -> (numpy dtype name, is float)
FLOAT_DTYPES = {
    "FLOAT_16": "float16", "FLOAT_32": "float32", "FLOAT_64": "float64",
    "BFLOAT_16": "bfloat16", "FLOAT_8_E4M3_FN": "float8_e4m3fn",
    "FLOAT_8_E4M3_FNUZ": "float8_e4m3fnuz", "FLOAT_8_E5M2": "float8_e5m2",
    "FLOAT_8_E5M2_FNUZ": "float8_e5m2fnuz",
    "FLOAT_8_E8M0_FNU": "float8_e8m0fnu",
}
INT_DTYPES = {8: "int8", 16: "int16", 32: "int32", 64: "int64"}


ELEMENT_NAMES = {int(getattr(rt.HalElementType, n)): n
                 for n in dir(rt.HalElementType) if n.isupper()}


def element_name(bv):
    et = int(bv.element_type)
    return ELEMENT_NAMES.get(et, "0x%08x" % et)


def decode(raw, name):
    """The elements of raw bytes as float64 (float types) or int64."""
    dt = FLOAT_DTYPES.get(name)
    if dt is not None:
        if hasattr(np, dt):
            npdt = np.dtype(dt)
        elif ml_dtypes is not None:
            npdt = np.dtype(getattr(ml_dtypes, dt))
        else:
            raise ValueError("cannot decode %s without ml_dtypes" % name)
        return np.frombuffer(raw, dtype=npdt).astype(np.float64)
    if name == "BOOL_8":
        return np.frombuffer(raw, dtype=np.uint8).astype(np.int64)
    for bits, dt in INT_DTYPES.items():
        if name.endswith("INT_%d" % bits):
            if name.startswith("UINT"):
                dt = "u" + dt
            return np.frombuffer(raw, dtype=np.dtype(dt)).astype(np.int64)
    raise ValueError("unsupported element type %s" % name)


class Host:
    """Copies device buffers to the host through a mappable staging buffer
    (the wheel's DeviceArray.to_host() tries to import a numpy allocation,
    which Vulkan refuses unless it is 4096-byte aligned)."""

    def __init__(self, device):
        self.device = device

    def read(self, ref):
        bv = ref.deref(rt.HalBufferView)
        buf = bv.get_buffer()
        n = buf.byte_length()
        shape = tuple(bv.shape)
        if n == 0:
            return bv, shape, b""
        mappable = (buf.memory_type() & int(rt.MemoryType.HOST_VISIBLE)
                    and buf.allowed_usage()
                    & int(rt.BufferUsage.MAPPING_SCOPED))
        if not mappable:
            staging = self.device.allocator.allocate_buffer(
                memory_type=int(rt.MemoryType.HOST_LOCAL
                                | rt.MemoryType.DEVICE_VISIBLE),
                allowed_usage=int(rt.BufferUsage.TRANSFER_TARGET
                                  | rt.BufferUsage.MAPPING_SCOPED),
                allocation_size=n)
            sem = self.device.create_semaphore(0)
            self.device.queue_copy(
                buf, staging,
                wait_semaphores=rt.HalFence.create_at(sem, 0),
                signal_semaphores=rt.HalFence.create_at(sem, 1))
            rt.HalFence.create_at(sem, 1).wait()
            buf = staging
        raw = bytes(buf.map().asarray([n], np.dtype(np.uint8)))
        return bv, shape, raw[:bv.byte_length]


def head(v, n=16):
    """The first n elements, for a diagnostic."""
    items = [fmt(x.item()) for x in v[:n]]
    return "[%s%s]" % (", ".join(items), ", ..." if v.size > n else "")


def fmt(x):
    return repr(float(x)) if isinstance(x, float) else str(x)


class CheckModule:
    """The `check` VM module (compiler/src/iree/compiler/Modules/Check/
    check.imports.mlir)."""
    failures = []
    host = None

    def __init__(self, iface):
        pass

    def expect_true(self, v):
        if v == 0:
            CheckModule.failures.append("expect_true: %d is zero" % v)

    def expect_false(self, v):
        if v != 0:
            CheckModule.failures.append("expect_false: %d is nonzero" % v)

    def expect_all_true(self, device, a):
        bv, shape, raw = CheckModule.host.read(a)
        vals = decode(raw, element_name(bv))
        bad = np.flatnonzero(vals == 0)
        if bad.size:
            CheckModule.failures.append(
                "expect_all_true: element %d of %s is zero"
                % (bad[0], list(shape)))

    def _pair(self, a, b):
        lbv, lshape, lraw = CheckModule.host.read(a)
        rbv, rshape, rraw = CheckModule.host.read(b)
        return (element_name(lbv), lshape, lraw), (element_name(rbv), rshape,
                                                   rraw)

    def expect_eq(self, device, a, b):
        (lt, ls, lraw), (rt_, rs, rraw) = self._pair(a, b)
        why = []
        if lt != rt_:
            why.append("element types %s vs %s" % (lt, rt_))
        if ls != rs:
            why.append("shapes %s vs %s" % (list(ls), list(rs)))
        if lraw != rraw:
            try:
                lv, rv = decode(lraw, lt), decode(rraw, rt_)
                idx = next((i for i in range(min(lv.size, rv.size))
                            if lv[i] != rv[i] and not (
                                isinstance(lv[i], float) and math.isnan(lv[i])
                                and math.isnan(rv[i]))), None)
                if idx is None:
                    why.append("contents differ (bytes)")
                else:
                    why.append("contents differ at %d: %s vs %s (%d of %d "
                               "elements differ); lhs %s; rhs %s" % (
                                   idx, fmt(lv[idx].item()),
                                   fmt(rv[idx].item()),
                                   int(np.sum(lv != rv)), lv.size,
                                   head(lv), head(rv)))
            except ValueError:
                why.append("contents differ (%s bytes)" % lt)
        if why:
            CheckModule.failures.append("expect_eq: " + "; ".join(why))

    def expect_almost_eq(self, device, a, b, atol, rtol):
        (lt, ls, lraw), (rt_, rs, rraw) = self._pair(a, b)
        why = []
        if lt != rt_:
            why.append("element types %s vs %s" % (lt, rt_))
        if ls != rs:
            why.append("shapes %s vs %s" % (list(ls), list(rs)))
        if not why:
            lv, rv = decode(lraw, lt), decode(rraw, rt_)
            for i in range(lv.size):
                x, y = float(lv[i]), float(rv[i])
                if x == y or (math.isnan(x) and math.isnan(y)):
                    continue
                if math.isfinite(y) and abs(x - y) <= atol + rtol * abs(y):
                    continue
                why.append("contents differ at %d: %r vs %r (atol=%g, "
                           "rtol=%g)" % (i, x, y, atol, rtol))
                break
        if why:
            CheckModule.failures.append("expect_almost_eq: " + "; ".join(why))


def check_module_interface():
    iface = rt.PyModuleInterface("check", CheckModule)
    iface.export("expect_true", "0i_v", CheckModule.expect_true)
    iface.export("expect_false", "0i_v", CheckModule.expect_false)
    iface.export("expect_all_true", "0rr_v", CheckModule.expect_all_true)
    iface.export("expect_eq", "0rrr_v", CheckModule.expect_eq)
    iface.export("expect_almost_eq", "0rrrff_v", CheckModule.expect_almost_eq)
    return iface


def test_functions(module):
    return [n for n in module.function_names
            if not n.startswith("__") and "$" not in n]


def one_line(s):
    return " | ".join(l.strip() for l in str(s).strip().splitlines()
                      if l.strip())[:2000]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("module")
    ap.add_argument("--device", default="vulkan")
    ap.add_argument("--function", action="append", default=[])
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--flag", action="append", default=[],
                    help="a runtime flag, as a BUILD.bazel's runner_args "
                    "gives it (e.g. --vulkan_dispatch_abi=bda)")
    a = ap.parse_args()
    if a.list:  # no device needed
        for n in test_functions(rt.VmModule.mmap(rt.VmInstance(), a.module)):
            print(n)
        return 0
    if a.flag:
        rt.flags.parse_flags(*a.flag)
    config = rt.Config(a.device)
    instance = config.vm_instance
    module = rt.VmModule.mmap(instance, a.module)
    names = test_functions(module)
    todo = a.function or names
    unknown = [f for f in todo if f not in names]
    if unknown:
        print("no test function %s in %s" % (", ".join(unknown), a.module),
              file=sys.stderr)
        return 2
    CheckModule.host = Host(config.device)
    failed = 0
    for name in todo:
        print("START", name, flush=True)
        CheckModule.failures = []
        try:
            hal = rt.create_hal_module(instance, config.device)
            context = rt.VmContext(instance,
                                   modules=[hal, check_module_interface().create(),
                                            module])
            context.invoke(module.lookup_function(name),
                           rt.VmVariantList(0), rt.VmVariantList(0))
        except Exception as e:  # an IREE status raised as RuntimeError
            failed += 1
            print("ERROR", name, one_line(e), flush=True)
            continue
        if CheckModule.failures:
            failed += 1
            print("FAIL", name, one_line(" || ".join(CheckModule.failures)),
                  flush=True)
        else:
            print("PASS", name, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Skip interpreter teardown: the wheel's nanobind objects report
    # reference "leaks" at exit, pages of noise on stderr.
    os._exit(code)
