"""Writes the safetensors and GGUF files of tests/unit/ParameterFormatsTest.cpp
(and seeds of the ref-fuzz-irpa fuzzer) with the formats' own writers:
W = arange(12, f32).reshape(3, 4) / 7 and B = [0.5, -1, 2, 3] (f32); the
GGUF file also holds Q = a Q8_0 tensor of 64 elements (2 blocks of 34
bytes: bytes 0..67) and a string, an int array and a string array of
metadata. Rerun only to change them: `.venv/bin/python make_param_formats.py DIR`.
"""
import os
import sys

import gguf
import numpy as np
from gguf.constants import GGMLQuantizationType
from safetensors.numpy import save_file

out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(__file__)
W = (np.arange(12, dtype=np.float32) / np.float32(7)).reshape(3, 4)
B = np.array([0.5, -1, 2, 3], np.float32)
save_file({"W": W, "B": B}, os.path.join(out, "writer_params.safetensors"),
          metadata={"format": "np"})
g = gguf.GGUFWriter(os.path.join(out, "writer_params.gguf"), "test")
g.add_string("general.name", "difftest")
g.add_array("test.ints", [1, 2, 3])
g.add_array("test.strings", ["a", "bc"])
g.add_tensor("W", W)
g.add_tensor("B", B)
g.add_tensor("Q", np.arange(68, dtype=np.uint8).reshape(1, 68),
             raw_dtype=GGMLQuantizationType.Q8_0)
g.write_header_to_file()
g.write_kv_data_to_file()
g.write_tensors_to_file()
g.close()
