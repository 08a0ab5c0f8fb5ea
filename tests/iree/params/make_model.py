"""Writes a small ONNX model with initializers, built with onnx.helper, in
two forms, and its expected output from onnx.reference.ReferenceEvaluator
(an implementation independent of IREE and of ref-run):

  OUT/dense.onnx          weights inline
  OUT/ext.onnx, ext.data  weights in ONNX's external-data format
  OUT/x.npy               the input
  OUT/expected.npy        ReferenceEvaluator's output
  OUT/W.npy, OUT/B.npy    the weights (for archives built by the test)

y = reshape(relu(x @ W + B) * S, [8]) with W 3x4, B 4, S a 1-element scale
and the shape [8] initializers too. Values are small integers and halves, so
every result is exact in f32 whatever the summation order.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(11)
    W = rng.integers(-2, 5, (3, 4)).astype(np.float32)
    B = (rng.integers(-1, 9, (4,)) / 2).astype(np.float32)
    S = np.array([2.0], dtype=np.float32)
    shape = np.array([8], dtype=np.int64)
    x = rng.integers(0, 4, (2, 3)).astype(np.float32)
    nodes = [
        helper.make_node("MatMul", ["x", "W"], ["m"]),
        helper.make_node("Add", ["m", "B"], ["a"]),
        helper.make_node("Relu", ["a"], ["r"]),
        helper.make_node("Mul", ["r", "S"], ["s"]),
        helper.make_node("Reshape", ["s", "shape"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes, "model",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [8])],
        initializer=[numpy_helper.from_array(W, "W"),
                     numpy_helper.from_array(B, "B"),
                     numpy_helper.from_array(S, "S"),
                     numpy_helper.from_array(shape, "shape")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    expected = ReferenceEvaluator(model).run(None, {"x": x})[0]
    onnx.save_model(model, os.path.join(out, "dense.onnx"))
    # (This turns the model's initializers into external references.)
    onnx.save_model(model, os.path.join(out, "ext.onnx"),
                    save_as_external_data=True, all_tensors_to_one_file=True,
                    location="ext.data", size_threshold=0)
    np.save(os.path.join(out, "x.npy"), x)
    np.save(os.path.join(out, "expected.npy"), expected)
    np.save(os.path.join(out, "W.npy"), W)
    np.save(os.path.join(out, "B.npy"), B)


if __name__ == "__main__":
    main(sys.argv[1])
