//===- Dialects.cpp - Dialects the interpreter parses ----------------------===//

#include "interp/dialects/CodegenAttrDialects.h"
#include "interp/dialects/HalDialect.h"
#include "interp/dialects/EncodingDialect.h"
#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/dialects/StablehloDialect.h"
#include "interp/dialects/TensorExtDialect.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/Interpreter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace ref {

void registerInterpreterDialects(mlir::DialectRegistry &registry) {
  registry.insert<
      mlir::func::FuncDialect, mlir::cf::ControlFlowDialect,
      mlir::arith::ArithDialect, mlir::complex::ComplexDialect,
      mlir::math::MathDialect, mlir::tensor::TensorDialect,
      mlir::linalg::LinalgDialect, mlir::scf::SCFDialect, util::UtilDialect,
      flow::FlowDialect, stream::StreamDialect, check::CheckDialect, linalg_ext::IREELinalgExtDialect,
      codegen_attrs::IREECodegenDialect, codegen_attrs::IREEGPUDialect,
      codegen_attrs::IREECPUDialect, mlir::affine::AffineDialect,
      hal::HalDialect, encoding::IREEEncodingDialect,
      tosa_attrs::TosaAttrsDialect, tensor_ext::TensorExtDialect,
      stablehlo::StablehloDialect>();
}

} // namespace ref
