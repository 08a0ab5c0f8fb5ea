"""Golden cases for the layout ops (linalg.pack, linalg.unpack,
linalg.softmax), derived with numpy: pack/unpack by padding, reshaping and
transposing; softmax on rows whose exponentials are exact (max subtraction
gives 0 or -inf), so its golden is unique to the bit. Registered by
derive_goldens.py."""
import numpy as np


def register(case, Raw, Rng, default_expect):
    @case("pack_pad_outer_perm_i32",
          "linalg.pack of a 7x8 i32 tensor with 2x3 tiles on dims (0, 1), "
          "padding value -1 (both dims are padded) and outer_dims_perm "
          "[1, 0].",
          """\
// out[o1, o0, i0, i1] = src[o0*2 + i0, o1*3 + i1], or -1 past the source.
func.func @main(%src: tensor<7x8xi32>) -> tensor<3x4x2x3xi32> {
  %pad = arith.constant -1 : i32
  %e = tensor.empty() : tensor<3x4x2x3xi32>
  %0 = linalg.pack %src padding_value(%pad : i32) outer_dims_perm = [1, 0]
      inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %e
      : tensor<7x8xi32> -> tensor<3x4x2x3xi32>
  return %0 : tensor<3x4x2x3xi32>
}
""")
    def _pack():
        src = Rng(501).ints((7, 8), -1000, 1000).astype(np.int32)
        padded = np.full((8, 9), -1, dtype=np.int32)
        padded[:7, :8] = src
        # (o0, i0, o1, i1) -> (o1, o0, i0, i1)
        out = padded.reshape(4, 2, 3, 3).transpose(2, 0, 1, 3).copy()
        return [src], [out]

    @case("unpack_transposed_tiles_f32",
          "linalg.unpack of 2x3 outer tiles of 4x2 with inner_dims_pos "
          "[1, 0] (the tile's outer dimension tiles result dim 1) into a "
          "3x10 f32 result: the padding rows and columns are dropped.",
          """\
// out[r, c] = src[r / 2, c / 4, c % 4, r % 2] for r < 3, c < 10.
func.func @main(%src: tensor<2x3x4x2xf32>) -> tensor<3x10xf32> {
  %e = tensor.empty() : tensor<3x10xf32>
  %0 = linalg.unpack %src inner_dims_pos = [1, 0] inner_tiles = [4, 2]
      into %e : tensor<2x3x4x2xf32> -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}
""")
    def _unpack():
        src = Rng(502).dyadic((2, 3, 4, 2), -100, 100, 8).astype(np.float32)
        # (o0, o1, i1, i0) -> (o0, i0, o1, i1) -> (4, 12), then drop padding
        full = src.transpose(0, 3, 1, 2).reshape(4, 12)
        return [src], [full[:3, :10].copy()]

    @case("softmax_masked_rows_f32",
          "linalg.softmax along dimension 1 of rows mixing equal maxima "
          "and -inf (a masked attention row): every exp is exp(0) = 1 or "
          "exp(-inf) = 0, so the result is 1/k on the k maxima, exactly "
          "rounded.",
          """\
// Each row: k equal maxima (shifted by a per-row offset) and -inf elsewhere,
// so softmax is 1/k at the maxima and 0 elsewhere.
func.func @main(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %e = tensor.empty() : tensor<4x6xf32>
  %0 = linalg.softmax dimension(1) ins(%x : tensor<4x6xf32>)
      outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
""")
    def _softmax():
        ninf = -np.inf
        x = np.array([[5, 5, ninf, 5, ninf, ninf],
                      [-3, ninf, ninf, ninf, ninf, ninf],
                      [0, 0, 0, 0, 0, 0],
                      [ninf, 1e30, 1e30, ninf, 1e30, 1e30]], dtype=np.float32)
        mx = x.max(axis=1, keepdims=True)
        ex = np.exp((x - mx).astype(np.float64))  # exactly 1 or 0
        k = ex.sum(axis=1, keepdims=True)
        out = (ex / k).astype(np.float32)  # 1/k rounded once, as divf
        return [x], [out]
