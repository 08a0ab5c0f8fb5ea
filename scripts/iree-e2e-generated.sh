#!/usr/bin/env bash
# Runs IREE's generated e2e suites (tests/e2e/matmul, convolution, attention)
# from an IREE source checkout under ref-run (--module=module --module=calls
# --check, IREE's test-module functions implemented natively); prints
# passed/total per generator configuration and a total.
#   scripts/iree-e2e-generated.sh IREE_SRC [--verbose] [--suites=a,b]
#       [--filter=REGEX] [--timeout=S] [--jobs=N] [--list] [--json=FILE]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 IREE_SRC [--verbose] [--filter=REGEX]" >&2; exit 2; }
exec python3 "$(dirname "$0")/iree_e2e_generated.py" "$@"
