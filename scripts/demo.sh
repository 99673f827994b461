#!/bin/sh
# The main job: set up, then scramble a cube and show it.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" >/dev/null
cube="${CUBE_BUILD_DIR:-$root/build}/tools/cube"
seed=${1:-2026}

scramble=$("$cube" scramble --seed "$seed")
echo "3x3 scramble: $scramble"
"$cube" show --moves "$scramble"
