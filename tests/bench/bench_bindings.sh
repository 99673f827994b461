#!/bin/sh
# What the Java, C# and Python bindings cost over the C API: runs the C, Java, C# and Python bench programs of
# each mode in turn (C, Java, C#, Python, C, ... ROUNDS times), each in its own process, with the same COUNT and SEED,
# and compares each language's median with C's. Each program reports the wall-clock time and the CPU time of
# its whole process (every thread: a JVM's JIT and GC included) for the timed part. The targets are judged on
# CPU time, which other processes on this 2-core machine do not inflate; the wall-clock figures are shown too.
#   solve3      1000 3x3 solves (tables loaded before timing): per-call us and the ratio lang / C (target <= 1.10)
#   roundtrip2  100000 2x2 solves: per-call us and the added us per round trip, (lang - C) / COUNT (target <= 5)
# A language whose programs are not in BUILD is reported "not built" and skipped.
# Usage: tests/bench/bench_bindings.sh BUILD [ROUNDS]   (ROUNDS default 5)
# Env: CUBE_TABLE_DIR (default BUILD/test-tables). Exits 1 if a program fails or a built language misses a target.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 BUILD [ROUNDS]" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
rounds=${2:-5}
case $rounds in '' | *[!0-9]* | 0) echo "bench_bindings: ROUNDS must be a positive number" >&2; exit 2 ;; esac
seed=20240611

export CUBE_TABLE_DIR="${CUBE_TABLE_DIR:-$build/test-tables}"
export LD_LIBRARY_PATH="$build/libcube${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

c_bench="$build/tests/bench/bench_bindings_c"
java_dir="$build/bindings/java"
csharp_exe="$build/bindings/csharp/LibCube.Bench.exe"
python_package="$build/bindings/python/package"
python_bench="$(cd "$(dirname "$0")/../.." && pwd)/bindings/python/bench/bindings_bench.py"

[ -x "$c_bench" ] || { echo "bench_bindings: $c_bench is not built" >&2; exit 1; }
langs=C
if [ -f "$java_dir/libcube.jar" ] && [ -f "$java_dir/libcube-bench.jar" ] && command -v java >/dev/null; then
    langs="$langs Java"
else
    echo "Java: not built (no $java_dir/libcube.jar and libcube-bench.jar, or no java)"
fi
if [ -f "$csharp_exe" ] && command -v mono >/dev/null; then
    langs="$langs C#"
else
    echo "C#: not built (no $csharp_exe, or no mono)"
fi
if [ -d "$python_package/libcube" ] && command -v python3 >/dev/null; then
    langs="$langs Python"
else
    echo "Python: not built (no $python_package/libcube, or no python3)"
fi

# run LANG MODE COUNT: prints the program's "TOTAL_US CPU_US".
run() {
    run_lang=$1
    case $1 in
    C) out=$("$c_bench" "$2" "$3" "$seed") ;;
    Java) out=$(java -Djava.library.path="$java_dir" -cp "$java_dir/libcube.jar:$java_dir/libcube-bench.jar" \
        org.libcube.bench.BindingsBench "$2" "$3" "$seed") ;;
    C#) out=$(mono "$csharp_exe" "$2" "$3" "$seed") ;;
    Python) out=$(PYTHONPATH="$python_package" python3 "$python_bench" "$2" "$3" "$seed") ;;
    esac || { echo "bench_bindings: the $run_lang $2 program failed" >&2; return 1; }
    # Exactly one line "MODE COUNT TOTAL_US CPU_US".
    echo "$out" | awk -v mode="$2" -v n="$3" 'NF == 4 && $1 == mode && $2 == n && $3 ~ /^[0-9]+$/ && $4 ~ /^[0-9]+$/ {
            print $3, $4; ok = 1 }
        END { exit !(ok && NR == 1) }' ||
        { echo "bench_bindings: unexpected output of the $run_lang $2 program: $out" >&2; return 1; }
}

# median: the middle of the values on stdin (the mean of the two middle ones for an even number).
median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

missed=0
for mode in solve3 roundtrip2; do
    count=1000
    [ $mode = roundtrip2 ] && count=100000
    results=$(mktemp)
    round=1
    while [ $round -le "$rounds" ]; do
        for lang in $langs; do
            total=$(run "$lang" $mode $count) || { rm -f "$results"; exit 1; }
            echo "$lang $total" >>"$results"
        done
        round=$((round + 1))
    done
    echo "$mode: COUNT $count, SEED $seed, median of $rounds rounds (wall-clock | process CPU)"
    c_total=$(awk '$1 == "C" { print $2 }' "$results" | median)
    c_cpu=$(awk '$1 == "C" { print $3 }' "$results" | median)
    for lang in $langs; do
        total=$(awk -v l="$lang" '$1 == l { print $2 }' "$results" | median)
        cpu=$(awk -v l="$lang" '$1 == l { print $3 }' "$results" | median)
        line=$(awk -v mode=$mode -v lang="$lang" -v t="$total" -v c="$c_total" -v u="$cpu" -v cu="$c_cpu" -v n=$count '
        BEGIN {
            printf "  %-6s %10.3f | %10.3f us per call", lang, t / n, u / n
            if (lang == "C") { print ""; exit 0 }
            if (mode == "solve3") {
                r = u / cu
                printf "   %s/C %.3f | %.3f (target <= 1.10: %s)\n", lang, t / c, r, r <= 1.10 ? "holds" : "MISSED"
                exit r <= 1.10 ? 0 : 3
            }
            a = (u - cu) / n
            printf "   added %.3f | %.3f us per round trip (target <= 5: %s)\n", (t - c) / n, a,
                a <= 5 ? "holds" : "MISSED"
            exit a <= 5 ? 0 : 3
        }') || missed=1
        echo "$line"
    done
    rm -f "$results"
done
if [ $missed -ne 0 ]; then
    echo "bench_bindings: a target was missed"
    exit 1
fi
echo "bench_bindings: every target holds for the languages built"
