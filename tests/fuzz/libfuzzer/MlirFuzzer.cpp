//===- MlirFuzzer.cpp - libFuzzer target for ref-run's whole path ----------===//
//
// Bytes as MLIR text, the way ref-run takes a program: parse with the
// interpreter's dialects (the parser verifies), then run every public
// function whose arguments can be made up small (static shapes, at most a
// few thousand elements; scalars), with a deterministic pattern as input,
// under tight budgets (tensor bytes, ops run, one thread) so that a program
// that asks for too much ends in an error, as it must in ref-run. Parse
// errors, verifier errors, interpreter errors and findings are all fine;
// a crash, a sanitizer report or a hang is a bug.
//
//===----------------------------------------------------------------------===//

#include "ireetools/Frontend.h"
#include "interp/exec/Interpreter.h"
#include "interp/exec/Types.h"
#include "interp/support/SourceLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>

using namespace mlir;

namespace {

const DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry;
    ref::registerInterpreterDialects(*reg);
    return reg;
  }();
  return *r;
}

/// A made-up argument of type `t`, or failure when it is not small and
/// static.
FailureOr<ref::RtValue> makeArg(Type t, uint64_t seed) {
  std::optional<ref::DType> dt = ref::toDType(getElementTypeOrSelf(t));
  if (!dt)
    return failure();
  auto pattern = [&](int64_t i) -> uint64_t {
    // Small integers in every width: 0, 1, 2, ..., then wrap; for floats the
    // bit patterns are whatever they are (NaNs and denormals included).
    // i1 holds 0 or 1, as ref-run's input parser gives it.
    uint64_t v = (seed * 0x9E3779B97F4A7C15ull + uint64_t(i) * 7) % 5;
    return *dt == ref::DType::I1 ? v & 1 : v;
  };
  if (auto rt = dyn_cast<RankedTensorType>(t)) {
    if (!rt.hasStaticShape() || rt.getNumElements() > 4096)
      return failure();
    ref::Tensor v(*dt, rt.getShape());
    for (int64_t i = 0; i < v.numElements(); ++i)
      v.store(i, pattern(i));
    return ref::RtValue::ofTensor(std::move(v));
  }
  if (isa<ShapedType>(t))
    return failure();
  return ref::RtValue::ofScalar(*dt, pattern(0));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input: uniqued types and attributes would otherwise
  // pile up across millions of inputs.
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  // What ref-run does first with a file: is it a frontend program (torch,
  // StableHLO, TOSA ops) to lower with IREE? Any text gets an answer or an
  // error, never a crash.
  if (auto kind = ref::gpu::detectFrontendText(text); !kind)
    llvm::consumeError(kind.takeError());
  // What ref-run refuses before parsing (the parser's stack, lists MLIR's
  // linalg parsers crash on).
  if (ref::checkSourceText(text))
    return 0;
  MLIRContext context(registry(), MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(false);
  context.printOpOnDiagnostic(false);
  // Diagnostics are expected; swallow them.
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) {
    return success();
  });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.mlir"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 0;
  ref::InterpreterOptions opts;
  opts.maxTensorBytes = 1 << 20;
  opts.maxSteps = 20000;
  opts.maxSeconds = 2;
  opts.threads = 1;
  for (auto fn : module->getOps<func::FuncOp>()) {
    if (fn.isExternal() || !fn.isPublic())
      continue;
    SmallVector<ref::RtValue> args;
    bool ok = true;
    for (auto [i, t] : llvm::enumerate(fn.getFunctionType().getInputs())) {
      FailureOr<ref::RtValue> a = makeArg(t, i);
      if (failed(a)) {
        ok = false;
        break;
      }
      args.push_back(*a);
    }
    if (!ok)
      continue;
    ref::Interpreter interp(*module, opts);
    (void)interp.callFunction(fn, args);
  }
  return 0;
}
