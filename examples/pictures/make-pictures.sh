#!/bin/sh
# Makes the example pictures of this folder with the `cube` program (docs/pictures.md).
# Usage: examples/pictures/make-pictures.sh [CUBE]   (default: build/tools/cube)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cube=${1:-"$here/../../build/tools/cube"}
scramble="R U F' D2 L B' U2 R'"
"$cube" show --moves "$scramble" --svg >"$here/net.svg"
"$cube" show --moves "$scramble" --svg --3d >"$here/cube-3d.svg"
"$cube" show --moves "$scramble" --svg --3d --scheme japanese >"$here/cube-3d-japanese.svg"
"$cube" show --size 2 --moves "R U R' U'" --svg >"$here/net-2x2.svg"
"$cube" plan --robot four-arm --moves "R U F' D2" --svg >"$here/plan-four-arm.svg"
"$cube" solve --size 2 --tables compact "$("$cube" apply --size 2 "R U R' U' F")" --steps --svg >"$here/steps-2x2.svg"
echo "pictures written to $here"
