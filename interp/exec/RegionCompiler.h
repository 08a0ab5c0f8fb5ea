//===- RegionCompiler.h - Region bodies as compact bytecode ------*- C++ -*-===//
//
// Bodies of linalg ops, sort comparators, scatter combiners... are compiled
// once into a flat instruction list over numbered registers, and then run on
// batches of lanes (one lane per iteration point). The per-element work never
// touches MLIR IR or a hash map: each instruction is a pointer to a batch
// kernel from ScalarOps and register numbers.
//
// Register file layout: register r, lane l lives at regs[r * lanes + l].
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_REGIONCOMPILER_H
#define REF_EXEC_REGIONCOMPILER_H

#include "interp/exec/Interpreter.h"
#include "interp/scalar/ScalarOps.h"

#include "mlir/IR/Region.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace ref {

class CompiledRegion {
public:
  enum class InstrKind : uint8_t {
    Scalar,       // dst = fn(a, b, c)
    LoopIndex,    // dst = coordinate `aux` of the iteration point
    ExtractTensor, // dst = capturedTensors[aux][idx regs...]
    Assert         // cf.assert: a lane whose register `a` is false fails
  };
  struct Instr {
    InstrKind kind;
    ScalarOpDesc desc;
    BatchFn fn = nullptr;
    uint32_t dst = 0, a = 0, b = 0, c = 0;
    uint32_t aux = 0;
    uint32_t firstIdx = 0, numIdx = 0; // into indexRegs, for ExtractTensor
    uint32_t dstImag = 0; // ExtractTensor of a complex tensor: imaginary part
    /// ExtractTensor: a select may discard every use of the value
    /// (isSelectGuarded), so a read out of bounds yields poison.
    bool maskable = false;
    mlir::Operation *op = nullptr;
  };

  /// Compiles the single block of `region`. Block arguments get registers
  /// 0..N-1; values defined above the region become captures, bound per run.
  ///
  /// Complex values (complex<f32>, complex<f64>) live in two registers of
  /// the part type, real and imaginary: block argument i keeps register i
  /// for its real part and gets another for its imaginary part
  /// (argImagRegister); complex.create/re/im only rename registers. The
  /// complex arithmetic itself was lowered to arith/math beforehand
  /// (ComplexLowering.h), so no instruction ever sees a complex value.
  static mlir::FailureOr<std::unique_ptr<CompiledRegion>>
  compile(mlir::Region &region);

  unsigned numArgs() const { return argTypes.size(); }
  unsigned numResults() const { return yieldRegs.size(); }
  unsigned numRegisters() const { return numRegs; }
  /// Whether the body reads block argument `i` at all.
  bool isArgUsed(unsigned i) const { return argUsed[i]; }
  uint32_t yieldRegister(unsigned i) const { return yieldRegs[i]; }
  DType argType(unsigned i) const { return argTypes[i]; }
  /// Register of the imaginary part of a complex block argument / result.
  uint32_t argImagRegister(unsigned i) const { return argImag[i]; }
  uint32_t yieldImagRegister(unsigned i) const { return yieldImag[i]; }
  /// Whether some block argument or result is complex.
  bool hasComplex() const { return complexIO; }
  DType resultType(unsigned i) const { return yieldTypes[i]; }
  /// True when the body reads linalg.index.
  bool usesLoopIndex() const { return hasLoopIndex; }
  /// Whether some float op of the body rounds (add, mul, ...), so that a
  /// reduction's result depends on its order. max/min/select/compare and
  /// sign ops do not.
  bool hasOrderSensitiveFloatOps() const { return orderSensitiveFloat; }
  /// Whether running the body can report anything: an op with undefined
  /// behaviour on some operands (division, shifts, float-to-int) or a
  /// tensor.extract (out of bounds, uninitialized elements).
  bool mayReportUB() const { return mayReport; }
  /// Whether some instruction can create poison (shifts, float-to-int,
  /// ops with nsw/nuw/exact): then runners track per-lane poison.
  bool mayCreatePoison() const { return mayPoison; }
  /// Whether running the body in `frame` may see poison: it can create it,
  /// or a value it captures from above holds some.
  bool mayMeetPoison(const Frame &frame) const;

  /// The instructions, for kernels that recognize a body and run it
  /// natively (a multiply-accumulate, a comparison). Block argument i lives
  /// in register i.
  llvm::ArrayRef<Instr> instructions() const { return instrs; }

  /// A body that yields one comparison of two block arguments.
  struct ArgCompare {
    ScalarOpDesc desc;
    unsigned lhsArg, rhsArg;
  };
  std::optional<ArgCompare> asArgCompare() const;

private:
  friend class RegionRunner;
  std::vector<Instr> instrs;
  std::vector<uint32_t> indexRegs;
  std::vector<DType> argTypes, yieldTypes;
  std::vector<bool> argUsed;
  std::vector<uint32_t> yieldRegs;
  std::vector<uint32_t> argImag, yieldImag; // 0 where not complex
  bool complexIO = false;
  std::vector<std::pair<uint32_t, uint64_t>> constants;
  std::vector<std::pair<uint32_t, mlir::Value>> scalarCaptures;
  /// Imaginary parts of captured complex scalars.
  std::vector<std::pair<uint32_t, mlir::Value>> imagCaptures;
  std::vector<mlir::Value> tensorCaptures;
  unsigned numRegs = 0;
  bool hasLoopIndex = false;
  bool orderSensitiveFloat = false;
  bool mayReport = false;
  bool mayPoison = false;
  mlir::Operation *terminator = nullptr;
};

/// Called for each lane that hit undefined behaviour.
using UBCallback = llvm::function_ref<void(mlir::Operation *op,
                                           llvm::StringRef kind, int lane,
                                           llvm::StringRef detail)>;

/// One activation of a compiled region with a register file for `lanes`
/// lanes. Captures and constants are bound at construction.
///
/// Poison: a runner tracks it when `trackPoison` is set (the caller's inputs
/// hold some) or the region may meet it (CompiledRegion::mayMeetPoison).
/// Then each register has a state byte per lane (Tensor::state): an op's
/// result is poison when an operand is or when it creates poison there
/// (the op and kind become the origin), and `select` takes its chosen
/// operand's state (a poison condition poisons the result). Poison read as
/// a tensor.extract index is a finding. A tensor.extract whose value a
/// select may discard (isSelectGuarded) yields poison when it reads out of
/// bounds; a select that drops it notes a masked read (Interpreter::
/// addMaskedRead), and where it reaches a sink the read is the finding. A
/// caller that stores the results'
/// states calls keepPoison(); otherwise a poisoned result lane is reported
/// as reaching `sink`. Without tracking, the state registers do not exist
/// and run() is what it was without poison.
class RegionRunner {
public:
  RegionRunner(const CompiledRegion &region, const Frame &frame, int lanes,
               bool trackPoison = false);

  uint64_t *arg(unsigned i) { return &regs[i * lanes]; }
  const uint64_t *result(unsigned i) const {
    return &regs[region.yieldRegs[i] * lanes];
  }
  /// The imaginary parts of complex block argument / result i.
  uint64_t *argImag(unsigned i) { return &regs[region.argImag[i] * lanes]; }
  const uint64_t *resultImag(unsigned i) const {
    return &regs[region.yieldImag[i] * lanes];
  }
  uint8_t *argImagState(unsigned i) {
    return &states[region.argImag[i] * lanes];
  }
  const uint8_t *resultImagState(unsigned i) const {
    return &states[region.yieldImag[i] * lanes];
  }
  bool tracksPoison() const { return !states.empty(); }
  /// State bytes of block argument i / result i (only when tracking).
  uint8_t *argState(unsigned i) { return &states[i * lanes]; }
  const uint8_t *resultState(unsigned i) const {
    return &states[region.yieldRegs[i] * lanes];
  }
  /// The caller stores the results' states: run() reports nothing for them.
  void keepPoison() { keepsPoison = true; }
  /// What a poisoned result reaches when the caller does not keep it.
  void setPoisonSink(llvm::StringRef s) { sink = s.str(); }
  /// Runs `n` <= lanes lanes. `coords` is the iteration point of lane 0;
  /// lane l differs from it by l along dimension `laneDim` (or not at all
  /// when laneDim < 0). Only needed for bodies with linalg.index.
  void run(int n, const int64_t *coords, int laneDim, UBCallback onUB);

  int numLanes() const { return lanes; }

private:
  const CompiledRegion &region;
  Interpreter *interp;
  int lanes;
  std::vector<uint64_t> regs;
  std::vector<uint8_t> states; // empty: poison is not tracked
  std::vector<const Tensor *> tensors;
  bool keepsPoison = false;
  std::string sink = "a region body's result";
};

/// "poison reaches <sink>" with the origin of `state` as the detail.
std::string poisonReaches(llvm::StringRef sink);
std::string poisonDetail(uint8_t state, llvm::StringRef extra = "");

} // namespace ref

#endif // REF_EXEC_REGIONCOMPILER_H
