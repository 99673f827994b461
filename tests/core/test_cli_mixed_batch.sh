#!/bin/sh
# Every batch path answers every line of a mixed batch, in order, whatever lines are bad: valid 3x3 and 2x2
# states, garbage, an empty line, a line over the 1 MiB cap, a NUL byte, an unsolvable cube, CRLF. The bad
# lines sit at the edges of the 256-line chunks that `--threads` solves together. At 2 and 8 threads (and 0,
# one per core) the answers equal those of one thread line by line; the exit status is 1 (some line was bad),
# and stderr stays empty (a bad line is answered on stdout, never taken for a failed write).
cube=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
FLIPPED=UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

# The mixed input: 600 random 3x3 states and 40 random 2x2 ones, with a bad line of each class before line 1,
# around lines 256 and 512, and at the end.
bad_lines() {
    printf 'bad\n\n'
    printf 'UU\000UU\n'
    head -c 1048577 /dev/zero | tr '\0' U
    printf '\n%s\n%s\r\n' "$FLIPPED" "$($cube random --seed 11)"
}
{
    bad_lines
    $cube random --seed 3 --count 250
    bad_lines
    $cube random --size 2 --seed 4 --count 40
    $cube random --seed 5 --count 250
    bad_lines
    $cube random --seed 6 --count 100
    bad_lines
} >"$work/in"
lines_in=$(wc -l <"$work/in" | tr -d ' ')

# run NAME ARGS...: runs `cube ARGS` on the input; prints "lines out" and keeps stdout, stderr and the status.
run() {
    name=$1
    shift
    $cube "$@" <"$work/in" >"$work/$name.out" 2>"$work/$name.err"
    echo $? >"$work/$name.status"
}

# same_as_one_thread PATH ARGS...: the batch at 1, 2, 8 and 0 threads, each compared with one thread's answers.
# Where the sanitizer run divides repetitions (CUBE_TEST_REPEAT_DIVISOR), the --json and --max-length batches run
# at 1 and 2 threads only: the same chunking code as the plain batch at every count.
all_counts="1 2 8 0"
few_counts=$all_counts
[ "${CUBE_TEST_REPEAT_DIVISOR:-1}" -gt 1 ] && few_counts="1 2"
same_as_one_thread() {
    counts=$1
    path=$2
    shift 2
    for threads in $counts; do
        run "$path-$threads" "$@" --threads $threads -
        out=$(wc -l <"$work/$path-$threads.out" | tr -d ' ')
        check "$path-threads-$threads-lines" "$lines_in" "$out"
        check "$path-threads-$threads-status" 1 "$(cat "$work/$path-$threads.status")"
        check "$path-threads-$threads-stderr" "" "$(cat "$work/$path-$threads.err")"
        if cmp -s "$work/$path-1.out" "$work/$path-$threads.out"; then same=$out; else same=differ; fi
        check "$path-threads-$threads-answers" "$out" "$same"
        echo "$path --threads $threads: $lines_in lines in, $out lines out, $same answers equal to one thread's"
    done
}

# --tables full: every answer from the full tables (auto answers the first ones from the compact tables).
same_as_one_thread "$all_counts" solve solve --tables full
same_as_one_thread "$few_counts" solve-json solve --tables full --json
same_as_one_thread "$few_counts" solve-max-length solve --tables full --max-length 22

# The answers of one thread: each bad line answered as an error at its own place, every state solved.
errors=$(grep -c '^error: ' "$work/solve-1.out")
check solve-errors-per-bad-line 20 "$errors"
check solve-first-answer "error: wrong length: 3 characters, expected 54 (3x3) or 24 (2x2)" "$(head -n 1 "$work/solve-1.out")"
check solve-nul-answer 1 "$(sed -n 3p "$work/solve-1.out" | grep -c 'NUL byte')"
check json-every-line 1 "$(grep -vc '^{"ok":' "$work/solve-json-1.out" | sed 's/^0$/1/')"
check json-failures 20 "$(grep -c '^{"ok":false' "$work/solve-json-1.out")"

# The paths without threads: the LBL method, --all and --count (2x2 only: every 3x3 line is refused at its
# place) and the state commands, one answer per line. (`plan` and `scan` take no batch.)
for path in "solve --method lbl" "solve --method lbl --json" "solve --all" "solve --count" "validate" "invert" \
    "simplify" "apply R"; do
    name=$(echo "$path" | tr ' ' '-')
    set -- $path
    cmd=$1
    shift
    run "$name" $cmd - "$@"
    check "$name-lines" "$lines_in" "$(wc -l <"$work/$name.out" | tr -d ' ')"
    check "$name-status" 1 "$(cat "$work/$name.status")"
    check "$name-stderr" "" "$(cat "$work/$name.err")"
done

finish
