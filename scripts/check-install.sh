#!/bin/sh
# Installs into a staging folder (meson install --destdir) and builds a C program outside the tree
# with `pkg-config --cflags --libs libcube`, then runs it.
set -eu
build=$1
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build" --destdir "$stage" --quiet >/dev/null
prefix=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="prefix"))')
libdir=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="libdir"))')
case $libdir in /*) ;; *) libdir="$prefix/$libdir" ;; esac
export PKG_CONFIG_SYSROOT_DIR="$stage"
export PKG_CONFIG_LIBDIR="$stage$libdir/pkgconfig"
cat >"$stage/outside.c" <<'C'
#include <cube/cube.h>
#include <stdio.h>
int main(void) {
    cube_state *s = NULL;
    if (cube_state_new(3, &s) != CUBE_OK || cube_state_apply_text(s, "R U R' U'") != CUBE_OK) return 1;
    printf("libcube %s: %s\n", cube_version_string(), cube_state_facelets(s));
    cube_state_free(s);
    return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1;
}
C
# shellcheck disable=SC2046
cc "$stage/outside.c" -o "$stage/outside" $(pkg-config --cflags --libs libcube)
LD_LIBRARY_PATH="$stage$libdir" "$stage/outside"
test -e "$stage$libdir/libcube.so.1" || { echo "libcube.so.1 not installed"; exit 1; }
readelf -d "$stage$libdir/libcube.so.1" | grep -q 'SONAME.*libcube.so.1' || { echo "soname is not libcube.so.1"; exit 1; }
bindir=$(meson introspect "$build" --buildoptions | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]=="bindir"))')
case $bindir in /*) ;; *) bindir="$prefix/$bindir" ;; esac
test "$(LD_LIBRARY_PATH="$stage$libdir" "$stage$bindir/cube" apply R)" = UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB ||
    { echo "installed cube program does not work"; exit 1; }
for h in cube.h common.h version.h state.h moves.h solver.h robot.h driver.h; do
    test -f "$stage$prefix/include/cube/$h" || { echo "header cube/$h not installed"; exit 1; }
done
echo "install check: ok (pkg-config, soname libcube.so.1, headers, cube program)"
