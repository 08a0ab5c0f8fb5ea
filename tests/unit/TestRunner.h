//===- TestRunner.h - Parse MLIR text and run @main in unit tests -*- C++ -*-===//

#ifndef REF_TESTS_UNIT_TESTRUNNER_H
#define REF_TESTS_UNIT_TESTRUNNER_H

#include "interp/exec/Interpreter.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace ref::test {

/// Parses `text` and runs @main on `args`.
class Runner {
public:
  explicit Runner(const std::string &text) {
    mlir::DialectRegistry registry;
    registerInterpreterDialects(registry);
    ctx = std::make_unique<mlir::MLIRContext>(registry);
    ctx->loadAllAvailableDialects();
    module = mlir::parseSourceString<mlir::ModuleOp>(
        text, mlir::ParserConfig(ctx.get()));
  }
  bool ok() const { return static_cast<bool>(module); }
  llvm::SmallVector<RtValue> run(llvm::ArrayRef<RtValue> args,
                                 unsigned *findings = nullptr) {
    Interpreter interp(*module);
    auto fn = module->lookupSymbol<mlir::func::FuncOp>("main");
    auto r = interp.callFunction(fn, args);
    if (findings)
      *findings = interp.numFindings();
    EXPECT_TRUE(mlir::succeeded(r));
    return mlir::succeeded(r) ? *r : llvm::SmallVector<RtValue>{};
  }
  mlir::ModuleOp get() { return *module; }

private:
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

inline Tensor makeI32(llvm::ArrayRef<int64_t> shape,
                      const std::vector<int32_t> &vals) {
  Tensor t(DType::I32, shape);
  for (size_t i = 0; i < vals.size(); ++i)
    t.store(i, static_cast<uint32_t>(vals[i]));
  return t;
}

inline int32_t i32At(const Tensor &t, int64_t i) {
  return static_cast<int32_t>(static_cast<uint32_t>(t.load(i)));
}

inline std::vector<int32_t> i32Values(const Tensor &t) {
  std::vector<int32_t> v;
  for (int64_t i = 0; i < t.numElements(); ++i)
    v.push_back(i32At(t, i));
  return v;
}

} // namespace ref::test

#endif // REF_TESTS_UNIT_TESTRUNNER_H
