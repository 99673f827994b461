#!/bin/sh
# One grammar for every command of the `cube` program: global options before or after the command, -h/--help
# and `cube help CMD`, --json with one schema per command (the same for one cube and a batch), messages in user
# units that name no C function, usage errors exiting 2, QTM half turns written X2, --min-effort answers within
# its time limit, random-state scrambles, and robot plans of a 2x2.
cube=$1
. "$(dirname "$0")/../check.sh"
status() { "$@" >/dev/null 2>&1; echo $?; }
faces_one_colour() { printf '%s' "$1" | fold -w4 | grep -c '^\(.\)\1\1\1$'; } # of a 2x2 facelet string
# Every line of stdin is one JSON document ("yes"), when python3 is there to say so.
json_lines() {
    if command -v python3 >/dev/null; then
        python3 -c 'import json, sys
for line in sys.stdin: json.loads(line)
print("yes")' 2>/dev/null || echo no
    else
        cat >/dev/null
        echo yes
    fi
}
S2=LBUURUBBFFRLDUDRFLLFRDDB
ANSWER2="U R2 F U' R'"
SOLVED=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
COMMANDS="show apply validate random scramble invert simplify solve tables plan run drivers"

# Global options go before or after the command.
check size-before-command "$($cube scramble --seed 4 --size 2)" "$($cube --size 2 scramble --seed 4)"
check size-equals-before-command "$($cube random --size 2 --seed 1)" "$($cube --size=2 random --seed 1)"
check options-before-command "$($cube random --seed 3 --count 2)" "$($cube --seed 3 --count 2 random)"
check unknown-word-before-command 2 "$(status $cube bogus scramble)"
check option-alone 2 "$(status $cube --size 2)"

# -h and --help on every command print its usage; so do `cube help CMD` and `cube --help CMD`.
for c in $COMMANDS; do
    check "dash-h-$c" 0 "$(status $cube $c -h)"
    check "dash-h-usage-$c" "usage: cube $c" "$($cube $c -h | head -n 1 | cut -c 1-$((12 + ${#c})))"
    check "help-cmd-$c" "$($cube $c --help)" "$($cube help $c)"
    check "help-option-cmd-$c" "$($cube $c --help)" "$($cube --help $c)"
done
check help-wins-over-bad-options 0 "$(status $cube solve --bogus -h)"
check help-unknown-command 2 "$(status $cube help frobnicate)"
check help-general "$($cube --help)" "$($cube help)"
check help-names-exit-statuses 1 "$($cube --help | grep -c '130')"

# Usage errors exit 2 everywhere; the robot families are named in one sentence.
check robot-family-status 2 "$(status $cube plan --robot five-arm --moves R)"
check robot-family-message "cube plan: robot spec: unknown family \"five-arm\": the families are six-motor, four-arm, two-gripper, turntable-flipper, hold-and-flip and described (a mechanism of your own: actuator lines) (see 'cube plan --help')" \
    "$($cube plan --robot five-arm --moves R 2>&1)"
check run-robot-family-status 2 "$(status $cube run --driver sim:speed=0 --robot five-arm --moves R)"
check robot-spec-value-status 2 "$(status $cube plan --robot four-arm:turn90=-1 --moves R)"
check all-and-count 2 "$(status $cube solve --all --count $S2)"
check limit-without-all 2 "$(status $cube solve --limit 3 $S2)"
check random-state-and-length 2 "$(status $cube scramble --random-state --length 5)"
check json-unknown-option 2 "$(status $cube random --json)"

# Messages name options and units, never C functions; a time limit is in ms.
S3=$($cube random --seed 11)
check all-on-3x3 "error: every optimal solution (--all) is available for the 2x2 only" "$($cube solve --all $S3 2>&1)"
check count-on-3x3 "error: counting optimal solutions (--count) is available for the 2x2 only" "$($cube solve --count $S3 2>&1)"
check all-on-3x3-batch "error: every optimal solution (--all) is available for the 2x2 only" "$(echo $S3 | $cube solve --all -)"
SUPERFLIP=$($cube apply "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2") # needs 20 moves
check timeout-in-ms "error: no solution of at most 19 moves found within the time limit of 5 ms" \
    "$($cube solve --timeout 5 --max-length 19 $SUPERFLIP 2>&1)"
check no-function-names 0 "$( ($cube solve --all $S3; $cube solve --count $S3; $cube solve --target $S2 $S3) 2>&1 | grep -c 'cube_')"

# QTM: a half turn is written X2 and counts 2.
check qtm-half-turn "U R2 F U' R'" "$($cube solve --metric qtm $S2)"
check qtm-no-repeated-quarter 0 "$($cube random --size 2 --count 200 --seed 1 | $cube solve --metric qtm - | grep -Ec "(^| )([URF])'? \2'?( |$)")"
# Twenty cubes, two in the sanitizer run (CUBE_TEST_REPEAT_DIVISOR: the same code, each solve builds the tables).
qtm_cubes=$((20 / ${CUBE_TEST_REPEAT_DIVISOR:-1}))
[ "$qtm_cubes" -ge 1 ] || qtm_cubes=1
for s in $($cube random --size 2 --count "$qtm_cubes" --seed 2); do
    check "qtm-solves-$s" 6 "$(faces_one_colour "$($cube apply $s "$($cube solve --metric qtm $s)")")"
done
check qtm-all-distinct "$($cube solve --all --metric qtm $($cube random --size 2 --seed 8) | tr ',' '\n' | sed 's/^ //' | sort -u | wc -l | tr -d ' ')" \
    "$($cube solve --count --metric qtm $($cube random --size 2 --seed 8))"

# --all: the same format for one cube and a batch: one line per cube, solutions separated by ", ".
R2=$($cube random --size 2 --seed 8)
check all-one-line 1 "$($cube solve --all $R2 | wc -l | tr -d ' ')"
check all-same-as-batch "$($cube solve --all $R2)" "$(echo $R2 | $cube solve --all -)"
check all-count-matches "$($cube solve --count $R2)" "$($cube solve --all $R2 | tr ',' '\n' | wc -l | tr -d ' ')"

# --json: one object per cube, on one line, the same for one cube and each line of a batch.
check solve-json "{\"ok\":true,\"solution\":\"$ANSWER2\",\"length\":5,\"metric\":\"htm\"}" "$($cube solve --json $S2)"
check solve-json-qtm "{\"ok\":true,\"solution\":\"$ANSWER2\",\"length\":6,\"metric\":\"qtm\"}" "$($cube solve --json --metric qtm $S2)"
check solve-json-solved '{"ok":true,"solution":"","length":0,"metric":"htm"}' "$($cube solve --json UUUURRRRFFFFDDDDLLLLBBBB)"
check solve-json-error '{"ok":false,"status":"CUBE_ERROR_INVALID_CUBE","error":"wrong length: 3 characters, expected 54 (3x3) or 24 (2x2)"}' \
    "$($cube solve --json bad 2>/dev/null)"
check solve-json-error-status 1 "$(status $cube solve --json bad)"
check solve-json-batch "$($cube solve --json $S2; $cube solve --json bad 2>/dev/null)" "$(printf '%s\nbad\n' $S2 | $cube solve --json -)"
check solve-json-blanks "$($cube solve --json $S2)" "$(printf ' %s \r\n' $S2 | $cube solve --json -)"
check solve-json-threads "$(printf '%s\nbad\n%s\n' $S2 $S2 | $cube solve --json -)" "$(printf '%s\nbad\n%s\n' $S2 $S2 | $cube solve --json --threads 2 -)"
check solve-json-nul '{"ok":false,"status":"CUBE_ERROR_INVALID_ARGUMENT","error":"line 1 contains a NUL byte"}' \
    "$(printf '%s\000x\n' $S2 | $cube solve --json -)"
check solve-json-all "{\"ok\":true,\"solutions\":[\"$ANSWER2\"],\"length\":5,\"metric\":\"htm\"}" "$($cube solve --json --all $S2)"
check solve-json-count '{"ok":true,"count":1,"length":5,"metric":"htm"}' "$($cube solve --json --count $S2)"
check solve-json-3x3 yes "$($cube solve --json $S3 | json_lines)"
check solve-json-3x3-length "$($cube solve $S3 | wc -w | tr -d ' ')" "$($cube solve --json $S3 | sed 's/.*"length":\([0-9]*\).*/\1/')"
check solve-json-escapes yes "$(printf '"UUURRRRFFFFDDDDLLLLBBBB\n\\UUURRRRFFFFDDDDLLLLBBBB\n' | $cube solve --json - | json_lines)"
check solve-json-escaped-quote 1 "$(printf '"UUURRRRFFFFDDDDLLLLBBBB\n' | $cube solve --json - | grep -cF '\"')"
check validate-json '{"ok":true,"size":3}' "$($cube validate --json $SOLVED)"
check validate-json-error '{"ok":false,"status":"CUBE_ERROR_INVALID_CUBE","error":"colour '"'U'"' appears 8 times, expected 9"}' \
    "$($cube validate --json RUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB)"
check validate-json-batch "$(printf '{"ok":true,"size":2}\n{"ok":true,"size":3}')" "$(printf '%s\n%s\n' $S2 $SOLVED | $cube validate --json -)"
check tables-path-json "{\"ok\":true,\"path\":\"$($cube tables path)\"}" "$($cube tables path --json)"
check tables-verify-json "{\"ok\":true,\"path\":\"$($cube tables path)\"}" "$($cube tables verify --json)"
EMPTY=$(mktemp -d)
check tables-verify-json-missing "{\"ok\":false,\"path\":\"$EMPTY/$($cube tables path | sed 's|.*/||')\",\"status\":\"CUBE_ERROR_NOT_FOUND\"," \
    "$($cube tables verify --json --dir "$EMPTY" | sed 's/"error":.*//')"
check tables-verify-json-missing-status 1 "$(status $cube tables verify --json --dir "$EMPTY")"
rm -rf "$EMPTY"
check drivers-json yes "$($cube drivers --json --path /nonexistent | json_lines)"
check drivers-json-sim 1 "$($cube drivers --json --path /nonexistent | grep -c '"name":"sim"')"
check drivers-json-devices yes "$($cube drivers --json --devices --path /nonexistent | json_lines)"
check drivers-json-devices-key 1 "$($cube drivers --json --devices --path /nonexistent | grep -c '"devices":')"
check plan-json yes "$($cube plan --json --robot four-arm --moves "R U" | json_lines)"
check plan-json-compare yes "$($cube plan --json --compare --robot four-arm --moves "R U" | json_lines)"
check plan-json-compare-rows '{"robot":"four-arm:turn90=250,turn180=400,grip=150,range=1,parallel=1","plans":[{"strategy":"naive","moves":"R U","total_ms":2150.000},{"strategy":"greedy","moves":"R U","total_ms":1350.000},{"strategy":"optimal","moves":"R U","total_ms":1350.000}]}' \
    "$($cube plan --json --compare --robot four-arm --moves "R U")"
check plan-json-compare-solve 4 "$($cube plan --json --compare --robot six-motor $S3 | grep -o '"strategy"' | wc -l | tr -d ' ')"

# --min-effort returns the shortest solution found within the time limit, even above 20 moves (100 ms; 1 s in
# the sanitizer run, CUBE_TEST_REPEAT_DIVISOR, where a first answer can take longer than 100 ms).
budget=100
[ "${CUBE_TEST_REPEAT_DIVISOR:-1}" -gt 1 ] && budget=1000
check min-effort-short-budget 0 "$($cube random --count 20 --seed 21 | $cube solve --min-effort --timeout $budget - 2>/dev/null | grep -c error)"
check max-length-stays-a-cap 1 "$($cube solve --min-effort --timeout 5 --max-length 12 $S3 2>&1 | grep -c 'at most 12 moves')"

# --random-state: a uniformly random state, solved and inverted.
check random-state-3x3 "$($cube random --seed 7)" "$($cube apply "$($cube scramble --random-state --seed 7)")"
check random-state-seeded "$($cube scramble --random-state --seed 5 --size 2)" "$($cube scramble --random-state --seed 5 --size 2)"
R2S=$($cube scramble --random-state --seed 7 --size 2)
check random-state-2x2 "$($cube solve $($cube random --size 2 --seed 7) | wc -w | tr -d ' ')" "$(echo "$R2S" | wc -w | tr -d ' ')"
check random-state-2x2-faces "" "$(echo "$R2S" | tr -d "URF2' ")"

# Robots plan a 2x2 as it is: its face turns and rotations, or the fastest of its optimal solutions.
check plan-2x2-moves "$($cube plan --robot four-arm --moves "R U")" "$($cube plan --robot four-arm --size 2 --moves "R U")"
check plan-2x2-rotation "$($cube plan --robot four-arm --moves "x R")" "$($cube plan --robot four-arm --size 2 --moves "x R")"
check plan-2x2-refuses-slices 1 "$(status $cube plan --robot four-arm --size 2 --moves M)"
check plan-2x2-solve-status 0 "$(status $cube plan --robot four-arm $S2)"
check plan-2x2-solve-optimal 5 "$($cube plan --robot four-arm --json $S2 | sed 's/.*"moves":"\([^"]*\)".*/\1/' | wc -w | tr -d ' ')"
for how in --shortest --naive; do
    check "plan-2x2-solves$how" 6 "$(faces_one_colour "$($cube apply $S2 "$($cube plan --robot four-arm --json $how $S2 | sed 's/.*"moves":"\([^"]*\)".*/\1/')")")"
done
check run-2x2 1 "$($cube run --driver sim:speed=0 --robot four-arm --quiet $S2 2>&1 | grep -c 'cube solved')"

finish
