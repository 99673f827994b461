#!/bin/sh
# Builds libcube, its tools and tests with AddressSanitizer and UndefinedBehaviorSanitizer in their own build
# folder build-asan (configured by scripts/sanitizer-setup.sh, shared with scripts/fuzz.sh) and runs the meson
# test suite there, on the 3x3 tables of the main build.
# Usage: scripts/sanitize.sh [TABLE_DIR]
#   TABLE_DIR: a folder holding the 3x3 table file (default $CUBE_TABLE_DIR, else build/test-tables). It is
#   linked into build-asan/test-tables, so no test generates the 320 MB of tables under ASan.
# Left out, each for a reason (the main build runs them all):
#   suite build                  source checks (export macro, include boundaries, feature options): no library
#                                code runs, and feature-options configures three more meson builds
#   suite fuzz                   the libFuzzer targets: scripts/fuzz.sh runs them from this build
#   abi-gate-1.0, abi-gate-1.1   abidiff reads the library's types from full debug information, which this
#                                build leaves out (line tables only)
#   twophase_table_file          rebuilds a damaged 320 MB table file: minutes under ASan
#   cross-answers                digests of 1000 answers and 250 plans, to compare architectures (50 s under
#                                ASan): solver3, compact3, method and the robot tests solve the same way here
#   solve2_all_positions         solves all 3,674,160 2x2 positions twice: about a minute under ASan (suite slow)
#   solve-default-limit          waits out the 10 s default time limit on three solves (a constant, the same
#                                under ASan); robot-solve runs the same code
#   resume-kill                  40 SIGKILLs of resumed batches at random moments (45 s under ASan, 10 s
#                                natively): it proves that no answer is lost or written twice, which depends
#                                on the order of writes, not on memory; a killed process reports no leaks, and
#                                batch-parts runs the same --resume, --lines and --shard code here
#   serve-page                   the page in headless chromium: tests the page's script, not more server code
#                                than serve-api, which runs here
#   slurm-array, haproxy-rolling the batch and the server with Slurm's and haproxy's daemons: they test the
#                                orchestration; the same CLI and server code runs here in batch-parts,
#                                resume-kill, serve-api and serve-limits
#   man, man-escape, header-docs the manual pages and the API reference (options man and docs off): they run
#                                no library code but `cube --help`, and doxygen
# Checks that repeat one solve hundreds of times (compact3's random states) run a tenth of their repetitions
# here (CUBE_TEST_REPEAT_DIVISOR=10), and cli-mixed-batch runs its --json and --max-length batches at two
# thread counts, not four: the same code paths, without solving thousands of cubes under ASan.
# Every sanitizer report, also from a process whose exit status a test script ignores, is written to
# build-asan/sanitizer-reports and fails the run.
# Prints "sanitize: N tests clean", or the failures and reports; exits non-zero on any.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUBE_ASAN_BUILD_DIR:-"$root/build-asan"}
tables=${1:-${CUBE_TABLE_DIR:-"$root/build/test-tables"}}

[ -d "$tables" ] || { echo "sanitize: no folder $tables" >&2; exit 1; }
tables=$(cd "$tables" && pwd)

"$root/scripts/sanitizer-setup.sh" sanitize "$build"

# Every test but those left out above, by name.
tests=$(meson introspect "$build" --tests | python3 -c '
import json, sys
left_out_suites = {"build", "slow", "fuzz"}
left_out_names = {"twophase_table_file", "cross-answers", "solve-default-limit", "serve-page",
                  "abi-gate-1.0", "abi-gate-1.1", "slurm-array", "haproxy-rolling", "resume-kill"}
for t in json.load(sys.stdin):
    suites = {s.split(":")[-1] for s in t["suite"]}
    if t["name"] not in left_out_names and not suites & left_out_suites:
        print(t["name"])
')

# Only what those tests run (the programs of the tests left out, the bindings' facade and plan_tool are not
# built; scripts/fuzz.sh builds its targets itself).
targets=$(for name in $tests; do printf -- '--name %s\n' "$name"; done | xargs "$root/scripts/test-targets.py" "$build")
# shellcheck disable=SC2086 # one argument per target
"$root/scripts/ninja-progress.sh" sanitize "$build" $targets

# The table file this libcube reads (named by its content version), linked in from TABLE_DIR.
table_file=$("$build/tools/cube" tables path --dir "$build/test-tables")
table_name=$(basename "$table_file")
if [ ! -f "$tables/$table_name" ]; then
    echo "sanitize: no table file $tables/$table_name; generate it with 'cube tables generate --dir $tables'" >&2
    exit 1
fi
mkdir -p "$build/test-tables"
if [ ! -f "$table_file" ] || [ -L "$table_file" ]; then
    ln -sfn "$tables/$table_name" "$table_file"
fi


reports=$build/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
status=0
# shellcheck disable=SC2086 # one argument per test name
ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:log_path=$reports/asan" \
UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan" CUBE_TEST_REPEAT_DIVISOR=10 \
    "$root/scripts/run-tests.sh" "$build" 2 --no-rebuild --print-errorlogs --timeout-multiplier 3 -- $tests \
    || status=$?

count=$(echo "$tests" | wc -l)
failed=$(python3 - "$build/meson-logs/testlog.json" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP"):
        print(r["name"], r.get("result"))
PY
)
found_reports=$(find "$reports" -type f | sort)
if [ "$status" -eq 0 ] && [ -z "$failed" ] && [ -z "$found_reports" ]; then
    echo "sanitize: $count tests clean"
    exit 0
fi
[ -n "$failed" ] && printf 'sanitize: failed: %s\n' "$failed"
for report in $found_reports; do
    echo "sanitize: sanitizer report $report:"
    cat "$report"
done
echo "sanitize: FAILED"
exit 1
