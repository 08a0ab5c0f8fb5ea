//===- DType.cpp - Element types of interpreter values ---------------------===//

#include "interp/support/DType.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

namespace ref {

unsigned bitWidth(DType t) {
  switch (t) {
  case DType::I1:
    return 1;
  case DType::I2:
    return 2;
  case DType::I4:
  case DType::F4E2M1FN:
    return 4;
  case DType::F6E2M3FN:
  case DType::F6E3M2FN:
    return 6;
  case DType::I8:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
  case DType::F8E4M3FNUZ:
  case DType::F8E5M2FNUZ:
  case DType::F8E4M3B11FNUZ:
  case DType::F8E8M0FNU:
    return 8;
  case DType::I16:
  case DType::F16:
  case DType::BF16:
    return 16;
  case DType::I32:
  case DType::F32:
    return 32;
  case DType::I64:
  case DType::Index:
  case DType::F64:
  case DType::ComplexF32:
    return 64;
  case DType::ComplexF64:
    return 128;
  }
  llvm_unreachable("bad dtype");
}

unsigned storageBytes(DType t) {
  unsigned w = bitWidth(t);
  return w < 8 ? 1 : w / 8;
}

bool isPackedSubByte(DType t) {
  return t == DType::I2 || t == DType::I4 || t == DType::F4E2M1FN;
}

int64_t rawByteSize(DType t, int64_t n) {
  if (n <= 0)
    return 0;
  if (isPackedSubByte(t)) {
    unsigned perByte = 8 / bitWidth(t);
    return n / perByte + (n % perByte != 0);
  }
  int64_t b = storageBytes(t);
  return n > INT64_MAX / b ? INT64_MAX : n * b;
}

bool isFiniteOnlyFloat(DType t) {
  return t == DType::F4E2M1FN || t == DType::F6E2M3FN || t == DType::F6E3M2FN;
}

llvm::StringRef dtypeName(DType t) {
  switch (t) {
  case DType::I1:
    return "i1";
  case DType::I2:
    return "i2";
  case DType::I4:
    return "i4";
  case DType::I8:
    return "i8";
  case DType::I16:
    return "i16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::Index:
    return "index";
  case DType::F4E2M1FN:
    return "f4E2M1FN";
  case DType::F6E2M3FN:
    return "f6E2M3FN";
  case DType::F6E3M2FN:
    return "f6E3M2FN";
  case DType::F8E4M3FN:
    return "f8E4M3FN";
  case DType::F8E5M2:
    return "f8E5M2";
  case DType::F8E4M3FNUZ:
    return "f8E4M3FNUZ";
  case DType::F8E5M2FNUZ:
    return "f8E5M2FNUZ";
  case DType::F8E4M3B11FNUZ:
    return "f8E4M3B11FNUZ";
  case DType::F8E8M0FNU:
    return "f8E8M0FNU";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::ComplexF32:
    return "complex<f32>";
  case DType::ComplexF64:
    return "complex<f64>";
  }
  llvm_unreachable("bad dtype");
}

std::optional<DType> parseDType(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("i1", DType::I1)
      .Case("i2", DType::I2)
      .Case("i4", DType::I4)
      .Case("i8", DType::I8)
      .Case("i16", DType::I16)
      .Case("i32", DType::I32)
      .Case("i64", DType::I64)
      .Case("index", DType::Index)
      .Case("f4E2M1FN", DType::F4E2M1FN)
      .Case("f6E2M3FN", DType::F6E2M3FN)
      .Case("f6E3M2FN", DType::F6E3M2FN)
      .Case("f8E4M3FN", DType::F8E4M3FN)
      .Case("f8E5M2", DType::F8E5M2)
      .Case("f8E4M3FNUZ", DType::F8E4M3FNUZ)
      .Case("f8E5M2FNUZ", DType::F8E5M2FNUZ)
      .Case("f8E4M3B11FNUZ", DType::F8E4M3B11FNUZ)
      .Case("f8E8M0FNU", DType::F8E8M0FNU)
      .Case("f16", DType::F16)
      .Case("bf16", DType::BF16)
      .Case("f32", DType::F32)
      .Case("f64", DType::F64)
      .Case("complex<f32>", DType::ComplexF32)
      .Case("complex<f64>", DType::ComplexF64)
      .Default(std::nullopt);
}

const llvm::fltSemantics &floatSemantics(DType t) {
  switch (t) {
  case DType::F4E2M1FN:
    return llvm::APFloat::Float4E2M1FN();
  case DType::F6E2M3FN:
    return llvm::APFloat::Float6E2M3FN();
  case DType::F6E3M2FN:
    return llvm::APFloat::Float6E3M2FN();
  case DType::F8E4M3FN:
    return llvm::APFloat::Float8E4M3FN();
  case DType::F8E5M2:
    return llvm::APFloat::Float8E5M2();
  case DType::F8E4M3FNUZ:
    return llvm::APFloat::Float8E4M3FNUZ();
  case DType::F8E5M2FNUZ:
    return llvm::APFloat::Float8E5M2FNUZ();
  case DType::F8E4M3B11FNUZ:
    return llvm::APFloat::Float8E4M3B11FNUZ();
  case DType::F8E8M0FNU:
    return llvm::APFloat::Float8E8M0FNU();
  case DType::F16:
    return llvm::APFloat::IEEEhalf();
  case DType::BF16:
    return llvm::APFloat::BFloat();
  case DType::F32:
    return llvm::APFloat::IEEEsingle();
  case DType::F64:
    return llvm::APFloat::IEEEdouble();
  default:
    llvm_unreachable("not a float dtype");
  }
}

} // namespace ref
