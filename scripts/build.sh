#!/usr/bin/env bash
# Configures and builds into build/ (binaries in build/bin/), every core,
# through ccache when it is installed (scripts/setup.sh installs it): a
# rebuild after a pull or a branch switch recompiles only what changed.
# The sloppiness below lets ccache cache precompiled headers, should the
# build use them (its manual, "Precompiled headers").
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  launcher=()
  if [ "${REF_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
    l="$(command -v env);CCACHE_SLOPPINESS=pch_defines,time_macros;$(command -v ccache)"
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER="$l" -DCMAKE_CXX_COMPILER_LAUNCHER="$l")
  fi
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} \
    "${launcher[@]}" ${CMAKE_ARGS:-}
fi
cmake --build "$BUILD_DIR" -j "${JOBS:-$(nproc)}"
