#!/bin/sh
# Runs one libFuzzer target (a test of suite 'fuzz'): every input of its seed corpus first, then fuzzing
# for $CUBE_FUZZ_SECONDS seconds (default 10). Every run starts from the seeds alone, so its cost does not
# grow from run to run; the inputs it adds are kept in WORK/corpus/NAME until the next run. A crashing
# input goes to WORK/artifacts/, the whole log to WORK/logs/NAME.log.
# Prints one summary line (also written to WORK/logs/NAME.summary); after a crash, the end of the log
# and the input. Exits 0 only if the run was clean.
# usage: run-fuzzer.sh NAME FUZZER SEED_DIR WORK MAX_LEN
set -eu
name=$1
fuzzer=$2
seeds=$3
work=$4
max_len=$5
seconds=${CUBE_FUZZ_SECONDS:-10}

corpus=$work/corpus/$name
artifacts=$work/artifacts
logs=$work/logs
rm -rf "$corpus"
mkdir -p "$corpus" "$artifacts" "$logs"
log=$logs/$name.log
summary=$logs/$name.summary

# Leaks, ASan and UBSan reports all end the run as a crash with its input saved.
status=0
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$fuzzer" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len="$max_len" \
    -print_final_stats=1 -artifact_prefix="$artifacts/$name-" "$corpus" "$seeds" >"$log" 2>&1 || status=$?

# Figures from libFuzzer's last lines: "#N DONE cov: C ft: F corp: U/SIZE ..." and the final stats.
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
coverage=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -n 1)
crashes=$(grep -c 'Test unit written to' "$log" || true)
echo "fuzz-$name: ${runs:-?} runs in $seconds s, ${speed:-?} exec/s, ${coverage:-cov: ?}, $crashes crashes" |
    tee "$summary"

if [ "$status" -ne 0 ]; then
    echo "fuzz-$name: the fuzzer exited with status $status; end of $log:"
    tail -n 60 "$log"
    for unit in $(sed -n 's/.*Test unit written to //p' "$log"); do
        echo "fuzz-$name: input $unit (replay: $fuzzer $unit):"
        od -A d -c "$unit" | head -n 20
    done
    exit 1
fi
