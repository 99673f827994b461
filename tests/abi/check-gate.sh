#!/bin/sh
# Shows that the ABI gate stops what it must and lets through what the rules allow, on a small stub
# library (gate_stub.c) built against the frozen 1.0 headers and against edited copies of them:
#   a field appended to a versioned struct  -> abidiff and the layout check pass
#   a removed function                      -> abidiff fails
#   reordered struct members                -> the layout check fails
#   a changed enum value                    -> the layout check fails
# usage: check-gate.sh FROZEN_INCLUDE SUPPRESSIONS TESTS_ABI_DIR
set -eu
frozen=$1
suppr=$2
here=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
failures=0

edited() {  # edited NAME PYTHON-EDIT: a copy of the frozen headers changed by a python snippet
    mkdir -p "$tmp/$1/cube"
    cp "$frozen"/cube/*.h "$tmp/$1/cube/"
    python3 -c "import sys; p = sys.argv[1] + '/cube/' + sys.argv[2]; s = open(p).read(); $3; open(p, 'w').write(s)" \
        "$tmp/$1" "$2"
}
stub() {  # stub NAME INCLUDE [CFLAGS]: libNAME.so from gate_stub.c
    "$cc" -g -O2 -shared -fPIC -fvisibility=hidden -DCUBE_BUILDING_LIBRARY -I"$2" ${3:-} "$here/gate_stub.c" -o "$tmp/lib$1.so"
}
expect() {  # expect pass|fail WHAT COMMAND...
    want=$1
    what=$2
    shift 2
    if "$@" >"$tmp/out" 2>&1; then got=pass; else got=fail; fi
    if [ "$got" = "$want" ]; then
        echo "ok: $what: gate says $got"
    else
        echo "WRONG: $what: gate says $got, expected $want"
        cat "$tmp/out"
        failures=$((failures + 1))
    fi
}

stub base "$frozen"
abidw --no-show-locs --no-comp-dir-path "$tmp/libbase.so" >"$tmp/base.abi"

edited appended solver.h 's = s.replace("    const cube_cancel *cancel;", "    const cube_cancel *cancel;\n    int64_t added_in_1_1;", 1)'
stub appended "$tmp/appended"
expect pass "field appended to cube_solve_options (abidiff)" \
    abidiff --no-default-suppression --suppressions "$suppr" "$tmp/base.abi" "$tmp/libappended.so"
expect pass "field appended to cube_solve_options (layout)" python3 "$here/check-layout.py" "$frozen" "$tmp/appended"

stub dropped "$frozen" -DGATE_STUB_DROP_SOLVE
expect fail "cube_solve removed (abidiff)" \
    abidiff --no-default-suppression --suppressions "$suppr" "$tmp/base.abi" "$tmp/libdropped.so"

edited reordered robot.h 's = s.replace("    int32_t turn90_us;", "@@").replace("    int32_t turn180_us;", "    int32_t turn90_us;").replace("@@", "    int32_t turn180_us;")'
expect fail "cube_robot_desc members swapped (layout)" python3 "$here/check-layout.py" "$frozen" "$tmp/reordered"

edited renumbered common.h 's = s.replace("CUBE_ERROR_TIMEOUT = -8", "CUBE_ERROR_TIMEOUT = -14")'
expect fail "CUBE_ERROR_TIMEOUT renumbered (layout)" python3 "$here/check-layout.py" "$frozen" "$tmp/renumbered"

[ "$failures" -eq 0 ] || exit 1
echo "ABI gate sensitivity: all 5 cases as expected"
