#!/usr/bin/env bash
# Runs IREE's tests/e2e directories (linalg_ext_ops linalg tensor_ops math
# subbyte_types regression) from an IREE source checkout under
# `ref-run --check`; prints passed/total per directory.
#   scripts/iree-e2e.sh IREE_SRC [--verbose] [--dirs=a,b] [--json=FILE]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 IREE_SRC [--verbose] [--dirs=a,b]" >&2; exit 2; }
exec python3 "$(dirname "$0")/iree_e2e.py" "$@"
