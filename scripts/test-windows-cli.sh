# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, root, build, native and work come from scripts/test-windows.sh
# Sourced by scripts/test-windows.sh (its say, pass, fail, $root, $build, $native, $work): cube.exe under Wine.
# The Linux CLI tests run with cube.exe as their cube; the golden digests of the cross-answers test; CRLF batch
# input; the tables built, raced for, found again, damaged and rebuilt, replaced while mapped; the speed of
# `solve -` beside the Linux cube. docs/windows.md lists the checks that differ on Windows, and why.
cube_exe=$build/tools/cube-host # meson's wrapper: wine64 build-windows/tools/cube.exe "$@"
cube_linux=$native/tools/cube
# The prefix's user cache (%LOCALAPPDATA%\libcube) must hold no table file: the damaged-file checks of
# test_cli.sh would find it there and use it (on Linux they point XDG_CACHE_HOME elsewhere). A cube.exe run by
# hand in this prefix without CUBE_TABLE_DIR leaves one.
rm -f "$WINEPREFIX"/drive_c/users/*/AppData/Local/libcube/*.tbl
# A Linux path reaches the same folder from Wine (the current drive is Z:, the Linux root).
tables=$native/test-tables
export CUBE_TABLE_DIR="$tables"

# The checks of a Linux CLI test that differ on Windows by design (docs/windows.md says why for each).
expected_to_differ() {
    case $1 in
    test_cli_input) echo tables-home-unset tables-home-relative tables-xdg-relative tables-no-home-status \
        tables-no-home-message ;;
    test_cli_io) echo random-full-message solve-batch-limit-line-named solve-read-error-message-threads-1 \
        solve-read-error-message-threads-2 ;;
    esac
}

# corpus NAME...: each tests/core/NAME.sh run with cube.exe, two at a time; passes when every check passes
# but those expected to differ.
corpus() {
    # shellcheck disable=SC2016 # expanded by the inner sh
    printf '%s\n' "$@" | xargs -P 2 -I{} sh -c '"$0/tests/core/$1.sh" "$2" >"$3/$1.log" 2>&1 || true' \
        "$root" {} "$cube_exe" "$work"
    for name in "$@"; do
        expected_to_differ "$name" | tr ' ' '\n' | sed '/^$/d' >"$work/$name.differ"
        unexpected=$(sed -n 's/^FAIL //p' "$work/$name.log" | grep -vxF -f "$work/$name.differ" || true)
        summary=$(tail -n 1 "$work/$name.log")
        if [ -z "$unexpected" ] && echo "$summary" | grep -q ' passed, '; then
            pass "$name through cube.exe: $summary (expected to differ: $(expected_to_differ "$name" | wc -w))"
        else
            fail "$name through cube.exe: $summary; unexpected failures: $unexpected"
            grep -A 2 '^FAIL' "$work/$name.log" | head -n 20
        fi
    done
}
if [ "$quick" = 1 ]; then say "quick: the Linux CLI tests through cube.exe left out"; else
    say "the Linux CLI tests with cube.exe (answers, bad input of every class, exit statuses)"
    corpus test_cli test_cli_grammar test_cli_input test_cli_method test_cli_mixed_batch test_cli_io
fi

# Identical answers: the workloads of tests/core/test_cross_answers.sh (whose golden digests hold the Linux
# cube's answers), each run as one batch (a plan batch prints what one plan per process prints), with CRLF
# line ends for cube.exe; its output must equal the Linux cube's byte for byte.
"$cube_linux" random --seed 1 --count 1000 >"$work/states"
"$cube_linux" random --size 2 --seed 1 --count 1000 >"$work/states2"
head -n 50 "$work/states" >"$work/plans"
# same NAME INPUT ARGS...: the answers of both programs to INPUT (LF for Linux, CRLF for cube.exe).
same() {
    name=$1
    input=$2
    shift 2
    sed 's/$/\r/' "$input" >"$input.crlf"
    "$cube_linux" "$@" - <"$input" >"$work/$name.linux" 2>&1 || true
    "$cube_exe" "$@" - <"$input.crlf" >"$work/$name.windows" 2>&1 || true
    if cmp -s "$work/$name.linux" "$work/$name.windows"; then
        pass "identical answers, CRLF input: $name ($(wc -l <"$work/$name.linux") lines)"
    else
        fail "answers differ from Linux: $name"
        diff "$work/$name.linux" "$work/$name.windows" | head -n 6
    fi
}
say "identical answers: cube.exe under Wine and the Linux cube"
same two-phase-1000 "$work/states" solve --max-length 20 --tables full
same 2x2-1000 "$work/states2" solve
if [ "$quick" = 1 ]; then say "quick: the LBL method, the plans and validate left out"; else
    same lbl-1000 "$work/states" solve --method lbl
    for family in six-motor four-arm two-gripper turntable-flipper hold-and-flip; do
        same "plans-50-$family" "$work/plans" plan --robot "$family" --tables full --plan-ms 20 --json
    done
    same validate-1000 "$work/states" validate
fi

# The speed of `solve -` beside the Linux cube: a sanity ratio (the same machine, Wine's start included; two
# rounds each, alternated). A measurement, not a check: not in --quick.
seconds() { /usr/bin/time -f %e -o "$work/time" "$@" >/dev/null 2>&1 && cat "$work/time"; }
if [ "$quick" != 1 ]; then
    lin1=$(seconds "$cube_linux" solve --tables full - <"$work/states")
    win1=$(seconds "$cube_exe" solve --tables full - <"$work/states.crlf")
    lin2=$(seconds "$cube_linux" solve --tables full - <"$work/states")
    win2=$(seconds "$cube_exe" solve --tables full - <"$work/states.crlf")
    say "speed: solve --tables full - of 1000 states: Linux $lin1 s, $lin2 s; cube.exe under Wine $win1 s, $win2 s" \
        "(ratio $(awk "BEGIN { printf \"%.2f\", ($win1 + $win2) / ($lin1 + $lin2) }"))"
fi

name=$(basename "$("$cube_linux" tables path)")
s1=$(sed -n 1p "$work/states")
# Tables under Wine (built, raced for, found again, damaged and rebuilt, replaced while mapped) and Ctrl-C: about
# two minutes, not in --quick.
if [ "$quick" = 1 ]; then say "quick: the table builds and Ctrl-C left out"; else
    # shellcheck source=scripts/test-windows-tables.sh
    . "$root/scripts/test-windows-tables.sh"
fi

# The sim driver as a plugin DLL: it exports cube_driver_entry alone; cube.exe finds it in a --path folder
# (a Windows path: one without a drive letter is relative there), loads it (LoadLibraryExW) and runs a plan on it.
plugin=$build/drivers/sim/cube-driver-sim-plugin.dll
mkdir -p "$work/drivers"
cp "$plugin" "$work/drivers/"
exports=$(x86_64-w64-mingw32-objdump -p "$plugin" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' |
    sed -n 's/^[[:space:]]*\[ *[0-9]*\] //p' | tr '\n' ' ')
listed=$("$cube_exe" drivers --path "Z:$work/drivers" 2>&1 | grep -c "^sim-plugin " || true)
ran=$("$cube_exe" run --path "Z:$work/drivers" --driver "sim-plugin:speed=0" --quiet "$s1" 2>&1 || true)
if [ "$exports" = "cube_driver_entry " ] && [ "$listed" = 1 ] && echo "$ran" | grep -q "; cube solved$"; then
    pass "the sim plugin DLL: exports cube_driver_entry only, listed by cube drivers, $ran"
else fail "the sim plugin DLL: exports '$exports', listed $listed, run: $ran"; fi

# --resume FILE: locked while a batch writes it (LockFileEx), a second process is refused; then resumed.
head -n 3 "$work/states" >"$work/three"
mkfifo "$work/resume.in"
"$cube_exe" solve --json --resume "$work/resume.json" - <"$work/resume.in" >/dev/null 2>&1 &
writer=$!
exec 4>"$work/resume.in"
head -n 1 "$work/three" >&4
i=0
while [ "$(wc -l 2>/dev/null <"$work/resume.json" || echo 0)" -lt 1 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
second=0
"$cube_exe" solve --json --resume "$work/resume.json" - <"$work/three" >/dev/null 2>"$work/resume.err" || second=$?
exec 4>&-
wait $writer || true
"$cube_exe" solve --json --resume "$work/resume.json" - <"$work/three" >/dev/null 2>&1 || true
if [ "$second" = 1 ] && grep -q "another cube process is writing it$" "$work/resume.err" &&
    [ "$(wc -l <"$work/resume.json")" = 3 ]; then
    pass "--resume: a second writer refused while the first holds the lock; resumed to 3 answers"
else fail "--resume lock: status $second, $(cat "$work/resume.err")"; fi

# What Windows does differently by design: cube serve says it is not there; the user cache is %LOCALAPPDATA%.
serve_status=0
"$cube_exe" serve >/dev/null 2>"$work/serve.err" || serve_status=$?
if [ "$serve_status" = 2 ] && grep -q "not available in the Windows build" "$work/serve.err"; then
    pass "cube serve: exit 2, $(cat "$work/serve.err")"
else fail "cube serve: status $serve_status"; fi
cache=$(env -u CUBE_TABLE_DIR "$cube_exe" tables path)
case $cache in
*/AppData/Local/libcube/"$name") pass "the user cache: $cache (%LOCALAPPDATA%\\libcube)" ;;
*) fail "the user cache: $cache" ;;
esac

# Random seeds from the system (rand_s), not the clock: two runs within the same second differ.
first=$("$cube_exe" random --count 1 2>&1)
second=$("$cube_exe" random --count 1 2>&1)
if [ -n "$first" ] && [ "$first" != "$second" ]; then pass "random seeds from the system: two runs in a row differ"
else fail "random seeds: '$first' and '$second'"; fi
