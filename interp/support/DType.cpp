//===- DType.cpp - Element types of interpreter values ---------------------===//

#include "interp/support/DType.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

namespace ref {

unsigned bitWidth(DType t) {
  switch (t) {
  case DType::I1:
    return 1;
  case DType::I8:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
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
    return 64;
  }
  llvm_unreachable("bad dtype");
}

unsigned storageBytes(DType t) {
  return t == DType::I1 ? 1 : bitWidth(t) / 8;
}

llvm::StringRef dtypeName(DType t) {
  switch (t) {
  case DType::I1:
    return "i1";
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
  case DType::F8E4M3FN:
    return "f8E4M3FN";
  case DType::F8E5M2:
    return "f8E5M2";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  }
  llvm_unreachable("bad dtype");
}

std::optional<DType> parseDType(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("i1", DType::I1)
      .Case("i8", DType::I8)
      .Case("i16", DType::I16)
      .Case("i32", DType::I32)
      .Case("i64", DType::I64)
      .Case("index", DType::Index)
      .Case("f8E4M3FN", DType::F8E4M3FN)
      .Case("f8E5M2", DType::F8E5M2)
      .Case("f16", DType::F16)
      .Case("bf16", DType::BF16)
      .Case("f32", DType::F32)
      .Case("f64", DType::F64)
      .Default(std::nullopt);
}

const llvm::fltSemantics &floatSemantics(DType t) {
  switch (t) {
  case DType::F8E4M3FN:
    return llvm::APFloat::Float8E4M3FN();
  case DType::F8E5M2:
    return llvm::APFloat::Float8E5M2();
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
