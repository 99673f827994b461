# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, root, native, work, cube_exe, cube_linux, tables, name and s1 come
# from scripts/test-windows.sh and test-windows-cli.sh
# Sourced by scripts/test-windows-cli.sh (not in test-windows.sh --quick): table files under Wine and Ctrl-C.
# Tables under Wine, in a folder of their own ($t): two processes race for the build lock; the loser finds the
# winner's file; the file equals the Linux build's byte for byte. Then a process maps it and keeps answering
# while the file is replaced twice: by a damaged copy (renamed over it), and by the rebuild of another cube.exe,
# which refuses the damaged file and renames its new one over it (MoveFileExW).
t=$work/tables
mkdir -p "$t"
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
