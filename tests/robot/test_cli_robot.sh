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
full() {  # full DESCRIPTION -- command...: with stdout on a full device it exits 1 and says why
    what=$1; shift 2
    err=$("$@" 2>&1 >/dev/full); got=$?
    case "$got:$err" in
        "1:"*"No space left on device"*) echo "ok   $what" ;;
        *) echo "FAIL $what: exit $got, stderr \"$err\""; fails=$((fails + 1)) ;;
    esac
}
contains() {  # contains TEXT DESCRIPTION
    case "$last" in *"$1"*) echo "ok   $2" ;; *) echo "FAIL $2: no \"$1\" in output"; fails=$((fails + 1)) ;; esac
}

for c in plan run drivers; do expect 0 "$c --help" -- "$cube" $c --help; done
expect 2 "plan without --robot" -- "$cube" plan --moves R
expect 2 "plan with an unknown option" -- "$cube" plan --robot four-arm --moves R --fast
expect 2 "plan with a bad robot (a usage error)" -- "$cube" plan --robot five-arm --moves R
contains "unknown family \"five-arm\": the families are six-motor, four-arm, two-gripper, turntable-flipper, hold-and-flip and described (a mechanism of your own: actuator lines)" "bad robot is named with the families"
expect 1 "plan with a robot file that does not exist" -- "$cube" plan --robot @/nonexistent/robot --moves R
expect 1 "plan with bad moves" -- "$cube" plan --robot four-arm --moves "R Q"
expect 0 "plan moves as JSON" -- "$cube" plan --robot four-arm --moves "R U R' U'" --json
contains '"total_ms":2450.000' "four-arm R U R' U' takes 2.45 s, back to rest"
expect 0 "plan with corner cutting" -- "$cube" plan --robot "six-motor:overlap=0.3" --moves "U R F" --json
contains '"total_ms":48.000' "six-motor U R F with overlap 0.3: R and F start at 70% of the turn before"
expect 2 "overlap on a robot that cannot cut corners" -- "$cube" plan --robot "four-arm:overlap=0.3" --moves R
contains "only a six-motor robot cuts corners" "the overlap's refusal says why"
expect 0 "plan for a driver's robot" -- "$cube" plan --driver "sim:model=four-arm,turn90=300" --moves "R U" --json --path /nonexistent
contains "turn90=300" "the plan is timed with the driver's robot"
expect 1 "plan for a driver that names no robot" -- "$cube" plan --driver sim --moves R --path /nonexistent
contains "does not say which robot" "the missing robot is explained"
expect 2 "plan with --robot and --driver" -- "$cube" plan --robot six-motor --driver sim --moves R
expect 1 "plan for an unknown driver" -- "$cube" plan --driver nosuch --moves R --path /nonexistent
contains "available: sim" "the unknown driver is named with the available ones"
expect 0 "plan the scan sequence alone" -- "$cube" plan --robot four-arm --scan
expect 0 "plan a scan before moves, as JSON" -- "$cube" plan --robot turntable-flipper --moves "R U" --scan --json
expect 0 "plan a scan before moves on a driver's robot" -- "$cube" plan --driver "sim:model=two-gripper" --moves "R U" --scan --path /nonexistent
expect 2 "plan --scan with --compare" -- "$cube" plan --robot four-arm --moves R --scan --compare
expect 2 "plan --scan of a 2x2" -- "$cube" plan --robot four-arm --moves R --size 2 --scan
expect 2 "plan --scan alone with --naive" -- "$cube" plan --robot four-arm --scan --naive
expect 2 "plan with a camera the family cannot have" -- "$cube" plan --robot four-arm:camera=F --scan
frames=$("$cube" plan --robot four-arm --moves "R U" --scan --json | grep -o '"face":"[URFDLB]"' | tr -d '\n')
case "$frames" in
    *'"face":"U"'*'"face":'*'"face":'*'"face":'*'"face":'*'"face":'*) echo "ok   plan --scan --json marks six frames" ;;
    *) echo "FAIL plan --scan --json frames: $frames"; fails=$((fails + 1)) ;;
esac
lines=$("$cube" plan --robot turntable-flipper --scan | grep -c "camera .* frame [1-6]: face")
[ "$lines" = 6 ] && echo "ok   plan --scan shows six frame lines" || { echo "FAIL plan --scan frame lines: $lines"; fails=$((fails + 1)); }
expect 0 "compare strategies" -- "$cube" plan --robot two-gripper --moves "R U F" --compare
contains "optimal plan" "compare lists the optimal plan"
expect 0 "run on the sim" -- "$cube" run --driver "sim:speed=0" --robot turntable-flipper --moves "R U2 F' L"
contains "cube solved" "the sim reports a solved cube"
expect 0 "plan for hold-and-flip" -- "$cube" plan --robot hold-and-flip --moves "R U2 F' L"
contains "cover" "the hold-and-flip plan moves the cover"
expect 0 "run hold-and-flip on the sim" -- "$cube" run --driver "sim:speed=0" --robot hold-and-flip --moves "R U2 F' L"
contains "cube solved" "the sim solves the cube on hold-and-flip"
expect 0 "run per-actuator keys on the sim" -- "$cube" run --driver "sim:speed=0" \
    --robot "turntable-flipper:table.spin90=200,table.range=1,holder.open=100" --moves "R U2 F' L"
contains "cube solved" "the sim solves the cube with per-actuator times"
expect 0 "run a one-way arm without end stops on the sim" -- "$cube" run --driver "sim:speed=0" \
    --robot "four-arm:R.twist.range=0,R.twist.directions=cw" --moves "R' U F R2 D'"
contains "cube solved" "the sim solves the cube with a one-way arm"
expect 2 "plan with an unknown actuator" -- "$cube" plan --robot "hold-and-flip:lid.close=3" --moves R
contains "its actuators are table, cover" "the unknown actuator's message lists the actuators"
expect 0 "run overlapped steps on the sim" -- "$cube" run --driver "sim:model=six-motor,overlap=0.3,speed=20" \
    --moves "R U F D" --quiet
contains "steps concurrent" "the sim runs overlapped steps concurrently"
contains "of robot time at speed 20" "the run gives the robot time of a sim at another speed"
contains "cube solved" "the overlapped run solves the cube"
expect 1 "run with a driver that fails" -- "$cube" run --driver "sim:speed=0,fail_after=2" --moves "R U F D"
contains "stopped after 2 of" "the run says how far it got"
contains "fault CUBE_FAULT_DEVICE at action 2" "the failed run prints the driver's fault"
contains "--retry would plan the rest" "the failed run says how to go on"
expect 0 "run --retry after a fault" -- "$cube" run --driver "sim:model=four-arm,speed=0,fail_after=7" --moves "R U F D L B" --quiet --retry
contains "retrying" "the retry is announced"
contains "cube solved" "the retried run solves the cube"
expect 1 "run of a plan that does not fit the driver's robot" -- "$cube" run --driver "sim:model=six-motor,parallel=0,speed=0" --robot six-motor --moves "R L"
contains "fault CUBE_FAULT_MISMATCH" "the misfit is a mismatch fault"
contains "stopped after 0 of 2 actions" "nothing ran"
expect 0 "run -v logs the driver" -- "$cube" run -v --driver "sim:model=six-motor,speed=0" --moves "R U" --quiet
contains "cube: sim: info: prepared" "the driver's log is on stderr"
expect 1 "run on an unknown driver" -- "$cube" run --driver "nosuch:" --moves R
contains "available: sim" "the unknown driver is named with the available ones"
expect 0 "list drivers" -- "$cube" drivers --path /nonexistent
contains "(built-in)" "sim is listed as built in"
expect 0 "list drivers and devices" -- "$cube" drivers --devices -v --path /nonexistent
contains "(cannot list devices)" "a driver without list_devices says so"
# A family written out as a described mechanism, read back from a file, planned the same and run on the sim.
expect 0 "describe a family" -- "$cube" plan --robot "hold-and-flip:cover.close-flip=600" --describe
contains "actuator cover cover clamp:D flip:x hides" "the cover's line"
contains "cover.close-flip = 600" "the key given"
described=$(mktemp)
printf '%s\n' "$last" > "$described"
expect 0 "plan the described file" -- "$cube" plan --robot "@$described" --moves "R U F" --json
contains '"total_ms":7950.000' "the described file plans as the family"
expect 0 "the family plans the same" -- "$cube" plan --robot "hold-and-flip:cover.close-flip=600" --moves "R U F" --json
contains '"total_ms":7950.000' "the family's plan"
expect 0 "run the described file on the sim" -- "$cube" run --driver "sim:speed=0" --robot "@$described" --moves "R U F"
rm -f "$described"
expect 2 "--describe with moves" -- "$cube" plan --robot four-arm --describe --moves R
contains "nothing else goes with it" "--describe alone says so"
expect 2 "a mechanism that contradicts itself" -- "$cube" plan --robot "described:actuator t turner D pocket,actuator g grip" --moves R
contains "g grips nothing" "the contradiction is named"
full "plan as JSON to a full device" -- "$cube" plan --robot four-arm --moves "R U" --json
full "plan as text to a full device" -- "$cube" plan --robot four-arm --moves "R U"
full "compare to a full device" -- "$cube" plan --robot two-gripper --moves "R U F" --compare
full "run to a full device" -- "$cube" run --driver "sim:speed=0" --robot turntable-flipper --moves "R U"
full "drivers to a full device" -- "$cube" drivers --path /nonexistent
# Ctrl-C and SIGTERM during a slow run: the run stops the robot, the driver is closed, exit 128 + signal.
interrupt() {  # interrupt SIGNAL STATUS WORD
    err=$(mktemp)
    "$cube" run --driver "sim:speed=0.01" --robot six-motor --moves "R U F D L B R U F D" 2>"$err" >/dev/null &
    pid=$!
    sleep 1
    kill -"$1" "$pid"
    wait "$pid"
    got=$?
    case "$got:$(cat "$err")" in
        "$2:"*"stopped after"*"$3: robot stopped, driver closed"*) echo "ok   SIG$1 during a run exits $2 after stopping the robot" ;;
        *) echo "FAIL SIG$1 during a run: exit $got, stderr \"$(cat "$err")\""; fails=$((fails + 1)) ;;
    esac
    rm -f "$err"
}
interrupt INT 130 interrupted
interrupt TERM 143 terminated

[ $fails -eq 0 ] && echo "all passed" || echo "$fails failed"
exit $fails
