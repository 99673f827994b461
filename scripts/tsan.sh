#!/bin/sh
# Runs under ThreadSanitizer, in its own build folder build-tsan: tests/core/test_threads.c (eight threads
# sharing one solver, one state and one solution handle) and the driver tests (suite driver: steps on the
# executor's worker thread, stops and cancels from other threads, hung drivers abandoned).
# Only what those tests run, -O2 with line tables only (-g1: reports name file and line); a unity build unless
# CUBE_UNITY=off (scripts/unity-options.sh).
# Usage: scripts/tsan.sh [TABLE_DIR]
#   TABLE_DIR: a folder holding the 3x3 table file (default $CUBE_TABLE_DIR, else build/test-tables). Under
#   TSan, generating the tables would take far too long, so they must exist.
# Set CC=clang CXX=clang++ for clang's TSan (takes effect when build-tsan is first configured), and
# CUBE_TSAN_JOBS=N to build with N jobs (scripts/test.sh builds with one, beside the meson tests).
# Exits non-zero if the build or the test fails or TSan reports anything (halt_on_error=1).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUBE_TSAN_BUILD_DIR:-"$root/build-tsan"}
tables=${1:-${CUBE_TABLE_DIR:-"$root/build/test-tables"}}

[ -d "$tables" ] || { echo "tsan: no folder $tables" >&2; exit 1; }
tables=$(cd "$tables" && pwd)

reconfigure=
[ -f "$build/build.ninja" ] && reconfigure=--reconfigure
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# shellcheck disable=SC2046 # the unity options: one or three
meson setup $reconfigure "$build" "$root" -Doptimization=2 -Ddebug=false -Dc_args=-g1 -Dcpp_args=-g1 -Db_sanitize=thread -Db_lundef=false $("$root/scripts/unity-options.sh") -Ddefault_library=shared \
    -Dbenchmarks=disabled -Dexamples=disabled -Djava=disabled -Dcsharp=disabled -Dpython=disabled >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# Only what the tests below run (a third of the build is left out).
# shellcheck disable=SC2046 # one argument per target
"$root/scripts/ninja-progress.sh" tsan "$build" ${CUBE_TSAN_JOBS:+-j "$CUBE_TSAN_JOBS"} $("$root/scripts/test-targets.py" "$build" --name threads --suite driver)

# The table file this libcube reads (named by its content version) must be there already.
table_file=$("$build/tools/cube" tables path --dir "$tables")
if [ ! -f "$table_file" ]; then
    echo "tsan: no table file $table_file; generate it with 'cube tables generate --dir $tables'" >&2
    exit 1
fi

echo "tsan: running test_threads with CUBE_TABLE_DIR=$tables"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" CUBE_TABLE_DIR="$tables" \
    CMOCKA_MESSAGE_OUTPUT=stdout "$build/tests/test_threads"
echo "tsan: running the driver tests (suite driver)"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/scripts/tsan.supp ${TSAN_OPTIONS:-}" \
    meson test -C "$build" --no-rebuild --suite driver --num-processes 2 --timeout-multiplier 3 --print-errorlogs >"$log" 2>&1 ||
    { cat "$log" >&2; echo "tsan: the driver tests failed or TSan reported (log above)" >&2; exit 1; }
grep -E '^(Ok|Fail):' "$log"
echo "tsan: clean"
