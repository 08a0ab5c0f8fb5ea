"""Writes mlp.onnx (argv[1]): a 4-layer perceptron of width 32 built with the onnx
package's helpers (MatMul + Add + Relu three times, then MatMul + Add +
Softmax), weights from a fixed seed. Input x: 4x16 f32, output y: 4x10 f32.
Optional arguments LAYERS WIDTH BATCH make it bigger (docs/localize.md).
Used by localize_test.py and docs/localize.md."""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main(path, layers=4, width=32, batch=4):
    rng = np.random.default_rng(0)
    nodes, inits = [], []
    dims = [16] + [width] * (layers - 1) + [10]
    x = "x"
    for i in range(layers):
        w = (rng.standard_normal((dims[i], dims[i + 1])) * 0.3).astype(np.float32)
        b = (rng.standard_normal((dims[i + 1],)) * 0.1).astype(np.float32)
        inits += [numpy_helper.from_array(w, "w%d" % i),
                  numpy_helper.from_array(b, "b%d" % i)]
        nodes.append(helper.make_node("MatMul", [x, "w%d" % i], ["m%d" % i]))
        nodes.append(helper.make_node("Add", ["m%d" % i, "b%d" % i], ["a%d" % i]))
        if i < layers - 1:
            nodes.append(helper.make_node("Relu", ["a%d" % i], ["r%d" % i]))
            x = "r%d" % i
        else:
            x = "a%d" % i
    nodes.append(helper.make_node("Softmax", [x], ["y"], axis=-1))
    graph = helper.make_graph(
        nodes, "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [batch, 10])],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    onnx.save(model, path)


if __name__ == "__main__":
    main(sys.argv[1], *map(int, sys.argv[2:]))
