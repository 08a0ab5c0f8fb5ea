#!/usr/bin/env bash
# Runs IREE's vulkan e2e check suites (the vulkan-spirv lists of the
# tests/e2e/**/BUILD.bazel files of an IREE source checkout) on lavapipe,
# per test function, for the llvmpipe target and the suites' own target;
# prints passed/total per directory and the failures, each against
# tests/iree/vulkan_e2e_expectations.json.
#   scripts/iree-e2e-vulkan.sh IREE_SRC [--targets=llvmpipe,suite] [--dirs=a,b]
#       [--files=REGEX] [--jobs=N] [--verbose] [--json=FILE] [--work=DIR]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 IREE_SRC [--targets=llvmpipe,suite] [--dirs=a,b] [--json=FILE]" >&2; exit 2; }
exec python3 "$(dirname "$0")/iree_e2e_vulkan.py" "$@"
