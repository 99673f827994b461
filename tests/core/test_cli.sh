#!/bin/sh
# The `cube` program: outputs, batch mode and exit statuses (0 ok, 1 bad input, 2 usage).
cube=$1
. "$(dirname "$0")/../check.sh"
status() { "$@" >/dev/null 2>&1; echo $?; }
SOLVED=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

check apply-R UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB "$($cube apply R)"
check apply-from "$SOLVED" "$($cube apply UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB "R'")"
check apply-2x2 UFUFRRRRFDFDDBDBLLLLUBUB "$($cube apply --size 2 R)"
check apply-batch "$(printf '%s\n%s' UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB "error: wrong length: 3 characters, expected 54 (3x3) or 24 (2x2)")" \
    "$(printf '%s\nabc\n' "$SOLVED" | $cube apply - R)"
check validate-ok ok "$($cube validate $SOLVED)"
check validate-bad "error: colour 'U' appears 8 times, expected 9" "$($cube validate RUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB)"
check validate-status 1 "$(status $cube validate XYZ)"
check validate-batch "$(printf 'ok\nok')" "$($cube random --count 2 --seed 5 | $cube validate -)"
check random-seeded "$($cube random --seed 9 --count 3)" "$($cube random --seed 9 --count 3)"
check random-count 4 "$($cube random --count 4 | wc -l | tr -d ' ')"
check random-2x2-length 24 "$($cube random --size 2 --seed 1 | tr -d '\n' | wc -c | tr -d ' ')"
check scramble-length 30 "$($cube scramble --seed 1 --length 30 | wc -w | tr -d ' ')"
check scramble-seeded "$($cube scramble --seed 4)" "$($cube scramble --seed 4)"
check invert "U R'" "$($cube invert R "U'")"
check simplify D "$($cube simplify "U D U'")"
check simplify-batch "$(printf 'D\nR2')" "$(printf "U D U'\nR R\n" | $cube simplify -)"
check show-lines 9 "$($cube show $SOLVED | wc -l | tr -d ' ')"
check show-moves "$($cube show UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB)" "$($cube show --moves R)"
check parse-error-status 1 "$(status $cube apply "R Q")"
check parse-error-message "error: unknown move 'Q' at position 3" "$($cube apply "R Q" 2>&1)"
check usage-no-command 2 "$(status $cube)"
check usage-unknown-command 2 "$(status $cube frobnicate)"
check usage-unknown-option 2 "$(status $cube random --bogus)"
check usage-bad-count 2 "$(status $cube random --count -3)"
check usage-bad-size 2 "$(status $cube apply --size 4 R)"
# 2x2 solving: the answer solves the cube; batch answers one line per input and goes on after errors.
S2=LBUURUBBFFRLDUDRFLLFRDDB
sol=$($cube solve $S2)
solved=$($cube apply $S2 "$sol")
check solve-2x2-solves 6 "$(printf '%s' "$solved" | fold -w4 | grep -c '^\(.\)\1\1\1$')"
check solve-2x2-length 5 "$(echo "$sol" | wc -w | tr -d ' ')"
check solve-2x2-qtm "U R2 F U' R'" "$($cube solve --metric qtm $S2)" # 6 quarter turns: the half turn counts 2
check solve-2x2-count 1 "$($cube solve --count $S2)"
check solve-solved "" "$($cube solve UUUURRRRFFFFDDDDLLLLBBBB)"
check solve-batch-lines 3 "$(printf '%s\nbad\n%s\n' $S2 $S2 | $cube solve - | wc -l | tr -d ' ')"
check solve-batch-error "error: wrong length: 3 characters, expected 54 (3x3) or 24 (2x2)" "$(printf 'bad\n' | $cube solve -)"
check solve-batch-status 1 "$(printf 'bad\n' | $cube solve - >/dev/null 2>&1; echo $?)"
# --all: every optimal solution on one line, separated by ", " (for one cube as in a batch); as many as --count says.
R2=$($cube random --size 2 --seed 8) # 7 optimal solutions
check solve-all-count "$($cube solve --count $R2)" "$($cube solve --all $R2 | tr ',' '\n' | wc -l | tr -d ' ')"
check solve-all-batch "$($cube solve --all $R2)" "$(echo $R2 | $cube solve --all -)"
check solve-all-limit 2 "$($cube solve --all --limit 2 $R2 | tr ',' '\n' | wc -l | tr -d ' ')"
check solve-all-bad-limit 2 "$(status $cube solve --all --limit 0 $R2)"
# Batch on threads: the same answers, in order, as one thread; a failed cube gets its own message.
BATCH=$(printf '%s\nbad\n%s\nUUUURRRRFFFFDDDDLLLLBBBB\n' $S2 $S2)
check solve-threads-same "$(echo "$BATCH" | $cube solve -)" "$(echo "$BATCH" | $cube solve --threads 2 -)"
check solve-threads-message "$(echo $S2 | $cube solve --max-length 1 -)" "$(echo $S2 | $cube solve --max-length 1 --threads 2 -)"
check solve-threads-own-message 0 "$(echo $S2 | $cube solve --max-length 1 --threads 2 - | grep -cx 'error: no solution within the limits')"
check solve-threads-status 1 "$(echo "$BATCH" | $cube solve --threads 2 - >/dev/null 2>&1; echo $?)"
check solve-target-threads "$(echo $S2 | $cube solve --target $S2 -)" "$(echo $S2 | $cube solve --target $S2 --threads 2 -)"
check solve-bad-metric 2 "$(status $cube solve --metric xtm $S2)"
check solve-invalid 1 "$(status $cube solve UUUURRRRFFFFDDDDLLLLBBBU)"
# 3x3 (needs the tables in $CUBE_TABLE_DIR, generated on first use): a solution that solves; a time limit
# too short for any solution is reported as a time-out; the table file checks out.
S3=$($cube random --seed 11)
check solve-3x3-solves "$SOLVED" "$($cube apply $S3 "$($cube solve $S3)")"
check solve-3x3-timeout-status 1 "$(status $cube solve --timeout 1 --max-length 12 $S3)"
check solve-3x3-timeout-message 1 "$($cube solve --timeout 1 --max-length 12 $S3 2>&1 | grep -ci 'time')"
check tables-generate-keeps "ok: $($cube tables path)" "$($cube tables generate 2>/dev/null)"
# A damaged table file is named before its rebuild (cut short here). --tables full waits for the rebuild: the
# notice is the first line on stderr. auto (the default) answers at once from the compact tables, and the
# notice comes when the background load reports it. (test_cli_progress.sh tests the progress itself.)
DAMAGED=$(mktemp -d)
head -c 100000 "$($cube tables path)" >"$DAMAGED/$(basename "$($cube tables path)")"
in_damaged() { CUBE_TABLE_DIR=$DAMAGED XDG_CACHE_HOME=$DAMAGED/cache CUBE_SYSTEM_TABLE_DIR=$DAMAGED/system "$@"; }
check solve-3x3-full-reports-rebuild 1 \
    "$(in_damaged timeout 10 $cube solve --tables full $S3 2>&1 >/dev/null | head -1 | grep -c 'truncated .*; rebuilding it$')"
t0=$(date +%s%N)
answer=$(in_damaged $cube solve $S3 2>/dev/null)
t1=$(date +%s%N)
check solve-3x3-auto-answers-at-once 1 "$([ $(((t1 - t0) / 1000000)) -lt 5000 ] && echo 1)" # a rebuild takes 13 s or more
check solve-3x3-auto-solves "$SOLVED" "$($cube apply $S3 "$answer")"
check solve-3x3-auto-reports-rebuild 1 "$( (echo $S3; sleep 3) | in_damaged $cube solve - 2>&1 >/dev/null | grep -c 'truncated .*; rebuilding it$')"
rm -rf "$DAMAGED"

for c in show apply validate random scramble invert simplify solve tables; do
    check "help-$c" 0 "$(status $cube $c --help)"
done
check help 0 "$(status $cube --help)"

finish
