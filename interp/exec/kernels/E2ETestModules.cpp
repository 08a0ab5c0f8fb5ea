//===- E2ETestModules.cpp - IREE's e2e test modules, natively --------------===//
//
// Written from the semantics of IREE's tools/testing/e2e runners (see
// E2ETestModules.h). Compiled with -ffp-contract=off: the references add
// each product to the accumulator with two roundings, as the runners do on
// targets without FMA.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/E2ETestModules.h"
#include "interp/dialects/HalDialect.h"
#include "interp/exec/KernelUtils.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>

using namespace mlir;

namespace ref {

//===----------------------------------------------------------------------===//
// Element type codes (IREE's iree/hal/buffer_view.h)
//===----------------------------------------------------------------------===//

namespace {
enum : uint32_t {
  kInt8 = 0x10000008,
  kUInt8 = 0x12000008,
  kInt32 = 0x10000020,
  kF16 = 0x21000010,
  kF32 = 0x21000020,
  kF64 = 0x21000040,
  kBF16 = 0x22000010,
  kF8E5M2 = 0x24000008,
  kF8E4M3FN = 0x25000008,
  kF8E5M2FNUZ = 0x26000008,
  kF8E4M3FNUZ = 0x27000008,
  kF8E8M0FNU = 0x28000008,
};

uint32_t numericalOf(uint32_t code) { return code >> 24; }
uint32_t bitsOf(uint32_t code) { return code & 0xFF; }
/// IREE's iree_hal_element_type_is_integer(code, bits): any integer
/// numerical type (signless, signed, unsigned, boolean) of that width.
bool isIntegerOf(uint32_t code, uint32_t bits) {
  return (numericalOf(code) & 0xF0) == 0x10 && bitsOf(code) == bits;
}
} // namespace

std::optional<uint32_t> halElementTypeCode(Type type) {
  return hal::ElementTypeOp::getTypeValue(type);
}

Type halStorageType(MLIRContext *ctx, uint32_t code) {
  uint32_t bits = bitsOf(code);
  switch (numericalOf(code)) {
  case 0x10:
  case 0x11:
  case 0x12:
    return IntegerType::get(ctx, bits);
  case 0x13:
    return bits == 8 ? IntegerType::get(ctx, 1) : Type();
  case 0x21:
    if (bits == 16)
      return Float16Type::get(ctx);
    if (bits == 32)
      return Float32Type::get(ctx);
    if (bits == 64)
      return Float64Type::get(ctx);
    return Type();
  case 0x22:
    return bits == 16 ? BFloat16Type::get(ctx) : Type();
  case 0x24:
    return Float8E5M2Type::get(ctx);
  case 0x25:
    return Float8E4M3FNType::get(ctx);
  case 0x26:
    return Float8E5M2FNUZType::get(ctx);
  case 0x27:
    return Float8E4M3FNUZType::get(ctx);
  case 0x28:
    return Float8E8M0FNUType::get(ctx);
  default:
    return Type();
  }
}

//===----------------------------------------------------------------------===//
// The pseudo-random fill
//===----------------------------------------------------------------------===//

uint32_t e2ePseudorandomUint32(uint32_t &state) {
  // The runners compute `state * 48271` in uint32_t: the product wraps
  // modulo 2^32 before the remainder, unlike std::minstd_rand.
  state = (state * uint32_t(48271)) % uint32_t(2147483647);
  return state;
}

uint32_t e2ePseudorandomRange(uint32_t &state, uint32_t range) {
  return e2ePseudorandomUint32(state) % range;
}

std::optional<std::pair<int32_t, int32_t>> e2eValueRange(uint32_t code) {
  uint32_t numerical = numericalOf(code), bits = bitsOf(code);
  bool signedOrSignless = numerical == 0x10 || numerical == 0x11;
  if (numerical == 0x12) {
    // Unsigned: ui8 is random bytes (the runners fill MX buffers with it).
    switch (bits) {
    case 8:
      return std::make_pair(0, 255);
    case 16:
      return std::make_pair(0, 4);
    case 32:
      return std::make_pair(0, 8);
    case 64:
      return std::make_pair(0, 16);
    }
    return std::nullopt;
  }
  if ((signedOrSignless && bits == 8) || code == kBF16 || code == kF8E5M2 ||
      code == kF8E4M3FN || code == kF8E5M2FNUZ || code == kF8E4M3FNUZ)
    return std::make_pair(-2, 2);
  if ((signedOrSignless && bits == 16) || code == kF16)
    return std::make_pair(-4, 4);
  if ((signedOrSignless && bits == 32) || code == kF32)
    return std::make_pair(-8, 8);
  if ((signedOrSignless && bits == 64) || code == kF64)
    return std::make_pair(-16, 16);
  if (code == kF8E8M0FNU)
    return std::make_pair(1, 8);
  return std::nullopt;
}

/// The bits of integral `value` in element type `t`: integers truncated (a
/// C cast), floats rounded to nearest even from `(float)value` (exact for
/// the small values generated).
static uint64_t encodeValue(DType t, int32_t value) {
  if (isInteger(t))
    return truncBits(static_cast<uint64_t>(static_cast<int64_t>(value)), t);
  llvm::APFloat f(static_cast<float>(value));
  bool lost;
  f.convert(floatSemantics(t), llvm::APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

bool e2eFillRandom(Tensor &t, uint32_t code, int32_t seed) {
  auto range = e2eValueRange(code);
  if (!range)
    return false;
  auto [min, max] = *range;
  uint32_t span = static_cast<uint32_t>(max - min + 1);
  uint32_t state = static_cast<uint32_t>(seed);
  for (int64_t i = 0, e = t.numElements(); i < e; ++i) {
    int32_t value =
        static_cast<int32_t>(e2ePseudorandomRange(state, span)) + min;
    t.store(i, encodeValue(t.dtype(), value));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Reading elements and comparing them as the runners do
//===----------------------------------------------------------------------===//

namespace {

/// The runners' flags and the interpreter, for one native call.
struct Ctx {
  Interpreter &interp;
  Operation *decl;
  const E2ETestFlags &flags;
  std::string fn;

  InFlightDiagnostic error() {
    return decl->emitError() << "@" << fn << ": ";
  }
};

/// Element `i` of a buffer as a double (exact for every float type up to
/// f64 and every integer up to 32 bits); `unsignedInt`: zero-extend.
double elementAsDouble(const Tensor &t, int64_t i, bool unsignedInt = false) {
  uint64_t bits = t.load(i);
  DType d = t.dtype();
  if (isInteger(d))
    return unsignedInt ? static_cast<double>(bits)
                       : static_cast<double>(signExtend(bits, d));
  if (d == DType::F32) {
    float f;
    uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&f, &b, 4);
    return f;
  }
  if (d == DType::F64) {
    double f;
    std::memcpy(&f, &bits, 8);
    return f;
  }
  llvm::APFloat f(floatSemantics(d),
                  llvm::APInt(bitWidth(d), bits));
  return f.convertToDouble();
}

/// Rounds a float to the bits of a narrower float dtype, nearest even (as
/// IREE's iree_math_f32_to_f16 / _to_bf16 for the values that occur here).
uint64_t roundFloatTo(DType d, float v) {
  llvm::APFloat f(v);
  bool lost;
  f.convert(floatSemantics(d), llvm::APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

float toFloat(DType d, uint64_t bits) {
  llvm::APFloat f(floatSemantics(d), llvm::APInt(bitWidth(d), bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToFloat();
}

/// The runners' printing of a value (%.5g for f16/bf16, %.8g f32, %.16g
/// f64, integers as such).
std::string formatValue(uint32_t code, uint64_t bits, DType d) {
  if (isInteger(d))
    return std::to_string(signExtend(bits, d));
  double v = d == DType::F64 ? llvm::bit_cast<double>(bits)
                             : static_cast<double>(toFloat(d, bits));
  const char *fmt = code == kF64 ? "%.16g" : code == kF32 ? "%.8g" : "%.5g";
  char buf[64];
  std::snprintf(buf, sizeof(buf), fmt, v);
  return buf;
}

/// IREE's iree_test_utils_result_elements_agree for result type `code`.
/// Fails (an error) for result types the runners reject.
FailureOr<bool> elementsAgree(Ctx &c, uint32_t code, DType d,
                              uint64_t expected, uint64_t actual) {
  float delta = c.flags.acceptableFpDelta;
  if (delta < 0.0f)
    return c.error() << "negative tolerance (acceptable_fp_delta=" << delta
                     << ")";
  if (isIntegerOf(code, 32))
    return expected == actual;
  switch (code) {
  case kF16: {
    if (expected == actual)
      return true;
    // The runners only allow an inexact f16 when every element is checked.
    if (c.flags.maxElementsToCheck)
      return false;
    return std::fabs(toFloat(d, actual) - toFloat(d, expected)) < delta;
  }
  case kBF16: {
    if (expected == actual)
      return true;
    float a = toFloat(d, actual), e = toFloat(d, expected);
    // bf16 accumulators cannot hold integers above 256 exactly.
    if ((std::fabs(a) > 127.0f || std::fabs(e) > 127.0f) &&
        std::fabs(a - e) < 10.0f)
      return true;
    if (c.flags.requireExactResults)
      return false;
    return std::fabs(a - e) < delta;
  }
  case kF32: {
    float a = toFloat(d, actual), e = toFloat(d, expected);
    if (a == e)
      return true;
    if (c.flags.requireExactResults)
      return false;
    return std::fabs(a - e) < delta;
  }
  case kF64: {
    double a = llvm::bit_cast<double>(actual),
           e = llvm::bit_cast<double>(expected);
    if (a == e)
      return true;
    if (c.flags.requireExactResults)
      return false;
    return std::fabs(a - e) < static_cast<double>(delta);
  }
  default:
    return c.error() << "unhandled result element type "
                     << llvm::formatv("{0:X8}", code).str();
  }
}

/// A buffer-view argument: present, with at least `elements` elements.
FailureOr<const RtValue *> bufferArg(Ctx &c, const RtValue &v,
                                     StringRef what, int64_t elements,
                                     bool allowNull = false) {
  if (!v.tensor) {
    if (allowNull)
      return static_cast<const RtValue *>(nullptr);
    return c.error() << what << " is a null buffer view";
  }
  if (v.tensor->numElements() < elements)
    return c.error() << what << " holds " << v.tensor->numElements()
                     << " elements, fewer than the " << elements
                     << " its sizes imply";
  return &v;
}

int64_t scalarArg(const RtValue &v) { return v.asIndex(); }

//===----------------------------------------------------------------------===//
// matmul_test
//===----------------------------------------------------------------------===//

/// One matmul of the check (a batch element of a batch matmul): operands
/// start at the given element offsets of the buffers.
struct MatmulProblem {
  int64_t m, k, n;
  bool transposeRhs;
  const RtValue *lhs, *rhs, *acc, *actual;
  int64_t lhsOffset = 0, rhsOffset = 0, accOffset = 0, resultOffset = 0;
};

enum class MatmulKind { Float, Double, Int };

/// IREE's supported combinations of (lhs, rhs, accumulator) types.
FailureOr<MatmulKind> matmulKind(Ctx &c, uint32_t lhs, uint32_t rhs,
                                 uint32_t acc) {
  if (lhs == kF32 && rhs == kF32 && acc == kF32)
    return MatmulKind::Float;
  if (lhs == kF64 && rhs == kF64 && acc == kF64)
    return MatmulKind::Double;
  if ((isIntegerOf(lhs, 8) && isIntegerOf(rhs, 8) && isIntegerOf(acc, 32)) ||
      (isIntegerOf(lhs, 32) && isIntegerOf(rhs, 32) && isIntegerOf(acc, 32)))
    return MatmulKind::Int;
  if (lhs == rhs && (lhs == kF16 || lhs == kBF16) && (acc == lhs || acc == kF32))
    return MatmulKind::Float;
  if (lhs == rhs && acc == kF32 &&
      (lhs == kF8E5M2 || lhs == kF8E4M3FN || lhs == kF8E5M2FNUZ ||
       lhs == kF8E4M3FNUZ))
    return MatmulKind::Float;
  return c.error() << "unhandled combination of element types in matmul";
}

/// The runners' check_every: about max_elements_to_check elements, every
/// check_every-th in row-major order, check_every not dividing `noDivOf`.
int64_t checkEvery(const E2ETestFlags &flags, int64_t total, int64_t noDivOf) {
  int64_t every = 1;
  if (flags.maxElementsToCheck) {
    int64_t max = flags.maxElementsToCheck;
    every = (total + max - 1) / max;
    if (every < 1)
      every = 1;
    if (every > 1)
      while (noDivOf % every == 0)
        ++every;
  }
  return every;
}

LogicalResult checkMatmul(Ctx &c, const MatmulProblem &p,
                          const Twine &where) {
  uint32_t lhsType = p.lhs->halElementType, rhsType = p.rhs->halElementType;
  uint32_t resultType = p.actual->halElementType;
  auto kind = matmulKind(c, lhsType, rhsType, resultType);
  if (failed(kind))
    return failure();
  const Tensor &lhs = *p.lhs->tensor, &rhs = *p.rhs->tensor;
  const Tensor &actual = *p.actual->tensor;
  DType resultDType = actual.dtype();
  bool lhsUnsigned = lhsType == kUInt8;
  int64_t every = checkEvery(c.flags, p.m * p.n, p.n);
  int64_t count = 0;
  for (int64_t mi = 0; mi < p.m; ++mi) {
    for (int64_t ni = 0; ni < p.n; ++ni) {
      if (++count < every)
        continue;
      count = 0;
      int64_t out = mi * p.n + ni;
      auto lhsAt = [&](int64_t ki) { return p.lhsOffset + mi * p.k + ki; };
      auto rhsAt = [&](int64_t ki) {
        return p.rhsOffset + (p.transposeRhs ? ni * p.k + ki : ki * p.n + ni);
      };
      uint64_t expected = 0;
      if (*kind == MatmulKind::Int) {
        // int32 arithmetic, wrapping (the values generated never overflow).
        uint32_t acc = 0;
        if (p.acc)
          acc = static_cast<uint32_t>(
              p.acc->tensor->load(p.accOffset + out));
        for (int64_t ki = 0; ki < p.k; ++ki) {
          auto l = static_cast<int32_t>(
              elementAsDouble(lhs, lhsAt(ki), lhsUnsigned));
          auto r = static_cast<int32_t>(elementAsDouble(rhs, rhsAt(ki)));
          acc += static_cast<uint32_t>(l) * static_cast<uint32_t>(r);
        }
        expected = acc;
      } else if (*kind == MatmulKind::Double) {
        double acc = p.acc ? elementAsDouble(*p.acc->tensor, p.accOffset + out)
                           : 0.0;
        for (int64_t ki = 0; ki < p.k; ++ki)
          acc += elementAsDouble(lhs, lhsAt(ki)) *
                 elementAsDouble(rhs, rhsAt(ki));
        expected = llvm::bit_cast<uint64_t>(acc);
      } else {
        // f32 accumulation; f16/bf16/f8 inputs are exact in f32.
        float acc = p.acc ? static_cast<float>(elementAsDouble(
                                *p.acc->tensor, p.accOffset + out))
                          : 0.0f;
        for (int64_t ki = 0; ki < p.k; ++ki)
          acc += static_cast<float>(elementAsDouble(lhs, lhsAt(ki))) *
                 static_cast<float>(elementAsDouble(rhs, rhsAt(ki)));
        expected = resultDType == DType::F32
                       ? llvm::bit_cast<uint32_t>(acc)
                       : roundFloatTo(resultDType, acc);
      }
      uint64_t got = actual.load(p.resultOffset + out);
      auto agree = elementsAgree(c, resultType, resultDType, expected, got);
      if (failed(agree))
        return failure();
      if (!*agree) {
        c.interp.addCheckFailure(
            (Twine("@") + c.fn + ": the actual and expected result " +
             "matrices disagree" + where + " at row " + Twine(mi) +
             ", column " + Twine(ni) + ": actual " +
             formatValue(resultType, got, resultDType) + ", expected " +
             formatValue(resultType, expected, resultDType))
                .str());
        return success();
      }
    }
  }
  return success();
}

/// check_matmul_results(device, m, k, n, transpose_rhs, lhs, rhs, acc,
/// actual): acc may be null (no accumulator).
LogicalResult checkMatmulResults(Ctx &c, ArrayRef<RtValue> args) {
  if (args.size() != 9)
    return c.error() << "expected 9 arguments, got " << args.size();
  MatmulProblem p;
  p.m = scalarArg(args[1]);
  p.k = scalarArg(args[2]);
  p.n = scalarArg(args[3]);
  p.transposeRhs = scalarArg(args[4]) != 0;
  if (p.m < 0 || p.k < 0 || p.n < 0)
    return c.error() << "negative matmul sizes";
  auto lhs = bufferArg(c, args[5], "lhs", p.m * p.k);
  auto rhs = bufferArg(c, args[6], "rhs", p.k * p.n);
  auto acc = bufferArg(c, args[7], "acc", p.m * p.n, /*allowNull=*/true);
  auto actual = bufferArg(c, args[8], "actual result", p.m * p.n);
  if (failed(lhs) || failed(rhs) || failed(acc) || failed(actual))
    return failure();
  p.lhs = *lhs;
  p.rhs = *rhs;
  p.acc = *acc;
  p.actual = *actual;
  return checkMatmul(c, p, "");
}

/// check_batch_matmul_results(device, batch, m, k, n, transpose_rhs, lhs,
/// rhs, acc, actual): each batch element checked as a matmul; a null acc
/// reads as zeros.
LogicalResult checkBatchMatmulResults(Ctx &c, ArrayRef<RtValue> args) {
  if (args.size() != 10)
    return c.error() << "expected 10 arguments, got " << args.size();
  int64_t batch = scalarArg(args[1]);
  MatmulProblem p;
  p.m = scalarArg(args[2]);
  p.k = scalarArg(args[3]);
  p.n = scalarArg(args[4]);
  p.transposeRhs = scalarArg(args[5]) != 0;
  if (batch < 0 || p.m < 0 || p.k < 0 || p.n < 0)
    return c.error() << "negative batch matmul sizes";
  auto lhs = bufferArg(c, args[6], "lhs", batch * p.m * p.k);
  auto rhs = bufferArg(c, args[7], "rhs", batch * p.k * p.n);
  auto acc = bufferArg(c, args[8], "acc", batch * p.m * p.n, true);
  auto actual = bufferArg(c, args[9], "actual result", batch * p.m * p.n);
  if (failed(lhs) || failed(rhs) || failed(acc) || failed(actual))
    return failure();
  p.lhs = *lhs;
  p.rhs = *rhs;
  p.acc = *acc;
  p.actual = *actual;
  size_t failuresBefore = c.interp.checkFailures.size();
  for (int64_t b = 0; b < batch; ++b) {
    p.lhsOffset = b * p.m * p.k;
    p.rhsOffset = b * p.k * p.n;
    p.accOffset = p.resultOffset = b * p.m * p.n;
    if (failed(checkMatmul(c, p, " in batch " + Twine(b))))
      return failure();
    // The runner stops at the first batch element that fails.
    if (c.interp.checkFailures.size() != failuresBefore)
      break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// conv2d_test
//===----------------------------------------------------------------------===//

/// check_conv2d_results(device, n, c, h, w, f, kh, kw, sh, sw, dh, dw,
/// input, kernel, acc, actual): NCHW input, FCHW kernel, every element
/// checked; accumulation over input channels, then kernel rows and columns.
LogicalResult checkConv2dResults(Ctx &c, ArrayRef<RtValue> args) {
  if (args.size() != 16)
    return c.error() << "expected 16 arguments, got " << args.size();
  int64_t s[11];
  for (int i = 0; i < 11; ++i) {
    s[i] = scalarArg(args[1 + i]);
    if (s[i] < 0 || (i >= 7 && s[i] == 0))
      return c.error() << "invalid conv2d size argument #" << (1 + i);
  }
  auto [N, C, H, W, F, KH, KW, SH, SW, DH, DW] =
      std::tuple(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9],
                 s[10]);
  // The runners' output size: (i - k - (k - 1)(d - 1)) / s + 1.
  int64_t effH = H - KH - (KH - 1) * (DH - 1);
  int64_t effW = W - KW - (KW - 1) * (DW - 1);
  if (effH < 0 || effW < 0)
    return c.error() << "the kernel window is larger than the input";
  int64_t OH = effH / SH + 1, OW = effW / SW + 1;
  auto input = bufferArg(c, args[12], "input", N * C * H * W);
  auto kernel = bufferArg(c, args[13], "kernel", F * C * KH * KW);
  auto acc = bufferArg(c, args[14], "acc", N * F * OH * OW, true);
  auto actual = bufferArg(c, args[15], "actual result", N * F * OH * OW);
  if (failed(input) || failed(kernel) || failed(acc) || failed(actual))
    return failure();
  uint32_t inType = (*input)->halElementType;
  uint32_t kernelType = (*kernel)->halElementType;
  uint32_t resultType = (*actual)->halElementType;
  // The runner reads the accumulator type from the acc buffer view (null
  // would crash it); the result's type stands in for a null one.
  uint32_t accType = *acc ? (*acc)->halElementType : resultType;
  bool f32 = inType == kF32 && kernelType == kF32 && accType == kF32;
  bool f16 = inType == kF16 && kernelType == kF16 && accType == kF16;
  if (!f32 && !f16)
    return c.error() << "unhandled combination of element types in conv2d";
  const Tensor &in = *(*input)->tensor, &ker = *(*kernel)->tensor;
  const Tensor &out = *(*actual)->tensor;
  DType resultDType = out.dtype();
  for (int64_t n = 0; n < N; ++n)
    for (int64_t oc = 0; oc < F; ++oc)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          int64_t outIdx = ((n * F + oc) * OH + oh) * OW + ow;
          float sum = *acc ? static_cast<float>(elementAsDouble(
                                 *(*acc)->tensor, outIdx))
                           : 0.0f;
          for (int64_t ic = 0; ic < C; ++ic)
            for (int64_t y = 0; y < KH; ++y)
              for (int64_t x = 0; x < KW; ++x) {
                int64_t ih = oh * SH + y * DH, iw = ow * SW + x * DW;
                sum += static_cast<float>(elementAsDouble(
                           in, ((n * C + ic) * H + ih) * W + iw)) *
                       static_cast<float>(elementAsDouble(
                           ker, ((oc * C + ic) * KH + y) * KW + x));
              }
          uint64_t expected = resultDType == DType::F32
                                  ? llvm::bit_cast<uint32_t>(sum)
                                  : roundFloatTo(resultDType, sum);
          uint64_t got = out.load(outIdx);
          auto agree =
              elementsAgree(c, resultType, resultDType, expected, got);
          if (failed(agree))
            return failure();
          if (!*agree) {
            c.interp.addCheckFailure(
                (Twine("@") + c.fn +
                 ": the actual and expected result tensors disagree at n " +
                 Twine(n) + ", oc " + Twine(oc) + ", oh " + Twine(oh) +
                 ", ow " + Twine(ow) + ": actual " +
                 formatValue(resultType, got, resultDType) + ", expected " +
                 formatValue(resultType, expected, resultDType))
                    .str());
            return success();
          }
        }
  return success();
}

//===----------------------------------------------------------------------===//
// attention_test
//===----------------------------------------------------------------------===//

/// check_attention_results(device, b, m, k1, k2, n, query, key, value,
/// [mask,] actual). IREE's runner computes a reference but compares nothing
/// with it: the check passes whenever query, key and value are f32 (other
/// types are "unhandled" errors). So does this one.
LogicalResult checkAttentionResults(Ctx &c, ArrayRef<RtValue> args,
                                    bool withMask) {
  size_t want = withMask ? 11 : 10;
  if (args.size() != want)
    return c.error() << "expected " << want << " arguments, got "
                     << args.size();
  int64_t b = scalarArg(args[1]), m = scalarArg(args[2]);
  int64_t k1 = scalarArg(args[3]), k2 = scalarArg(args[4]);
  int64_t n = scalarArg(args[5]);
  auto query = bufferArg(c, args[6], "query", b * m * k1);
  auto key = bufferArg(c, args[7], "key", b * k2 * k1);
  auto value = bufferArg(c, args[8], "value", b * k2 * n);
  auto actual = bufferArg(c, args[want - 1], "actual result", b * m * n);
  if (failed(query) || failed(key) || failed(value) || failed(actual))
    return failure();
  if (withMask && failed(bufferArg(c, args[9], "mask", b * m * k2)))
    return failure();
  if ((*query)->halElementType != kF32 || (*key)->halElementType != kF32 ||
      (*value)->halElementType != kF32)
    return c.error() << "unhandled combination of element types in attention";
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch and linking
//===----------------------------------------------------------------------===//

/// generate_random_matrix / _3d / generate_random_tensor(device, dims...,
/// element_type, seed).
FailureOr<SmallVector<RtValue>> generateRandom(Ctx &c, ArrayRef<RtValue> args,
                                               unsigned rank) {
  if (args.size() != rank + 3)
    return c.error() << "expected " << rank + 3 << " arguments, got "
                     << args.size();
  Shape shape;
  for (unsigned i = 0; i < rank; ++i) {
    int64_t d = scalarArg(args[1 + i]);
    if (d < 0)
      return c.error() << "negative dimension " << d;
    shape.push_back(d);
  }
  auto code = static_cast<uint32_t>(args[rank + 1].bits);
  auto seed = static_cast<int32_t>(args[rank + 2].bits);
  Type storage = halStorageType(c.decl->getContext(), code);
  std::optional<DType> dt = storage ? toDType(storage) : std::nullopt;
  if (!dt)
    return c.error() << "unsupported element type "
                     << llvm::formatv("{0:X8}", code).str()
                     << (storage ? " (" : "")
                     << (storage ? storage : Type())
                     << (storage ? ")" : "");
  if (!e2eValueRange(code))
    return c.error() << "no value range for element type "
                     << llvm::formatv("{0:X8}", code).str();
  if (failed(c.interp.checkAllocation(c.decl->getLoc(), *dt, shape)))
    return failure();
  Tensor t(*dt, shape);
  e2eFillRandom(t, code, seed);
  RtValue v = RtValue::ofTensor(std::move(t));
  v.halElementType = code;
  return SmallVector<RtValue>{v};
}

FailureOr<SmallVector<RtValue>> callTestModule(Ctx &c, StringRef module,
                                               StringRef name,
                                               ArrayRef<RtValue> args) {
  auto none = [](LogicalResult r) -> FailureOr<SmallVector<RtValue>> {
    if (failed(r))
      return failure();
    return SmallVector<RtValue>{};
  };
  if (module == "matmul_test") {
    if (name == "generate_random_matrix")
      return generateRandom(c, args, 2);
    if (name == "generate_random_matrix_3d")
      return generateRandom(c, args, 3);
    if (name == "check_matmul_results")
      return none(checkMatmulResults(c, args));
    if (name == "check_batch_matmul_results")
      return none(checkBatchMatmulResults(c, args));
  } else if (module == "conv2d_test") {
    if (name == "generate_random_tensor")
      return generateRandom(c, args, 4);
    if (name == "check_conv2d_results")
      return none(checkConv2dResults(c, args));
  } else if (module == "attention_test") {
    if (name == "generate_random_tensor")
      return generateRandom(c, args, 3);
    if (name == "check_attention_results")
      return none(checkAttentionResults(c, args, false));
    if (name == "check_attention_results_with_mask")
      return none(checkAttentionResults(c, args, true));
  }
  return c.error() << "no function '" << name << "' in test module '"
                   << module << "'";
}

/// A call through IREE's ABI into public function `fn` of `module`.
FailureOr<SmallVector<RtValue>> callLinked(Ctx &c, ModuleOp module,
                                           StringRef name,
                                           ArrayRef<RtValue> args) {
  auto fn = module.lookupSymbol<FunctionOpInterface>(name);
  if (!fn || fn.isExternal() || !fn.isPublic())
    return c.error() << "the linked module has no exported function @"
                     << name;
  ArrayRef<Type> inputs = fn.getArgumentTypes();
  if (inputs.size() != args.size())
    return c.error() << "@" << name << " takes " << inputs.size()
                     << " arguments, " << args.size() << " given";
  SmallVector<RtValue> in;
  for (auto [i, t, v] : llvm::enumerate(inputs, args)) {
    if (auto rt = dyn_cast<RankedTensorType>(t)) {
      auto imported =
          importBufferView(c.decl, v, rt, {}, "@" + c.fn + ": input " +
                                                  std::to_string(i));
      if (failed(imported))
        return failure();
      in.push_back(*imported);
    } else {
      in.push_back(v);
    }
  }
  auto results = c.interp.callFunction(fn, in);
  if (failed(results))
    return failure();
  for (auto [t, r] : llvm::zip(fn.getResultTypes(), *results))
    if (auto rt = dyn_cast<RankedTensorType>(t))
      r = exportTensor(r, rt.getElementType());
  return results;
}

} // namespace

std::function<FailureOr<SmallVector<RtValue>>(Interpreter &, Operation *,
                                              ArrayRef<RtValue>)>
makeE2ELinker(llvm::StringMap<ModuleOp> modules, E2ETestFlags flags) {
  return [modules = std::move(modules), flags](
             Interpreter &interp, Operation *decl,
             ArrayRef<RtValue> args) -> FailureOr<SmallVector<RtValue>> {
    StringRef full = SymbolTable::getSymbolName(decl).getValue();
    auto [module, name] = full.split('.');
    Ctx c{interp, decl, flags, full.str()};
    if (name.empty())
      return decl->emitError("cannot call external function @") << full;
    auto it = modules.find(module);
    if (it != modules.end())
      return callLinked(c, it->second, name, args);
    return callTestModule(c, module, name, args);
  };
}

} // namespace ref
