#!/usr/bin/env bash
# The sanitizer suite, apart from scripts/test.sh (CI, .ci/run, runs both;
# about 20 minutes more on two cores from a clean clone, most of it the
# build). Builds the `asan` preset (REF_SANITIZE=ON, -O1) into build-asan and runs
# the fast suites under ASan+UBSan: unit tests (interp, scalar, support,
# oracle, process, generator), lit, e2e, and the python tests that drive
# difftest with fake tools (the campaign's environment, the pipeline's
# planted faults, triage, replay's planted faults). Not the long real-IREE
# suites (campaign, reduce, corpus replay, iree_difftest: they mostly run
# iree-compile, and take most of CI's time). Any sanitizer report fails the
# test that hit it (UBSan is fatal).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
ASAN_DIR=${ASAN_BUILD_DIR:-build-asan}
start=$(date +%s)
if [ ! -f "$ASAN_DIR/build.ninja" ]; then
  cmake --preset asan -B "$ASAN_DIR" >/dev/null
fi
TARGETS=(ref-run ref-opt difftest difftest-replay interp_tests
         scalar_tests support_tests oracle_tests process_tests fuzz_tests)
# The lit suite also runs ref-bench's quick mode.
[ -f bench/ref-bench.cpp ] && TARGETS+=(ref-bench)
cmake --build "$ASAN_DIR" -j "${JOBS:-$(nproc)}" --target "${TARGETS[@]}"
built=$(date +%s)
# Leaks are not failures (MLIR keeps process-lifetime allocations); memory
# errors and undefined behaviour are.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
(cd "$ASAN_DIR" && ctest --output-on-failure -j "${JOBS:-$(nproc)}" \
  -R '^(interp_tests|scalar_tests|support_tests|oracle_tests|process_tests|fuzz_tests|lit|e2e/.*|campaign_env|difftest_pipeline|difftest_triage|corpus_replay_catches)$')
end=$(date +%s)
echo "asan: build $((built - start)) s, tests $((end - built)) s"
