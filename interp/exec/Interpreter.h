//===- Interpreter.h - The reference interpreter core ------------*- C++ -*-===//
//
// Executes functions of a parsed module op by op. Each op is run by a kernel
// looked up by op name in the KernelRegistry (or by interface, e.g. every
// linalg::LinalgOp); dialect kernel files register themselves, so a new
// dialect (iree_linalg_ext) plugs in without touching this core.
//
// Failures come in two kinds:
//  - errors (unsupported op, bad shapes at run time): a diagnostic with the
//    op's location, and the call fails;
//  - findings: undefined behaviour the program hit (division by zero, an
//    out-of-range index, reading an uninitialized element...). They are
//    recorded with the op, its location and the element's coordinates, and
//    execution goes on with a defined stand-in value (0).
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_INTERPRETER_H
#define REF_EXEC_INTERPRETER_H

#include "interp/exec/Value.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace ref {

class Interpreter;
class CompiledRegion;

/// Undefined behaviour found while running.
struct Finding {
  std::string kind;   // e.g. "division by zero"
  std::string opName; // e.g. "arith.divsi"
  mlir::Location loc;
  Shape coords;     // element coordinates in the op's result/iteration space
  bool hasCoords = false;
  std::string detail; // free text: the bad index, the batch coordinate, ...
};

/// A read out of bounds whose value a select discarded (docs/coverage.md,
/// "Reads out of bounds"): a note, not undefined behaviour that reaches an
/// output; the golden is still produced.
struct MaskedRead {
  mlir::Operation *reader; // tensor.extract, iree_linalg_ext.gather
  mlir::Operation *select; // the arith.select that discarded the value
  uint64_t count;          // elements (lanes) discarded there
};

/// Limits that keep hostile programs from exhausting the machine.
struct InterpreterOptions {
  /// Most findings kept (later ones are only counted).
  unsigned maxFindings = 64;
  /// Largest tensor (bytes) a single value may occupy.
  int64_t maxTensorBytes = int64_t(8) << 30;
  /// Threads kernels may use for work that is parallel (0: one per core).
  /// Results never depend on it: work is split into tasks by shape alone.
  unsigned threads = 0;
  /// The least work (iteration points, multiply-adds, ...) worth a task of
  /// its own: handing a task to a thread costs microseconds, and threads
  /// writing a fresh result should not take turns zeroing the same 2 MiB
  /// huge page (2^19 f32 elements). Tests lower it to split small problems.
  int64_t minTaskWork = int64_t(1) << 19;
  /// Whether kernels may run what they recognize natively (matrix products,
  /// comparators of one value, scatter combiners on lanes, outputs carried
  /// in registers through reductions; docs/performance.md). Each gives the
  /// bits the general path gives; false forces the general path, for tests
  /// that check exactly that.
  bool fastPaths = true;
  /// Most ops run (each op of a function body, loop body or called function
  /// counts once; ops inside a linalg body do not): an `scf.while` that never
  /// ends stops with an error instead of hanging. 0: no limit.
  uint64_t maxSteps = 0;
  /// Wall-clock budget of a run in seconds, checked between ops (a single
  /// long kernel finishes first; ref-run's watchdog covers that). 0: none.
  double maxSeconds = 0;
  /// Runs calls of functions declared without a body
  /// (`func.func private @matmul_test.f(...)`): IREE links modules by name,
  /// so `@module.f` is `f` of the loaded module named `module` and
  /// `@matmul_test.f` a function of a native test module (E2ETestModules.h).
  /// Unset: calling such a function is an error.
  std::function<mlir::FailureOr<llvm::SmallVector<RtValue>>(
      Interpreter &, mlir::Operation *callee, llvm::ArrayRef<RtValue> args)>
      externalCall;
  /// Reads `length` bytes at `offset` of parameter `key` of `scope` (empty:
  /// none) for a `#flow/#stream.parameter.named` value of `type` (IREE's
  /// `--parameters=SCOPE=FILE.irpa`); failure with an error at `loc` when
  /// it cannot. Unset: a program that reads a parameter is an error.
  std::function<mlir::FailureOr<std::string>(
      llvm::StringRef scope, llvm::StringRef key, uint64_t offset,
      uint64_t length, mlir::Type type, mlir::Location loc)>
      loadParameter;
};

/// The values of one function activation.
class Frame {
public:
  explicit Frame(Interpreter &interp) : interp(interp) {}
  const RtValue &get(mlir::Value v) const;
  const Tensor &getTensor(mlir::Value v) const { return *get(v).tensor; }
  void set(mlir::Value v, RtValue rv) { values[v] = std::move(rv); }
  bool has(mlir::Value v) const { return values.count(v); }

  Interpreter &interp;

private:
  llvm::DenseMap<mlir::Value, RtValue> values;
};

using OpKernel = mlir::LogicalResult (*)(mlir::Operation *op, Frame &frame);

class KernelRegistry {
public:
  void add(llvm::StringRef opName, OpKernel kernel);
  /// A kernel for every op that satisfies `matches` (checked after names).
  void addFallback(bool (*matches)(mlir::Operation *), OpKernel kernel);
  OpKernel lookup(mlir::Operation *op) const;

  /// The registry with every kernel of the project (see Kernels.cpp).
  static const KernelRegistry &all();

private:
  llvm::StringMap<OpKernel> byName;
  std::vector<std::pair<bool (*)(mlir::Operation *), OpKernel>> fallbacks;
};

class Interpreter {
public:
  explicit Interpreter(mlir::ModuleOp module, InterpreterOptions opts = {});
  ~Interpreter();

  /// Calls a `func.func` or `util.func`. The first call initializes the
  /// module's globals (initializeGlobals) first.
  mlir::FailureOr<llvm::SmallVector<RtValue>>
  callFunction(mlir::FunctionOpInterface fn, llvm::ArrayRef<RtValue> args);

  /// Runs a function-like body (a CFG region: `cf.br`, `cf.cond_br` and
  /// `cf.switch` move between its blocks) from its entry block and returns
  /// the operands of the return-like terminator it reaches.
  mlir::FailureOr<llvm::SmallVector<RtValue>>
  runRegion(mlir::Region &region, llvm::ArrayRef<RtValue> args, Frame &frame);

  /// Module initialization, as IREE does it: in module order, each
  /// `util.global` with an initial value takes it and each `util.initializer`
  /// runs. Runs once; later calls return the first outcome.
  mlir::LogicalResult initializeGlobals();
  /// The value of a global; null when it was never set (no initial value,
  /// no store yet).
  const RtValue *getGlobal(llvm::StringRef name) const;
  void setGlobal(llvm::StringRef name, RtValue value) {
    globals[name] = std::move(value);
  }

  /// Poison in the results of a function called from outside (ref-run) is
  /// a finding, "poison reaches a function result", at its func.return.
  void reportPoisonResults(mlir::FunctionOpInterface fn,
                           llvm::ArrayRef<RtValue> results);

  /// Runs every op of `block` after binding its arguments, then returns the
  /// values of the terminator's operands.
  mlir::FailureOr<llvm::SmallVector<RtValue>>
  runBlock(mlir::Block &block, llvm::ArrayRef<RtValue> args, Frame &frame);
  /// Runs `op`'s kernel, then gives its results the freedom they inherit
  /// from the values they were computed from (see inheritFreedom).
  mlir::LogicalResult runOp(mlir::Operation *op, Frame &frame);
  /// Counts one step against the budgets (InterpreterOptions::maxSteps and
  /// maxSeconds); runOp calls it, and so does every branch between blocks.
  mlir::LogicalResult countStep(mlir::Operation *op);

  /// The compiled form of a region body, compiled once and cached.
  mlir::FailureOr<const CompiledRegion *> getCompiledRegion(mlir::Region &r);

  /// Records a finding. Inside a parallelFor task it goes to the task's own
  /// list; the lists are appended in task order when the loop ends.
  void addFinding(Finding f);
  llvm::ArrayRef<Finding> findings() const { return findings_; }

  /// Records that `select` discarded the value `reader` read out of bounds
  /// (thread-safe; counts add up, so any thread count gives the same).
  void addMaskedRead(mlir::Operation *reader, mlir::Operation *select);
  /// The masked reads so far, ordered by the readers' and selects'
  /// locations (not by when they happened, which threads may reorder).
  std::vector<MaskedRead> maskedReads() const;
  /// "file:line:col: note: read out of bounds, result masked in
  /// 'tensor.extract': ..." one line each.
  std::vector<std::string> maskedReadNotes() const;
  uint64_t numFindings() const { return numFindings_; }

  /// Checks a new tensor of `shape` fits the memory budget; emits an error at
  /// `loc` otherwise.
  mlir::LogicalResult checkAllocation(mlir::Location loc, DType t,
                                      llvm::ArrayRef<int64_t> shape);

  /// Failed `check.expect_*` ops (the message names the first differing
  /// element). Cleared by the caller between test functions.
  void addCheckFailure(std::string message) {
    checkFailures.push_back(std::move(message));
  }
  std::vector<std::string> checkFailures;
  /// Checks that passed only by a freedom rule (a reassociated reduction),
  /// one line each, so that --check can say so.
  std::vector<std::string> checkNotes;

  /// Runs fn(0) .. fn(numTasks - 1), on up to options().threads threads.
  /// Callers split their work into tasks by shape alone (never by thread
  /// count) and give each task disjoint outputs, so that results and the
  /// order of findings are those of running the tasks in order, which is
  /// what happens with one thread. Tasks may read the frame but not change
  /// it or the region cache; a parallelFor inside a task runs inline.
  void parallelFor(int64_t numTasks, llvm::function_ref<void(int64_t)> fn);
  /// The number of threads parallelFor uses.
  unsigned numThreads() const;

  mlir::ModuleOp getModule() { return module; }
  const InterpreterOptions &options() const { return opts; }
  const KernelRegistry &registry() const { return kernels; }

private:
  /// After `op`'s kernel ran: each result keeps the freedom its kernel gave
  /// it, and inherits from the values it was computed from:
  ///  - tie groups, multi-writes or derived freedom of an input make the
  ///    result `derivedFrom` that input's origin (unless the kernel handed
  ///    the input's value through unchanged);
  ///  - float reduction terms (Freedom::reductionLength): a float result
  ///    gets its own terms plus the most any input carries (saturating); an
  ///    integer result, or a float rounded to an integral value (floor,
  ///    ceil, round, trunc, fptosi, ... in the op or its body), becomes
  ///    `derivedFrom` the reduction.
  /// `ranNested`: the kernel ran ops through runOp (func.call, scf, ...);
  /// control flow (RegionBranchOpInterface, flow.dispatch.region) counts as
  /// such too. Its results are values its regions computed (tracked there)
  /// or captured (carrying their own freedom), so only the derived rule on
  /// its operands applies.
  void inheritFreedom(mlir::Operation *op, Frame &frame, bool ranNested);
  /// Reports poison among the operands of `op` that decide something (see
  /// Interpreter.cpp): check ops, conditions, index operands.
  void reportPoisonSinks(mlir::Operation *op, Frame &frame);
  /// Values used inside `op`'s regions but defined above it (cached).
  llvm::ArrayRef<mlir::Value> capturedValues(mlir::Operation *op);

  mlir::ModuleOp module;
  InterpreterOptions opts;
  const KernelRegistry &kernels;
  std::vector<Finding> findings_;
  uint64_t numFindings_ = 0;
  std::unique_ptr<std::mutex> maskedLock = std::make_unique<std::mutex>();
  std::map<std::pair<mlir::Operation *, mlir::Operation *>, uint64_t> masked;
  llvm::DenseMap<mlir::Region *, std::unique_ptr<CompiledRegion>> compiled;
  unsigned callDepth = 0;
  /// Ops run so far (runOp calls), to tell kernels that run nested ops.
  uint64_t opsRun = 0;
  /// When the interpreter was made, for InterpreterOptions::maxSeconds.
  std::chrono::steady_clock::time_point startTime;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 2>> captured;
  /// util.global values, by symbol name.
  llvm::StringMap<RtValue> globals;
  /// 0: not yet initialized, 1: initialized, 2: initialization failed.
  int globalsState = 0;
  std::unique_ptr<llvm::ThreadPoolInterface> pool;
};

/// Registers every dialect the interpreter understands into `registry`.
void registerInterpreterDialects(mlir::DialectRegistry &registry);

} // namespace ref

#endif // REF_EXEC_INTERPRETER_H
