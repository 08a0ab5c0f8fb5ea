//===- Fuzz.h - Campaigns: difftest fuzz, report, merge -----------*- C++ -*-===//

#ifndef REF_DIFFTEST_FUZZ_H
#define REF_DIFFTEST_FUZZ_H

namespace ref::difftest {

/// difftest fuzz --target=... --time=30m|--cases=N --seed=S --jobs=J
///     --out=DIR [--resume] [--shard=I/N] [--batch=B]
int fuzzCommand(int argc, char **argv);

/// difftest report DIR: report.md and report.html from DIR/campaign.db.
int reportCommand(int argc, char **argv);

/// difftest nightly --out=DIR: corpus replay, campaign, bug signatures
/// and the history of the nights (Nightly.cpp).
int nightlyCommand(int argc, char **argv);

/// difftest merge OUT SHARD_DIR...: one database (and bundles) from shards.
int mergeCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_FUZZ_H
