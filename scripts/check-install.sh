#!/bin/sh
# Installs into a staging folder (meson install --destdir) and checks what users get: the shared library
# (soname libcube.so.2) and a C program outside the tree linked with `pkg-config --cflags --libs libcube`;
# the static library libcube.a and a program linked statically with `pkg-config --static`; the headers;
# the cube program; the driver folder (`pkg-config --variable=driverdir`) and the example driver plugin
# (examples/driver-plugin) built from the installed headers with its Makefile, found by `cube drivers`
# and driven by `cube run`.
set -eu
build=$1
source_root=$(cd "$(dirname "$0")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build" --destdir "$stage" --quiet >/dev/null
option() { # option NAME: a meson option's value as configured in $build
    meson introspect "$build" --buildoptions |
        python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]==sys.argv[1]))' "$1"
}
prefix=$(option prefix)
libdir=$(option libdir)
bindir=$(option bindir)
case $libdir in /*) ;; *) libdir="$prefix/$libdir" ;; esac
case $bindir in /*) ;; *) bindir="$prefix/$bindir" ;; esac
export PKG_CONFIG_SYSROOT_DIR="$stage"
export PKG_CONFIG_LIBDIR="$stage$libdir/pkgconfig"
cat >"$stage/outside.c" <<'C'
#include <cube/cube.h>
#include <stdio.h>
int main(void) {
    cube_state *s = NULL;
    const char *facelets = NULL;
    if (cube_state_new(3, &s) != CUBE_OK || cube_state_apply_text(s, "R U R' U'") != CUBE_OK) return 1;
    if (cube_state_facelets(s, &facelets) != CUBE_OK) return 1;
    printf("libcube %s: %s\n", cube_version_string(), facelets);
    cube_state_free(s);
    return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1;
}
C

# Shared library: the program runs against the staged libcube.so.2.
test -e "$stage$libdir/libcube.so.2" || { echo "libcube.so.2 not installed"; exit 1; }
readelf -d "$stage$libdir/libcube.so.2" | grep -q 'SONAME.*\[libcube\.so\.2\]' || { echo "soname is not libcube.so.2"; exit 1; }
# shellcheck disable=SC2046
cc "$stage/outside.c" -o "$stage/outside" $(pkg-config --cflags --libs libcube)
readelf -d "$stage/outside" | grep -q 'NEEDED.*\[libcube\.so\.2\]' || { echo "program does not need libcube.so.2"; exit 1; }
LD_LIBRARY_PATH="$stage$libdir" "$stage/outside" >/dev/null

# Static library: `-l:libcube.a` picks the archive over the shared library beside it; libcube is C++ inside.
test -e "$stage$libdir/libcube.a" || { echo "libcube.a not installed"; exit 1; }
static_libs=$(pkg-config --static --libs libcube | sed 's/-lcube\b/-l:libcube.a/')
# shellcheck disable=SC2046,SC2086
cc "$stage/outside.c" -o "$stage/outside-static" $(pkg-config --cflags libcube) $static_libs -lstdc++ -lm
if readelf -d "$stage/outside-static" | grep -q 'NEEDED.*libcube'; then
    echo "statically linked program still needs libcube.so"
    exit 1
fi
env -u LD_LIBRARY_PATH "$stage/outside-static" >/dev/null || { echo "statically linked program fails"; exit 1; }

test "$(LD_LIBRARY_PATH="$stage$libdir" "$stage$bindir/cube" apply R)" = UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB ||
    { echo "installed cube program does not work"; exit 1; }
for h in cube.h common.h version.h state.h moves.h solver.h robot.h driver.h driver_plugin.h; do
    test -f "$stage$prefix/include/cube/$h" || { echo "header cube/$h not installed"; exit 1; }
done

# The driver folder: named by libcube.pc (pkg-config prefixes the staging folder, as it does for -I), and
# created by the install.
driverdir=$(pkg-config --variable=driverdir libcube)
case $driverdir in "$stage"/*) ;; *) driverdir="$stage$driverdir" ;; esac
test -d "$driverdir" || { echo "driver folder $driverdir not created by the install"; exit 1; }

# The example plugin, built outside the tree from the installed headers with its own Makefile (pkg-config
# only) and installed into the driver folder.
cp -R "$source_root/examples/driver-plugin" "$stage/driver-plugin"
"${MAKE:-make}" -s -C "$stage/driver-plugin" install DRIVERDIR="$driverdir" >/dev/null ||
    { echo "the example driver plugin does not build from the installed headers"; exit 1; }
installed_cube() {
    LD_LIBRARY_PATH="$stage$libdir" CUBE_DRIVER_PATH="$driverdir" "$stage$bindir/cube" "$@"
}
installed_cube drivers | grep -q '^log ' || { echo "installed cube drivers does not list the log driver"; exit 1; }
installed_cube run --driver "log:file=$stage/run.log" --moves "R U" >/dev/null 2>&1 ||
    { echo "installed cube run --driver log fails"; exit 1; }
calls=$(grep -E '^(open|prepare|execute|rest|close)' "$stage/run.log" | cut -d' ' -f1 | uniq | tr '\n' ' ')
test "$calls" = "open prepare execute rest close " ||
    { echo "the log driver saw the calls \"$calls\", expected open prepare execute rest close"; exit 1; }
echo "install check: ok (pkg-config, soname libcube.so.2, static libcube.a, headers, cube program, driver folder," \
    "example driver plugin)"
