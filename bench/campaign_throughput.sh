#!/usr/bin/env bash
# Campaign throughput on llvm-cpu: the same cases (seed, count) with many
# functions per module (--batch=16) and one module per case (--batch=1), side
# by side, with the ratio. IREE's compiler dominates a case's cost; batching
# compiles once per 16 cases. Usage: bench/campaign_throughput.sh [CASES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-64}
seed=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
  local batch=$1 start end
  start=$(date +%s.%N)
  ./build/bin/difftest fuzz --target=llvm-cpu --cases="$cases" --seed="$seed" \
    --batch="$batch" --jobs=1 --compile-timeout=60 --out="$work/b$batch" \
    2>/dev/null >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
t16=$(run 16)
t1=$(run 1)
printf '%-22s %10s %12s\n' configuration seconds cases/min
printf '%-22s %10.1f %12.1f\n' "batched (16/module)" "$t16" "$(echo "$cases*60/$t16" | bc -l)"
printf '%-22s %10.1f %12.1f\n' "one case per module" "$t1" "$(echo "$cases*60/$t1" | bc -l)"
printf 'batching speed-up: %.2fx\n' "$(echo "$t1/$t16" | bc -l)"
# Both runs must have judged the same cases the same way.
for b in 16 1; do
  sqlite3 "$work/b$b/campaign.db" \
    "SELECT verdict, count(*) FROM cases GROUP BY verdict ORDER BY verdict" |
    tr '\n' ' ' | sed "s/^/batch=$b: /"
  echo
done
