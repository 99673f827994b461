#!/bin/sh
# Builds the libFuzzer targets of tests/fuzz with clang (the library with ASan, UBSan and libFuzzer's
# coverage; configured by scripts/sanitizer-setup.sh) and runs each over its seed corpus, then fuzzes it for
# SECONDS, two targets at a time (meson test, suite 'fuzz'). Runs of up to 60 s use the sanitizer build that
# scripts/sanitize.sh shares (build-asan: edge counters only); longer runs use build-fuzz, whose library
# also traces comparisons (full coverage), which finds inputs past compared values sooner.
# Usage: scripts/fuzz.sh [SECONDS]   (default 10; the test command runs 5 as its smoke run; 600 for a long run)
# Needs clang and libclang-rt-14-dev (libFuzzer). Prints one line per target and then
# "fuzz: N targets clean"; exits non-zero on a crash, leak, sanitizer report or broken check.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-10}

case $seconds in
    '' | *[!0-9]*) echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
coverage=counters
default_build=$root/build-asan
if [ "$seconds" -gt 60 ]; then
    coverage=full
    default_build=$root/build-fuzz
fi
build=${CUBE_FUZZ_BUILD_DIR:-"$default_build"}
"$root/scripts/sanitizer-setup.sh" fuzz "$build" "$coverage"
# tests/fuzz defines its targets only where clang links libFuzzer.
if ! grep -q '^build fuzz-targets:' "$build/build.ninja"; then
    echo "fuzz: clang in $build cannot link libFuzzer (install libclang-rt-14-dev); see $build/meson-logs" >&2
    exit 1
fi
"$root/scripts/ninja-progress.sh" fuzz "$build" fuzz-targets

# Each test may take SECONDS plus time for the seeds and the build folder's kept corpus.
timeout_multiplier=$(( (seconds + 110) / 120 + 1 ))
rm -f "$build"/tests/fuzz/logs/*.summary
status=0
CUBE_FUZZ_SECONDS=$seconds meson test -C "$build" --no-rebuild --suite fuzz --num-processes 2 \
    --timeout-multiplier "$timeout_multiplier" --print-errorlogs || status=$?

cat "$build"/tests/fuzz/logs/*.summary 2>/dev/null || true
targets=$(meson test -C "$build" --no-rebuild --suite fuzz --list 2>/dev/null | grep -c 'fuzz-' || true)
if [ "$status" -ne 0 ]; then
    echo "fuzz: FAILED (crashing inputs in $build/tests/fuzz/artifacts, logs in $build/tests/fuzz/logs)"
    exit 1
fi
echo "fuzz: $targets targets clean"
