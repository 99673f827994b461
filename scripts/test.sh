#!/bin/sh
# The whole test suite: set up (saying each step: packages, configure, build), generate the 3x3 tables the
# tests share once, run every meson test (and beside them the thread test under ThreadSanitizer), check an
# installed copy links with pkg-config, run the suite under AddressSanitizer + UBSan, and a short libFuzzer run
# of every parser; in CI (or with $CUBE_TEST_CROSS) the suite for arm64 and s390x under qemu (scripts/test-cross.sh);
# the Windows build under Wine (scripts/test-windows.sh --quick).
# Ends with a line "N passed, M failed, K skipped".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CUBE_BUILD_DIR:-"$root/build"}

# Wall time of each stage, printed at the end: "NAME N s" per stage.
stage_times=
stage_start=$(date +%s)
stage_done() {
    now=$(date +%s)
    stage_times="$stage_times${stage_times:+, }$1 $((now - stage_start)) s"
    stage_start=$now
}
suite_start=$stage_start

"$root/scripts/setup.sh" || { echo "0 passed, 1 failed"; exit 1; }
stage_done setup

# The tests share one table file in build/test-tables (otherwise the first test that needs it builds it,
# silently); a failure here is left to the tests to report.
if ! "$build/tools/cube" tables verify --dir "$build/test-tables" >/dev/null 2>&1; then
    echo "test.sh: generating the 3x3 tables into ${build#"$root"/}/test-tables (about a minute, once)"
    "$build/tools/cube" tables generate --dir "$build/test-tables" >/dev/null
fi
stage_done tables

# The TSan stage (its build with one job, then its tests) runs beside the meson tests, many of which wait on
# clocks (time limits, timeouts, hung drivers) rather than compute; its output is printed when it is waited
# for, below. CUBE_TEST_SERIAL=1 runs it after the other stages instead, as before.
tsan_log=$(mktemp)
tsan_status_file=$(mktemp)
trap 'rm -f "$tsan_log" "$tsan_status_file"' EXIT
run_tsan() {
    CUBE_TSAN_BUILD_DIR="$build-tsan" "$root/scripts/tsan.sh" "$build/test-tables"
    echo $? >"$tsan_status_file"
}
tsan_pid=
if [ "${CUBE_TEST_SERIAL:-0}" != 1 ]; then
    echo "test.sh: the thread test under ThreadSanitizer (build-tsan), beside the meson tests"
    CUBE_TSAN_JOBS=1 run_tsan >"$tsan_log" 2>&1 &
    tsan_pid=$!
fi

# Two at a time, and those that wait on clocks beside them (scripts/run-tests.sh); tests named on the
# command line, two at a time.
echo "test.sh: running the meson tests, two at a time (and beside them those that wait on clocks)"
if [ $# -eq 0 ]; then
    "$root/scripts/run-tests.sh" "$build" 2 --print-errorlogs
else
    meson test -C "$build" --print-errorlogs --num-processes 2 "$@"
fi
meson_status=$?
stage_done "meson tests"

echo "test.sh: checking an installed copy (shared and static)"
"$root/scripts/check-install.sh" "$build"
install_status=$?
stage_done "install check"

# Windows (docs/windows.md): a MinGW-w64 build (build-windows, ccache) and a subset of the Wine tests, while the
# TSan stage may still run; skipped (77) with a message without MinGW or Wine. All of them: scripts/test-windows.sh.
echo "test.sh: Windows: the MinGW-w64 build and scripts/test-windows.sh --quick under Wine (build-windows)"
"$root/scripts/test-windows.sh" --quick
windows_status=$?
stage_done windows

# The TSan stage: waited for here (its time is what is left of it after the stages above), else run now.
if [ -n "$tsan_pid" ]; then
    echo "test.sh: waiting for the ThreadSanitizer stage (build-tsan); its output:"
    wait "$tsan_pid"
    cat "$tsan_log"
else
    echo "test.sh: the thread test under ThreadSanitizer (build-tsan)"
    run_tsan
fi
tsan_status=$(cat "$tsan_status_file")
tsan_status=${tsan_status:-1}
stage_done tsan

# Other architectures under qemu (scripts/test-cross.sh, docs/cross.md): arm64 and s390x when $CI is set, or
# those named in $CUBE_TEST_CROSS ("arm64 armhf i386 s390x"; "" for none); each counts as one test. The whole
# suite takes far longer under qemu than CI's time allows: the tests whose answers or layouts depend on the
# architecture run ($CUBE_CROSS_TESTS, "" for all), cross-answers on its first 200 states and 10 plans per
# family ($CUBE_CROSS_QUICK= for all 1000 and 50).
cross_arches=${CUBE_TEST_CROSS-${CI:+arm64 s390x}}
cross_tests=${CUBE_CROSS_TESTS-"cross-answers abi-layout-1.0 abi-layout-1.1 exported-symbols header-c99 header-cxx api
    facelets moves notation random solver2 method robot-api cli-method"}
cross_statuses=
for arch in $cross_arches; do
    echo "test.sh: the suite for $arch under qemu (build-$arch)"
    CUBE_CROSS_TESTS=$cross_tests CUBE_CROSS_BUILD_DIR="$build-$arch" CUBE_BUILD_DIR="$build" \
        CUBE_CROSS_QUICK=${CUBE_CROSS_QUICK-1} "$root/scripts/test-cross.sh" "$arch"
    cross_statuses="$cross_statuses $?"
    stage_done "cross $arch"
done


echo "test.sh: the test suite under AddressSanitizer and UBSan (build-asan)"
CUBE_ASAN_BUILD_DIR="$build-asan" "$root/scripts/sanitize.sh" "$build/test-tables"
asan_status=$?
stage_done asan

echo "test.sh: a 5 s libFuzzer run of every parser (build-asan)"
CUBE_FUZZ_BUILD_DIR="$build-asan" "$root/scripts/fuzz.sh" 5
fuzz_status=$?
stage_done fuzz

# Count from meson's log; the install check, the sanitizer and fuzz runs and each cross architecture count as
# one more test each. What failed is named on the line before the counts (CI may show only the end).
stage_names="install tsan asan fuzz windows"
for arch in $cross_arches; do
    stage_names="$stage_names cross-$arch"
done
# shellcheck disable=SC2086
summary=$(python3 - "$build/meson-logs/testlog.json" "$stage_names" "$install_status" "$tsan_status" "$asan_status" \
    "$fuzz_status" "$windows_status" $cross_statuses <<'PY'
import json, sys
passed = failed = skipped = 0
failures = []
for line in open(sys.argv[1]):
    test = json.loads(line)
    r = test.get("result")
    if r in ("OK", "EXPECTEDFAIL"): passed += 1
    elif r == "SKIP": skipped += 1
    else:
        failed += 1
        failures.append(f"{test.get('name')} ({r})")
for name, status in zip(sys.argv[2].split(), sys.argv[3:]):
    if status == "0": passed += 1
    elif status == "77": skipped += 1
    else:
        failed += 1
        failures.append(f"stage {name} (exit {status})")
print(passed, failed, skipped)
print(", ".join(failures) or "nothing")
PY
)
counts=$(echo "$summary" | sed -n 1p)
set -- $counts
echo "test.sh: stage times: $stage_times; in all $(($(date +%s) - suite_start)) s"
echo "test.sh: failed: $(echo "$summary" | sed -n 2p)"
echo "$1 passed, $2 failed, $3 skipped"
cross_failed=0
for status in $cross_statuses; do
    [ "$status" -eq 0 ] || cross_failed=1
done
[ "$meson_status" -eq 0 ] && [ "$install_status" -eq 0 ] && [ "$tsan_status" -eq 0 ] && [ "$asan_status" -eq 0 ] &&
    [ "$fuzz_status" -eq 0 ] && [ "$cross_failed" -eq 0 ] && { [ "$windows_status" -eq 0 ] || [ "$windows_status" -eq 77 ]; }
