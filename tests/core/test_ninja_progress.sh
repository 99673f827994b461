#!/bin/sh
# scripts/ninja-progress.sh, the quick start's "building (N/M)": off a terminal a line at every 10% and one
# saying how long it took (or that nothing was to do), on a terminal one line redrawn in place; ninja's whole
# output in BUILD_DIR/meson-logs/ninja-log.txt, whose path and last lines a failed build prints.
# Usage: test_ninja_progress.sh NINJA_PROGRESS_SH
progress=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A build of 20 steps, and a target that fails.
{
    printf 'rule touch\n  command = touch $out\n  description = TOUCH $out\n'
    printf 'rule fail\n  command = echo broken step >&2; false\n'
    i=1
    while [ $i -le 20 ]; do
        printf 'build f%d: touch\n' $i
        i=$((i + 1))
    done
    printf 'build bad: fail\n'
} >"$work/build.ninja"
steps=$(seq 1 20 | sed 's|^|f|')

# shellcheck disable=SC2086 # one argument per target
out=$($progress demo "$work" -j1 $steps)
check plain-status 0 $?
check plain-lines "demo: building (1/20)|demo: building (2/20)|demo: building (4/20)|demo: building (6/20)|demo: building (8/20)|demo: building (10/20)|demo: building (12/20)|demo: building (14/20)|demo: building (16/20)|demo: building (18/20)|demo: building (20/20)|" \
    "$(echo "$out" | grep building | tr '\n' '|')"
check plain-time 1 "$(echo "$out" | tail -1 | grep -c '^demo: built in [0-9]* s$')"
check log-keeps-all 20 "$(grep -c TOUCH "$work/meson-logs/ninja-log.txt")"
# shellcheck disable=SC2086
check up-to-date "demo: the build is up to date" "$($progress demo "$work" $steps)"
if script -qc true /dev/null >/dev/null 2>&1; then
    rm -f "$work"/f*
    out=$(script -qc "$progress demo $work -j1 $(echo $steps)" /dev/null | tr '\r' '|')
    check terminal-one-line 1 "$(echo "$out" | grep -c '^|demo: building (1/20)|demo: building (2/20)|.*|demo: building (20/20)|$')"
fi
err=$($progress demo "$work" bad 2>&1 >/dev/null)
check fail-status 1 $?
check fail-log-path 1 "$(echo "$err" | grep -c "^demo: the build failed (ninja exit status 1); the full log: $work/meson-logs/ninja-log.txt$")"
check fail-log-tail 1 "$(echo "$err" | grep -c '^broken step$')"

finish
