//===- Program.h - The typed SSA programs the fuzzer generates ---*- C++
//-*-===//
//
// A small typed AST of one function: tensor arguments, a list of op nodes and
// the returned values. It is what the generator builds and what the printer
// turns into IREE's textual MLIR; it is free of MLIR (refSupport and LLVM
// Support only), so the fuzzer can run where MLIR is not built.
//
// Every value carries its static type (`?` where the program says so) and its
// concrete shape in this case: the generator picks concrete shapes first and
// then decides which extents the types leave dynamic. Ops whose results need
// extents (tensor.empty with dynamic sizes, slices of `?` size, expand_shape's
// output_shape) take them from `DimExpr`s, which the printer emits as
// `tensor.dim` (plus `arith.subi` / `arith.divui` by a constant).
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_PROGRAM_H
#define REF_FUZZ_PROGRAM_H

#include "interp/support/Tensor.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace ref::fuzz {

/// A dynamic extent ("?") in a static type.
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

/// A ranked tensor type: element type and extents (`kDynamic` for "?").
struct TensorType {
  DType dtype = DType::F32;
  Shape dims;

  int64_t rank() const { return dims.size(); }
  bool isDynamic(unsigned d) const { return dims[d] == kDynamic; }
  bool hasDynamic() const;
  /// "tensor<2x?xf32>".
  std::string str() const;
  bool operator==(const TensorType &o) const {
    return dtype == o.dtype && dims == o.dims;
  }
  bool operator!=(const TensorType &o) const { return !(*this == o); }
};

using ValueId = unsigned;

/// A value of the function: an argument (`defOp` < 0) or a result of an op.
struct Value {
  TensorType type;
  /// The extents this case runs with (every `?` of `type` resolved).
  Shape shape;
  int defOp = -1;
  /// The argument number, or the result number of `defOp`.
  unsigned index = 0;
};

/// An `index` operand computed from an extent known at run time:
/// `(tensor.dim value, dim - sub) / div`.
struct DimExpr {
  ValueId value = 0;
  unsigned dim = 0;
  int64_t sub = 0;
  int64_t div = 1;
};

/// One instruction of a scalar region body. Operands number the block
/// arguments first (0 .. args.size()-1), then the earlier instructions.
struct ScalarInst {
  /// Full op name: "arith.cmpf", "arith.addi", "arith.constant",
  /// "arith.extf", "math.exp", "linalg.index", ...
  std::string name;
  /// The predicate of arith.cmpi / arith.cmpf.
  std::string predicate;
  llvm::SmallVector<unsigned, 3> operands;
  /// Result type (i1 for comparisons, index for linalg.index).
  DType type = DType::I1;
  /// Raw bits of an arith.constant; the loop of a linalg.index.
  uint64_t bits = 0;
};

/// Whether `name` is a conversion printed as `%x : SRC to DST` (extf,
/// truncf, sitofp, fptosi, extsi, trunci, index_cast, bitcast, ...).
bool isCastOp(llvm::StringRef name);

/// A scalar region: a comparator, a combiner or a linalg body.
struct Body {
  llvm::SmallVector<DType, 4> args;
  std::vector<ScalarInst> insts;
  /// What the terminator yields (argument or instruction number, as above).
  unsigned yield = 0;
  /// Bodies yielding several values (linalg.generic with several outputs):
  /// when not empty, the terminator yields these instead of `yield`.
  llvm::SmallVector<unsigned, 2> yields;

  /// Appends an instruction and returns its operand number.
  unsigned add(ScalarInst inst);
  /// The type of operand number `i`.
  DType typeOf(unsigned i) const {
    return i < args.size() ? args[i] : insts[i - args.size()].type;
  }
  /// What the terminator yields, in order.
  llvm::SmallVector<unsigned, 2> yielded() const {
    if (!yields.empty())
      return yields;
    return {yield};
  }
};

enum class OpKind : uint8_t {
  // Destination helpers.
  Empty, // tensor.empty
  Fill,  // tensor.empty + linalg.fill with a constant
  // iree_linalg_ext.
  Sort,
  Scatter,
  Gather,
  Scan,
  TopK,
  ArgCompare,
  // linalg.
  Matmul,
  Transpose,
  BatchMatmul,
  Reduce,
  Broadcast,
  Generic,
  // tensor glue.
  ExtractSlice,
  InsertSlice,
  CollapseShape,
  ExpandShape,
  Pad,
  Concat,
  Cast,
  // Kinds after Cast are off by default (a run draws them only when its
  // `GenOptions::ops` lists them), so the default op mix, and the cases of
  // every existing option set, stay what they were.
  Softmax, // linalg.softmax
  Pack,    // linalg.pack
  Unpack,  // linalg.unpack
  Attention, // iree_linalg_ext.attention
  Complex,   // linalg.generic with complex dialect ops in its body
  NarrowTypes, // linalg.generic through a sub-byte integer or small float
  ReduceWindow, // stablehlo.reduce_window (generic form): its golden comes
                // from the StableHLO op, IREE's input conversion under test
  // Frontend-shaped recipes (fuzz/recipes/Frontend.cpp): patterns of the
  // ops above as IREE's frontends emit them. No op has these kinds; they
  // name recipes, drawn when listed or by GenOptions::frontendPercent.
  ArgSort,          // frontend.argsort: iota payload, sort, maybe a topk slice
  ScatterAddOneRow, // frontend.scatter_add_one_row: all-equal indices
  DegenerateMatmul, // frontend.degenerate_matmul: 1x2x1, K=1, unit dims
  MatmulExtf,       // frontend.matmul_extf: dynamic-M f16/bf16/i8 matmul,
                    // extf/extsi to f32/i32, maybe truncf back
  SortArgOuts,      // frontend.sort_arg_outs: sort in place on a function
                    // argument that another op also reads
  IotaScatter,      // frontend.iota_scatter: torch scatter along dim 1 (iota
                    // row coordinates, a fill destination)
  DeadResults,      // frontend.dead_results: results computed, never used
  ScatterArgRows,   // frontend.scatter_arg_rows: scatter into an argument
                    // (some rows), the argument read again (PR #24504)
  AlignedStatic,    // frontend.aligned_static: static, aligned row
                    // reductions, matmuls and rank-0 generics (the
                    // preconditions of SPIR-V's SubgroupReduce,
                    // MatmulPromoteVectorize and BaseLowering)
};
constexpr unsigned kNumOpKinds =
    static_cast<unsigned>(OpKind::AlignedStatic) + 1;
/// The first frontend-shaped recipe kind: [this, kNumOpKinds).
constexpr unsigned kFirstFrontendKind = static_cast<unsigned>(OpKind::ArgSort);
/// The kinds a run with an empty `GenOptions::ops` draws from: [0, this).
constexpr unsigned kNumDefaultOpKinds = static_cast<unsigned>(OpKind::Cast) + 1;

/// The op name as MLIR spells it ("iree_linalg_ext.sort", "linalg.fill").
llvm::StringRef opKindName(OpKind k);
std::optional<OpKind> parseOpKind(llvm::StringRef name);

/// One op node. Which attribute fields a kind uses:
///  - Empty/Fill: `dynSizes` (one per `?` of the result), Fill: `scalar`.
///  - Sort: operands = outs; `dimension`; `body` (2 arguments per operand).
///  - Scatter: ins(updates, indices) outs(original); `ints` = dimension_map;
///    `flag` = unique_indices; `body` (update, current).
///  - Gather: ins(source, indices) outs(output); `ints` = dimension_map.
///  - Scan: ins(input) outs(output, accumulator); `dimension`; `flag` =
///    inclusive; `body` (previous, input).
///  - TopK: ins(values[, indices]) outs(values, indices); `dimension`; `body`.
///  - ArgCompare: ins(values[, indices]) outs(value, index); `dimension`;
///    `indexBase`; `body`.
///  - Matmul: ins(a, b) outs(c). Transpose: ins(x) outs(init); `ints` =
///    permutation. BatchMatmul: ins(a, b) outs(c).
///  - Reduce: ins(x) outs(init); `ints` = the reduced dimensions; `body`
///    (input element, accumulator).
///  - Broadcast: ins(x) outs(init); `ints` = the added dimensions.
///  - Generic: ins(...) outs(...); `maps` (one per operand: the loops each
///    of its dims is indexed by, a projected permutation), `reductionLoops`
///    (the iterator type of each loop); `body` (one argument per operand,
///    `yields` one value per output; linalg.index reads a loop).
///  - ExtractSlice: operands (source); InsertSlice: (source, dest);
///    `offsets`, `sizes` (kDynamic: the next `dynSizes` entry), `strides`;
///    ExtractSlice drops the source dims listed in `ints` (rank reduction),
///    InsertSlice the ones its source lacks.
///  - CollapseShape/ExpandShape: `reassociation`; ExpandShape's output_shape
///    is the result type with `dynSizes` for its `?`s.
///  - Pad: `low`, `high`, `scalar` (the padding value).
///  - Concat: `dimension`. Cast: nothing.
///  - Softmax: ins(x) outs(init); `dimension`.
///  - Pack: operands (source, dest); `ints` = inner_dims_pos, `sizes` =
///    inner_tiles (static), `offsets` = outer_dims_perm (empty: none),
///    `flag` = has padding_value, `scalar` = the padding value.
///  - Unpack: operands (source, dest); `ints`, `sizes`, `offsets` as Pack.
///  - Attention: ins(query, key, value) outs(init), loops (batch, m, k1, k2,
///    n); `scalar` = the f32 bits of the scale (an arith.constant); `flag`:
///    value indexed (batch, n, k2) instead of (batch, k2, n); an identity
///    score region.
///  - Complex: printed as Generic (a body of complex.create, one complex
///    op, complex.re/im or abs).
///  - NarrowTypes: a linalg.generic (fields as Generic) whose body takes its
///    input through a narrow type (i2, i4, the 4/6/8-bit floats) and back.
///  - ReduceWindow: operands (input, static); `ints` = window_dimensions,
///    `strides` = window_strides, `sizes` = base_dilations, `offsets` =
///    window_dilations, `low`/`high` = padding, `scalar` = the init value
///    (a stablehlo.constant), `body` = one instruction, the StableHLO op of
///    accumulator and element ("stablehlo.add", ...).
struct Op {
  OpKind kind = OpKind::Empty;
  llvm::SmallVector<ValueId, 4> operands;
  /// How many of `operands` are `ins` (the rest are `outs`).
  unsigned numIns = 0;
  llvm::SmallVector<ValueId, 2> results;

  int64_t dimension = 0;
  llvm::SmallVector<int64_t, 4> ints;
  llvm::SmallVector<int64_t, 4> offsets, sizes, strides;
  llvm::SmallVector<int64_t, 4> low, high;
  llvm::SmallVector<llvm::SmallVector<int64_t, 2>, 4> reassociation;
  llvm::SmallVector<DimExpr, 2> dynSizes;
  bool flag = false;
  std::optional<int64_t> indexBase;
  uint64_t scalar = 0;
  Body body;
  /// linalg.generic: per operand, the loop of each of its dims.
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> maps;
  /// linalg.generic: per loop, whether it is a reduction.
  llvm::SmallVector<bool, 4> reductionLoops;
};

/// One function: `func.func @NAME(args) -> (returns)`.
struct Program {
  std::vector<Value> values;
  std::vector<ValueId> args;
  std::vector<Op> ops;
  std::vector<ValueId> returns;

  /// Adds an argument of `type` that runs with extents `shape`.
  ValueId addArg(const TensorType &type, llvm::ArrayRef<int64_t> shape);
  /// Appends `op` and one result value per (type, shape); fills
  /// `op.results` and returns the op's number.
  unsigned addOp(Op op, llvm::ArrayRef<TensorType> types,
                 llvm::ArrayRef<Shape> shapes);

  const Value &value(ValueId v) const { return values[v]; }
  const TensorType &type(ValueId v) const { return values[v].type; }
  llvm::ArrayRef<int64_t> shape(ValueId v) const { return values[v].shape; }
};

struct PrintOptions {
  std::string functionName = "main";
  /// The static twin of the program (the metamorphic pair): every `?` is
  /// replaced by the extent the case runs with, in argument and op types,
  /// and the sizes the dynamic version computes with tensor.dim (and
  /// arith.subi / arith.divui) become constants. Same inputs, same results.
  bool staticShapes = false;
};

/// The program as IREE's textual MLIR (one `func.func`).
std::string printProgram(const Program &p, const PrintOptions &opts = {});

/// The concrete value of a `DimExpr` in the case `p` runs.
int64_t evalDimExpr(const Program &p, const DimExpr &e);

/// The MLIR spelling of an element of `t` with raw bits `bits`, as an
/// `arith.constant` takes it: "true", "-3", "0x7F800000".
std::string scalarLiteral(uint64_t bits, DType t);

} // namespace ref::fuzz

#endif // REF_FUZZ_PROGRAM_H
