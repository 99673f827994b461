# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, root, build, native and work come from scripts/test-windows.sh
# Sourced by scripts/test-windows.sh (its say, pass, fail, $root, $build, $native, $work): cube.exe under Wine.
# The Linux CLI tests run with cube.exe as their cube; the golden digests of the cross-answers test; CRLF batch
# input; the tables built, raced for, found again, damaged and rebuilt, replaced while mapped; the speed of
# `solve -` beside the Linux cube. docs/windows.md lists the checks that differ on Windows, and why.
cube_exe=$build/tools/cube-host # meson's wrapper: wine64 build-windows/tools/cube.exe "$@"
cube_linux=$native/tools/cube
cp "$build/libcube/libcube-2.dll" /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll "$build/tools/"
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
say "the Linux CLI tests with cube.exe (answers, bad input of every class, exit statuses)"
corpus test_cli test_cli_grammar test_cli_input test_cli_method test_cli_mixed_batch test_cli_io

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
same lbl-1000 "$work/states" solve --method lbl
same 2x2-1000 "$work/states2" solve
for family in six-motor four-arm two-gripper turntable-flipper hold-and-flip; do
    same "plans-50-$family" "$work/plans" plan --robot "$family" --tables full --plan-ms 20 --json
done
same validate-1000 "$work/states" validate

# The speed of `solve -` beside the Linux cube: a sanity ratio (the same machine, Wine's start included; two
# rounds each, alternated).
seconds() { /usr/bin/time -f %e -o "$work/time" "$@" >/dev/null 2>&1 && cat "$work/time"; }
lin1=$(seconds "$cube_linux" solve --tables full - <"$work/states")
win1=$(seconds "$cube_exe" solve --tables full - <"$work/states.crlf")
lin2=$(seconds "$cube_linux" solve --tables full - <"$work/states")
win2=$(seconds "$cube_exe" solve --tables full - <"$work/states.crlf")
say "speed: solve --tables full - of 1000 states: Linux $lin1 s, $lin2 s; cube.exe under Wine $win1 s, $win2 s" \
    "(ratio $(awk "BEGIN { printf \"%.2f\", ($win1 + $win2) / ($lin1 + $lin2) }"))"

# Tables under Wine, in a folder of their own ($t): two processes race for the build lock; the loser finds the
# winner's file; the file equals the Linux build's byte for byte. Then a process maps it and keeps answering
# while the file is replaced twice: by a damaged copy (renamed over it), and by the rebuild of another cube.exe,
# which refuses the damaged file and renames its new one over it (MoveFileExW).
t=$work/tables
mkdir -p "$t"
name=$(basename "$("$cube_linux" tables path)")
say "tables under Wine: two cube.exe tables generate racing in an empty folder (a build each: about a minute)"
CUBE_TABLE_DIR=$t "$cube_exe" tables generate --dir "$t" >"$work/race1.out" 2>"$work/race1.err" &
race1=$!
CUBE_TABLE_DIR=$t "$cube_exe" tables generate --dir "$t" >"$work/race2.out" 2>"$work/race2.err" &
race2=$!
status1=0
status2=0
wait $race1 || status1=$?
wait $race2 || status2=$?
builds=$(cat "$work/race1.err" "$work/race2.err" | grep -c "does not exist; building it$" || true)
waits=$(cat "$work/race1.err" "$work/race2.err" | grep -c "; waiting for it" || true)
if [ "$status1$status2" = 00 ] && [ "$builds" = 1 ] && cmp -s "$t/$name" "$tables/$name"; then
    pass "race for the build lock: both exit 0, one built ($waits waiting notice), the file equals the Linux one"
else
    fail "race for the build lock: statuses $status1 $status2, $builds builds"
    cat "$work/race1.err" "$work/race2.err" | head -n 20
fi
if [ "$("$cube_exe" tables generate --dir "$t" 2>&1)" = "ok: $("$cube_exe" tables path --dir "$t")" ]; then
    pass "found again: tables generate keeps the sound file"
else fail "found again: tables generate did not keep the sound file"; fi

s1=$(sed -n 1p "$work/states")
s2=$(sed -n 2p "$work/states")
mkfifo "$work/in"
CUBE_TABLE_DIR=$t "$cube_exe" solve --tables full - <"$work/in" >"$work/mapped.out" 2>"$work/mapped.err" &
mapped=$!
exec 3>"$work/in"
echo "$s1" >&3
i=0
while [ "$(wc -l <"$work/mapped.out")" -lt 1 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
head -c 100000 "$t/$name" >"$t/$name.damaged"
mv "$t/$name.damaged" "$t/$name"
if ! "$cube_exe" tables verify --dir "$t" >"$work/verify.err" 2>&1 && grep -q truncated "$work/verify.err"; then
    pass "a damaged file is refused: $(head -n 1 "$work/verify.err")"
else fail "a damaged file was not refused by tables verify"; fi
say "tables under Wine: rebuilding over the damaged file (about 30 s)"
rebuild=0
CUBE_TABLE_DIR=$t "$cube_exe" tables generate --dir "$t" >/dev/null 2>"$work/rebuild.err" || rebuild=$?
if [ "$rebuild" = 0 ] && grep -q "truncated .*; rebuilding it$" "$work/rebuild.err" && cmp -s "$t/$name" "$tables/$name"; then
    pass "a damaged file is rebuilt: the new file renamed over it equals the Linux one"
else
    fail "rebuild over a damaged file (status $rebuild)"
    head -n 5 "$work/rebuild.err"
fi
echo "$s2" >&3
exec 3>&-
mapped_status=0
wait $mapped || mapped_status=$?
"$cube_linux" solve --tables full "$s1" >"$work/mapped.expected"
"$cube_linux" solve --tables full "$s2" >>"$work/mapped.expected"
if [ "$mapped_status" = 0 ] && cmp -s "$work/mapped.expected" "$work/mapped.out"; then
    pass "a file replaced twice while mapped: the process mapping it went on answering as Linux does"
else
    fail "replaced while mapped: status $mapped_status"
    head -n 5 "$work/mapped.err"
fi

# Ctrl-C (SIGINT, which Wine turns into a console control event) cancels a table build: exit 130, no file left.
mkdir -p "$work/cancel"
CUBE_TABLE_DIR=$work/cancel "$cube_exe" tables generate --dir "$work/cancel" >/dev/null 2>"$work/cancel.err" &
cancel=$!
i=0
while ! grep -q "building it$" "$work/cancel.err" && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1
kill -INT $cancel
cancel_status=0
wait $cancel || cancel_status=$?
if [ "$cancel_status" = 130 ] && [ -z "$(ls -A "$work/cancel")" ]; then
    pass "Ctrl-C cancels tables generate: exit 130, no file left ($(tail -n 1 "$work/cancel.err"))"
else fail "Ctrl-C during tables generate: status $cancel_status, left: $(ls -A "$work/cancel")"; fi

# Ctrl-C during cube run on the built-in sim driver (at speed 0.02 the plan's 0.4 s take 20 s): the robot
# stops, the driver is closed, 130.
"$cube_exe" run --driver "sim:speed=0.02" --quiet "$s1" >/dev/null 2>"$work/run.err" &
run=$!
sleep 3
kill -INT $run || true
run_status=0
wait $run || run_status=$?
if [ "$run_status" = 130 ] && grep -q "interrupted: robot stopped, driver closed$" "$work/run.err"; then
    pass "Ctrl-C stops cube run: exit 130, $(tail -n 1 "$work/run.err")"
else fail "Ctrl-C during cube run: status $run_status, $(tail -n 1 "$work/run.err")"; fi

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
while [ "$(wc -l <"$work/resume.json" 2>/dev/null || echo 0)" -lt 1 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
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
