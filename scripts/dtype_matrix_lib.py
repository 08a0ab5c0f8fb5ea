"""The element types, value helpers and cell builders of
scripts/dtype_matrix.py (the op x element-type matrix; issue 25): per op
a function from an element type to (MLIR body lines, [(result, shape,
type, expected values)]), each expected value derived here in Python,
independently of ref-run. dtype_matrix.py adds the named contractions,
convolutions and pooling, assembles OPS and runs the matrix.
"""

import cmath
import math

# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------


class T:
    def __init__(self, name, kind, width=0):
        self.name, self.kind, self.width = name, kind, width
        self.id = (name.replace("complex<", "c").replace(">", "")
               .replace("<", ""))

    def __repr__(self):
        return self.name


INT_WIDTHS = [1, 2, 4, 8, 16, 32, 64]
TYPES = ([T("i%d" % w, "int", w) for w in INT_WIDTHS] +
         [T("ui%d" % w, "uint", w) for w in (8, 16, 32, 64)] +
         [T("si8", "sint", 8), T("index", "int", 64)] +
         [T(n, "float") for n in (
             "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E4M3FN", "f8E5M2",
             "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E8M0FNU",
             "f16", "bf16", "f32", "f64")] +
         [T("complex<f32>", "complex"), T("complex<f64>", "complex")])


def wrap(t, v):
    """An integer value as the type holds it (signed, two's complement)."""
    if t.kind == "uint":
        return v % (1 << t.width)
    m = v % (1 << t.width)
    return m - (1 << t.width) if m >= 1 << (t.width - 1) else m


def norm(t, v):
    if t.kind in ("int", "uint", "sint"):
        return wrap(t, v)
    if t.kind == "float":
        return float(v)
    return complex(v)


def lit(t, v):
    v = norm(t, v)
    if t.kind in ("int", "uint", "sint"):
        if t.width == 1:
            return "true" if v else "false"
        return str(v)
    if t.kind == "float":
        return repr(v)
    return "(%r, %r)" % (v.real, v.imag)


def dense(t, vals, shape):
    def nest(vs, sh):
        if not sh:
            return lit(t, vs[0])
        step = len(vs) // sh[0]
        return "[" + ", ".join(nest(vs[i * step:(i + 1) * step], sh[1:])
                               for i in range(sh[0])) + "]"
    return "dense<%s>" % nest(list(vals), list(shape))


def ttype(t, shape):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), t.name)


# Inputs per kind, chosen so that every sum and product below is exact in
# every format (f4E2M1FN holds 0.5 1 1.5 2 3 4 6; f8E8M0FNU only powers of
# two, no zero).
def data(t):
    if t.kind == "float":
        return [0.5, 0.5, 1.0, 2.0]
    if t.kind == "complex":
        return [1 + 2j, 3 + 4j, 6j, 5 + 7j]
    return [1, 1, 2, 3]


def unsorted(t):
    if t.kind == "float":
        return [2.0, 0.5, 4.0, 1.0]
    if t.kind == "complex":
        return [2 + 1j, 0.5 + 9j, 4 - 1j, 1 + 0j]
    return [3, 1, 2, 0]


def scalar_c(t):
    return {"float": 2.0, "complex": 1 + 2j}.get(t.kind, 2)


def zero(t):
    # f8E8M0FNU has no zero: the smallest power used instead where a zero
    # init does not matter (its arithmetic is refused).
    return 0.25 if t.name == "f8E8M0FNU" else 0


def low(t):
    """A value every unsorted() input beats under `greater`."""
    if t.kind in ("int", "sint"):
        return -(1 << (t.width - 1))
    if t.kind == "uint":
        return 0
    if t.name == "f8E8M0FNU":
        return 0.25
    return 0.0 if t.kind == "float" else 0j


def add(t, a, b):
    return norm(t, norm(t, a) + norm(t, b))


def key(t, v):
    v = norm(t, v)
    return v.real if t.kind == "complex" else v


# Region body ops by kind.
def add_body(t, a, b, r):
    if t.kind == "complex":
        return "%s = complex.add %s, %s : %s" % (r, a, b, t.name)
    op = "arith.addf" if t.kind == "float" else "arith.addi"
    return "%s = %s %s, %s : %s" % (r, op, a, b, t.name)


def cmp_body(t, a, b, r, pred):
    """pred: 'lt' or 'gt' on values (complex: on real parts)."""
    if t.kind == "complex":
        part = t.name[len("complex<"):-1]
        return ("%s_a = complex.re %s : %s\n    %s_b = complex.re %s : %s\n"
                "    %s = arith.cmpf o%s, %s_a, %s_b : %s" %
                (r, a, t.name, r, b, t.name, r, pred, r, r, part))
    if t.kind == "float":
        return "%s = arith.cmpf o%s, %s, %s : %s" % (r, pred, a, b, t.name)
    return "%s = arith.cmpi s%s, %s, %s : %s" % (r, pred, a, b, t.name)


# ---------------------------------------------------------------------------
# Cells: each returns (body lines, [(result SSA name, type, expected dense)])
# ---------------------------------------------------------------------------

def const(name, t, vals, shape):
    return "%s = util.unfoldable_constant %s : %s" % (
        name, dense(t, vals, shape), ttype(t, shape))


I32 = T("i32", "int", 32)


def op_scan(t):
    d = data(t)
    exp, acc = [], None
    for x in d:
        acc = x if acc is None else add(t, acc, x)
        exp.append(acc)
    body = [const("%in", t, d, [4]), const("%o", t, [zero(t)] * 4, [4]),
            const("%a", t, [zero(t)], []),
            "%%r:2 = iree_linalg_ext.scan dimension(0) inclusive(true) "
            "ins(%%in : %s) outs(%%o, %%a : %s, %s) {" % (
                ttype(t, [4]), ttype(t, [4]), ttype(t, [])),
            "  ^bb0(%%p: %s, %%x: %s):" % (t.name, t.name),
            "    " + add_body(t, "%p", "%x", "%s"),
            "    iree_linalg_ext.yield %%s : %s" % t.name,
            "  } -> %s, %s" % (ttype(t, [4]), ttype(t, []))]
    return body, [("%r#0", [4], t, exp), ("%r#1", [], t, [exp[-1]])]


def op_sort(t):
    u = unsorted(t)
    exp = sorted((norm(t, x) for x in u), key=lambda v: key(t, v))
    body = [const("%k", t, u, [4]),
            "%%r = iree_linalg_ext.sort dimension(0) outs(%%k : %s) {" %
            ttype(t, [4]),
            "  ^bb0(%%a: %s, %%b: %s):" % (t.name, t.name),
            "    " + cmp_body(t, "%a", "%b", "%c", "lt"),
            "    iree_linalg_ext.yield %c : i1",
            "  } -> %s" % ttype(t, [4])]
    return body, [("%r", [4], t, exp)]


def op_gather(t):
    d = data(t)
    body = [const("%src", t, d, [4]),
            const("%idx", I32, [3, 0], [2, 1]),
            const("%init", t, [zero(t)] * 2, [2]),
            "%%r = iree_linalg_ext.gather dimension_map = [0] ins(%%src, %%idx "
            ": %s, tensor<2x1xi32>) outs(%%init : %s) -> %s" % (
                ttype(t, [4]), ttype(t, [2]), ttype(t, [2]))]
    return body, [("%r", [2], t, [d[3], d[0]])]


def op_gather_masked(t):
    # A mask takes the element-by-element path (no slice copies).
    d, u = data(t), unsorted(t)
    body = [const("%src", t, d, [4]),
            const("%idx", I32, [3, 0], [2, 1]),
            const("%m", T("i1", "int", 1), [0, 1], [2]),
            const("%init", t, u[:2], [2]),
            "%%r = iree_linalg_ext.gather dimension_map = [0] ins(%%src, %%idx, "
            "%%m : %s, tensor<2x1xi32>, tensor<2xi1>) outs(%%init : %s) -> %s"
            % (ttype(t, [4]), ttype(t, [2]), ttype(t, [2]))]
    return body, [("%r", [2], t, [u[0], d[0]])]


def op_map_load(t):
    # output[i] = source[3 - i], the padding where 3 - i is outside.
    d, c = data(t), scalar_c(t)
    body = [const("%src", t, d, [4]), scalar_const(t, "%pad", c),
            "%c3 = arith.constant 3 : index",
            "%e = tensor.empty() : " + ttype(t, [5]),
            "%r = iree_linalg_ext.map_load %src into %e {",
            "  ^bb0(%i: index):",
            "    %j = arith.subi %c3, %i : index",
            "    iree_linalg_ext.yield %%j, %%pad : index, %s" % t.name,
            "  } : %s into %s -> %s" % (ttype(t, [4]), ttype(t, [5]),
                                         ttype(t, [5]))]
    return body, [("%r", [5], t, [d[3], d[2], d[1], d[0], c])]


def op_pack(t):
    d, c = data(t)[:3], scalar_c(t)
    body = [const("%x", t, d, [3]), scalar_const(t, "%c", c),
            "%e = tensor.empty() : " + ttype(t, [2, 2]),
            "%%r = linalg.pack %%x padding_value(%%c : %s) inner_dims_pos = "
            "[0] inner_tiles = [2] into %%e : %s -> %s" % (
                t.name, ttype(t, [3]), ttype(t, [2, 2]))]
    return body, [("%r", [2, 2], t, d + [c])]


def op_topk_v2(t):
    u, order = top2(t)
    body = [const("%v", t, u, [4]), "%ov = tensor.empty() : " + ttype(t, [2]),
            "%oi = tensor.empty() : tensor<2xi32>",
            "%%r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted ins(%%v : "
            "%s) outs(%%ov, %%oi : %s, tensor<2xi32>) {" % (
                ttype(t, [4]), ttype(t, [2])),
            "  ^bb0(%%a: %s, %%b: %s):" % (t.name, t.name),
            "    " + cmp_body(t, "%a", "%b", "%c", "gt"),
            "    iree_linalg_ext.yield %c : i1",
            "  } -> %s, tensor<2xi32>" % ttype(t, [2])]
    return body, [("%r#0", [2], t, [u[i] for i in order]),
                  ("%r#1", [2], I32, order)]


def op_map_store(t):
    # output[3 - i] = input[i]: reversed.
    d = data(t)
    body = [const("%in", t, d, [4]), "%true = arith.constant true",
            "%c3 = arith.constant 3 : index",
            "%e = tensor.empty() : " + ttype(t, [4]),
            "%r = iree_linalg_ext.map_store %in into %e {",
            "  ^bb0(%i: index):",
            "    %j = arith.subi %c3, %i : index",
            "    iree_linalg_ext.yield %j, %true : index, i1",
            "  } : %s into %s -> %s" % ((ttype(t, [4]),) * 3)]
    return body, [("%r", [4], t, d[::-1])]


def op_scatter(t):
    d = data(t)
    upd = {"float": [0.5, 2.0], "complex": [1 - 1j, 2 + 0.5j]}.get(
        t.kind, [1, 3])
    exp = list(d)
    exp[1] = add(t, upd[0], exp[1])
    exp[3] = add(t, upd[1], exp[3])
    body = [const("%orig", t, d, [4]), const("%upd", t, upd, [2]),
            const("%idx", I32, [1, 3], [2, 1]),
            "%%r = iree_linalg_ext.scatter dimension_map = [0] "
            "unique_indices(true) ins(%%upd, %%idx : %s, tensor<2x1xi32>) "
            "outs(%%orig : %s) {" % (ttype(t, [2]), ttype(t, [4])),
            "  ^bb0(%%u: %s, %%c: %s):" % (t.name, t.name),
            "    " + add_body(t, "%u", "%c", "%s"),
            "    iree_linalg_ext.yield %%s : %s" % t.name,
            "  } -> %s" % ttype(t, [4])]
    return body, [("%r", [4], t, exp)]


def top2(t):
    u = [norm(t, x) for x in unsorted(t)]
    order = sorted(range(4), key=lambda i: (-key(t, u[i]), i))[:2]
    assert all(key(t, u[i]) > key(t, norm(t, low(t))) for i in order)
    return u, order


def op_topk(t):
    u, order = top2(t)
    body = [const("%v", t, u, [4]), const("%ov", t, [low(t)] * 2, [2]),
            const("%oi", I32, [0, 0], [2]),
            "%%r:2 = iree_linalg_ext.topk dimension(0) ins(%%v : %s) "
            "outs(%%ov, %%oi : %s, tensor<2xi32>) {" % (
                ttype(t, [4]), ttype(t, [2])),
            "  ^bb0(%%a: %s, %%b: %s):" % (t.name, t.name),
            "    " + cmp_body(t, "%a", "%b", "%c", "gt"),
            "    iree_linalg_ext.yield %c : i1",
            "  } -> %s, tensor<2xi32>" % ttype(t, [2])]
    return body, [("%r#0", [2], t, [u[i] for i in order]),
                  ("%r#1", [2], I32, order)]


def op_arg_compare(t):
    u, order = top2(t)
    body = [const("%v", t, u, [4]), const("%bv", t, [low(t)], []),
            const("%bi", I32, [0], []),
            "%%r:2 = iree_linalg_ext.arg_compare dimension(0) ins(%%v : %s) "
            "outs(%%bv, %%bi : %s, tensor<i32>) {" % (
                ttype(t, [4]), ttype(t, [])),
            "  ^bb0(%%a: %s, %%b: %s):" % (t.name, t.name),
            "    " + cmp_body(t, "%a", "%b", "%c", "gt"),
            "    iree_linalg_ext.yield %c : i1",
            "  } -> %s, tensor<i32>" % ttype(t, [])]
    return body, [("%r#0", [], t, [u[order[0]]]),
                  ("%r#1", [], I32, [order[0]])]


def op_generic_parallel(t):
    d = data(t)
    body = [const("%x", t, d, [4]), const("%o", t, [zero(t)] * 4, [4]),
            "%%r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, "
            "affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], "
            "iterator_types = [\"parallel\"]} ins(%%x, %%x : %s, %s) "
            "outs(%%o : %s) {" % ((ttype(t, [4]),) * 3),
            "  ^bb0(%%a: %s, %%b: %s, %%c: %s):" % ((t.name,) * 3),
            "    " + add_body(t, "%a", "%b", "%s"),
            "    linalg.yield %%s : %s" % t.name,
            "  } -> %s" % ttype(t, [4])]
    return body, [("%r", [4], t, [add(t, x, x) for x in d])]


def op_generic_reduction(t):
    d = data(t)
    init, xs = d[0], d[1:]
    if t.kind == "float":
        init, xs = 0.5, [0.5, 1.0, 2.0]
    acc = init
    for x in xs:
        acc = add(t, acc, x)
    body = [const("%x", t, xs, [3]), const("%o", t, [init], []),
            "%%r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, "
            "affine_map<(i) -> ()>], iterator_types = [\"reduction\"]} "
            "ins(%%x : %s) outs(%%o : %s) {" % (ttype(t, [3]), ttype(t, [])),
            "  ^bb0(%%a: %s, %%b: %s):" % (t.name, t.name),
            "    " + add_body(t, "%b", "%a", "%s"),
            "    linalg.yield %%s : %s" % t.name,
            "  } -> %s" % ttype(t, [])]
    return body, [("%r", [], t, [acc])]


def scalar_const(t, name, v):
    if t.kind == "complex":
        v, part = complex(v), t.name[len("complex<"):-1]
        return "%s = complex.constant [%r : %s, %r : %s] : %s" % (
            name, v.real, part, v.imag, part, t.name)
    if t.name == "i1":  # a bool attribute carries its type
        return "%s = arith.constant %s" % (name, lit(t, v))
    return "%s = arith.constant %s : %s" % (name, lit(t, v), t.name)


def op_fill(t):
    c = scalar_c(t)
    body = [scalar_const(t, "%c", c), "%e = tensor.empty() : " + ttype(t, [4]),
            "%%r = linalg.fill ins(%%c : %s) outs(%%e : %s) -> %s" % (
                t.name, ttype(t, [4]), ttype(t, [4]))]
    return body, [("%r", [4], t, [c] * 4)]


def op_transpose(t):
    d = data(t)
    body = [const("%x", t, d, [2, 2]), "%e = tensor.empty() : " +
            ttype(t, [2, 2]),
            "%%r = linalg.transpose ins(%%x : %s) outs(%%e : %s) "
            "permutation = [1, 0]" % (ttype(t, [2, 2]), ttype(t, [2, 2]))]
    return body, [("%r", [2, 2], t, [d[0], d[2], d[1], d[3]])]


def op_broadcast(t):
    d = data(t)[:2]
    body = [const("%x", t, d, [2]), "%e = tensor.empty() : " +
            ttype(t, [3, 2]),
            "%%r = linalg.broadcast ins(%%x : %s) outs(%%e : %s) "
            "dimensions = [0]" % (ttype(t, [2]), ttype(t, [3, 2]))]
    return body, [("%r", [3, 2], t, d * 3)]


def op_matmul(t):
    if t.kind == "float":
        a, b = [0.5, 0.5, 1.0, 0.5], [1.0, 2.0, 1.0, 2.0]
    elif t.kind == "complex":
        a, b = [1 + 2j, 3 + 4j, 6j, 5 + 7j], [1, 1j, 2, 1 + 1j]
    else:
        a, b = [1, 1, 2, 1], [1, 2, 1, 2]
    z = zero(t)
    exp = []
    for i in range(2):
        for j in range(2):
            acc = z
            for k in range(2):
                x, y = norm(t, a[2 * i + k]), norm(t, b[2 * k + j])
                if t.name == "i1":
                    # linalg's named ops add with ori and multiply with
                    # andi on i1 (RegionBuilderHelper::buildBinaryFn).
                    acc = -1 if (acc or (x and y)) else 0
                else:
                    acc = add(t, acc, norm(t, x * y))
            exp.append(acc)
    s = ttype(t, [2, 2])
    body = [const("%a", t, a, [2, 2]), const("%b", t, b, [2, 2]),
            const("%o", t, [z] * 4, [2, 2]),
            "%%r = linalg.matmul ins(%%a, %%b : %s, %s) outs(%%o : %s) -> %s" %
            (s, s, s, s)]
    return body, [("%r", [2, 2], t, exp)]


def op_extract_slice(t):
    d = data(t)
    body = [const("%x", t, d, [4]),
            "%%r = tensor.extract_slice %%x[1] [2] [1] : %s to %s" % (
                ttype(t, [4]), ttype(t, [2]))]
    return body, [("%r", [2], t, d[1:3])]


def op_insert_slice(t):
    d, u = data(t), unsorted(t)[:2]
    body = [const("%x", t, d, [4]), const("%u", t, u, [2]),
            "%%r = tensor.insert_slice %%u into %%x[2] [2] [1] : %s into %s" % (
                ttype(t, [2]), ttype(t, [4]))]
    return body, [("%r", [4], t, d[:2] + u)]


def op_pad(t):
    d, c = data(t), scalar_c(t)
    body = [const("%x", t, d, [4]), scalar_const(t, "%c", c),
            "%r = tensor.pad %x low[1] high[1] {",
            "  ^bb0(%i: index):",
            "    tensor.yield %%c : %s" % t.name,
            "  } : %s to %s" % (ttype(t, [4]), ttype(t, [6]))]
    return body, [("%r", [6], t, [c] + d + [c])]


def op_concat(t):
    d, u = data(t), unsorted(t)
    body = [const("%x", t, d, [4]), const("%y", t, u, [4]),
            "%%r = tensor.concat dim(0) %%x, %%y : (%s, %s) -> %s" % (
                ttype(t, [4]), ttype(t, [4]), ttype(t, [8]))]
    return body, [("%r", [8], t, d + u)]


def op_collapse(t):
    d = data(t)
    body = [const("%x", t, d, [2, 2]),
            "%%r = tensor.collapse_shape %%x [[0, 1]] : %s into %s" % (
                ttype(t, [2, 2]), ttype(t, [4]))]
    return body, [("%r", [4], t, d)]


def op_extract_from_elements(t):
    d = data(t)
    body = [const("%x", t, d, [4]), "%i0 = arith.constant 0 : index",
            "%i3 = arith.constant 3 : index",
            "%%e0 = tensor.extract %%x[%%i0] : %s" % ttype(t, [4]),
            "%%e3 = tensor.extract %%x[%%i3] : %s" % ttype(t, [4]),
            "%%r = tensor.from_elements %%e3, %%e0 : %s" % ttype(t, [2])]
    return body, [("%r", [2], t, [d[3], d[0]])]


def op_insert(t):
    d, c = data(t), scalar_c(t)
    body = [const("%x", t, d, [4]), scalar_const(t, "%c", c),
            "%i2 = arith.constant 2 : index",
            "%%r = tensor.insert %%c into %%x[%%i2] : %s" % ttype(t, [4])]
    return body, [("%r", [4], t, d[:2] + [c] + d[3:])]


def op_splat(t):
    c = scalar_c(t)
    body = [scalar_const(t, "%c", c),
            "%%r = tensor.splat %%c : %s" % ttype(t, [3])]
    return body, [("%r", [3], t, [c] * 3)]


def op_arith_tensor_add(t):
    d = data(t)
    op = {"float": "arith.addf", "complex": "complex.add"}.get(
        t.kind, "arith.addi")
    body = [const("%x", t, d, [4]),
            "%%r = %s %%x, %%x : %s" % (op, ttype(t, [4]))]
    return body, [("%r", [4], t, [add(t, x, x) for x in d])]


def op_generic_mul(t):
    d = data(t)
    y = {"float": [2.0, 1.0, 2.0, 1.0], "complex": [1 - 1j, 2j, 3, 1 + 1j]
         }.get(t.kind, [2, 3, 2, 1])
    if t.kind == "complex":
        m = "%%s = complex.mul %%a, %%b : %s" % t.name
    else:
        m = "%%s = %s %%a, %%b : %s" % (
            "arith.mulf" if t.kind == "float" else "arith.muli", t.name)
    body = [const("%x", t, d, [4]), const("%y", t, y, [4]),
            const("%o", t, [zero(t)] * 4, [4]),
            "%%r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, "
            "affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], "
            "iterator_types = [\"parallel\"]} ins(%%x, %%y : %s, %s) "
            "outs(%%o : %s) {" % ((ttype(t, [4]),) * 3),
            "  ^bb0(%%a: %s, %%b: %s, %%c: %s):" % ((t.name,) * 3),
            "    " + m,
            "    linalg.yield %%s : %s" % t.name,
            "  } -> %s" % ttype(t, [4])]
    return body, [("%r", [4], t, [norm(t, norm(t, a) * norm(t, b))
                                  for a, b in zip(d, y)])]


def op_max(t):
    d, u = data(t), unsorted(t)
    op = "arith.maximumf" if t.kind == "float" else "arith.maxsi"
    body = [const("%x", t, d, [4]), const("%y", t, u, [4]),
            "%%r = %s %%x, %%y : %s" % (op, ttype(t, [4]))]
    return body, [("%r", [4], t, [max(norm(t, a), norm(t, b), key=lambda v:
                                      key(t, v)) for a, b in zip(d, u)])]


def op_cmp(t):
    d, u = data(t), unsorted(t)
    op = ("arith.cmpf olt" if t.kind == "float" else "arith.cmpi slt")
    b = T("i1", "int", 1)
    body = [const("%x", t, d, [4]), const("%y", t, u, [4]),
            "%%r = %s, %%x, %%y : %s" % (op, ttype(t, [4]))]
    return body, [("%r", [4], b, [1 if key(t, norm(t, x)) < key(t, norm(t, y))
                                  else 0 for x, y in zip(d, u)])]


def op_abs(t):
    x = {"float": [-0.5, 0.5, -1.0, 2.0]}.get(t.kind, [-1, 1, -2, 3])
    if t.name == "f8E8M0FNU":
        x = [0.5, 0.5, 1.0, 2.0]  # no sign bit
    op = "math.absf" if t.kind == "float" else "math.absi"
    body = [const("%x", t, x, [4]),
            "%%r = %s %%x : %s" % (op, ttype(t, [4]))]
    return body, [("%r", [4], t, [norm(t, abs(norm(t, v))) for v in x])]


def op_linalg_reduce(t):
    d = data(t)
    init = 0.5 if t.kind == "float" else d[0]
    xs = [0.5, 1.0, 2.0] if t.kind == "float" else d[1:]
    acc = init
    for v in xs:
        acc = add(t, acc, v)
    body = [const("%x", t, xs, [3]), const("%o", t, [init], []),
            "%%r = linalg.reduce ins(%%x : %s) outs(%%o : %s) dimensions = [0]"
            % (ttype(t, [3]), ttype(t, [])),
            "  (%%a: %s, %%b: %s) {" % (t.name, t.name),
            "    " + add_body(t, "%a", "%b", "%s"),
            "    linalg.yield %%s : %s" % t.name,
            "  }"]
    return body, [("%r", [], t, [acc])]


def op_expand(t):
    d = data(t)
    body = [const("%x", t, d, [4]),
            "%%r = tensor.expand_shape %%x [[0, 1]] output_shape [2, 2] : "
            "%s into %s" % (ttype(t, [4]), ttype(t, [2, 2]))]
    return body, [("%r", [2, 2], t, d)]


def op_unpack(t):
    d = data(t)
    body = [const("%x", t, d, [2, 2]),
            "%e = tensor.empty() : " + ttype(t, [3]),
            "%%r = linalg.unpack %%x inner_dims_pos = [0] inner_tiles = [2] "
            "into %%e : %s -> %s" % (ttype(t, [2, 2]), ttype(t, [3]))]
    return body, [("%r", [3], t, d[:3])]


def op_softmax(t):
    # Equal inputs: exp(0) = 1 each, so every output is exactly 1/4.
    x = {"float": [1.0] * 4, "complex": [1 + 1j] * 4}.get(t.kind, [1] * 4)
    body = [const("%x", t, x, [4]), "%e = tensor.empty() : " + ttype(t, [4]),
            "%%r = linalg.softmax dimension(0) ins(%%x : %s) outs(%%e : %s) "
            "-> %s" % ((ttype(t, [4]),) * 3)]
    # Softmax is defined on floats only: elsewhere any result is WRONG
    # (the placeholder 0 is never a derivation) unless ref-run refuses.
    return body, [("%r", [4], t, [0.25 if t.kind == "float" else 0] * 4)]


def op_reshape(t):
    d = data(t)
    body = [const("%x", t, d, [4]),
            "%s = arith.constant dense<[2, 2]> : tensor<2xindex>",
            "%%r = tensor.reshape %%x(%%s) : (%s, tensor<2xindex>) -> %s" % (
                ttype(t, [4]), ttype(t, [2, 2]))]
    return body, [("%r", [2, 2], t, d)]


def op_arith_select(t):
    d, u = data(t), unsorted(t)
    mask = [1, 0, 0, 1]
    body = [const("%x", t, d, [4]), const("%y", t, u, [4]),
            const("%m", T("i1", "int", 1), mask, [4]),
            "%%r = arith.select %%m, %%x, %%y : tensor<4xi1>, %s" %
            ttype(t, [4])]
    return body, [("%r", [4], t, [d[i] if mask[i] else u[i]
                                  for i in range(4)])]


# ---------------------------------------------------------------------------
# Float formats: exact rounding without ml_dtypes (the script runs under the
# system python3, which has no ml_dtypes). Each format is (exponent bits,
# mantissa bits, bias, kind); kind "ieee" has infinities and NaNs, "fn" only
# an all-ones NaN (f8E4M3FN), "fnuz" a NaN in place of -0, "f" neither
# (f4/f6), "e8m0" is f8E8M0FNU (unsigned powers of two).
# ---------------------------------------------------------------------------

FORMATS = {
    "f4E2M1FN": (2, 1, 1, "f"), "f6E2M3FN": (2, 3, 1, "f"),
    "f6E3M2FN": (3, 2, 3, "f"), "f8E4M3FN": (4, 3, 7, "fn"),
    "f8E5M2": (5, 2, 15, "ieee"), "f8E4M3FNUZ": (4, 3, 8, "fnuz"),
    "f8E5M2FNUZ": (5, 2, 16, "fnuz"), "f8E4M3B11FNUZ": (4, 3, 11, "fnuz"),
    "f8E8M0FNU": (8, 0, 127, "e8m0"), "f16": (5, 10, 15, "ieee"),
    "bf16": (8, 7, 127, "ieee"), "f32": (8, 23, 127, "ieee"),
    "f64": (11, 52, 1023, "ieee"),
}


def fmt_max(name):
    e, m, bias, kind = FORMATS[name]
    top = (1 << e) - (2 if kind == "ieee" else 1)
    frac = 2.0 - 2.0 ** -m * (2 if kind == "fn" else 1)
    if kind == "e8m0":
        top, frac = 254, 1.0
    return math.ldexp(frac, top - bias)


def round_to(name, x):
    """x (a Python float) rounded to nearest-even in format `name`; None
    when out of range (no overflow rule assumed) or unrepresentable (-0 in
    an FNUZ format, any non-power of two in f8E8M0FNU)."""
    e, m, bias, kind = FORMATS[name]
    if x == 0:
        if kind == "e8m0" or (kind == "fnuz" and math.copysign(1, x) < 0):
            return None
        return x
    a = abs(x)
    exp = max(math.frexp(a)[1] - 1, 1 - bias)
    q = math.ldexp(1.0, exp - m)
    r = math.copysign(round(a / q) * q, x)
    if abs(r) > fmt_max(name) or (kind == "e8m0" and (r < 0 or r != a)):
        return None
    if r == 0 and (kind == "fnuz" and x < 0):
        return 0.0
    return r


def representable(t, v):
    if t.kind == "complex":
        p = t.name[len("complex<"):-1]
        v = complex(v)
        return round_to(p, v.real) == v.real and round_to(p, v.imag) == v.imag
    if t.kind != "float":
        return True
    r = round_to(t.name, float(v))
    return r is not None and r == v and \
        math.copysign(1, r) == math.copysign(1, float(v))


def encode(name, v):
    """The bits of a value exactly representable in format `name`."""
    e, m, bias, kind = FORMATS[name]
    assert round_to(name, v) == v, (name, v)
    if kind == "e8m0":
        return math.frexp(v)[1] - 1 + bias
    sign = 1 if math.copysign(1, v) < 0 else 0
    a = abs(v)
    if a == 0:
        field, mant = 0, 0
    else:
        exp = math.frexp(a)[1] - 1
        if exp < 1 - bias:
            field, mant = 0, int(a / math.ldexp(1.0, 1 - bias - m))
        else:
            field = exp + bias
            mant = int((a / math.ldexp(1.0, exp) - 1) * (1 << m))
    return (sign << (e + m)) | (field << m) | mant


def fwidth(name):
    e, m, _, kind = FORMATS[name]
    return e + m + (0 if kind == "e8m0" else 1)


def pick(t, pairs, n=4):
    """The first n cases whose every value is representable in t (a case
    is a tuple of inputs followed by the expected result); repeated to n."""
    ok = [p for p in pairs if all(representable(t, v) for v in p)]
    if not ok:
        ok = pairs[:1]
    return [ok[i % len(ok)] for i in range(n)]


# ---------------------------------------------------------------------------
# Elementwise cells: an op on tensors (where the op takes tensors), on
# scalars, and as the body of a linalg.generic, all checked.
# ---------------------------------------------------------------------------


def elementwise(ins, res_t, exp, fmt, tensor_form=True, approx=None,
                rtol=None):
    """ins: [(type, values)]; fmt(operands, operand types, result type) is
    the op's text after "%r = "; approx: an optional (ins, expected, rtol)
    run on tensors with a relative tolerance; rtol: the linalg.generic
    form's check is that tolerance's (complex functions)."""
    # Where the op does not take a type, the values only need to parse (the
    # verifier, not a literal, is to reject the cell): a float or complex
    # value for an integer type becomes an integer, a complex one for a
    # float type its real part. No derivation for a type the op takes gives
    # such values.
    def fit(t, vs):
        if is_int(t):
            return [v if isinstance(v, int) else int(complex(v).real)
                    for v in vs]
        if t.kind == "float":
            return [complex(v).real if isinstance(v, complex) else v
                    for v in vs]
        return vs
    ins = [(t, fit(t, vs)) for t, vs in ins]
    exp = fit(res_t, exp)
    n = len(exp)
    body = []
    for k, (t, vs) in enumerate(ins):
        body.append(const("%%x%d" % k, t, vs, [n]))
    names = ["%%x%d" % k for k in range(len(ins))]
    checks = []
    if tensor_form:
        body.append("%r = " + fmt(names, [ttype(t, [n]) for t, _ in ins],
                                  ttype(res_t, [n])))
        checks.append(("%r", [n], res_t, exp))
    if not (rtol and res_t.kind == "complex"):
        # The op on scalars (the first elements), outside any region.
        body.append("%c0 = arith.constant 0 : index")
        for k, (t, _) in enumerate(ins):
            body.append("%%s%d = tensor.extract %%x%d[%%c0] : %s" % (
                k, k, ttype(t, [n])))
        body += ["%sr = " + fmt(["%%s%d" % k for k in range(len(ins))],
                                [t.name for t, _ in ins], res_t.name),
                 "%%st = tensor.from_elements %%sr : %s" % ttype(res_t, [1])]
        checks.append(("%st", [1], res_t, exp[:1]) +
                      ((rtol,) if rtol else ()))
    maps = ", ".join(["affine_map<(i) -> (i)>"] * (len(ins) + 1))
    body += ["%%o = tensor.empty() : %s" % ttype(res_t, [n]),
             "%%g = linalg.generic {indexing_maps = [%s], iterator_types = "
             "[\"parallel\"]} ins(%s : %s) outs(%%o : %s) {" % (
                 maps, ", ".join(names),
                 ", ".join(ttype(t, [n]) for t, _ in ins), ttype(res_t, [n])),
             "  ^bb0(%s, %%out: %s):" % (", ".join(
                 "%%a%d: %s" % (k, t.name) for k, (t, _) in enumerate(ins)),
                 res_t.name),
             "    %s = " + fmt(["%%a%d" % k for k in range(len(ins))],
                                      [t.name for t, _ in ins], res_t.name),
             "    linalg.yield %%s : %s" % res_t.name,
             "  } -> %s" % ttype(res_t, [n])]
    if rtol and res_t.kind == "complex":
        # check.expect_almost_eq takes no complex tensors: the parts, each
        # taken out by a linalg.generic of complex.re / complex.im.
        pt = part_type(res_t)
        for part in ("re", "im"):
            body += ["%%e_%s = tensor.empty() : %s" % (part, ttype(pt, [n])),
                     "%%g_%s = linalg.generic {indexing_maps = [affine_map<"
                     "(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = "
                     "[\"parallel\"]} ins(%%g : %s) outs(%%e_%s : %s) {" % (
                         part, ttype(res_t, [n]), part, ttype(pt, [n])),
                     "  ^bb0(%%c: %s, %%o2: %s):" % (res_t.name, pt.name),
                     "    %%p = complex.%s %%c : %s" % (part, res_t.name),
                     "    linalg.yield %%p : %s" % pt.name,
                     "  } -> %s" % ttype(pt, [n])]
            checks.append(("%%g_%s" % part, [n], pt, [
                complex(v).real if part == "re" else complex(v).imag
                for v in exp], rtol))
    else:
        checks.append(("%g", [n], res_t, exp) + ((rtol,) if rtol else ()))
    if approx:
        a_ins, a_exp, rtol = approx
        m = len(a_exp)
        for k, (t, vs) in enumerate(a_ins):
            body.append(const("%%y%d" % k, t, vs, [m]))
        ys = ["%%y%d" % k for k in range(len(a_ins))]
        body.append("%ra = " + fmt(ys, [ttype(t, [m]) for t, _ in a_ins],
                                   ttype(res_t, [m])))
        checks.append(("%ra", [m], res_t, a_exp, rtol))
    return body, checks


def binary_text(op):
    return lambda xs, ts, r: "%s %s : %s" % (op, ", ".join(xs), ts[0])


def cast_text(op):
    return lambda xs, ts, r: "%s %s : %s to %s" % (op, xs[0], ts[0], r)


def uval(t, v):
    return v % (1 << t.width)


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def int_cases(t, signed, no_zero_rhs=True):
    """(x, y) pairs of the type's values: no zero divisor, no INT_MIN / -1."""
    cands = [(7, 2), (-7, 2), (7, -2), (-7, -3), (100, 7), (-100, -7),
             (5, 3), (-1, 1), (1, -1), (3, 1), (0, 1), (0, -1), (1, 1)]
    out = []
    for x, y in cands:
        if t.kind not in ("int", "uint", "sint"):
            out.append((x, y))
            continue
        x, y = wrap(t, x), wrap(t, y)
        xs, ys = (x, y) if signed else (uval(t, x), uval(t, y))
        if no_zero_rhs and ys == 0:
            continue
        if signed and y == -1 and x == -(1 << (t.width - 1)):
            continue
        if (x, y) not in out:
            out.append((x, y))
    return [out[i % len(out)] for i in range(4)]


def int_binary(op, signed, f, no_zero_rhs=True):
    def cell(t):
        cases = int_cases(t, signed, no_zero_rhs)
        xs, ys = [c[0] for c in cases], [c[1] for c in cases]
        if t.kind in ("int", "uint", "sint"):
            conv = (lambda v: v) if signed else (lambda v: uval(t, v))
            exp = [wrap(t, f(t, conv(x), conv(y))) for x, y in cases]
        else:
            exp = xs
        return elementwise([(t, xs), (t, ys)], t, exp, binary_text(op))
    return cell


def floor_div(a, b):
    return a // b


def ceil_div(a, b):
    return -((-a) // b)


def shift_cell(op, f):
    def cell(t):
        w = t.width if t.kind in ("int", "uint", "sint") else 8
        xs = [wrap(t, v) if t.kind in ("int", "uint", "sint") else v
              for v in (5, -6, 3, -1)]
        ys = [a % w for a in (1, 2, 3, 0)]
        exp = [wrap(t, f(t, x, y)) if t.kind in ("int", "uint", "sint")
               else x for x, y in zip(xs, ys)]
        return elementwise([(t, xs), (t, ys)], t, exp, binary_text(op))
    return cell


INT_OPS = [
    ("arith.subi", lambda t, a, b: a - b, True, False),
    ("arith.divsi", lambda t, a, b: trunc_div(a, b), True, True),
    ("arith.divui", lambda t, a, b: a // b, False, True),
    ("arith.remsi", lambda t, a, b: a - b * trunc_div(a, b), True, True),
    ("arith.remui", lambda t, a, b: a % b, False, True),
    ("arith.ceildivsi", lambda t, a, b: ceil_div(a, b), True, True),
    ("arith.ceildivui", lambda t, a, b: ceil_div(a, b), False, True),
    ("arith.floordivsi", lambda t, a, b: floor_div(a, b), True, True),
    ("arith.andi", lambda t, a, b: a & b, True, False),
    ("arith.ori", lambda t, a, b: a | b, True, False),
    ("arith.xori", lambda t, a, b: a ^ b, True, False),
    ("arith.minsi", lambda t, a, b: min(a, b), True, False),
    ("arith.minui", lambda t, a, b: min(a, b), False, False),
    ("arith.maxui", lambda t, a, b: max(a, b), False, False),
]


def muli_cell(t):
    # Products that wrap at every width (127 * 3 at i8, ...).
    if not is_int(t):
        return int_binary("arith.muli", True, lambda t, a, b: a * b)(t)
    big = (1 << (t.width - 1)) - 1
    xs = [wrap(t, v) for v in (big, -big, 3, big)]
    ys = [wrap(t, v) for v in (3, 5, -2, big)]
    exp = [wrap(t, x * y) for x, y in zip(xs, ys)]
    return elementwise([(t, xs), (t, ys)], t, exp, binary_text("arith.muli"))


# Float binary and unary ops: cases (inputs..., expected) filtered by what
# the type holds.
def float_cell(op, cases, text=None, approx=None):
    def cell(t):
        if t.kind == "float":
            chosen = pick(t, cases)
        else:  # the verifier's case: the values only need to parse
            conv = complex if t.kind == "complex" else int
            chosen = [tuple(conv(v) for v in c) for c in cases[:4]]
        arity = len(chosen[0]) - 1
        ins = [(t, [c[k] for c in chosen]) for k in range(arity)]
        exp = [c[-1] for c in chosen]
        a = None
        if approx and t.name in ("f16", "bf16", "f32", "f64"):
            a_cases, fn = approx
            eps = {"f16": 2.0 ** -10, "bf16": 2.0 ** -7, "f32": 2.0 ** -23,
                   "f64": 2.0 ** -52}[t.name]
            a = ([(t, [c[k] for c in a_cases]) for k in range(arity)],
                 [fn(*c) for c in a_cases], 2 * eps)
        return elementwise(ins, t, exp, text or binary_text(op), approx=a)
    return cell


NEG = [(0.5, -0.5), (-1.5, 1.5), (6.0, -6.0), (-0.25, 0.25), (2.0, -2.0)]
FLOAT_OPS = [
    ("arith.subf", [(0.5, 2.0, -1.5), (1.0, 4.0, -3.0), (2.0, 1.0, 1.0),
                    (3.0, 1.5, 1.5), (0.5, 0.25, 0.25), (1.0, 0.5, 0.5)]),
    ("arith.divf", [(2.0, 0.5, 4.0), (0.5, 0.5, 1.0), (4.0, 1.0, 4.0),
                    (1.0, 2.0, 0.5), (3.0, -2.0, -1.5), (1.0, 4.0, 0.25)]),
    ("arith.remf", [(3.0, 2.0, 1.0), (1.5, 1.0, 0.5), (-3.0, 2.0, -1.0),
                    (6.0, 4.0, 2.0), (4.0, 1.0, 0.0), (2.0, 4.0, 2.0)]),
    ("arith.minimumf", [(0.5, 2.0, 0.5), (-1.0, 1.5, -1.0), (4.0, 3.0, 3.0),
                        (2.0, 2.0, 2.0), (0.5, 1.0, 0.5), (2.0, 4.0, 2.0)]),
    ("arith.minnumf", [(0.5, 2.0, 0.5), (-1.0, 1.5, -1.0), (4.0, 3.0, 3.0),
                       (2.0, 2.0, 2.0), (0.5, 1.0, 0.5), (2.0, 4.0, 2.0)]),
    ("arith.maxnumf", [(0.5, 2.0, 2.0), (-1.0, 1.5, 1.5), (4.0, 3.0, 4.0),
                       (2.0, 2.0, 2.0), (0.5, 1.0, 1.0), (2.0, 4.0, 4.0)]),
]


# Casts. The row's type is the source or the destination as the label says;
# the other side is fixed.
F64, F32, I64 = T("f64", "float"), T("f32", "float"), T("i64", "int", 64)
INDEX = T("index", "int", 64)


def is_int(t):
    return t.kind in ("int", "uint", "sint")


def fvals(t):
    return [0.5, 1.0, 2.0, 4.0] if t.name == "f8E8M0FNU" else \
        [0.5, -1.0, 2.0, 6.0]


def ivals(t):
    return [wrap(t, v) for v in (1, -1, -2, 3)] if is_int(t) else fvals(t)


def extf_cell(t):
    v = fvals(t) if t.kind == "float" else ivals(t)
    return elementwise([(t, v)], F64, v, cast_text("arith.extf"))


def rounded(t, vs):
    return [round_to(t.name, float(v)) if t.kind == "float" else v
            for v in vs]


def truncf_cell(t):
    # Rounding to nearest even in the narrow type, including ties (5.0 to
    # f4E2M1FN is 4, 1.25 is 1) and subnormals (0.3).
    v = [1.0, 2.0, 4.0, 0.5] if t.name == "f8E8M0FNU" else \
        [1.25, -2.75, 0.3, 5.0]
    exp = rounded(t, v)
    return elementwise([(F64, v)], t, exp, cast_text("arith.truncf"))


def sitofp_to_cell(t):
    v = [1, 2, 4, 8] if t.name == "f8E8M0FNU" else [1, -3, 5, 2]
    return elementwise([(I32, v)], t, rounded(t, v),
                       cast_text("arith.sitofp"))


def uitofp_to_cell(t):
    v = [1, 2, 4, 8] if t.name == "f8E8M0FNU" else [1, 3, 5, 2]
    return elementwise([(I32, v)], t, rounded(t, v),
                       cast_text("arith.uitofp"))


def itofp_from_cell(op, signed):
    def cell(t):
        # A large value rounds in f32 at 32 bits and more.
        raw = [1, -1, -2, 3] + ([(1 << 31) - 1] if is_int(t) and
                                t.width >= 32 else [5])
        v = [wrap(t, x) for x in raw] if is_int(t) else raw
        src = v if signed or not is_int(t) else [uval(t, x) for x in v]
        exp = [round_to("f32", float(x)) for x in src]
        return elementwise([(t, v)], F32, exp, cast_text(op))
    return cell


def fptoi_from_cell(op, signed):
    def cell(t):
        v = [0.5, 1.0, 2.0, 4.0] if t.name == "f8E8M0FNU" else (
            [1.5, -1.5, 6.0, 0.5] if signed else [1.5, 3.0, 6.0, 0.5])
        exp = [int(x) for x in v]  # toward zero
        return elementwise([(t, v)], I32, exp, cast_text(op))
    return cell


def fptoi_to_cell(op, signed):
    def cell(t):
        w = t.width if is_int(t) else 32
        if signed:
            v = {1: [0.5, -1.5, -0.5, -1.0], 2: [1.5, -1.5, -2.5, 0.5]}.get(
                w, [1.5, -1.5, 7.75, -8.5])
        else:
            v = {1: [0.5, 1.5, 0.0, 1.0], 2: [3.5, 2.0, 0.5, 1.0]}.get(
                w, [15.5, 2.0, 0.5, 9.75])
        exp = [wrap(t, int(x)) if is_int(t) else x for x in v]
        return elementwise([(F32, v)], t, exp, cast_text(op))
    return cell


def ext_cell(op, signed):
    def cell(t):
        v = ivals(t)
        exp = [x if signed or not is_int(t) else uval(t, x) for x in v]
        return elementwise([(t, v)], I64, exp, cast_text(op))
    return cell


def trunci_cell(t):
    v = [0x123456789ABCDEF1, -1, 255, (1 << 33) + 5]
    exp = [wrap(t, x) if is_int(t) else x for x in v]
    return elementwise([(I64, v)], t, exp, cast_text("arith.trunci"))


def index_cast_from_cell(op, signed):
    def cell(t):
        v = ivals(t)
        exp = [x if signed or not is_int(t) else uval(t, x) for x in v]
        return elementwise([(t, v)], INDEX, exp, cast_text(op))
    return cell


def index_cast_to_cell(t):
    v = [0x123456789ABCDEF1, -1, 255, 3]
    exp = [wrap(t, x) if is_int(t) else x for x in v]
    return elementwise([(INDEX, v)], t, exp, cast_text("arith.index_cast"))


SAME_WIDTH_FLOAT = {4: "f4E2M1FN", 8: "f8E4M3FN", 16: "f16", 32: "f32",
                    64: "f64"}


def bitcast_cell(t):
    """Float to the integer of its width (the bits derived by encode()),
    integer to the float of its width (values from their encodings)."""
    vals = [0.5, 1.0, 2.0, 4.0] if t.name == "f8E8M0FNU" else \
        [0.5, -1.0, 2.0, 6.0]
    if t.kind == "float":
        it = T("i%d" % fwidth(t.name), "int", fwidth(t.name))
        return elementwise([(t, vals)], it, [wrap(it, encode(t.name, v))
                                             for v in vals],
                           cast_text("arith.bitcast"))
    if is_int(t) and t.name != "index" and t.width in SAME_WIDTH_FLOAT:
        ft = T(SAME_WIDTH_FLOAT[t.width], "float")
        bits = [wrap(t, encode(ft.name, v)) for v in vals]
        return elementwise([(t, bits)], ft, vals, cast_text("arith.bitcast"))
    v = ivals(t)  # i1, i2, index, complex: to the same type
    return elementwise([(t, v)], t, v, cast_text("arith.bitcast"))


# Math: inputs whose results every format holds exactly, plus (on f16,
# bf16, f32, f64) inputs with inexact results compared with Python's math
# module (libm in double, rounded to the type by MLIR's parser) within a
# relative 2 * 2^-p (p: the type's mantissa bits).
MATH_OPS = [
    ("math.exp", [(0.0, 1.0)], [0.5, 1.5], math.exp),
    ("math.exp2", [(0.0, 1.0), (1.0, 2.0), (2.0, 4.0), (-1.0, 0.5)],
     [0.5, 1.5], lambda x: 2.0 ** x),
    ("math.expm1", [(0.0, 0.0)], [0.5, 1.5], math.expm1),
    ("math.log", [(1.0, 0.0)], [1.5, 3.0], math.log),
    ("math.log2", [(1.0, 0.0), (2.0, 1.0), (4.0, 2.0), (0.5, -1.0)],
     [1.5, 3.0], math.log2),
    ("math.log10", [(1.0, 0.0)], [1.5, 3.0], math.log10),
    ("math.log1p", [(0.0, 0.0)], [0.5, 3.0], math.log1p),
    ("math.sqrt", [(4.0, 2.0), (0.25, 0.5), (1.0, 1.0), (2.25, 1.5),
                   (0.0, 0.0), (16.0, 4.0)], [2.0, 3.0], math.sqrt),
    ("math.rsqrt", [(4.0, 0.5), (0.25, 2.0), (1.0, 1.0), (16.0, 0.25)],
     [2.0, 3.0], lambda x: 1 / math.sqrt(x)),
    # glibc's cbrt(0.125) is 0.49999999999999994 (1 ulp): no such input.
    ("math.cbrt", [(8.0, 2.0), (1.0, 1.0), (-8.0, -2.0)], [2.0, 3.0],
     math.cbrt),
    ("math.tanh", [(0.0, 0.0)], [0.5, 1.5], math.tanh),
    ("math.sinh", [(0.0, 0.0)], [0.5, 1.5], math.sinh),
    ("math.cosh", [(0.0, 1.0)], [0.5, 1.5], math.cosh),
    ("math.sin", [(0.0, 0.0)], [0.5, 1.5], math.sin),
    ("math.cos", [(0.0, 1.0)], [0.5, 1.5], math.cos),
    ("math.tan", [(0.0, 0.0)], [0.5, 1.5], math.tan),
    ("math.asin", [(0.0, 0.0)], [0.5, 0.75], math.asin),
    ("math.acos", [(1.0, 0.0)], [0.5, 0.75], math.acos),
    ("math.atan", [(0.0, 0.0)], [0.5, 1.5], math.atan),
    ("math.asinh", [(0.0, 0.0)], [0.5, 1.5], math.asinh),
    ("math.acosh", [(1.0, 0.0)], [1.5, 3.0], math.acosh),
    ("math.atanh", [(0.0, 0.0)], [0.5, 0.75], math.atanh),
    ("math.erf", [(0.0, 0.0)], [0.5, 1.5], math.erf),
    ("math.erfc", [(0.0, 1.0)], [0.5, 1.5], math.erfc),
    ("math.floor", [(2.5, 2.0), (-1.5, -2.0), (0.5, 0.0), (3.0, 3.0),
                    (-0.5, -1.0), (1.5, 1.0)], None, None),
    ("math.ceil", [(2.5, 3.0), (-1.5, -1.0), (0.5, 1.0), (1.5, 2.0)],
     None, None),
    ("math.round", [(2.5, 3.0), (-1.5, -2.0), (0.5, 1.0), (1.5, 2.0)],
     None, None),
    ("math.roundeven", [(2.5, 2.0), (0.5, 0.0), (1.5, 2.0), (-2.5, -2.0),
                        (3.5, 4.0)], None, None),
    ("math.trunc", [(2.5, 2.0), (-1.5, -1.0), (0.5, 0.0), (3.0, 3.0)],
     None, None),
]


def math_unary_cell(op, cases, approx_in, fn):
    return float_cell(op, cases, approx=([(x,) for x in approx_in], fn)
                      if approx_in else None)


MATH_BINARY = [
    ("math.powf", [(2.0, 2.0, 4.0), (4.0, 0.5, 2.0), (0.5, 2.0, 0.25),
                   (3.0, 1.0, 3.0), (2.0, -1.0, 0.5)],
     [(2.0, 0.5), (3.0, 1.5)], math.pow),
    ("math.atan2", [(0.0, 1.0, 0.0)], [(1.0, 2.0), (-1.5, 0.5)], math.atan2),
    ("math.copysign", [(1.0, -2.0, -1.0), (-3.0, 2.0, 3.0),
                       (0.5, 0.5, 0.5), (-6.0, -1.0, -6.0)], None, None),
    ("math.fma", [(0.5, 2.0, 1.0, 2.0), (1.5, 2.0, -1.0, 2.0),
                  (2.0, 2.0, 0.5, 4.5), (3.0, -1.0, 1.0, -2.0),
                  (2.0, 1.0, 2.0, 4.0)], None, None),
]


def math_nary_cell(op, cases, approx_in, fn):
    return float_cell(op, cases, approx=(approx_in, fn) if approx_in
                      else None)


def int_unary(op, f):
    def cell(t):
        v = [wrap(t, x) for x in (0, 1, -1, 6)] if is_int(t) else \
            [0.0, 1.0, 2.0, 3.0] if t.kind == "float" else [0j, 1j, 2j, 3j]
        w = t.width if is_int(t) else 0
        exp = [wrap(t, f(uval(t, x), w)) for x in v] if is_int(t) else v
        return elementwise([(t, v)], t, exp, binary_text(op))
    return cell


def ctlz(u, w):
    return w - u.bit_length()


def cttz(u, w):
    return w if u == 0 else (u & -u).bit_length() - 1


INT_MATH = [
    ("math.ctpop", lambda u, w: bin(u).count("1")),
    ("math.ctlz", ctlz),
    ("math.cttz", cttz),
]


def ipowi_cell(t):
    cases = [(3, 2), (-2, 3), (2, 5), (-1, 7), (0, 0), (5, 1)]
    xs = [wrap(t, a) if is_int(t) else a for a, _ in cases[:4]]
    ys = [b for _, b in cases[:4]]
    if is_int(t):
        ys = [wrap(t, b) for b in ys]
        # only non-negative exponents (a negative exponent of 0 is UB, of
        # others a division); at i1/i2 the exponents wrap, so use 0 and 1.
        if t.width <= 2:
            ys = [0, 1 if t.width == 2 else 0, 0, 1 if t.width == 2 else 0]
        exp = [wrap(t, x ** y) for x, y in zip(xs, ys)]
    else:
        exp = xs
    return elementwise([(t, xs), (t, ys)], t, exp, binary_text("math.ipowi"))


# Complex body ops (complex ops take no tensors: the linalg.generic form
# only). Cases avoid zero parts in results where the sign of a zero would
# depend on the lowering's operation order.
def part_type(t):
    if t.kind == "complex":
        return T(t.name[len("complex<"):-1], "float")
    return t


def complex_cell(op, cases, res=None, text=None):
    def cell(t):
        arity = len(cases[0]) - 1
        cv = complex if t.kind == "complex" else (
            (lambda v: float(complex(v).real)) if t.kind == "float"
            else (lambda v: int(complex(v).real)))
        ins = [(t, [cv(c[k]) for c in cases]) for k in range(arity)]
        rt = res(t) if res else t
        exp = [(c[-1] if t.kind == "complex" else ins[0][1][i])
               for i, c in enumerate(cases)]
        if rt.kind == "int" and rt.width == 1:
            exp = [1 if e else 0 for e in exp]
        return elementwise(ins, rt, exp, text or binary_text(op),
                           tensor_form=False)
    return cell


def create_cell(t):
    p = part_type(t)
    re_, im = [1.0, -3.0, 0.5, 6.0], [2.0, 4.0, -1.5, 0.25]
    exp = [complex(a, b) for a, b in zip(re_, im)] if t.kind == "complex" \
        else re_
    return elementwise([(p, re_), (p, im)], t, exp,
                       lambda xs, ts, r: "complex.create %s : %s" % (
                           ", ".join(xs), r), tensor_form=False)


def complex_approx(op, fn, zs, res=None, ws=None):
    """A complex function without an exact derivation: checked part by part
    against Python's cmath in double within a relative 4 * 2^-p (p: the
    part type's mantissa bits; ComplexToStandard's lowerings chain several
    rounded operations). The inputs give results whose parts are both of
    the modulus' order: a part much smaller than the modulus carries an
    error relative to the modulus, which a part-wise relative tolerance
    would mistake for a wrong result ((3+2i)^(-0.5+0.25i) = 0.454 +
    0.0121i: ref-run's imaginary part is 9 ulp of 0.0121 away in
    complex<f32>, 0.28 ulp of the modulus 0.45).
    """
    def cell(t):
        rt = res(t) if res else t
        if t.kind != "complex":
            vals = [int(z.real) if is_int(t) else z.real for z in zs]
            ins = [(t, vals)] + ([(t, vals)] if ws else [])
            return elementwise(ins, rt, vals, binary_text(op),
                               tensor_form=False)
        eps = 2.0 ** (-23 if t.name == "complex<f32>" else -52)
        ins = [(t, zs)] + ([(t, ws)] if ws else [])
        exp = [fn(*a) for a in zip(zs, *([ws] if ws else []))]
        return elementwise(ins, rt, exp, binary_text(op), tensor_form=False,
                           rtol=4 * eps)
    return cell


ZS = [0.5 + 1j, 2 - 1j, -1.5 + 0.5j, 3 + 2j]
COMPLEX_APPROX = [
    ("complex.exp (inexact)", cmath.exp, None),
    ("complex.log (inexact)", cmath.log, None),
    ("complex.sqrt", cmath.sqrt, None),
    ("complex.rsqrt", lambda z: 1 / cmath.sqrt(z), None),
    ("complex.expm1", lambda z: cmath.exp(z) - 1, None),
    ("complex.log1p", lambda z: cmath.log(1 + z), None),
    ("complex.sin", cmath.sin, None),
    ("complex.cos", cmath.cos, None),
    ("complex.tan", cmath.tan, None),
    ("complex.tanh", cmath.tanh, None),
    ("complex.sign", lambda z: z / abs(z), None),
    ("complex.angle", cmath.phase, part_type),
]

B1 = T("i1", "int", 1)
CA, CB = [1 + 2j, 3 + 4j, -2 + 0.5j, 6 - 1j], [3 + 1j, 1 + 1j, 2 + 2j, 1 - 4j]
COMPLEX_OPS = [
    ("complex.add", complex_cell("complex.add", [(a, b, a + b) for a, b in
                                                 zip(CA, CB)])),
    ("complex.sub", complex_cell("complex.sub", [(a, b, a - b) for a, b in
                                                 zip(CA, CB)])),
    ("complex.mul", complex_cell("complex.mul", [(a, b, a * b) for a, b in
                                                 zip(CA, CB)])),
    ("complex.div", complex_cell("complex.div", [
        (3 + 1j, 1 + 1j, 2 - 1j), (2 + 4j, 2 + 0j, 1 + 2j),
        (-5 + 10j, 1 + 2j, 3 + 4j), (6 + 3j, 0.5 + 0j, 12 + 6j)])),
    ("complex.neg", complex_cell("complex.neg", [(a, -a) for a in CA])),
    ("complex.conj", complex_cell("complex.conj", [(a, a.conjugate())
                                                   for a in CA])),
    ("complex.abs", complex_cell("complex.abs", [
        (3 + 4j, 5.0), (-6 + 8j, 10.0), (0.5 + 0j, 0.5), (-4 - 3j, 5.0)],
        res=part_type)),
    ("complex.re", complex_cell("complex.re", [(a, a.real) for a in CA],
                                res=part_type)),
    ("complex.im", complex_cell("complex.im", [(a, a.imag) for a in CA],
                                res=part_type)),
    ("complex.create", create_cell),
    ("complex.exp", complex_cell("complex.exp", [(0j, 1 + 0j)] * 4)),
    ("complex.log", complex_cell("complex.log", [(1 + 0j, 0j)] * 4)),
    ("complex.eq", complex_cell("complex.eq", [
        (a, b, a == b) for a, b in zip(CA, [CA[0], CB[1], CA[2], CB[3]])],
        res=lambda t: B1)),
    ("complex.neq", complex_cell("complex.neq", [
        (a, b, a != b) for a, b in zip(CA, [CA[0], CB[1], CA[2], CB[3]])],
        res=lambda t: B1)),
]
