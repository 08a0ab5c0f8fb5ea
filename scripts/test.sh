#!/usr/bin/env bash
# The one test command: installs what is missing, builds, runs every test;
# then builds the asan preset into build-asan and runs the fast suites again
# under AddressSanitizer+UndefinedBehaviorSanitizer (see
# docs/hostile-input.md for what it covers; about 6 minutes on two cores in
# a clean clone). REF_ASAN=0 skips that part.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
(cd "${BUILD_DIR:-build}" && ctest --output-on-failure -j "${JOBS:-$(nproc)}")
if [ "${REF_ASAN:-1}" != 0 ]; then
  ./scripts/test-asan.sh
fi
