"""Writes the weights of tests/iree/params_formats_test.py with each format's
own writer (run with the project's .venv python):

  w.safetensors   safetensors.numpy.save_file: w (3x4 f32), b (4 f32),
                  h (2x2 f16), q (68 i8)
  w.gguf          gguf-py's GGUFWriter: w, b, h as F32/F16 tensors and q
                  as a Q8_0 tensor of 64 elements (2 blocks of 34 bytes)
  i32.gguf        the same plus an int32 tensor (GGUF's I32, type 26)
  iq2.gguf        w, b, h and q as an IQ2_XXS tensor (type 16) of 256
                  elements: 66 bytes by GGUF, 256 as IREE 3.13 sizes it
                  (a 1 KiB tensor after it keeps both inside the file)
  t4.gguf         w.gguf with q's ggml type patched to 4 (Q4_2, which ggml
                  removed; IREE 3.13 divides by zero on it)
  short.safetensors  w of 2x4 f32 (32 bytes)
  contra.safetensors  written here from the format's definition: w's
                  header says F32 [4, 4] (64 bytes) over its 48 bytes
  x.npy, expected0.npy, expected1.npy, expected2.npy: the input and
                  numpy's results of the test's program

usage: make_formats.py DIR
"""
import json
import os
import sys

import gguf
import numpy as np
from gguf.constants import GGMLQuantizationType as T
from safetensors.numpy import save_file

d = sys.argv[1]
os.makedirs(d, exist_ok=True)
w = (np.arange(12, dtype=np.float32).reshape(3, 4) - 5) / 4
b = np.array([0.5, -1, 2, 3], np.float32)
h = np.array([[1.5, -2], [0.25, 1000]], np.float16)
q = (np.arange(68) * 7 - 100).astype(np.int8)
x = np.array([[1, 2, 3], [-1, 0.5, 4]], np.float32)
np.save(os.path.join(d, "x.npy"), x)
# Exact in f32: quarters times small integers and halves.
np.save(os.path.join(d, "expected0.npy"), (x @ w + b).astype(np.float32))
np.save(os.path.join(d, "expected1.npy"), h + h)
np.save(os.path.join(d, "expected2.npy"), q + np.int8(1))

save_file({"w": w, "b": b, "h": h, "q": q},
          os.path.join(d, "w.safetensors"), metadata={"made_by": "difftest"})
save_file({"w": w[:2], "b": b, "h": h, "q": q},
          os.path.join(d, "short.safetensors"))

# The header contradicts w's byte range (the safetensors library refuses to
# load such a file; IREE reads the bytes).
header, data = {}, b""
for n, a in (("w", w), ("b", b), ("h", h), ("q", q)):
    header[n] = {"dtype": {"float32": "F32", "float16": "F16",
                           "int8": "I8"}[str(a.dtype)],
                 "shape": list(a.shape), "data_offsets": [len(data),
                                                          len(data) + a.nbytes]}
    data += a.tobytes()
header["w"]["shape"] = [4, 4]
text = json.dumps(header).encode()
with open(os.path.join(d, "contra.safetensors"), "wb") as f:
    f.write(len(text).to_bytes(8, "little") + text + data)


def write(name, tensors):
    g = gguf.GGUFWriter(os.path.join(d, name), "difftest")
    g.add_string("general.name", "params_formats_test")
    g.add_array("test.strings", ["a", "bc"])
    for n, a, raw in tensors:
        if raw is None:
            g.add_tensor(n, a)
        else:
            g.add_tensor(n, a, raw_dtype=raw)
    g.write_header_to_file()
    g.write_kv_data_to_file()
    g.write_tensors_to_file()
    g.close()


common = [("w", w, None), ("b", b, None), ("h", h, None)]
# Q8_0 blocks of 34 bytes: gguf-py takes the raw bytes as a (rows, bytes)
# array and records the element shape (64, 1).
write("w.gguf", common + [("q", q.view(np.uint8).reshape(1, 68), T.Q8_0)])
write("i32.gguf", common + [("q", q.view(np.uint8).reshape(1, 68), T.Q8_0),
                            ("n", np.arange(5, dtype=np.int32), None)])
write("iq2.gguf", common + [("q", np.zeros((1, 66), np.uint8), T.IQ2_XXS),
                            ("pad", np.zeros(256, np.float32), None)])

# t4.gguf: q's type field (the u32 after its name and dims) set to 4.
raw = bytearray(open(os.path.join(d, "w.gguf"), "rb").read())
at = raw.find(b"\x01\x00\x00\x00\x00\x00\x00\x00q\x02\x00\x00\x00")
assert at > 0
type_at = at + 8 + 1 + 4 + 2 * 8
assert raw[type_at] == int(T.Q8_0)
raw[type_at] = 4
open(os.path.join(d, "t4.gguf"), "wb").write(bytes(raw))
