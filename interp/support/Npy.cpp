//===- Npy.cpp - NumPy .npy reading and writing
//----------------------------===//
//
// The NPY format (numpy/lib/format.py, NEP 1): the magic "\x93NUMPY", a major
// and a minor version byte, a little-endian header length (2 bytes in 1.0, 4
// in 2.0/3.0), then a Python dict literal with the keys 'descr',
// 'fortran_order' and 'shape', padded with spaces and ended by '\n', then the
// raw array bytes.
//
// The reader treats every byte as hostile: the header is parsed by a small
// hand-written scanner (never evaluated), and the element count and byte size
// are computed with overflow checks and compared with the bytes actually
// present before anything is allocated, so a lying header cannot make us
// allocate more than the file holds.
//
//===----------------------------------------------------------------------===//

#include "interp/support/Npy.h"

#include "interp/support/FileIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using llvm::Error;
using llvm::Expected;
using llvm::StringRef;

namespace ref {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
// numpy aligns the start of the data to this many bytes (ARRAY_ALIGN).
constexpr size_t kArrayAlign = 64;
// numpy >= 1.23 leaves room in the header so that the first axis can grow in
// place (GROWTH_AXIS_MAX_DIGITS); we mirror it so our files are byte-identical
// to np.save's.
constexpr size_t kGrowthAxisMaxDigits = 21;

Error makeError(StringRef name, const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (name + ": " + what).str());
}

/// What the 'descr' string maps to.
struct NpyType {
  DType dtype;
  bool bigEndian;
  bool isBool;
};

/// Parses 'descr' such as "<f4", "|b1", ">i8". Unsigned codes read into the
/// signless integer of the same width since the interpreter's integers are
/// signless; the bits are the same.
std::optional<NpyType> parseDescr(StringRef descr) {
  if (descr.size() < 3)
    return std::nullopt;
  char order = descr[0];
  char kind = descr[1];
  unsigned size;
  if (descr.drop_front(2).getAsInteger(10, size))
    return std::nullopt;
  if (order != '<' && order != '>' && order != '|' && order != '=')
    return std::nullopt;
  // '|' means "byte order not applicable", which numpy only writes for
  // one-byte types; for wider ones the byte order would be ambiguous.
  if (order == '|' && size != 1)
    return std::nullopt;
  // '=' is the writer's native order; every host we support is little-endian.
  bool big = order == '>' && size > 1;
  std::optional<DType> t;
  bool isBool = false;
  switch (kind) {
  case 'b':
    if (size == 1) {
      t = DType::I1;
      isBool = true;
    }
    break;
  case 'i':
  case 'u':
    switch (size) {
    case 1:
      t = DType::I8;
      break;
    case 2:
      t = DType::I16;
      break;
    case 4:
      t = DType::I32;
      break;
    case 8:
      t = DType::I64;
      break;
    }
    break;
  case 'f':
    switch (size) {
    case 2:
      t = DType::F16;
      break;
    case 4:
      t = DType::F32;
      break;
    case 8:
      t = DType::F64;
      break;
    }
    break;
  case 'c': // complex64 / complex128: (real, imaginary) pairs
    if (size == 8)
      t = DType::ComplexF32;
    else if (size == 16)
      t = DType::ComplexF64;
    break;
  }
  if (!t)
    return std::nullopt;
  return NpyType{*t, big, isBool};
}

/// A scanner for the header dict. It accepts what numpy writes (and the
/// Python literal syntax around it: either quote style, optional trailing
/// commas, arbitrary whitespace) and nothing that would need evaluation.
class HeaderParser {
public:
  HeaderParser(StringRef text, StringRef name) : text(text), name(name) {}

  Error parse() {
    skipSpace();
    if (!consume('{'))
      return malformed("expected '{' at the start");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return malformed("expected a quoted key");
      skipSpace();
      if (!consume(':'))
        return malformed("expected ':' after key '" + key + "'");
      skipSpace();
      if (Error e = parseValue(key))
        return e;
      skipSpace();
      if (consume(','))
        continue;
      if (consume('}'))
        break;
      return malformed("expected ',' or '}' after the value of key '" + key +
                       "'");
    }
    // Only the space/newline padding may follow the dict.
    for (char c : text.drop_front(pos))
      if (!llvm::isSpace(c) && c != '\0')
        return malformed("unexpected text after the closing '}'");
    if (!descr)
      return malformed("missing key 'descr'");
    if (!fortranOrder)
      return malformed("missing key 'fortran_order'");
    if (!shape)
      return malformed("missing key 'shape'");
    return Error::success();
  }

  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<Shape> shape;

private:
  Error malformed(const llvm::Twine &what) {
    return makeError(name, "malformed header dict: " + what);
  }

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }
  bool consume(char c) {
    if (peek() != c || atEnd())
      return false;
    ++pos;
    return true;
  }
  void skipSpace() {
    while (!atEnd() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool consumeWord(StringRef w) {
    if (!text.drop_front(pos).starts_with(w))
      return false;
    pos += w.size();
    return true;
  }

  /// A Python string literal without escapes (numpy never writes any in the
  /// keys or in the descr of the types we support).
  bool parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return false;
    size_t end = text.find(quote, pos + 1);
    if (end == StringRef::npos)
      return false;
    StringRef body = text.slice(pos + 1, end);
    if (body.contains('\\'))
      return false;
    out = body.str();
    pos = end + 1;
    return true;
  }

  Error parseValue(const std::string &key) {
    if (key == "descr") {
      if (descr)
        return malformed("duplicate key 'descr'");
      std::string s;
      if (peek() == '[')
        return makeError(name, "unsupported dtype (structured dtypes are not "
                               "supported)");
      if (!parseString(s))
        return malformed("value of key 'descr' is not a string");
      descr = std::move(s);
      return Error::success();
    }
    if (key == "fortran_order") {
      if (fortranOrder)
        return malformed("duplicate key 'fortran_order'");
      if (consumeWord("True"))
        fortranOrder = true;
      else if (consumeWord("False"))
        fortranOrder = false;
      else
        return malformed("value of key 'fortran_order' is not True or False");
      return Error::success();
    }
    if (key == "shape") {
      if (shape)
        return malformed("duplicate key 'shape'");
      return parseShape();
    }
    return malformed("unexpected key '" + key + "'");
  }

  Error parseShape() {
    if (!consume('('))
      return malformed("value of key 'shape' is not a tuple");
    Shape dims;
    while (true) {
      skipSpace();
      if (consume(')'))
        break;
      // Scan one entry up to the next ',' or ')' so that the message can
      // quote it whatever it is.
      size_t start = pos;
      while (!atEnd() && text[pos] != ',' && text[pos] != ')')
        ++pos;
      if (atEnd())
        return malformed("unterminated tuple in key 'shape'");
      StringRef entry = text.slice(start, pos).trim();
      // Python 2 era files spell longs as "3L".
      StringRef digits = entry;
      if (digits.ends_with("L"))
        digits = digits.drop_back();
      if (digits.starts_with("-")) {
        uint64_t v;
        if (!digits.drop_front().getAsInteger(10, v))
          return makeError(name, "negative shape entry '" + entry +
                                     "' in key 'shape'");
      }
      uint64_t v;
      if (digits.empty() || !llvm::all_of(digits, llvm::isDigit) ||
          digits.getAsInteger(10, v))
        return makeError(name, "non-integer shape entry '" + entry +
                                   "' in key 'shape'");
      if (v > static_cast<uint64_t>(INT64_MAX))
        return makeError(name, "shape entry '" + entry +
                                   "' in key 'shape' is too large");
      dims.push_back(static_cast<int64_t>(v));
      if (consume(','))
        continue;
      if (!consume(')'))
        return malformed("expected ',' or ')' in key 'shape'");
      // A one-element tuple needs its trailing comma in Python, but "(3)" is
      // unambiguous here, so accept it.
      break;
    }
    shape = std::move(dims);
    return Error::success();
  }

  StringRef text;
  StringRef name;
  size_t pos = 0;
};

std::string shapeRepr(llvm::ArrayRef<int64_t> shape) {
  // Python's repr of a tuple: "()", "(3,)", "(2, 3)".
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  s += ")";
  return s;
}

/// Element count and byte size of `shape`, or an error when either does not
/// fit in 64 bits. Zero dims are skipped when checking so that numpy's rule
/// (the product of the non-zero dims must fit) is what we enforce.
Expected<std::pair<int64_t, uint64_t>>
checkedSizes(llvm::ArrayRef<int64_t> shape, unsigned elemBytes,
             StringRef name) {
  int64_t nonZero = 1;
  bool hasZero = false;
  for (int64_t d : shape) {
    if (d == 0) {
      hasZero = true;
      continue;
    }
    int64_t r;
    if (llvm::MulOverflow(nonZero, d, r))
      return makeError(name,
                       "shape " + shapeRepr(shape) + " has too many elements");
    nonZero = r;
  }
  int64_t bytes;
  if (llvm::MulOverflow(nonZero, static_cast<int64_t>(elemBytes), bytes))
    return makeError(name, "shape " + shapeRepr(shape) +
                               " has too many bytes to address");
  if (hasZero)
    return std::make_pair(int64_t(0), uint64_t(0));
  return std::make_pair(nonZero, static_cast<uint64_t>(bytes));
}

} // namespace

Expected<Tensor> parseNpy(StringRef bytes, StringRef name) {
  if (bytes.size() < kMagicLen || !bytes.starts_with(StringRef(kMagic, 6)))
    return makeError(name, "bad magic (not an NPY file)");
  if (bytes.size() < kMagicLen + 2)
    return makeError(name, "truncated header (no version bytes)");
  unsigned major = static_cast<uint8_t>(bytes[6]);
  unsigned minor = static_cast<uint8_t>(bytes[7]);
  if (major < 1 || major > 3 || minor != 0)
    return makeError(name, "unsupported NPY version " + llvm::Twine(major) +
                               "." + llvm::Twine(minor));
  size_t lenBytes = major == 1 ? 2 : 4;
  size_t prefix = kMagicLen + 2 + lenBytes;
  if (bytes.size() < prefix)
    return makeError(name, "truncated header (no header length)");
  uint64_t headerLen = major == 1
                           ? llvm::support::endian::read16le(bytes.data() + 8)
                           : llvm::support::endian::read32le(bytes.data() + 8);
  if (headerLen > bytes.size() - prefix)
    return makeError(name, "truncated header: it claims " +
                               llvm::Twine(headerLen) + " bytes but only " +
                               llvm::Twine(bytes.size() - prefix) + " follow");
  StringRef header = bytes.substr(prefix, headerLen);

  HeaderParser parser(header, name);
  if (Error e = parser.parse())
    return std::move(e);
  std::optional<NpyType> type = parseDescr(*parser.descr);
  if (!type)
    return makeError(name, "unsupported dtype '" + *parser.descr + "'");
  if (*parser.fortranOrder)
    return makeError(name, "fortran_order True not supported (save with "
                           "np.ascontiguousarray first)");

  const Shape &shape = *parser.shape;
  unsigned elemBytes = storageBytes(type->dtype);
  auto sizes = checkedSizes(shape, elemBytes, name);
  if (!sizes)
    return sizes.takeError();
  uint64_t need = sizes->second;
  uint64_t have = bytes.size() - prefix - headerLen;
  // Trailing bytes are allowed: np.load ignores them, and iree-run-module's
  // `--output=+file.npy` appends several arrays to one file, of which `@file`
  // reads the first.
  if (have < need)
    return makeError(name, "data has " + llvm::Twine(have) +
                               " bytes but the header describes " +
                               llvm::Twine(need));

  Tensor t(type->dtype, shape);
  const char *src = bytes.data() + prefix + headerLen;
  if (need)
    std::memcpy(t.data(), src, need);
  if (type->bigEndian) {
    // A complex element is two floats, each swapped on its own.
    unsigned unit = isComplex(type->dtype) ? elemBytes / 2 : elemBytes;
    for (int64_t i = 0, e = t.numElements() * (elemBytes / unit); i < e;
         ++i) {
      uint8_t *p = t.data() + i * unit;
      std::reverse(p, p + unit);
    }
  }
  // numpy reads any non-zero byte as True; keep the canonical 0/1.
  if (type->isBool)
    for (int64_t i = 0, e = t.numElements(); i < e; ++i)
      t.data()[i] = t.data()[i] != 0;
  return std::move(t);
}

Expected<Tensor> readNpyFile(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return makeError(path, "cannot open: " + buf.getError().message());
  return parseNpy((*buf)->getBuffer(), path);
}

bool npyHasTypeCode(DType t) {
  switch (t) {
  case DType::I1:
  case DType::I8:
  case DType::I16:
  case DType::I32:
  case DType::I64:
  case DType::Index:
  case DType::F16:
  case DType::F32:
  case DType::F64:
  case DType::ComplexF32:
  case DType::ComplexF64:
    return true;
  default:
    // bf16, the sub-byte integers and every small float: numpy itself has
    // no type code (ml_dtypes' types save as opaque void records).
    return false;
  }
}

Expected<std::string> serializeNpy(const Tensor &t) {
  const char *descr = nullptr;
  switch (t.dtype()) {
  case DType::I1:
    descr = "|b1";
    break;
  case DType::I8:
    descr = "|i1";
    break;
  case DType::I16:
    descr = "<i2";
    break;
  case DType::I32:
    descr = "<i4";
    break;
  case DType::I64:
  case DType::Index:
    descr = "<i8";
    break;
  case DType::F16:
    descr = "<f2";
    break;
  case DType::F32:
    descr = "<f4";
    break;
  case DType::F64:
    descr = "<f8";
    break;
  case DType::ComplexF32:
    descr = "<c8";
    break;
  case DType::ComplexF64:
    descr = "<c16";
    break;
  default:
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot write a %s tensor as NPY: numpy has no type code for it; "
        "write a raw .bin file instead",
        dtypeName(t.dtype()).str().c_str());
  }

  // The dict exactly as numpy's _write_array_header builds it: keys sorted,
  // each "'key': repr(value), ", then the growth padding for axis 0.
  std::string dict = "{'descr': '";
  dict += descr;
  dict += "', 'fortran_order': False, 'shape': ";
  dict += shapeRepr(t.shape());
  dict += ", }";
  if (t.rank() > 0)
    dict.append(kGrowthAxisMaxDigits - std::to_string(t.dim(0)).size(), ' ');

  // numpy's _wrap_header: pad with spaces so that magic + length + header +
  // '\n' is a multiple of 64; the pad is between 1 and 64 spaces (never 0).
  // Version 2.0 only when the header does not fit 1.0's 16-bit length.
  size_t hlen = dict.size() + 1;
  unsigned major = 1;
  size_t lenBytes = 2;
  size_t pad = kArrayAlign - (kMagicLen + 2 + lenBytes + hlen) % kArrayAlign;
  if (hlen + pad > 0xFFFF) {
    major = 2;
    lenBytes = 4;
    pad = kArrayAlign - (kMagicLen + 2 + lenBytes + hlen) % kArrayAlign;
  }
  uint32_t headerLen = static_cast<uint32_t>(hlen + pad);

  std::string out;
  out.reserve(kMagicLen + 2 + lenBytes + headerLen + t.byteSize());
  out.append(kMagic, kMagicLen);
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  for (size_t i = 0; i < lenBytes; ++i)
    out.push_back(static_cast<char>((headerLen >> (8 * i)) & 0xFF));
  out += dict;
  out.append(pad, ' ');
  out.push_back('\n');
  // Tensor buffers are little-endian row-major, as '<' and C order say.
  out.append(reinterpret_cast<const char *>(t.data()), t.byteSize());
  return std::move(out);
}

Error writeNpyFile(StringRef path, const Tensor &t) {
  Expected<std::string> bytes = serializeNpy(t);
  if (!bytes)
    return makeError(path, llvm::toString(bytes.takeError()));
  if (llvm::Error e = writeFileBytes(path, *bytes))
    return makeError(path, "cannot write: " +
                               llvm::errorToErrorCode(std::move(e)).message());
  return Error::success();
}

} // namespace ref
