#!/usr/bin/env bash
# Installs what the project needs from Debian's packages (only what is
# missing), so a fresh machine needs nothing done by hand.
set -euo pipefail

PKGS=(
  cmake ninja-build g++ python3 python3-numpy
  llvm-22-dev libmlir-22-dev mlir-22-tools libzstd-dev
  libeigen3-dev librapidcheck-dev googletest libgtest-dev libbenchmark-dev
  sqlite3 libsqlite3-dev
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
