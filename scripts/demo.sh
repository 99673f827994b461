#!/bin/sh
# The main job: set up, then scramble a 2x2 and a 3x3, show them, solve them and show the result.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" >/dev/null
cube="${CUBE_BUILD_DIR:-$root/build}/tools/cube"
seed=${1:-2026}

for size in 2 3; do
    scramble=$("$cube" scramble --size "$size" --seed "$seed")
    state=$("$cube" apply --size "$size" "$scramble")
    echo "== ${size}x${size} scramble: $scramble"
    "$cube" show "$state"
    if [ "$size" = 3 ] && ! "$cube" tables verify >/dev/null 2>&1; then
        echo "(first 3x3 solve on this machine: generating the solver tables once)"
        "$cube" tables generate
    fi
    solution=$("$cube" solve "$state")
    echo "solution ($(echo "$solution" | wc -w) moves): $solution"
    "$cube" show "$("$cube" apply "$state" "$solution")"
done
