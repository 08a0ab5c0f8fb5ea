#!/usr/bin/env bash
# Installs what the project needs from Debian's packages (only what is
# missing), so a fresh machine needs nothing done by hand.
set -euo pipefail

PKGS=(
  cmake ninja-build g++ ccache python3 python3-numpy
  llvm-22-dev libmlir-22-dev mlir-22-tools libzstd-dev
  libeigen3-dev librapidcheck-dev googletest libgtest-dev libbenchmark-dev
  sqlite3 libsqlite3-dev chromium
  mesa-vulkan-drivers spirv-tools vulkan-tools  # vulkan runs on lavapipe (docs/gpu.md)
  clang-22 libclang-rt-22-dev  # libFuzzer targets (scripts/fuzz.sh)
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The IREE under test: the wheels pinned in gpu/requirements-iree.txt, in a
# project-local virtualenv. Reinstalled only when the pins change.
cd "$(dirname "$0")/.."
REQ=gpu/requirements-iree.txt
STAMP=.venv/.iree-requirements
if [ "${DIFFTEST_SKIP_IREE:-0}" != 1 ] && ! cmp -s "$REQ" "$STAMP" 2>/dev/null; then
  echo "setup: installing IREE into .venv ($(grep -v '^#' "$REQ" | xargs))"
  PY=$(command -v python3)
  if ! "$PY" -m venv --help >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
  fi
  [ -x .venv/bin/pip ] || "$PY" -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r "$REQ"
  cp "$REQ" "$STAMP"
fi
