#!/bin/sh
# CUBE_API must export while libcube is built, import for users of the DLL, and be empty for a static
# link (CUBE_STATIC). Checked with the preprocessor for Windows and ELF targets.
# usage: check-export-macro.sh INCLUDE_DIR
set -eu
include=$1
cc=${CC:-cc}
failures=0
expand() {  # expand FLAGS...: what CUBE_API becomes
    printf '#include <cube/common.h>\n@@CUBE_API@@\n' | "$cc" -E -P -I"$include" "$@" - | sed -n 's/^@@\(.*\)@@$/\1/p'
}
expect() {  # expect WANT WHAT FLAGS...
    want=$1
    what=$2
    shift 2
    got=$(expand "$@")
    if [ "$got" = "$want" ]; then
        echo "ok: $what: CUBE_API is '$got'"
    else
        echo "WRONG: $what: CUBE_API is '$got', expected '$want'"
        failures=$((failures + 1))
    fi
}
expect "__declspec(dllexport)" "Windows, building libcube" -D_WIN32 -DCUBE_BUILDING_LIBRARY
expect "__declspec(dllimport)" "Windows, using the DLL" -D_WIN32
expect "" "Windows, static library" -D_WIN32 -DCUBE_STATIC
expect '__attribute__((visibility("default")))' "ELF, building libcube" -DCUBE_BUILDING_LIBRARY
expect "" "ELF, using libcube"
[ "$failures" -eq 0 ]
