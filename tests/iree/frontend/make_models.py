#!/usr/bin/env python3
"""Writes the ONNX models of the frontend test into DIR (run with the
project's .venv python, which has `onnx`):

  mlp.onnx        MatMul(x 2x3, w 3x4) + b, Relu: a frontend program
                  that imports and lowers (graph `mlp`)
  unknown_op.onnx a node of an op no ONNX domain defines: the importer
                  (its ONNX checker) rejects it
  truncated.onnx  the first 60 bytes of mlp.onnx: not a protobuf

Usage: make_models.py DIR
"""
import os
import sys

import onnx
from onnx import TensorProto, helper


def model(nodes, name, inputs, outputs):
    g = helper.make_graph(nodes, name, inputs, outputs)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    return m


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    f32 = TensorProto.FLOAT
    x = helper.make_tensor_value_info("x", f32, [2, 3])
    w = helper.make_tensor_value_info("w", f32, [3, 4])
    b = helper.make_tensor_value_info("b", f32, [2, 4])
    y = helper.make_tensor_value_info("y", f32, [2, 4])
    mlp = model([helper.make_node("MatMul", ["x", "w"], ["m"]),
                 helper.make_node("Add", ["m", "b"], ["s"]),
                 helper.make_node("Relu", ["s"], ["y"])],
                "mlp", [x, w, b], [y])
    onnx.checker.check_model(mlp)
    onnx.save(mlp, os.path.join(d, "mlp.onnx"))
    bad = model([helper.make_node("NoSuchOp", ["x"], ["y"])], "bad", [x], [y])
    onnx.save(bad, os.path.join(d, "unknown_op.onnx"))
    with open(os.path.join(d, "mlp.onnx"), "rb") as f:
        head = f.read(60)
    with open(os.path.join(d, "truncated.onnx"), "wb") as f:
        f.write(head)


if __name__ == "__main__":
    main()
