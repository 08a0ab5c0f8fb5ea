//===- TextFormat.cpp - iree-run-module's text form of results ------------===//
//
// Reproduces, character for character, what iree-run-module prints for its
// results. Matched against IREE's sources:
//
//   runtime/src/iree/tooling/function_io.c
//     iree_tooling_print_variants: for each result "result[%zu]: ", the
//       variant, then "\n".
//     iree_tooling_format_variant: a buffer view prints its ref type name
//       "hal.buffer_view", "\n", then the buffer view text; a primitive VM
//       value prints "i32=%" PRIi32, "i64=%" PRIi64, "f32=%g" or "f64=%g"
//       (lowercase %g, unlike elements inside buffer views).
//   runtime/src/iree/tooling/run_module.c
//     --output_max_element_count defaults to 1024.
//   runtime/src/iree/hal/buffer_view_util.c
//     iree_hal_buffer_view_format: "<d0>x<d1>x...x<type>=<elements>", with no
//       shape and no 'x' for rank 0 ("f32=1.5").
//   runtime/src/iree/hal/string_util.c
//     iree_hal_format_buffer_elements(_recursive): rank 0 is formatted as
//       shape [1]; an outer dimension writes "[" + inner + "]" for each of
//       its rows with nothing between rows; the innermost dimension writes
//       min(remaining budget, dim) elements separated by single spaces and
//       then "..." if it had to stop early. The budget is shared across the
//       whole tensor, so once it is spent every later innermost row prints as
//       "..." inside its brackets ("[1 2][3...][...]"). A zero-sized
//       innermost row prints nothing (no "..."): "2x0xf32=[][]",
//       "0xf32=".
//     iree_hal_format_element: i8/i16/i32/i64 with PRIi*, f32 and f64 with
//       "%G"; f16, bf16 and the f8 types are first widened to f32 and then
//       printed with "%G" too (so 6 significant digits, "1E+06", "INF",
//       "-INF", "NAN", "-NAN"). Types it has no case for -- including i1,
//       which IREE stores as a byte with the BOOL numerical type -- fall into
//       the default branch and print as upper-case hex bytes: "01"/"00".
//     iree_hal_format_element_type: i1 prints as "i1".
// Sub-byte integers (i2, i4) print as signed decimals, like i8: IREE's
// formatter has no case for them (it would step through the packed buffer a
// byte per element and fail on the size). f4E2M1FN, the f6 types and
// f8E4M3B11FNUZ have no IREE element type name; they print as the other
// small floats do, %G of the value.
// complex<f32>/complex<f64> are IREE's FLOAT_COMPLEX 64/128 element types,
// spelled "cf64"/"cf128" (iree_hal_format_element_type's "cf" prefix); the
// element formatter has no case for them either, so each element prints as
// its bytes in upper-case hex, real part first (iree-run-module prints
// (1+2i)*(1+2i) as "1xcf64=000040C000008040").
// index tensors have no IREE element type; at the ABI they are 64-bit
// integers, so they print as "i64".
//
//===----------------------------------------------------------------------===//

#include "interp/support/TextFormat.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace ref {
namespace {

/// The value of a float element as a double, exactly (every supported type
/// widens exactly into f64). NaNs keep their sign because glibc prints it
/// ("-NAN").
double floatValue(uint64_t bits, DType t) {
  if (t == DType::F64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (t == DType::F32) {
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  llvm::APFloat v(floatSemantics(t), llvm::APInt(bitWidth(t), bits));
  // IREE widens the 8-bit and smaller floats with
  // iree_math_make_f32_from_bits, which returns a positive NAN for every
  // NaN encoding (0x80 of the FNUZ types included).
  if (v.isNaN())
    return v.isNegative() && bitWidth(t) > 8 ? -std::nan("") : std::nan("");
  bool losesInfo;
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return v.convertToDouble();
}

std::string printfDouble(const char *fmt, double d) {
  char buf[64];
  int n = std::snprintf(buf, sizeof(buf), fmt, d);
  return std::string(buf, n > 0 ? static_cast<size_t>(n) : 0);
}

/// The element type as iree_hal_format_element_type spells it.
llvm::StringRef ireeTypeName(DType t) {
  if (t == DType::ComplexF32)
    return "cf64";
  if (t == DType::ComplexF64)
    return "cf128";
  return t == DType::Index ? "i64" : dtypeName(t);
}

/// A complex element as IREE's default branch prints it: its bytes in hex.
std::string formatComplexElement(const Tensor &t, int64_t i) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string s;
  const uint8_t *p = t.data() + i * t.elementBytes();
  for (unsigned b = 0; b < t.elementBytes(); ++b) {
    s += kHex[p[b] >> 4];
    s += kHex[p[b] & 15];
  }
  return s;
}

void formatRows(llvm::raw_ostream &os, const Tensor &t,
                llvm::ArrayRef<int64_t> dims, int64_t offset,
                uint64_t &budget) {
  if (dims.size() > 1) {
    int64_t stride = 1;
    for (int64_t d : dims.drop_front())
      stride *= d;
    for (int64_t i = 0; i < dims[0]; ++i) {
      os << '[';
      formatRows(os, t, dims.drop_front(), offset + i * stride, budget);
      os << ']';
    }
    return;
  }
  uint64_t len = static_cast<uint64_t>(dims[0]);
  uint64_t count = std::min(budget, len);
  budget -= count;
  for (uint64_t i = 0; i < count; ++i) {
    if (i)
      os << ' ';
    int64_t at = offset + static_cast<int64_t>(i);
    if (isComplex(t.dtype()))
      os << formatComplexElement(t, at);
    else
      os << formatElement(t.load(at), t.dtype());
  }
  if (count < len)
    os << "...";
}

} // namespace

std::string formatElement(uint64_t bits, DType t) {
  char buf[32];
  switch (t) {
  case DType::I1:
    std::snprintf(buf, sizeof(buf), "%02X", static_cast<unsigned>(bits & 0xFF));
    return buf;
  case DType::I2:
  case DType::I4:
  case DType::I8:
  case DType::I16:
  case DType::I32:
  case DType::I64:
  case DType::Index:
    std::snprintf(buf, sizeof(buf), "%" PRIi64, signExtend(bits, t));
    return buf;
  default:
    return printfDouble("%G", floatValue(bits, t));
  }
}

void printBufferView(llvm::raw_ostream &os, const Tensor &t,
                     int64_t maxElements) {
  for (int64_t d : t.shape())
    os << d << 'x';
  os << ireeTypeName(t.dtype()) << '=';
  // IREE's flag is an int32 cast to iree_host_size_t, so a negative limit
  // means "no limit".
  uint64_t budget =
      maxElements < 0 ? UINT64_MAX : static_cast<uint64_t>(maxElements);
  static const int64_t kOne[] = {1};
  llvm::ArrayRef<int64_t> dims =
      t.rank() == 0 ? llvm::ArrayRef<int64_t>(kOne) : t.shape();
  formatRows(os, t, dims, 0, budget);
}

void printResult(llvm::raw_ostream &os, unsigned index, const Tensor &t,
                 bool isScalar, int64_t maxElements) {
  os << "result[" << index << "]: ";
  // The VM has no complex primitive: a complex scalar result would be a
  // buffer view (IREE's ABI passes it as one).
  if (!isScalar || t.numElements() != 1 || isComplex(t.dtype())) {
    os << "hal.buffer_view\n";
    printBufferView(os, t, maxElements);
    os << '\n';
    return;
  }
  // Primitive results are VM values: the VM has only i32, i64, f32 and f64,
  // so i1/i8/i16 come back as i32 (i1 as 0/1, the narrower ones
  // sign-extended), index as i64, and the small float types are assumed to
  // be widened to f32.
  uint64_t bits = t.load(0);
  char buf[64];
  switch (t.dtype()) {
  case DType::I1:
    std::snprintf(buf, sizeof(buf), "i32=%" PRIi32,
                  static_cast<int32_t>(bits & 1));
    break;
  case DType::I2:
  case DType::I4:
  case DType::I8:
  case DType::I16:
  case DType::I32:
    std::snprintf(buf, sizeof(buf), "i32=%" PRIi32,
                  static_cast<int32_t>(signExtend(bits, t.dtype())));
    break;
  case DType::I64:
  case DType::Index:
    std::snprintf(buf, sizeof(buf), "i64=%" PRIi64,
                  signExtend(bits, t.dtype()));
    break;
  case DType::F64:
    std::snprintf(buf, sizeof(buf), "f64=%g", floatValue(bits, t.dtype()));
    break;
  default:
    std::snprintf(buf, sizeof(buf), "f32=%g", floatValue(bits, t.dtype()));
    break;
  }
  os << buf << '\n';
}

} // namespace ref
