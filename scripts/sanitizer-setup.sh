#!/bin/sh
# Configures the one sanitizer build that scripts/sanitize.sh (the test suite) and scripts/fuzz.sh (the
# libFuzzer smoke run) share, so the tree is compiled once for both: clang (through ccache when it is
# installed) with AddressSanitizer and UBSan, -O2 with line tables only (reports still name file and line),
# assertions on; a unity build unless CUBE_UNITY=off (scripts/unity-options.sh). Left out, as they
# test nothing the sanitizers see: the Java, C# and Python bindings, the benchmarks, the manual pages and the
# API reference.
# Coverage for libFuzzer: by default the edge counters only (-fsanitize-coverage=inline-8bit-counters,
# pc-table), which slow the suite's searches by about a quarter; `full` adds what -fsanitize=fuzzer-no-link
# adds (comparison tracing: three times slower searches, too slow for the suite's time limits), for long
# fuzzing runs in a folder of their own.
# Usage: scripts/sanitizer-setup.sh NAME BUILD_DIR [counters|full]   (NAME starts the messages; configures
# BUILD_DIR once, again when it was configured otherwise). Needs clang and libclang-rt-14-dev.
set -eu
name=$1
build=$2
coverage=${3:-counters}
root=$(cd "$(dirname "$0")/.." && pwd)

if ! command -v clang >/dev/null || ! command -v clang++ >/dev/null; then
    echo "$name: clang not found; install clang and libclang-rt-14-dev" >&2
    exit 1
fi
case $coverage in
    full) flags="-gline-tables-only -fsanitize=fuzzer-no-link" ;;
    counters) flags="-gline-tables-only -fsanitize-coverage=inline-8bit-counters,pc-table" ;;
    *) echo "$name: coverage must be counters or full, not '$coverage'" >&2; exit 2 ;;
esac
# A folder configured otherwise (by an older script, or with the other coverage) is made again: meson cannot
# change its compiler in place.
unity=$("$root/scripts/unity-options.sh")
configured=$flags
[ "$unity" = "--unity off" ] && configured="$flags $unity"
stamp="$build/sanitizer-setup.stamp"
[ -f "$build/build.ninja" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$configured" ] && exit 0
if [ -d "$build" ]; then
    echo "$name: $(basename "$build")/ was configured otherwise; making it again"
    rm -rf "$build"
fi
cc=clang
cxx=clang++
if command -v ccache >/dev/null; then
    cc="ccache clang"
    cxx="ccache clang++"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "$name: configuring $(basename "$build")/ (clang, ASan + UBSan, $coverage coverage for libFuzzer, -O2, $unity)"
# shellcheck disable=SC2086 # $unity: one or three meson options
CC=$cc CXX=$cxx meson setup "$build" "$root" -Doptimization=2 -Ddebug=false \
    -Db_sanitize=address,undefined -Db_lundef=false -Db_ndebug=false $unity \
    -Ddefault_library=shared -Dc_args="$flags" -Dcpp_args="$flags" \
    -Dbenchmarks=disabled -Djava=disabled -Dcsharp=disabled -Dpython=disabled -Dman=disabled -Ddocs=disabled \
    >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
echo "$configured" >"$stamp"
