# Sourced by the shell tests: `check NAME EXPECTED ACTUAL` counts a check (printing a failure with both
# values), and `finish` prints "N passed, M failed" and exits 1 if any check failed.
fails=0
pass=0
check() { # name expected actual
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        fails=$((fails + 1))
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
    fi
}
finish() {
    echo "$pass passed, $fails failed"
    [ "$fails" -eq 0 ]
    exit
}
