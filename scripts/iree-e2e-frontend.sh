#!/usr/bin/env bash
# Runs IREE's StableHLO and TOSA e2e suites (tests/e2e/stablehlo_ops,
# tosa_ops, stablehlo_models, regression/stablehlo and the two frontend
# files of regression/) from an IREE source checkout
# through IREE's input lowering (.venv's iree-compile --compile-to=input)
# and `ref-run --check`; prints passed/total per directory, IREE's lowering
# failures counted apart.
#   scripts/iree-e2e-frontend.sh IREE_SRC [--files] [--verbose] [--dirs=a,b]
#                                [--filter=REGEX] [--keep=DIR] [--json=FILE]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 IREE_SRC [--files] [--verbose] [--dirs=a,b] [--keep=DIR]" >&2; exit 2; }
exec python3 "$(dirname "$0")/iree_e2e_frontend.py" "$@"
