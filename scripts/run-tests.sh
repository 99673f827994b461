#!/bin/sh
# Runs meson tests PROCESSES at a time, and beside them, in a second meson run of twice as many processes,
# the tests that spend their time waiting on clocks rather than computing (listed below): on two cores
# they overlap the computing tests instead of holding one of the PROCESSES slots for seconds of sleep.
# Both runs' results end up in BUILD_DIR/meson-logs/testlog.json (the waiting ones' also in waits.json);
# the waiting tests' output is printed after the others'.
# Usage: scripts/run-tests.sh BUILD_DIR PROCESSES [MESON TEST OPTIONS...] [-- TEST NAMES...]
#   No names: every test of the build. The options (e.g. --timeout-multiplier 3) go to both runs; the
#   waiting tests run with --no-rebuild (the other run builds first unless told --no-rebuild).
#   CUBE_TEST_SERIAL=1: one meson run of them all, PROCESSES at a time.
# The waiting tests (native / under ASan, unloaded): the stop, hang and fault tests of the drivers (sim-stops,
# tic-stops, maestro-stops 13-16 s each, driver-run 12-17 s, driver-run-hang, driver-run-concurrent,
# maestro-concurrent, tic-faults, tic-concurrent 3-7 s: timers of the executor and the emulated devices),
# serve-limits (35-37 s: 300 slow clients for 25 s, request and idle time limits), solve-default-limit (10 s:
# three solves wait out the default time limit), cli-table-folders and cli-table-byte-order (6-8 s: waits on
# table locks and `timeout 5`). Each takes about as long under ASan as natively.
# Exits non-zero if either run fails.
set -u
build=$1
processes=$2
shift 2
waits_list="sim-stops tic-stops maestro-stops driver-run driver-run-hang driver-run-concurrent maestro-concurrent
    tic-faults tic-concurrent serve-limits solve-default-limit cli-table-folders cli-table-byte-order"

options=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    options="$options $1"
    shift
done
[ $# -gt 0 ] && shift
# shellcheck disable=SC2086 # one argument per option
if [ "${CUBE_TEST_SERIAL:-0}" = 1 ]; then
    exec meson test -C "$build" --num-processes "$processes" $options "$@"
fi

# The chosen tests (or all) split into the waiting ones and the others, by name.
split=$(meson introspect "$build" --tests | python3 -c '
import json, sys
waits = set(sys.argv[1].split())
chosen = set(sys.argv[2:])
names = [t["name"] for t in json.load(sys.stdin) if not chosen or t["name"] in chosen]
print(" ".join(n for n in names if n in waits))
print(" ".join(n for n in names if n not in waits))
' "$waits_list" "$@") || exit 1
waiting=$(echo "$split" | sed -n 1p)
computing=$(echo "$split" | sed -n 2p)

logs=$build/meson-logs
rm -f "$logs/waits.json"
waits_out=$(mktemp)
waits_status=$(mktemp)
trap 'rm -f "$waits_out" "$waits_status"' EXIT
status=0
# The build first (unless --no-rebuild), so that the waiting run finds its programs.
case " $options " in
    *" --no-rebuild "*) ;;
    *) ninja -C "$build" || exit 1 ;;
esac
if [ -n "$waiting" ]; then
    # shellcheck disable=SC2086
    { meson test -C "$build" --no-rebuild --logbase waits --num-processes $((processes * 2)) $options $waiting \
        >"$waits_out" 2>&1; echo $? >"$waits_status"; } &
fi
if [ -n "$computing" ]; then
    # shellcheck disable=SC2086
    meson test -C "$build" --num-processes "$processes" $options $computing || status=$?
else
    : >"$logs/testlog.json"
fi
wait
if [ -n "$waiting" ]; then
    echo "run-tests: the tests that wait on clocks, run beside the others:"
    cat "$waits_out"
    [ "$(cat "$waits_status")" = 0 ] || status=1
    cat "$logs/waits.json" >>"$logs/testlog.json"
fi
exit "$status"
