//===- Smoke.h - Does the device still behave as recorded? ------*- C++ -*-===//
//
//   difftest smoke [--target=vulkan,vulkan:rdna3-lavapipe]
//
// A device's behaviour is part of the oracle (gpu/Device.h): the executor
// limits in targets.json were measured on one IREE wheel and one Mesa. The
// smoke test runs a few programs whose results are known by hand on each
// target's device and fails loudly when one differs:
//   matmul   64x128 (all 1) x 128x32 (all 0.5)  -> every element 64
//   sort     1x256 i32, 255 down to 0           -> 0 up to 255
//   row-sum  16x256 f32 of ones                 -> every element 256
//   loop cap 1x300 sort, 299 down to 0, on a device with a loop cap below
//            300 * 299: must come out WRONG, or the cap in targets.json is
//            stale (Mesa changed) and executor-limit verdicts would hide
//            real miscompiles
// Campaigns (fuzz, nightly) run it first when a checked target (targets
// .json `check_device`) has its device here, and stop when it fails.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_SMOKE_H
#define REF_DIFFTEST_SMOKE_H

#include "difftest/Run.h"

namespace ref::difftest {

/// Runs the smoke programs for every configuration in `configs` that has
/// `check_device` and its device here (the others are skipped), in
/// `workDir`, printing one line per program to `os`. An error names every
/// program that failed.
llvm::Error runSmokeTests(llvm::ArrayRef<gpu::TargetConfig> configs,
                          const Settings &settings, llvm::StringRef workDir,
                          llvm::raw_ostream &os);

int smokeCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_SMOKE_H
