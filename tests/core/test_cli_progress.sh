#!/bin/sh
# Honest progress of the 3x3 tables in the `cube` program: one bar for the whole job on a terminal (a fake one
# from script(1)), plain lines elsewhere, notices on lines of their own before the work they announce, the bar
# erased at the end, on errors and on SIGTERM; a cancelled `tables generate` leaves no file; --tables
# auto|compact|full; the hint after a compact answer; `tables generate --system` and `tables path --search`.
# Usage: test_cli_progress.sh CUBE PROGRESS_REPLAY   (with CUBE_TABLE_DIR holding a sound table file)
cube=$1
replay=$2
. "$(dirname "$0")/../check.sh"
status() { "$@" >/dev/null 2>&1; echo $?; }
# Waits up to $3 seconds for a line of file $1 matching $2; fails if none came.
wait_for() {
    tries=0
    while [ $tries -lt $(($3 * 5)) ]; do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.2
        tries=$((tries + 1))
    done
    return 1
}
CR=$(printf '\r')
ESC=$(printf '\033')
visible() { sed "s/$CR/<CR>/g; s/$ESC/<ESC>/g" | tr '\n' '|'; } # control bytes shown, lines joined by |
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tables=$($cube tables path) # the sound file of the test build
name=$(basename "$tables")
SOLVED=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
S3=$($cube random --seed 11)
# A search path of its own, empty: nothing in $CUBE_TABLE_DIR, the user cache or the system folder.
empty() { CUBE_TABLE_DIR=$work/empty XDG_CACHE_HOME=$work/empty/cache CUBE_SYSTEM_TABLE_DIR=$work/empty/system "$@"; }
have_script=0
script -qc true /dev/null >/dev/null 2>&1 && have_script=1
# until_bar NAME COMMAND...: runs COMMAND (words without blanks) on a fake terminal until its progress bar
# shows, then sends it SIGTERM; the terminal's output, ending in "rc=STATUS", is left in $work/NAME.out.
until_bar() {
    bar_name=$1
    shift
    script -qc "sh -c 'echo \$\$ >$work/$bar_name.pid; exec $*'; echo rc=\$?" /dev/null >"$work/$bar_name.out" 2>&1 &
    bar_pid=$!
    wait_for "$work/$bar_name.out" '\] *[0-9]*%' 120
    kill -TERM "$(cat "$work/$bar_name.pid")"
    wait $bar_pid
}

# ---- The printer, fed recorded reports (progress_replay) ----
# Off a terminal: a line when the shown part starts (after half a second), at each stage and each 10%, the
# time left once a second has passed; the fraction never goes back; notices as lines; "done in" at the end.
REPORTS='S 0.001 100 checking table file
N table file T does not exist; building it
S 0.05 600 move tables
S 0.07 700 move tables
S 0.12 800 corner distance table
S 0.15 900 corner distance table
S 0.20 2000 phase-1 pruning table
S 0.31 2500 phase-1 pruning table
S 0.25 2600 phase-1 pruning table
N hello
S 1.0 3000 done'
check replay-plain "cube: table file T does not exist; building it|cube: 3x3 tables: 5% (move tables)|cube: 3x3 tables: 12% (corner distance table)|cube: 3x3 tables: 20%, about 0:08 left (phase-1 pruning table)|cube: 3x3 tables: 31%, about 0:06 left (phase-1 pruning table)|cube: hello|cube: 3x3 tables: done in 3.0 s|" \
    "$(echo "$REPORTS" | $replay 2>&1 | visible)"
check replay-plain-quick-job "" "$(printf 'S 0 10 checking table file\nS 1.0 40 done\n' | $replay 2>&1)"
check replay-plain-new-job "cube: 3x3 tables: 50%, about 0:05 left (phase-1 move hints)|cube: 3x3 tables: 1% (move tables)|" \
    "$(printf 'S 0.5 5000 phase-1 move hints\nE\nS 0.01 600 move tables\n' | $replay 2>&1 | visible)"
if [ $have_script = 1 ]; then
    # On a terminal: the bar redrawn in place (not again when unchanged), a notice erases it, takes a line
    # and the bar comes back below it; the end erases it.
    printf 'N table file T does not exist; building it\nS 0.05 600 move tables\nS 0.05 650 move tables\nN hello\nS 0.5 5000 phase-1 move hints\nE\n' >"$work/reports"
    check replay-terminal "cube: table file T does not exist; building it<CR>|<CR>[#                   ]   5%             move tables<ESC>[K<CR><ESC>[Kcube: hello<CR>|<CR>[#                   ]   5%             move tables<ESC>[K<CR>[##########          ]  50%  0:05 left  phase-1 move hints<ESC>[K<CR><ESC>[K" \
        "$(script -qc "$replay <$work/reports" /dev/null | visible)"
    printf 'S 0.5 5000 phase-1 move hints\nS 1.0 9000 done\n' >"$work/reports"
    check replay-terminal-done "<CR>[##########          ]  50%  0:05 left  phase-1 move hints<ESC>[K<CR><ESC>[Kcube: 3x3 tables: done in 9.0 s<CR>|" \
        "$(script -qc "$replay <$work/reports" /dev/null | visible)"
fi

# ---- tables generate: a build cut short by SIGTERM ----
# Off a terminal: the notice first, then plain lines (no CR, no escape codes); SIGTERM cancels the build, which
# leaves neither the file nor its lock, and exits 143.
mkdir "$work/gen"
$cube tables generate --dir "$work/gen" >"$work/gen.out" 2>"$work/gen.err" &
pid=$!
wait_for "$work/gen.err" '3x3 tables: [0-9]*%' 120
kill -TERM $pid
wait $pid
check generate-cancel-status 143 $?
check generate-notice-first 1 "$(head -1 "$work/gen.err" | grep -c "^cube: table file $work/gen/$name does not exist; building it$")"
check generate-plain-lines 1 "$(grep -c -m1 '^cube: 3x3 tables: [0-9]*%.* (.*)$' "$work/gen.err")"
check generate-plain-no-control 0 "$(tr -d '\n[:print:]' <"$work/gen.err" | wc -c | tr -d ' ')"
check generate-cancel-message 1 "$(grep -c '^cube tables: generate: .*cancelled' "$work/gen.err")"
check generate-cancel-leaves-nothing "" "$(ls -A "$work/gen")"
if [ $have_script = 1 ]; then
    # On a terminal: the notice, then the bar on the next line; SIGTERM erases the bar before the message.
    mkdir "$work/tty"
    until_bar tty $cube tables generate --dir "$work/tty"
    out=$(visible <"$work/tty.out")
    check tty-generate-notice-first 1 "$(echo "$out" | grep -c "^cube: table file $work/tty/$name does not exist; building it<CR>|<CR>\[")"
    check tty-generate-bar-erased-on-signal 1 "$(echo "$out" | grep -c '<CR><ESC>\[Kcube tables: generate: [^|]*cancelled<CR>|rc=143<CR>|$')"
    check tty-generate-leaves-nothing "" "$(ls -A "$work/tty")"
fi

# ---- cube solve and --tables ----
# full waits for the tables: a damaged file is named before its rebuild (cut short here), on the first line.
mkdir -p "$work/damaged"
head -c 100000 "$tables" >"$work/damaged/$name"
in_damaged() { CUBE_TABLE_DIR=$work/damaged XDG_CACHE_HOME=$work/damaged/cache CUBE_SYSTEM_TABLE_DIR=$work/damaged/system "$@"; }
check solve-full-notice-first 1 \
    "$(in_damaged timeout 10 $cube solve --tables full $S3 2>&1 >/dev/null | head -1 | grep -c 'truncated .*; rebuilding it$')"
# auto answers at once (compact tables); the background load's notice and then the hint follow on stderr.
(echo "$S3"; sleep 3) | in_damaged $cube solve - >"$work/auto.out" 2>"$work/auto.err"
check solve-auto-solves "$SOLVED" "$($cube apply "$S3" "$(cat "$work/auto.out")")"
check solve-auto-notice 1 "$(grep -c 'truncated .*; rebuilding it$' "$work/auto.err")"
check solve-auto-hint-after-notice 1 "$(tail -1 "$work/auto.err" | grep -c "^cube: answered with the compact tables; 'cube tables generate' builds")"
# A sound file: nothing on stderr (scripts stay clean), whichever set answered.
check solve-auto-quiet "" "$($cube solve $S3 2>&1 >/dev/null)"
check solve-full-solves "$SOLVED" "$($cube apply "$S3" "$($cube solve --tables full $S3 2>/dev/null)")"
# compact never touches a table file: no folder, no lock, nothing on stderr.
compact=$(CUBE_TABLE_DIR=$work/compact XDG_CACHE_HOME=$work/compact/cache CUBE_SYSTEM_TABLE_DIR=$work/compact/system \
    $cube solve --tables compact $S3 2>"$work/compact.err")
check solve-compact-solves "$SOLVED" "$($cube apply "$S3" "$compact")"
check solve-compact-at-most-20 1 "$([ "$(echo "$compact" | wc -w)" -le 20 ] && echo 1)"
check solve-compact-quiet "" "$(cat "$work/compact.err")"
check solve-compact-no-file no "$([ -e "$work/compact" ] && echo yes || echo no)"
check tables-option-bad 2 "$(status $cube solve --tables fast $S3)"
check tables-option-scramble "$($cube random --seed 7)" "$($cube apply "$($cube scramble --random-state --seed 7 --tables compact)")"
check tables-option-scramble-alone 2 "$(status $cube scramble --tables compact)"
check tables-option-plan 0 "$(status $cube plan --robot four-arm --tables compact $S3)"
check tables-option-plan-moves 2 "$(status $cube plan --robot four-arm --tables compact --moves R)"
check tables-option-run 1 "$($cube run --driver sim:speed=0 --robot four-arm --quiet --tables compact $S3 2>&1 | grep -c 'cube solved')"
if [ $have_script = 1 ]; then
    # On a terminal the hint comes once when auto answered with the compact tables and no full file was there.
    out=$(empty script -qc "$cube solve $S3" /dev/null)
    check tty-hint-once 1 "$(echo "$out" | grep -c "^cube: answered with the compact tables; 'cube tables generate' builds the full ones once (about 320 MB, a minute) for faster solves")"
    check tty-hint-answer-solves "$SOLVED" "$($cube apply "$S3" "$(echo "$out" | grep -v '^cube:' | tr -d '\r')")"
    check tty-no-hint-compact 0 "$(empty script -qc "$cube solve --tables compact $S3" /dev/null | grep -c 'cube: answered')"
    check tty-no-hint-sound-file 0 "$(script -qc "$cube solve $S3" /dev/null | grep -c 'cube: answered')"
    # SIGTERM while full waits for a build: the bar is erased, then the signal ends the program as usual (the
    # shell may say "Terminated").
    until_bar full env CUBE_TABLE_DIR="$work/full" XDG_CACHE_HOME="$work/full/cache" \
        CUBE_SYSTEM_TABLE_DIR="$work/full/system" $cube solve --tables full $S3
    check tty-full-bar-erased-on-signal 1 "$(visible <"$work/full.out" | grep -c '<CR><ESC>\[K\(Terminated<CR>|\)\{0,1\}rc=143<CR>|$')"
fi

# ---- tables path --search, generate --system ----
# The test tables' folder of a big-endian build also holds the little-endian file it was copied from
# (scripts/test-cross.sh): its line and JSON members (test_table_byte_order.cpp checks them) are left out here.
search_env() {
    XDG_CACHE_HOME=$work/search/cache CUBE_SYSTEM_TABLE_DIR=$work/search/system "$@" |
        grep -v "^ *[^ ]*: table file .* was made on a .*-endian machine" |
        sed 's/,"other_byte_order_file":"[^"]*","other_byte_order_notice":"[^"]*"//'
}
listing=$(search_env $cube tables path --search)
check search-env "CUBE_TABLE_DIR  $tables: sound (used)" "$(echo "$listing" | sed -n 1p)"
check search-cache "user cache      $work/search/cache/libcube/$name: missing" "$(echo "$listing" | sed -n 2p)"
check search-system "system          $work/search/system/$name: missing" "$(echo "$listing" | sed -n 3p)"
check search-json "{\"ok\":true,\"path\":\"$tables\",\"search\":[{\"role\":\"env\",\"file\":\"$tables\",\"state\":\"sound\",\"used\":true},{\"role\":\"cache\",\"file\":\"$work/search/cache/libcube/$name\",\"state\":\"missing\"},{\"role\":\"system\",\"file\":\"$work/search/system/$name\",\"state\":\"missing\"}]}" \
    "$(search_env $cube tables path --search --json)"
mkdir -p "$work/search/cache/libcube"
head -c 100000 "$tables" >"$work/search/cache/libcube/$name"
check search-damaged 1 "$(search_env $cube tables path --search | sed -n 2p | grep -c ": damaged: .*truncated")"
check search-builds-here "CUBE_TABLE_DIR  $work/search/none/$name: missing (a build saves here)" \
    "$(CUBE_TABLE_DIR=$work/search/none search_env $cube tables path --search | sed -n 1p)"
check search-with-dir 2 "$(status $cube tables path --search --dir "$work")"
check path-system "$work/search/system/$name" "$(search_env $cube tables path --system)"
check system-and-dir 2 "$(status $cube tables path --system --dir "$work")"
check generate-system-keeps "ok: $tables" "$(CUBE_SYSTEM_TABLE_DIR=$(dirname "$tables") $cube tables generate --system 2>/dev/null)"
touch "$work/file"
CUBE_SYSTEM_TABLE_DIR=$work/file/tables $cube tables generate --system >/dev/null 2>"$work/system.err"
check generate-system-unwritable-status 1 $?
check generate-system-unwritable-reason 1 "$(grep -c "^cube tables: generate: .*$work/file" "$work/system.err")"
check generate-system-json "{\"ok\":false,\"path\":\"$work/file/tables/$name\",\"status\":\"CUBE_ERROR_IO\"," \
    "$(CUBE_SYSTEM_TABLE_DIR=$work/file/tables $cube tables generate --system --json 2>/dev/null | sed 's/"error":.*//')"

finish
