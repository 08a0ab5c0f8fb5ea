#!/usr/bin/env bash
# The audit of issue 24's rdna3 campaign on lavapipe: `difftest fuzz
# --target=vulkan:rdna3 --seed=5 --jobs=1` reported mismatches at cases
# 57, 58, 81, 98, 103, 115, 125, 150, 158, 183, 195, 211 (and
# vulkan:llvmpipe at 246 and 300) before a raw rdna3 target was refused on
# lavapipe. This reruns exactly the batches that hold them (batch b holds
# cases 16b..16b+15; `--shard=b/N --cases=16` runs batch b alone with its
# own opt level and flags) on four targets side by side:
#   vulkan:rdna3          raw, judged anyway (--judge-subgroup-mismatch:
#                         audits only; IREE assumes subgroup 32/64, the
#                         device has 8)
#   vulkan:rdna3-lavapipe rdna3's heuristics with the device's own limits
#   vulkan:llvmpipe       the default vulkan target
#   llvm-cpu              an independent code generator
# with --executor-limits=allow (no redraws, so case N is the campaign's
# case N). Then bench/rdna3_seed5_audit.py tabulates each case of interest
# and the SPIR-V pipelines and subgroup sizes the raw target chose.
#
#   bench/rdna3_seed5_audit.sh [OUT]     (default bench/out/rdna3-seed5)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench/out/rdna3-seed5}
mkdir -p "$out"
targets=vulkan:rdna3,vulkan:rdna3-lavapipe,vulkan:llvmpipe,llvm-cpu
for b in 3 5 6 7 9 11 12 13 15 18; do
  dir="$out/b$b"
  if [ -f "$dir/campaign.db" ]; then
    resume=--resume
  else
    resume=
  fi
  build/bin/difftest fuzz --out="$dir" --target="$targets" --seed=5 \
    --jobs=1 --shard="$b/19" --cases=16 --executor-limits=allow \
    --judge-subgroup-mismatch $resume >"$dir.log" 2>&1 || true
  tail -1 "$dir.log"
done
/usr/bin/python3 bench/rdna3_seed5_audit.py "$out"
