#!/bin/sh
# `cube solve --method`: the layer-by-layer method's stages as text, as a batch line and as JSON, solutions that
# solve (checked with `cube apply`), the options it refuses (exit 2), and twophase/optimal on the wrong size.
cube=$1
. "$(dirname "$0")/../check.sh"
SOLVED3=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
SOLVED2=UUUURRRRFFFFDDDDLLLLBBBB
C3=$($cube random --seed 11)
C2=$($cube random --size 2 --seed 11)

# One cube: one line per stage in order, then the total; the stages' moves solve the cube.
out=$($cube solve --method lbl "$C3")
check stages3 "cross first-layer-corners middle-layer top-cross top-face top-corners top-edges total" \
    "$(printf '%s\n' "$out" | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
moves=$(printf '%s\n' "$out" | grep -v '^total' | sed 's/^[^:]*: //; s/  (.*//; s/(nothing to do)//' | tr '\n' ' ')
check replays3 "$SOLVED3" "$($cube apply "$C3" "$moves")"
total=$(printf '%s\n' "$out" | sed -n 's/^total: \([0-9]*\) moves (htm)$/\1/p')
check total3 "$total" "$($cube solve --method lbl --json "$C3" | sed 's/.*"length":\([0-9]*\),"metric".*/\1/')"
check formulas-named yes "$(printf '%s\n' "$out" | grep -q '^top-edges: .*  (u[ab]-perm' && echo yes)"
out2=$($cube solve --method lbl "$C2")
check stages2 "first-layer top-face top-corners total" "$(printf '%s\n' "$out2" | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
check solved-cube "top-edges: (nothing to do)" "$($cube solve --method lbl $SOLVED3 | grep top-edges)"
check solved-total "total: 0 moves (htm)" "$($cube solve --method lbl $SOLVED3 | tail -1)"

# A batch: one line per cube, stages joined by ' | '; a bad line is an error line and the batch goes on.
batch=$(printf '%s\njunk\n%s\n' "$C3" "$C2" | $cube solve --method lbl -)
check batch-lines 3 "$(printf '%s\n' "$batch" | wc -l | tr -d ' ')"
check batch-first "cross: " "$(printf '%s\n' "$batch" | sed -n 1p | cut -c1-7)"
check batch-error "error: wrong length: 4 characters, expected 54 (3x3) or 24 (2x2)" "$(printf '%s\n' "$batch" | sed -n 2p)"
check batch-total "total: $total" "$(printf '%s\n' "$batch" | sed -n 1p | sed 's/.* | //')"
line2=$(printf '%s\n' "$batch" | sed -n 3p)
moves2=$(printf '%s\n' "$line2" | sed 's/ | total: .*//; s/[a-z-]*: //g; s/ | / /g')
check batch-replays2 "$SOLVED2" "$($cube apply "$C2" "$moves2")"

# JSON: the schema of tools/README.md, one object per line.
json=$($cube solve --method lbl --json "$C2")
check json-head '{"ok":true,"method":"lbl","solution":"' "$(printf '%s' "$json" | cut -c1-38)"
check json-stages '"first-layer" "top-face" "top-corners"' \
    "$(printf '%s' "$json" | grep -o '"name":"[a-z-]*"' | sed 's/"name"://' | tr '\n' ' ' | sed 's/ $//')"
check json-keys yes "$(printf '%s' "$json" | grep -q '"stages":\[{"name":"first-layer","moves":"[^"]*","length":[0-9]*,"algorithms":\["sexy-move"' && echo yes)"
if command -v python3 >/dev/null 2>&1; then
    check json-parses "lbl 3" "$(printf '%s\n' "$json" | python3 -c 'import json,sys; o=json.loads(sys.stdin.read()); print(o["method"], len(o["stages"]))')"
fi

# Options that do not go with lbl are usage errors (exit 2, one sentence); an unknown method too.
for opt in "--all" "--count" "--max-length 20" "--timeout 100" "--min-effort" "--metric htm" "--threads 2" \
    "--tables compact" "--target $SOLVED3" "--limit 3"; do
    name=${opt%% *}
    check "refuses$name" "cube solve: $name does not go with --method lbl (see 'cube solve --help')" \
        "$($cube solve --method lbl $opt "$C3" 2>&1 >/dev/null)"
    check "refuses$name-status" 2 "$($cube solve --method lbl $opt "$C3" >/dev/null 2>&1; echo $?)"
done
check unknown-method "2" "$($cube solve --method cfop "$C3" 2>/dev/null; echo $?)"
check help-names-lbl yes "$($cube solve -h | grep -q -- '--method M' && echo yes)"

# twophase is for the 3x3 and optimal for the 2x2: another size is a failed input (exit 1).
check twophase-2x2 "error: the two-phase method (--method twophase) is for the 3x3" \
    "$($cube solve --method twophase "$C2" 2>&1)"
check twophase-2x2-status 1 "$($cube solve --method twophase "$C2" >/dev/null 2>&1; echo $?)"
check optimal-3x3 '{"ok":false,"status":"CUBE_ERROR_UNSUPPORTED","error":"the optimal method (--method optimal) is for the 2x2"}' \
    "$($cube solve --method optimal --json "$C3")"
check optimal-2x2 "$($cube solve "$C2")" "$($cube solve --method optimal "$C2")"

finish
