#!/usr/bin/env bash
# The rediscovery benchmark: a fixed-seed campaign against an old IREE
# release from PyPI, then, per historic bug class of
# bench/rediscovery_classes.json, the minutes to its first hit, and the
# signatures that match no class (new bugs or noise: to be looked at) and
# those that are version noise (must be 0).
#
#   bench/rediscovery.sh RELEASE MINUTES [SEED]
#
# Environment: TARGETS (default llvm-cpu,hip:gfx942; GPU targets without a
# device here are compiled only), JOBS (default 1), FRONTEND (percent of
# cases that start with a frontend-shaped recipe, default 30), OUT (the campaign
# directory, default bench/out/rediscovery-RELEASE-sSEED), VENV_DIR (where
# releases live, default .venv-iree, as for `difftest triage --versions`,
# which reuses them), CLASSES (the class table), EXTRA (more `difftest fuzz`
# options, split on spaces: e.g. "--ops=iota_scatter,scatter
# --iree-src=/work/iree-src" to restrict the recipes to a class's and draw
# IREE's suites' flags). A release missing from
# VENV_DIR is installed there first (python3 -m venv + pip, the wheels
# iree-base-compiler and iree-base-runtime of that version, as triage does).
# The report goes to OUT/rediscovery.md and OUT/rediscovery.json.
set -euo pipefail
cd "$(dirname "$0")/.."
release=${1:?usage: bench/rediscovery.sh RELEASE MINUTES [SEED]}
minutes=${2:?usage: bench/rediscovery.sh RELEASE MINUTES [SEED]}
seed=${3:-1}
targets=${TARGETS:-llvm-cpu,hip:gfx942}
jobs=${JOBS:-1}
frontend=${FRONTEND:-30}
venv=${VENV_DIR:-.venv-iree}
out=${OUT:-bench/out/rediscovery-$release-s$seed}
classes=${CLASSES:-bench/rediscovery_classes.json}
dir="$venv/$release"
if [ ! -x "$dir/bin/iree-compile" ]; then
  echo "installing IREE $release into $dir..." >&2
  rm -rf "$dir"
  python3 -m venv "$dir"
  if ! "$dir/bin/pip" install --disable-pip-version-check --quiet \
      "iree-base-compiler==$release" "iree-base-runtime==$release"; then
    rm -rf "$dir"
    echo "error: could not install IREE $release from PyPI" >&2
    exit 4
  fi
fi
if [ -e "$out/campaign.db" ]; then
  echo "error: $out holds a campaign; remove it or set OUT" >&2
  exit 2
fi
mkdir -p "$out"
echo "campaign: IREE $release, $targets, seed $seed, $minutes min, jobs $jobs, frontend $frontend%${EXTRA:+, $EXTRA} -> $out" >&2
set +e
./build/bin/difftest fuzz --iree-dir="$dir" --target="$targets" \
  --time="${minutes}m" --seed="$seed" --jobs="$jobs" --out="$out" \
  --frontend="$frontend" ${EXTRA:-} \
  2> >(tee "$out/campaign.log" >&2)
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
  echo "error: the campaign exited $rc (see $out/campaign.log)" >&2
  exit "$rc"
fi
python3 bench/rediscovery_report.py "$out" "$classes" "$release"
