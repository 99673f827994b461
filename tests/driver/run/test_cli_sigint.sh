#!/bin/sh
# Ctrl-C (SIGINT) and SIGTERM to `cube run` on a slow run of the log driver: the run stops the robot, the
# driver is closed, and cube exits 130 / 143. The log driver's file shows the stop, then the close, and
# no execute after the stop.
# Usage: test_cli_sigint.sh PATH_TO_CUBE LOG_DRIVER_FOLDER
cube="$1"
export CUBE_DRIVER_PATH="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# Waits up to 10 s for a line starting with WORD in FILE.
wait_for_line() {
    tries=0
    while ! grep -q "^$2" "$1" 2>/dev/null; do
        tries=$((tries + 1))
        [ $tries -gt 100 ] && return 1
        sleep 0.1
    done
}

interrupt() {  # interrupt SIGNAL STATUS
    log="$tmp/$1.log"
    err="$tmp/$1.err"
    "$cube" run --driver "log:file=$log,speed=0.05" --robot six-motor --moves "R U F D L B R U F D" \
        2>"$err" >/dev/null &
    pid=$!
    if ! wait_for_line "$log" execute; then
        echo "FAIL SIG$1: the run never started"; cat "$err"; kill "$pid"; fails=$((fails + 1)); return
    fi
    kill -"$1" "$pid"
    wait "$pid"
    got=$?
    # The calls from the first stop on: stops, then the close, and nothing else.
    after_stop=$(sed -n '/^stop/,$p' "$log" | cut -d' ' -f1 | tr '\n' ' ')
    case "$got:$after_stop" in
        "$2:stop "*"close ")
            case "$after_stop" in
                *execute*) echo "FAIL SIG$1: execute after stop: $after_stop"; fails=$((fails + 1)) ;;
                *) echo "ok   SIG$1 during a run: stop, close, exit $2" ;;
            esac ;;
        *)
            echo "FAIL SIG$1: exit $got (expected $2), calls after the stop: \"$after_stop\""
            cat "$log" "$err"
            fails=$((fails + 1)) ;;
    esac
    grep -q "stopped after" "$err" || { echo "FAIL SIG$1: no report of how far the run got"; fails=$((fails + 1)); }
}

interrupt INT 130
interrupt TERM 143

[ $fails -eq 0 ] && echo "all passed" || echo "$fails failed"
exit $fails
