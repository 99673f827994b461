#!/bin/sh
# The `cube` program when reading or writing fails: nothing is lost silently. A failed write or read is named
# on stderr with the line it reached, and the exit status is 1; the answers before it are all there.
cube=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
S2=LBUURUBBFFRLDUDRFLLFRDDB
ANSWER2="U R2 F U' R'"

# Output to a full device: every command exits 1 and says why.
$cube random --count 3 >/dev/full 2>"$work/err"
check random-full-status 1 $?
check random-full-message "error: writing output: No space left on device" "$(cat "$work/err")"
$cube random --count 1000 --seed 1 >/dev/full 2>"$work/err"
check random-long-full-status 1 $?
check random-long-full-message 1 "$(grep -c '^error: writing output at line [0-9]*: No space left on device$' "$work/err")"
for threads in 1 2; do
    printf '%s\n%s\n' $S2 $S2 | $cube solve --threads $threads - >/dev/full 2>"$work/err"
    check "solve-batch-full-status-threads-$threads" 1 $?
    check "solve-batch-full-message-threads-$threads" "error: writing answer for line 1: No space left on device" "$(cat "$work/err")"
done
$cube solve $S2 >/dev/full 2>/dev/null
check solve-one-full-status 1 $?
printf '%s\n' $S2 | $cube validate - >/dev/full 2>/dev/null
check validate-batch-full-status 1 $?
$cube --help >/dev/full 2>/dev/null
check help-full-status 1 $?
$cube tables generate >/dev/full 2>/dev/null
check tables-generate-full-status 1 $?

# A file size limit stops the batch part-way (as a full disk does): the answers before the line named are complete.
i=0
while [ $i -lt 200 ]; do echo $S2; i=$((i + 1)); done >"$work/in"
sh -c 'trap "" XFSZ; ulimit -f 1; exec "$0" solve - <"$1" >"$2" 2>"$3"' "$cube" "$work/in" "$work/out" "$work/err"
check solve-batch-limit-status 1 $?
line=$(sed -n 's/^error: writing answer for line \([0-9]*\): File too large$/\1/p' "$work/err")
check solve-batch-limit-message 1 "$(grep -c . "$work/err")"
check solve-batch-limit-line-named yes "$([ -n "$line" ] && [ "$line" -gt 1 ] && echo yes)"
check solve-batch-limit-answers-kept $((${line:-1} - 1)) "$(head -n $((${line:-1} - 1)) "$work/out" | grep -cx "$ANSWER2")"

# A read error on stdin (a folder) is an error, not the end of the input.
for threads in 1 2; do
    $cube solve --threads $threads - </ >/dev/null 2>"$work/err"
    check "solve-read-error-status-threads-$threads" 1 $?
    check "solve-read-error-message-threads-$threads" "error: reading line 1: Is a directory" "$(cat "$work/err")"
done
$cube validate - </ >/dev/null 2>/dev/null
check validate-read-error-status 1 $?

# tables generate saves the file or fails with the reason: a file where the folder should be, or in its path.
: >"$work/file"
for dir in "$work/file" "$work/file/sub"; do
    out=$($cube tables generate --dir "$dir" 2>"$work/err")
    check "tables-generate-unsaved-status $dir" 1 $?
    check "tables-generate-unsaved-silent $dir" "" "$out"
    check "tables-generate-unsaved-reason $dir" 1 "$(grep -c "^cube tables: generate: .*$dir" "$work/err")"
done

finish
