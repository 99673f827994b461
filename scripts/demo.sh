#!/bin/sh
# The main job: set up (saying each step: packages, configure, build), generate the 3x3 tables once, then
# scramble a 2x2 and solve it; scramble a 3x3, solve it robot-aware, plan it for a four-arm robot and run the
# plan on the simulated robot driver; then the Python example when the Python binding is built.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cube="${CUBE_BUILD_DIR:-$root/build}/tools/cube"
seed=${1:-2026}
robot=${CUBE_DEMO_ROBOT:-four-arm}

# A 3x3 solve would answer at once from the compact tables, but the robot-aware plans below search within
# time limits: the demo builds the full tables once (cube tables generate shows its progress) and plans with
# them (--tables full), so that the plan, the comparison and the run find the same solution.
if ! "$cube" tables verify >/dev/null 2>&1; then
    echo "demo.sh: generating the 3x3 tables (about a minute, once)"
    "$cube" tables generate
fi

echo
scramble=$("$cube" scramble --size 2 --seed "$seed")
state=$("$cube" apply --size 2 "$scramble")
echo "== 2x2 scramble: $scramble"
"$cube" show "$state"
solution=$("$cube" solve "$state")
echo "optimal solution ($(echo "$solution" | wc -w) moves): $solution"
"$cube" show "$("$cube" apply "$state" "$solution")"

scramble=$("$cube" scramble --seed "$seed")
state=$("$cube" apply "$scramble")
echo
echo "== 3x3 scramble: $scramble"
"$cube" show "$state"
echo "== plan for a $robot robot (robot-aware: the fastest of several short solutions)"
"$cube" plan --tables full --robot "$robot" "$state" >"${TMPDIR:-/tmp}/libcube-demo-plan.$$"
head -8 "${TMPDIR:-/tmp}/libcube-demo-plan.$$"
echo "   ..."
tail -2 "${TMPDIR:-/tmp}/libcube-demo-plan.$$"
rm -f "${TMPDIR:-/tmp}/libcube-demo-plan.$$"
"$cube" plan --tables full --robot "$robot" --compare "$state"
echo "== solve, plan and run it on the simulated robot (sim driver at 50x speed)"
"$cube" run --tables full --driver "sim:model=$robot,speed=50" "$state"

# The Python binding (when built): the same job from Python (examples/python/example.py).
python_package="${CUBE_BUILD_DIR:-$root/build}/bindings/python/package"
if [ -d "$python_package/libcube" ]; then
    echo
    echo "== the same from Python (examples/python/example.py)"
    PYTHONPATH="$python_package" python3 "$root/examples/python/example.py"
fi
