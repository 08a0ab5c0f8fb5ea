#!/usr/bin/env bash
# Builds the libFuzzer targets (ASan+UBSan, clang-22) and runs them.
#
#   scripts/fuzz.sh [npy|mlir|irpa|both] [SECONDS]  (default: both, 1800 s)
#
# Targets (tests/fuzz/libfuzzer/): ref-fuzz-npy (parseNpy), ref-fuzz-mlir
# (parse -> verify -> interpret, as ref-run) and ref-fuzz-irpa (the
# parameter file readers: .irpa, safetensors, GGUF; and the ONNX
# external-data scan). Seeds come from corpus/ and
# tests/; the growing corpora, crash files and logs go to $FUZZ_DIR
# (default build-libfuzzer/fuzz). A crash leaves crash-* / timeout-* / oom-*
# in $FUZZ_DIR/<target>/; rerun one with
#   build-libfuzzer/bin/ref-fuzz-<target> FILE
# then fix it and add the input as a regression test (tests/lit/hostile/ or
# tests/unit/NpyTest.cpp). Longer runs: scripts/fuzz.sh both 86400.
# JOBS=N runs N fuzzing processes per target (libFuzzer -jobs/-workers).
# KEEP_GOING=1 uses fork mode and goes on past crashes, timeouts and OOMs
# (each saved under crashes/): how the 30-minute runs of docs/hostile-input.md
# were made.
set -euo pipefail
cd "$(dirname "$0")/.."
WHICH=${1:-both}
SECS=${2:-1800}
BUILD=${FUZZ_BUILD_DIR:-build-libfuzzer}
FUZZ_DIR=${FUZZ_DIR:-$BUILD/fuzz}
JOBS=${JOBS:-1}

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake --preset libfuzzer -B "$BUILD" # clang-22, REF_LIBFUZZER=ON
fi
nice ninja -C "$BUILD" ref-fuzz-npy ref-fuzz-mlir ref-fuzz-irpa

seed() { # target: every seed file under its path-derived name
  local s="$FUZZ_DIR/$1/seeds"
  mkdir -p "$s" "$FUZZ_DIR/$1/corpus"
  local dirs=(corpus tests) globs=(-name '*.npy')
  [ "$1" = mlir ] && globs=(-name '*.mlir')
  [ "$1" = irpa ] && globs=(-name '*.irpa' -o -name '*.safetensors' -o
                            -name '*.gguf')
  find "${dirs[@]}" -type f \( "${globs[@]}" \) | while read -r f; do
    cp "$f" "$s/$(echo "$f" | tr / _)"
  done
}

run() { # target
  seed "$1"
  local max_len=4096 par=()
  [ "$1" = mlir ] && max_len=16384
  [ "$JOBS" -gt 1 ] && par=(-jobs="$JOBS" -workers="$JOBS")
  if [ "${KEEP_GOING:-0}" = 1 ]; then
    mkdir -p "$FUZZ_DIR/$1/crashes"
    par=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
         -artifact_prefix=crashes/)
  fi
  local bin="$PWD/$BUILD/bin/ref-fuzz-$1"
  (cd "$FUZZ_DIR/$1" &&
    nice "$bin" corpus seeds -max_total_time="$SECS" -rss_limit_mb=4096 \
      -timeout=10 -max_len=$max_len -print_final_stats=1 "${par[@]}" \
      > log.txt 2>&1) &
}

case "$WHICH" in
  npy|mlir|irpa) run "$WHICH" ;;
  both) run npy; run mlir ;;
  *) echo "usage: $0 [npy|mlir|irpa|both] [SECONDS]" >&2; exit 2 ;;
esac
wait
for t in npy mlir irpa; do
  [ -f "$FUZZ_DIR/$t/log.txt" ] || continue
  echo "== $t: $(grep -hE 'stat::number_of_executed_units|^#[0-9]+: cov' \
    "$FUZZ_DIR/$t"/log.txt "$FUZZ_DIR/$t"/fuzz-*.log 2>/dev/null | tail -1)"
  ls "$FUZZ_DIR/$t" "$FUZZ_DIR/$t/crashes" 2>/dev/null |
    grep -E '^(crash|timeout|oom|leak)-' || echo "   no crash files"
done
