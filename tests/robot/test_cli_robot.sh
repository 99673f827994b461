#!/bin/sh
# The robot subcommands of the cube program: exit statuses, output, a run on the sim driver.
# Usage: test_cli_robot.sh PATH_TO_CUBE
cube="$1"
fails=0
expect() {  # expect STATUS DESCRIPTION -- command...
    want=$1; what=$2; shift 3
    out=$("$@" 2>&1); got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL $what: exit $got, expected $want"; echo "$out" | head -5; fails=$((fails + 1))
    else
        echo "ok   $what"
    fi
    last="$out"
}
contains() {  # contains TEXT DESCRIPTION
    case "$last" in *"$1"*) echo "ok   $2" ;; *) echo "FAIL $2: no \"$1\" in output"; fails=$((fails + 1)) ;; esac
}

for c in plan run drivers; do expect 0 "$c --help" -- "$cube" $c --help; done
expect 2 "plan without --robot" -- "$cube" plan --moves R
expect 2 "plan with an unknown option" -- "$cube" plan --robot four-arm --moves R --fast
expect 1 "plan with a bad robot" -- "$cube" plan --robot five-arm --moves R
contains "unknown family" "bad robot is named"
expect 1 "plan with bad moves" -- "$cube" plan --robot four-arm --moves "R Q"
expect 0 "plan moves as JSON" -- "$cube" plan --robot four-arm --moves "R U R' U'" --json
contains '"total_ms":2000.000' "four-arm R U R' U' takes 2 s"
expect 0 "compare strategies" -- "$cube" plan --robot two-gripper --moves "R U F" --compare
contains "optimal plan" "compare lists the optimal plan"
expect 0 "run on the sim" -- "$cube" run --driver "sim:speed=0" --robot turntable-flipper --moves "R U2 F' L"
contains "cube solved" "the sim reports a solved cube"
expect 1 "run with a driver that fails" -- "$cube" run --driver "sim:speed=0,fail_after=2" --moves "R U F D"
contains "stopped after 2 of" "the run says how far it got"
expect 1 "run on an unknown driver" -- "$cube" run --driver "nosuch:" --moves R
contains "available: sim" "the unknown driver is named with the available ones"
expect 0 "list drivers" -- "$cube" drivers --path /nonexistent
contains "(built-in)" "sim is listed as built in"
[ $fails -eq 0 ] && echo "all passed" || echo "$fails failed"
exit $fails
