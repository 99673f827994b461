#!/bin/sh
# What the `cube` program reads: batch lines (blanks and CRLF around them, NUL bytes, very long lines), bytes that
# messages must not echo raw, and the table folder when HOME is missing.
cube=$1
. "$(dirname "$0")/../check.sh"
S2=LBUURUBBFFRLDUDRFLLFRDDB
ANSWER2="U R2 F U' R'"
SOLVED=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

# Spaces, tabs and CRLF around a batch line are cut; answers stay one per line, in order.
for threads in 1 2; do
    check "batch-blanks-threads-$threads" "$(printf '%s\n%s\n%s\n' "$ANSWER2" "$ANSWER2" "$ANSWER2")" \
        "$(printf ' %s\t\r\n\t%s \r\n%s\r\n' $S2 $S2 $S2 | $cube solve --threads $threads -)"
done
check validate-blanks "$(printf 'ok\nok')" "$(printf '  %s  \r\n\t%s\n' $SOLVED $SOLVED | $cube validate -)"
check invert-crlf "$(printf "U R'\nR2")" "$(printf "R U'\r\nR2 \r\n" | $cube invert -)"

# A line holding a NUL byte is refused, not cut at the NUL and solved.
for threads in 1 2; do
    check "batch-nul-threads-$threads" "$(printf 'error: line 1 contains a NUL byte\n%s' "$ANSWER2")" \
        "$(printf '%s\000JUNK\n%s\n' $S2 $S2 | $cube solve --threads $threads -)"
    check "batch-nul-status-threads-$threads" 1 "$(printf '%s\000JUNK\n' $S2 | $cube solve --threads $threads - >/dev/null 2>&1; echo $?)"
done
check validate-nul "error: line 2 contains a NUL byte" "$(printf '%s\n%s\000\n' $SOLVED $SOLVED | $cube validate - | sed -n 2p)"

# A long line is reported with its real length; one longer than the batch limit is skipped to its end.
check long-line "error: wrong length: 1000000 characters, expected 54 (3x3) or 24 (2x2)" \
    "$(head -c 1000000 /dev/zero | tr '\000' U | $cube validate -)"
check over-long-line "$(printf 'error: line 1 is longer than 1048576 bytes\nok')" \
    "$( (head -c 2000000 /dev/zero | tr '\000' U; printf '\n%s\n' $SOLVED) | $cube validate -)"

# Bytes outside printable ASCII are shown as \xNN in messages: each message stays one line of ASCII.
FF=$(printf '\014')
check centres-form-feed "error: centres U5 and R5 have the same colour '\\x0c'" \
    "$(printf 'UUUU\014UUUURRRR\014RRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n' | $cube validate -)"
check unknown-lone-lead-byte "error: unknown character '\\xc3' at U1 (position 1): not one of the six colours" \
    "$(printf '\303UUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n' | $cube validate -)"
check unknown-move-byte 0 "$(printf 'R \303\n' | $cube invert - | LC_ALL=C grep -c '[^ -~]')"
check unknown-option-byte 0 "$($cube random "--bad$FF" 2>&1 | LC_ALL=C grep -c '[^ -~]')"
check one-cube-message-byte 0 "$($cube solve "UUUU${FF}UUUURRRR${FF}RRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB" 2>&1 | LC_ALL=C grep -c '[^ -~]')"

# The table folder without a usable HOME: the user's home from the password database, never a relative folder.
name=$($cube tables path | sed 's|.*/||')
home=$(getent passwd "$(id -u)" | cut -d: -f6)
if [ -n "$home" ]; then
    check tables-home-unset "$home/.cache/libcube/$name" \
        "$(env -u HOME -u XDG_CACHE_HOME -u CUBE_TABLE_DIR $cube tables path)"
    check tables-home-relative "$home/.cache/libcube/$name" \
        "$(HOME=relative env -u XDG_CACHE_HOME -u CUBE_TABLE_DIR $cube tables path)"
fi
check tables-xdg-relative "/tmp/home/.cache/libcube/$name" \
    "$(HOME=/tmp/home XDG_CACHE_HOME=relative env -u CUBE_TABLE_DIR $cube tables path)"
# A user the password database does not know (needs root to become one): a clear error, no folder.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && ! getent passwd 54321 >/dev/null; then
    out=$(env -u HOME -u XDG_CACHE_HOME -u CUBE_TABLE_DIR setpriv --reuid=54321 --regid=54321 --clear-groups \
        $cube tables path 2>&1)
    check tables-no-home-status 1 $?
    check tables-no-home-message "cube tables: no table folder: set CUBE_TABLE_DIR or HOME" "$out"
fi

finish
