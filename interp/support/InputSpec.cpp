//===- InputSpec.cpp - iree-run-module style --input= values
//---------------===//
//
// Mirrors how iree-run-module turns an `--input=` string into a buffer view,
// as implemented in IREE's
//   runtime/src/iree/tooling/function_io.c   (iree_tooling_parse_variant_into,
//                                             iree_tooling_parse_tensor,
//                                             iree_tooling_parse_file_into)
//   runtime/src/iree/hal/buffer_view_util.c  (iree_hal_buffer_view_parse)
//   runtime/src/iree/hal/string_util.c       (iree_hal_parse_shape,
//                                             iree_hal_parse_element_type,
//                                             iree_hal_parse_buffer_elements,
//                                             iree_hal_parse_element)
//   runtime/src/iree/base/string_view.c      (iree_string_view_atoi_*: strtol
//                                             with base 0)
// Rules taken from there:
//  * the whole spec is trimmed and one pair of surrounding '"' is stripped;
//  * the spec splits at the first '='; the part before it splits at the last
//    'x' into the shape ("2x3", each dim a non-negative integer, empty for
//    rank 0) and the element type;
//  * values are separated by any run of whitespace, ',', '[' or ']' (brackets
//    carry no structure: "[[0][1][2]][3]" is four values);
//  * no values (no '=' or nothing after it) zero-fills; exactly one value
//    fills the whole tensor; otherwise the count must equal the element
//    count;
//  * integers use C's strtol base 0: decimal, 0x hex, and a leading 0 means
//    octal ("010" is 8, as in IREE); a sign is allowed in every base;
//  * i8/i16 accept the union of the signed and unsigned ranges (IREE's
//    iree_hal_parse_element_unsafe checks INT8_MIN..UINT8_MAX); we apply the
//    same rule to i32/i64 rather than IREE's silent truncation of i32;
//  * "@file.npy" alone reads an NPY file (IREE insists on the .npy suffix);
//    "SHAPExTYPE=@file" reads raw little-endian bytes.
// Where we are deliberately stricter than IREE (it would accept and silently
// truncate): trailing junk after a number ("1.5" for an i32, "12abc") is an
// error; f32 underflow to zero is accepted (IREE's atof reports ERANGE as a
// failure); floats are rounded once, decimal -> target type, to nearest even,
// where IREE parses f16/bf16/f8 as f32 first (double rounding; the results
// differ only for decimal strings within half an f32 ulp of an f16 tie).
// i1 accepts 0/1/true/false; IREE itself only takes the two-hex-digit byte
// form ("00"/"01"), which the decimal parse covers.
//
//===----------------------------------------------------------------------===//

#include "interp/support/InputSpec.h"

#include "interp/support/Npy.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstring>

using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace ref {
namespace {

// Inline specs can name any shape; refuse to materialize absurd ones instead
// of dying in the allocator (16 GiB is far beyond what the interpreter is
// meant for).
constexpr uint64_t kMaxInlineBytes = uint64_t(1) << 34;

Error makeError(const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), what.str());
}

/// Signless element types, plus IREE's signed/unsigned spellings (which its
/// own output uses, e.g. "2xsi32=" for data that came from an NPY file) mapped
/// onto them.
std::optional<DType> parseTypeName(StringRef name) {
  if (std::optional<DType> t = parseDType(name))
    return t;
  // IREE's FLOAT_COMPLEX types (iree_hal_parse_element_type's "cf" prefix
  // and total bit count).
  if (name == "cf64")
    return DType::ComplexF32;
  if (name == "cf128")
    return DType::ComplexF64;
  if (name.consume_front("si") || name.consume_front("ui")) {
    if (name == "8")
      return DType::I8;
    if (name == "16")
      return DType::I16;
    if (name == "32")
      return DType::I32;
    if (name == "64")
      return DType::I64;
  }
  return std::nullopt;
}

enum class MagnitudeResult { Ok, Invalid, Overflow };

/// C strtol-style magnitude with base prefix.
MagnitudeResult parseMagnitude(StringRef digits, uint64_t &out) {
  unsigned base = 10;
  if (digits.size() > 1 && digits[0] == '0' &&
      (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    digits = digits.drop_front(2);
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
    digits = digits.drop_front(1);
  }
  if (digits.empty())
    return MagnitudeResult::Invalid;
  uint64_t v = 0;
  bool overflow = false;
  for (char c : digits) {
    unsigned d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return MagnitudeResult::Invalid;
    if (d >= base)
      return MagnitudeResult::Invalid;
    // Keep scanning after an overflow so that junk is still reported as junk.
    if (v > (UINT64_MAX - d) / base)
      overflow = true;
    v = v * base + d;
  }
  out = v;
  return overflow ? MagnitudeResult::Overflow : MagnitudeResult::Ok;
}

Expected<uint64_t> parseInteger(StringRef text, DType t) {
  if (t == DType::I1) {
    if (text.equals_insensitive("true"))
      return 1;
    if (text.equals_insensitive("false"))
      return 0;
  }
  StringRef s = text;
  bool negative = false;
  if (s.consume_front("-"))
    negative = true;
  else
    s.consume_front("+");
  uint64_t mag;
  MagnitudeResult r = parseMagnitude(s, mag);
  if (r == MagnitudeResult::Invalid) {
    if (t == DType::I1)
      return makeError("'" + text +
                       "' is not a valid i1 (use 0, 1, true or "
                       "false)");
    return makeError("'" + text + "' is not a valid integer for " +
                     dtypeName(t));
  }
  if (t == DType::I1) {
    if (negative || mag > 1 || r == MagnitudeResult::Overflow)
      return makeError("'" + text +
                       "' is out of range for i1 (use 0, 1, "
                       "true or false)");
    return mag;
  }
  unsigned w = bitWidth(t);
  // Both the signed and the unsigned range are accepted: [-2^(w-1), 2^w - 1].
  uint64_t maxPos = w == 64 ? UINT64_MAX : (uint64_t(1) << w) - 1;
  uint64_t maxNeg = uint64_t(1) << (w - 1);
  if (r == MagnitudeResult::Overflow || (negative && mag > maxNeg) ||
      (!negative && mag > maxPos)) {
    std::string lo = "-" + std::to_string(maxNeg);
    std::string hi = std::to_string(maxPos);
    return makeError("'" + text + "' is out of range for " + dtypeName(t) +
                     " (accepted: " + lo + " to " + hi + ")");
  }
  uint64_t bits = negative ? (~mag + 1) : mag;
  return truncBits(bits, t);
}

/// Whether `body` (the number without its sign) is a decimal float
/// "digits[.digits][e[+-]digits]" with at least one mantissa digit, or a hex
/// float "0x hexdigits[.hexdigits][p[+-]digits]". A hex float without an
/// exponent gets "p0" appended to `number`, as APFloat insists on one.
bool isFloatSyntax(StringRef body, std::string &number) {
  bool hex = body.starts_with_insensitive("0x");
  if (hex)
    body = body.drop_front(2);
  auto isMantissaDigit = [&](char c) {
    return hex ? llvm::isHexDigit(c) : llvm::isDigit(c);
  };
  size_t i = 0, mantissaDigits = 0;
  while (i < body.size() && isMantissaDigit(body[i]))
    ++i, ++mantissaDigits;
  if (i < body.size() && body[i] == '.') {
    ++i;
    while (i < body.size() && isMantissaDigit(body[i]))
      ++i, ++mantissaDigits;
  }
  if (mantissaDigits == 0)
    return false;
  if (i == body.size()) {
    if (hex)
      number += "p0";
    return true;
  }
  char e = body[i];
  if (hex ? (e != 'p' && e != 'P') : (e != 'e' && e != 'E'))
    return false;
  ++i;
  if (i < body.size() && (body[i] == '+' || body[i] == '-'))
    ++i;
  size_t expDigits = 0;
  while (i < body.size() && llvm::isDigit(body[i]))
    ++i, ++expDigits;
  return expDigits > 0 && i == body.size();
}

Expected<uint64_t> parseFloat(StringRef text, DType t);

/// iree-run-module's f8E8M0FNU parse (iree_math_f32_to_f8e8m0fnu on the
/// strtof value): non-finite is NaN (0xFF), zero and negatives are 0x00
/// (2^-127), otherwise the nearer power of two (ties up), clamped.
Expected<uint64_t> parseE8M0(StringRef text) {
  Expected<uint64_t> f32 = parseFloat(text, DType::F32);
  if (!f32)
    return f32.takeError();
  float v;
  uint32_t b = static_cast<uint32_t>(*f32);
  std::memcpy(&v, &b, 4);
  if (!std::isfinite(v))
    return 0xFF;
  if (v <= 0.0f)
    return 0;
  int exp = 0;
  float normalized = std::frexp(v, &exp); // in [0.5, 1)
  int biased = exp - (normalized < 0.75f) + 127;
  return biased < 0 ? 0 : biased > 0xFF ? 0xFF : biased;
}

Expected<uint64_t> parseFloat(StringRef text, DType t) {
  if (t == DType::F8E8M0FNU)
    return parseE8M0(text);
  const llvm::fltSemantics &sem = floatSemantics(t);
  // strtof's special spellings, case-insensitively; APFloat only knows a few
  // fixed spellings. Formats without an infinity (f8E4M3FN) get NaN, which is
  // what overflowing into them gives as well.
  StringRef body = text;
  bool negative = false;
  if (body.consume_front("-"))
    negative = true;
  else
    body.consume_front("+");
  // Formats with neither (f4, f6) saturate, as their conversions do.
  bool finiteOnly = isFiniteOnlyFloat(t);
  if (body.equals_insensitive("inf") || body.equals_insensitive("infinity")) {
    llvm::APFloat v = llvm::APFloat::semanticsHasInf(sem)
                          ? llvm::APFloat::getInf(sem, negative)
                      : finiteOnly ? llvm::APFloat::getLargest(sem, negative)
                                   : llvm::APFloat::getNaN(sem, negative);
    return v.bitcastToAPInt().getZExtValue();
  }
  if (body.equals_insensitive("nan")) {
    if (finiteOnly)
      return makeError("'" + text + "': " + dtypeName(t) + " has no NaN");
    llvm::APFloat v = llvm::APFloat::getNaN(sem, negative);
    return v.bitcastToAPInt().getZExtValue();
  }
  // APFloat is lenient at the edges ("1e" reads as 1), so check the syntax
  // first: strtod's decimal form, or its hex form where APFloat also needs
  // the binary exponent that strtod treats as optional.
  std::string number = text.str();
  if (!isFloatSyntax(body, number))
    return makeError("'" + text + "' is not a valid number for " +
                     dtypeName(t));
  llvm::APFloat v(sem);
  Expected<llvm::APFloat::opStatus> st =
      v.convertFromString(number, llvm::APFloat::rmNearestTiesToEven);
  if (!st) {
    llvm::consumeError(st.takeError());
    return makeError("'" + text + "' is not a valid number for " +
                     dtypeName(t));
  }
  if (finiteOnly && v.isInfinity())
    v = llvm::APFloat::getLargest(sem, v.isNegative());
  return v.bitcastToAPInt().getZExtValue();
}

bool isSeparator(char c) {
  return llvm::isSpace(c) || c == ',' || c == '[' || c == ']';
}

Expected<uint64_t> checkedByteSize(llvm::ArrayRef<int64_t> shape, DType t,
                                   StringRef what) {
  int64_t n = 1;
  bool zero = false;
  for (int64_t d : shape) {
    if (d == 0) {
      zero = true;
      continue;
    }
    if (llvm::MulOverflow(n, d, n))
      return makeError(what + ": shape " + shapeTypeString(shape, t) +
                       " has too many elements");
  }
  // Packed sub-byte types (i2, i4, f4E2M1FN) take ceil(n * bits / 8).
  int64_t bytes;
  if (llvm::MulOverflow(n, static_cast<int64_t>(storageBytes(t)), bytes))
    return makeError(what + ": shape " + shapeTypeString(shape, t) +
                     " has too many bytes");
  return zero ? 0 : static_cast<uint64_t>(rawByteSize(t, n));
}

} // namespace

Expected<uint64_t> parseElement(StringRef text, DType t) {
  text = text.trim();
  if (text.empty())
    return makeError("empty value for " + dtypeName(t));
  return isFloat(t) ? parseFloat(text, t) : parseInteger(text, t);
}

Expected<Tensor> readRawFile(StringRef path, DType t,
                             llvm::ArrayRef<int64_t> shape) {
  Expected<uint64_t> need = checkedByteSize(shape, t, path);
  if (!need)
    return need.takeError();
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return makeError(path + ": cannot open: " + buf.getError().message());
  StringRef bytes = (*buf)->getBuffer();
  if (bytes.size() != *need)
    return makeError(path + ": raw data has " + llvm::Twine(bytes.size()) +
                     " bytes but " + shapeTypeString(shape, t) + " needs " +
                     llvm::Twine(*need));
  Tensor out(t, shape);
  fromRawBytes(bytes, out);
  if (t == DType::I1)
    for (int64_t i = 0, e = out.numElements(); i < e; ++i)
      out.data()[i] = out.data()[i] != 0;
  return std::move(out);
}

Expected<ParsedInput> parseInputSpec(StringRef spec) {
  StringRef s = spec.trim();
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"')
    s = s.drop_front().drop_back().trim();
  std::string quoted = ("input '" + s + "'").str();
  if (s.empty())
    return makeError("empty input spec");

  // Metadata-less file forms.
  if (s.starts_with("@")) {
    StringRef path = s.drop_front();
    if (!path.ends_with(".npy"))
      return makeError(quoted +
                       ": only .npy files can be read without a shape and "
                       "type; for raw bytes write SHAPExTYPE=@" +
                       path);
    Expected<Tensor> t = readNpyFile(path);
    if (!t)
      return t.takeError();
    return ParsedInput{std::move(*t), false};
  }
  if (s.starts_with("+") || s.starts_with("*"))
    return makeError(quoted + ": the '+file' and '*file' stream forms are "
                              "not supported; use @file.npy per input");
  if (s.starts_with("&"))
    return makeError(quoted + ": the '&' output storage form is not "
                              "supported");
  if (s == "(null)" || s == "(ignored)")
    return makeError(quoted + ": null inputs are not supported");

  auto [meta, data] = s.split('=');
  bool hasData = s.contains('=');
  meta = meta.trim();
  if (meta.empty())
    return makeError(quoted + ": missing shape and element type before '='");

  // Split off the element type at the last 'x'. "index" contains an 'x' of
  // its own, so recognize it first (IREE has no index type to worry about).
  StringRef shapeStr, typeStr;
  bool hasShape;
  if (meta == "index" || meta.ends_with("xindex")) {
    hasShape = meta != "index";
    shapeStr = hasShape ? meta.drop_back(6) : StringRef();
    typeStr = "index";
  } else {
    size_t lastX = meta.rfind('x');
    hasShape = lastX != StringRef::npos;
    shapeStr = hasShape ? meta.take_front(lastX) : StringRef();
    typeStr = hasShape ? meta.drop_front(lastX + 1) : meta;
  }
  typeStr = typeStr.trim();
  std::optional<DType> type = parseTypeName(typeStr);
  if (!type) {
    if (!hasData && !hasShape)
      return makeError(quoted + ": '" + typeStr +
                       "' is not an element type; a value needs its type, "
                       "e.g. i32=" +
                       typeStr + " or 4xf32=" + typeStr);
    return makeError(quoted + ": unknown element type '" + typeStr + "'");
  }

  Shape shape;
  // "xf32" (nothing before the 'x') is a rank-0 tensor in IREE.
  if (!shapeStr.trim().empty()) {
    llvm::SmallVector<StringRef, 4> dims;
    shapeStr.split(dims, 'x');
    for (size_t i = 0; i < dims.size(); ++i) {
      StringRef d = dims[i].trim();
      uint64_t v;
      if (d.empty() || !llvm::all_of(d, llvm::isDigit) ||
          d.getAsInteger(10, v) || v > static_cast<uint64_t>(INT64_MAX))
        return makeError(quoted + ": shape dimension " + llvm::Twine(i) + " '" +
                         d + "' is not a non-negative integer");
      shape.push_back(static_cast<int64_t>(v));
    }
  }

  Expected<uint64_t> bytes = checkedByteSize(shape, *type, quoted);
  if (!bytes)
    return bytes.takeError();

  ParsedInput result;
  result.isScalarForm = !hasShape;

  StringRef values = data.trim();
  if (values.starts_with("@")) {
    Expected<Tensor> t = readRawFile(values.drop_front(), *type, shape);
    if (!t)
      return t.takeError();
    result.value = std::move(*t);
    return std::move(result);
  }
  if (values.starts_with("+"))
    return makeError(quoted + ": the '+file' append form is not supported; "
                              "use =@file");

  if (*bytes > kMaxInlineBytes)
    return makeError(quoted + ": " + llvm::Twine(*bytes) +
                     " bytes is too large for an inline value");
  Tensor t(*type, shape);
  int64_t n = t.numElements();

  // Tokenize exactly as iree_hal_parse_buffer_elements does.
  llvm::SmallVector<StringRef, 16> tokens;
  for (size_t i = 0; i < values.size();) {
    if (isSeparator(values[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < values.size() && !isSeparator(values[i]))
      ++i;
    tokens.push_back(values.slice(start, i));
  }

  if (!hasData || values.empty()) {
    // No values: zero-filled, as IREE does.
    result.value = std::move(t);
    return std::move(result);
  }
  int64_t count = tokens.size();
  bool splat = count == 1 && n > 1;
  if (count != n && !splat)
    return makeError(quoted + ": " + llvm::Twine(count) + " value" +
                     (count == 1 ? "" : "s") + " given but " +
                     shapeTypeString(shape, *type) + " has " + llvm::Twine(n) +
                     " element" + (n == 1 ? "" : "s") +
                     " (give 1 value to fill it, or all " + llvm::Twine(n) +
                     ")");
  if (isComplex(*type)) {
    // iree_hal_parse_element_unsafe has no case for complex types: its
    // default branch reads the element's bytes as exactly 2 * size hex
    // digits, in memory order (real part first, little-endian).
    unsigned size = t.elementBytes();
    for (int64_t i = 0; i < count; ++i) {
      StringRef tok = tokens[i];
      std::string bytes;
      if (tok.size() != 2 * size || !llvm::all_of(tok, llvm::isHexDigit) ||
          !llvm::tryGetFromHex(tok, bytes))
        return makeError(quoted + ": value " + llvm::Twine(i) + ": '" + tok +
                         "' is not " + llvm::Twine(2 * size) +
                         " hex digits (the bytes of one " +
                         dtypeName(*type) + ", real part first)");
      for (int64_t j = splat ? 0 : i; j < (splat ? n : i + 1); ++j)
        std::memcpy(t.data() + j * size, bytes.data(), size);
    }
    result.value = std::move(t);
    return std::move(result);
  }
  for (int64_t i = 0; i < count; ++i) {
    Expected<uint64_t> bits = parseElement(tokens[i], *type);
    if (!bits)
      return makeError(quoted + ": value " + llvm::Twine(i) + ": " +
                       llvm::toString(bits.takeError()));
    if (splat) {
      for (int64_t j = 0; j < n; ++j)
        t.store(j, *bits);
    } else {
      t.store(i, *bits);
    }
  }
  result.value = std::move(t);
  return std::move(result);
}

} // namespace ref
