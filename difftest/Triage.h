//===- Triage.h - From a failure to a filed bug -------------------*- C++ -*-===//
//
// difftest reduce: shrink a failing repro while it keeps its signature.
// difftest triage: flag and version bisection of a failure.
// difftest replay: re-run the corpus (goldens and recorded expectations).
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_TRIAGE_H
#define REF_DIFFTEST_TRIAGE_H

namespace ref::difftest {

/// difftest reduce BUNDLE|PROGRAM.mlir --out=DIR [interestingness options]
int reduceCommand(int argc, char **argv);

/// difftest triage BUNDLE [--versions=A,B]
int triageCommand(int argc, char **argv);

/// difftest replay CORPUS_DIR... [--target=...]
int replayCommand(int argc, char **argv);

/// difftest conformance onnx --out=DIR [...] (difftest/conformance/)
int conformanceCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_TRIAGE_H
