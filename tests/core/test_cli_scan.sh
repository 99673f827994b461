#!/bin/sh
# `cube scan`: a simulated scan resolves to its cube (text, --json, stdin, --alternatives), bad input exits 1
# with a message naming the line and sample, usage errors exit 2, files over the 1 MiB cap are refused.
cube=$1
gen=$2
. "$(dirname "$0")/../check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$gen --seed 21 --noise 6 --truth > "$tmp/scan.txt"
truth=$(sed -n 's/^# //p' "$tmp/scan.txt")

check facelets "facelets: $truth" "$($cube scan "$tmp/scan.txt" | sed -n 1p)"
check stdin "facelets: $truth" "$($cube scan - < "$tmp/scan.txt" | sed -n 1p)"
check doubtful "doubtful: none" "$($cube scan "$tmp/scan.txt" | sed -n 3p)"
check alternatives-2 2 "$($cube scan --alternatives 2 "$tmp/scan.txt" | grep -c '^alternative ')"
check alternatives-0 0 "$($cube scan --alternatives 0 "$tmp/scan.txt" | grep -c '^alternative ')"
check json "{\"ok\":true,\"facelets\":\"$truth\"" "$($cube scan --json "$tmp/scan.txt" | cut -c1-78)"
check json-lines 1 "$($cube scan --json "$tmp/scan.txt" | wc -l | tr -d ' ')"

# Bad input: exit 1 and a message naming the line and sample.
sed '3s/^#[0-9a-f]*/#12345g/' "$tmp/scan.txt" > "$tmp/bad.txt"
check bad-colour 'error: line 3, sample 9 (R1): "#12345g" is not a colour: expected #rrggbb or rrggbb' \
    "$($cube scan "$tmp/bad.txt" 2>&1)"
check bad-status 1 "$($cube scan "$tmp/bad.txt" >/dev/null 2>&1; echo $?)"
check bad-json-status 1 "$($cube scan --json "$tmp/bad.txt" >/dev/null 2>&1; echo $?)"
check bad-json '{"ok":false,"status":"CUBE_ERROR_PARSE",' "$($cube scan --json "$tmp/bad.txt" | cut -c1-40)"
check missing-file 1 "$($cube scan "$tmp/none.txt" >/dev/null 2>&1; echo $?)"
head -c 1048577 /dev/zero | tr '\0' ' ' > "$tmp/big.txt"
check too-long 1 "$($cube scan "$tmp/big.txt" >/dev/null 2>&1; echo $?)"

# Samples in a robot's frame order: --robot puts them in facelet order first (every family).
for robot in six-motor four-arm four-arm:camera=D two-gripper two-gripper:camera=U turntable-flipper; do
    $gen --seed 22 --noise 4 --truth --robot "$robot" > "$tmp/frames.txt"
    want=$(sed -n 's/^# //p' "$tmp/frames.txt")
    check "robot-$robot" "facelets: $want" "$($cube scan --robot "$robot" "$tmp/frames.txt" | sed -n 1p)"
done
check robot-search-json '"search_complete":true' "$($cube scan --json "$tmp/scan.txt" | grep -o '"search_complete":true')"
check robot-bad 2 "$($cube scan --robot five-arm "$tmp/scan.txt" >/dev/null 2>&1; echo $?)"
check robot-camera 2 "$($cube scan --robot six-motor:camera=U "$tmp/scan.txt" >/dev/null 2>&1; echo $?)"

# Usage errors: exit 2.
check no-file 2 "$($cube scan >/dev/null 2>&1; echo $?)"
check bad-k 2 "$($cube scan --alternatives 99 "$tmp/scan.txt" >/dev/null 2>&1; echo $?)"
check help 0 "$($cube scan -h >/dev/null 2>&1; echo $?)"

finish
