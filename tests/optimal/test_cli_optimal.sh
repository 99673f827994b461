#!/bin/sh
# `cube solve --optimal`: a shortest solution (checked with `cube apply`), --all, JSON, --threads, a batch,
# --max-length and --timeout failures (exit 1), and the options it refuses (exit 2).
cube=$1
fails=0
pass=0
check() { # name expected actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fails=$((fails + 1)); printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"; fi
}
SOLVED3=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
C=$($cube apply "R U F' D2 L B R2 U'")
HARD=$($cube random --seed 7)
RL=$($cube apply "R L")

out=$($cube solve --optimal "$C")
check length 8 "$(printf '%s\n' "$out" | wc -w | tr -d ' ')"
check replays "$SOLVED3" "$($cube apply "$C" "$out")"
check threads-same "$out" "$($cube solve --optimal --threads 2 "$C")"
json=$($cube solve --optimal --json "$C")
check json "{\"ok\":true,\"solution\":\"$out\",\"optimal\":true,\"nodes\":" "$(printf '%s\n' "$json" | sed 's/"nodes":.*/"nodes":/')"
check json-length ',"length":8,"metric":"htm"}' "$(printf '%s\n' "$json" | sed 's/.*"small_table":[a-z]*//')"
all=$($cube solve --optimal --all "$RL")
check all "R' L'" "$all"
check all-json '{"ok":true,"solutions":["R'"'"' L'"'"'"],"optimal":true' "$($cube solve --optimal --all --json "$RL" | sed 's/,"nodes".*//')"
check solved "" "$($cube solve --optimal $SOLVED3)"
R2=$($cube apply "R2 U")
check qtm "U' R2" "$($cube solve --optimal --metric qtm "$R2")"
check qtm-json ',"length":3,"metric":"qtm"}' "$($cube solve --optimal --metric qtm --json "$R2" | sed 's/.*"small_table":[a-z]*//')"

# A batch: one answer a line, a bad line answered with an error and the batch goes on.
batch=$(printf '%s\njunk\n%s\n' "$C" "$C" | $cube solve --optimal --threads 2 -)
check batch-lines 3 "$(printf '%s\n' "$batch" | wc -l | tr -d ' ')"
check batch-first "$out" "$(printf '%s\n' "$batch" | sed -n 1p)"
check batch-error "error: wrong length" "$(printf '%s\n' "$batch" | sed -n 2p | cut -c1-19)"

# Limits: exit 1 with the library's message.
msg=$($cube solve --optimal --max-length 7 "$C" 2>&1)
check max-length-status 1 $?
check max-length "error: no solution of at most 7 moves" "$msg"
msg=$($cube solve --optimal --timeout 200 "$HARD" 2>&1)
check timeout-status 1 $?
check timeout "error: optimal search: time limit reached" "$(printf '%s\n' "$msg" | cut -d';' -f1)"

# Options that do not go with it.
for opt in "--count" "--min-effort" "--method twophase" "--target $SOLVED3" "--steps"; do
    $cube solve --optimal $opt "$C" >/dev/null 2>&1
    check "refuses $opt" 2 $?
done
$cube solve --optimal --tables compact "$C" >/dev/null 2>&1
check compact 1 $?
# tables generate --optimal [--size small|h48]: only with generate; a folder that cannot be made is refused before
# any build.
$cube tables verify --optimal >/dev/null 2>&1
check optimal-only-generate 2 $?
$cube tables generate --optimal --dir /proc/no-such-folder >/dev/null 2>&1
check optimal-unwritable 1 $?
$cube tables generate --optimal --size small --dir /proc/no-such-folder >/dev/null 2>&1
check small-unwritable 1 $?
$cube tables generate --optimal --size h48 --dir /proc/no-such-folder >/dev/null 2>&1
check h48-unwritable 1 $?
# --size: standard, small or h48, with generate --optimal only (the cube's --size 2|3 elsewhere).
$cube tables generate --optimal --size medium >/dev/null 2>&1
check size-unknown 2 $?
$cube tables generate --size small >/dev/null 2>&1
check size-only-optimal 2 $?
check cube-size "$($cube random --seed 3 --size 2)" "$($cube random --seed 3 --size=2)"

echo "$pass passed, $fails failed"
[ "$fails" -eq 0 ]
