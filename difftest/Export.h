//===- Export.h - Batches for machines with a device --------------*- C++ -*-===//

#ifndef REF_DIFFTEST_EXPORT_H
#define REF_DIFFTEST_EXPORT_H

namespace ref::difftest {

/// difftest export PROGRAMS... --target=T --out=BATCH: compiles each
/// program for T and writes inputs, goldens and freedom reports of each
/// public function (for several random seeds) into a batch that
/// difftest-replay runs elsewhere.
int exportCommand(int argc, char **argv);

/// difftest import BATCH: reads the replay's results.json, prints the
/// verdict counts and distinct failures, writes repro bundles.
int importCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_EXPORT_H
