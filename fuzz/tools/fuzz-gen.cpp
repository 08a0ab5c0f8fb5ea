//===- fuzz-gen.cpp - Print or write generated fuzz cases -----------------===//
//
//   fuzz-gen --seed=S --count=N --out=DIR
// writes caseK.mlir, caseK.inI.npy (.bin for bf16) and caseK.json for
// K = first .. first+N-1; case K is generateCase(caseSeed(S, K)), so any
// slice of a run can be regenerated alone. Without --out the programs are
// printed to stdout.
//
//===----------------------------------------------------------------------===//

#include "fuzz/CaseFiles.h"
#include "fuzz/Recipe.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ref;
using namespace ref::fuzz;

static cl::OptionCategory cat("fuzz-gen options");
static cl::opt<uint64_t> seedOpt("seed", cl::desc("Run seed"), cl::init(1),
                                 cl::cat(cat));
static cl::opt<uint64_t> countOpt("count", cl::desc("Number of cases"),
                                  cl::init(1), cl::cat(cat));
static cl::opt<uint64_t> firstOpt("first", cl::desc("Index of the first case"),
                                  cl::init(0), cl::cat(cat));
static cl::opt<std::string>
    outOpt("out",
           cl::desc("Directory to write the cases to (default: print "
                    "the programs)"),
           cl::value_desc("DIR"), cl::cat(cat));
static cl::opt<unsigned> minOpsOpt("min-ops", cl::desc("Fewest ops"),
                                   cl::init(1), cl::cat(cat));
static cl::opt<unsigned> maxOpsOpt("max-ops", cl::desc("Most ops"), cl::init(4),
                                   cl::cat(cat));
static cl::opt<std::string>
    opsOpt("ops",
           cl::desc("Comma-separated op kinds (sort, scatter, gather, scan, "
                    "topk, arg_compare, fill, matmul, transpose, "
                    "batch_matmul, reduce, broadcast, generic, "
                    "extract_slice, insert_slice, collapse_shape, "
                    "expand_shape, pad, concat, cast; off by default: "
                    "softmax, pack, unpack, attention, narrow_types, reduce_window; full MLIR "
                    "names work "
                    "too); default: every kind on by default"),
           cl::cat(cat));
static cl::opt<std::string>
    dtypesOpt("dtypes",
              cl::desc("Comma-separated element types; default i1 "
                       "i8 i16 i32 i64 f16 bf16 f32 f64"),
              cl::cat(cat));
static cl::opt<unsigned>
    dynamicOpt("dynamic-percent",
               cl::desc("Percent of cases with dynamic dims (default 40)"),
               cl::init(40), cl::cat(cat));
static cl::opt<bool> zeroOpt("zero-extents", cl::desc("Allow extents of 0"),
                             cl::cat(cat));
static cl::opt<bool>
    largeOpt("large", cl::desc("Allow a few large cases (1e5 elements)"),
             cl::cat(cat));
static cl::opt<int64_t> maxElementsOpt("max-elements",
                                       cl::desc("Elements per tensor"),
                                       cl::init(4096), cl::cat(cat));
static cl::opt<unsigned> maxRankOpt("max-rank",
                                    cl::desc("Highest tensor rank (1-4)"),
                                    cl::init(4), cl::cat(cat));
static cl::opt<bool> noBatchRankZeroOpt(
    "no-batch-rank-zero",
    cl::desc("No scatter/gather without batch dims (iree-compile 3.13 fails "
             "on them for llvm-cpu)"),
    cl::cat(cat));
static cl::opt<bool> noInvariantReductionsOpt(
    "no-invariant-reductions",
    cl::desc("No linalg.generic reduction whose term ignores the reduction "
             "loops (iree-compile 3.13's llvm-cpu vectorizer computes it once "
             "per tile)"),
    cl::cat(cat));
static cl::opt<std::string> functionOpt("function", cl::desc("Function name"),
                                        cl::init("main"), cl::cat(cat));
static cl::opt<bool> staticOpt(
    "static-shapes",
    cl::desc("Print the static twin: every ? replaced by the extent the case "
             "runs with (same inputs, same results)"),
    cl::cat(cat));
static cl::opt<bool> twinOpt(
    "static-twin",
    cl::desc("With --out, also write caseK.static.mlir, the static twin of "
             "caseK.mlir (the metamorphic pair)"),
    cl::cat(cat));

static cl::opt<std::string> ireeOpt(
    "iree-version",
    cl::desc("Only ops this IREE release has (MAJOR.MINOR; each recipe's "
             "'since', see --list-recipes); default every op"),
    cl::value_desc("MAJOR.MINOR"), cl::cat(cat));
static cl::opt<bool> listOpt(
    "list-recipes",
    cl::desc("List the op recipes (weight, IREE release, needs, produces)"),
    cl::cat(cat));

static cl::opt<unsigned> frontendOpt(
    "frontend-percent",
    cl::desc("Percent of cases that start with a frontend-shaped recipe "
             "(argsort/topk with an iota payload, scatter_add into one row, "
             "dynamic-M matmuls with extf/truncf, in-place sorts of "
             "arguments, torch's iota-coordinate scatter, dead results, "
             "degenerate matmuls, static aligned reductions and matmuls); "
             "default 0"),
    cl::init(0), cl::cat(cat));

static std::optional<OpKind> parseKind(StringRef name) {
  if (auto k = parseOpKind(name))
    return k;
  for (StringRef prefix :
       {"iree_linalg_ext.", "linalg.", "tensor.", "frontend."})
    if (auto k = parseOpKind((prefix + name).str()))
      return k;
  return std::nullopt;
}

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::HideUnrelatedOptions(cat);
  cl::ParseCommandLineOptions(argc, argv,
                              "fuzz-gen: generated programs for the fuzzer\n");
  if (listOpt) {
    for (const gen::Recipe *r : gen::recipes())
      outs() << opKindName(r->kind) << "\n  weight " << r->weight
             << ", IREE >= " << r->since.majorVersion << "."
             << r->since.minorVersion << "\n  needs: " << r->needs
             << "\n  produces: " << r->produces << "\n";
    return 0;
  }
  GenOptions opts;
  if (!ireeOpt.empty()) {
    auto [maj, min] = StringRef(ireeOpt).split('.');
    IreeVersion v;
    if (maj.getAsInteger(10, v.majorVersion) ||
        (!min.empty() && min.getAsInteger(10, v.minorVersion))) {
      errs() << "fuzz-gen: bad --iree-version '" << ireeOpt << "'\n";
      return 2;
    }
    opts.iree = v;
  }
  opts.frontendPercent = std::min(100u, unsigned(frontendOpt));
  opts.minOps = minOpsOpt;
  opts.maxOps = std::max(maxOpsOpt, minOpsOpt);
  opts.dynamicCasePercent = dynamicOpt;
  opts.allowZeroExtents = zeroOpt;
  opts.allowLarge = largeOpt;
  opts.maxElements = maxElementsOpt;
  opts.maxRank = maxRankOpt;
  opts.allowBatchRankZero = !noBatchRankZeroOpt;
  opts.allowInvariantReductions = !noInvariantReductionsOpt;
  SmallVector<StringRef> parts;
  StringRef(opsOpt).split(parts, ',', -1, false);
  for (StringRef p : parts) {
    auto k = parseKind(p.trim());
    if (!k) {
      errs() << "fuzz-gen: unknown op kind '" << p << "'\n";
      return 2;
    }
    opts.ops.push_back(*k);
  }
  parts.clear();
  StringRef(dtypesOpt).split(parts, ',', -1, false);
  for (StringRef p : parts) {
    auto t = parseDType(p.trim());
    if (!t || !isFuzzableDType(*t)) {
      errs() << "fuzz-gen: unsupported element type '" << p << "'\n";
      return 2;
    }
    opts.dtypes.push_back(*t);
  }
  PrintOptions print;
  print.functionName = functionOpt;
  print.staticShapes = staticOpt;

  for (uint64_t i = firstOpt; i < firstOpt + countOpt; ++i) {
    uint64_t seed = caseSeed(seedOpt, i);
    Case c = generateCase(seed, opts);
    if (outOpt.empty()) {
      outs() << "// case " << i << " (seed " << seed << ")\n"
             << c.text(print) << "\n";
      continue;
    }
    auto w = writeCase(c, outOpt, ("case" + Twine(i)).str(), seed, print);
    if (!w) {
      errs() << "fuzz-gen: " << toString(w.takeError()) << "\n";
      return 1;
    }
    if (twinOpt) {
      PrintOptions twin = print;
      twin.staticShapes = true;
      SmallString<128> path(outOpt);
      sys::path::append(path, "case" + Twine(i) + ".static.mlir");
      std::error_code ec;
      raw_fd_ostream os(path, ec);
      if (ec) {
        errs() << "fuzz-gen: cannot write '" << path << "': " << ec.message()
               << "\n";
        return 1;
      }
      os << c.text(twin);
    }
  }
  if (!outOpt.empty())
    outs() << "wrote " << countOpt << " cases to " << outOpt << "\n";
  return 0;
}
