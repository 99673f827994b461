#!/bin/sh
# Runs ninja with one progress line instead of a line per step: "NAME: building (N/M)" from ninja's [N/M]
# lines, redrawn in place on a terminal, else a line at every 10%. ninja's whole output goes to
# BUILD_DIR/meson-logs/ninja-log.txt; when the build fails, its path and last 40 lines are printed.
# Usage: scripts/ninja-progress.sh NAME BUILD_DIR [NINJA ARGUMENTS...]   Exits with ninja's status.
set -u
name=$1
build=$2
shift 2
mkdir -p "$build/meson-logs"
log=$build/meson-logs/ninja-log.txt
status_file=$(mktemp)
trap 'rm -f "$status_file"' EXIT
tty=0
[ -t 1 ] && tty=1
start=$(date +%s)
{
    ninja -C "$build" "$@"
    echo $? >"$status_file"
} 2>&1 | tee "$log" | {
    step=-1
    drawn=0
    while IFS= read -r line; do
        case $line in
        \[[0-9]*/[0-9]*\]*)
            counts=${line#\[}
            counts=${counts%%\]*}
            done_steps=${counts%/*}
            total=${counts#*/}
            if [ $tty = 1 ]; then
                printf '\r%s: building (%s/%s)' "$name" "$done_steps" "$total"
                drawn=1
            elif [ $((done_steps * 10 / total)) -gt $step ]; then
                step=$((done_steps * 10 / total))
                printf '%s: building (%s/%s)\n' "$name" "$done_steps" "$total"
            fi
            ;;
        esac
    done
    [ $drawn = 1 ] && printf '\n'
    true
}
status=$(cat "$status_file")
if [ "$status" -ne 0 ]; then
    echo "$name: the build failed (ninja exit status $status); the full log: $log" >&2
    tail -n 40 "$log" >&2
    exit "$status"
fi
if grep -q '^ninja: no work to do' "$log"; then
    echo "$name: the build is up to date"
else
    echo "$name: built in $(($(date +%s) - start)) s"
fi
