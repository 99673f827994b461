#!/bin/sh
# Configures build-windows/ (MinGW-w64, scripts/cross/windows-x86_64.ini) and builds what the Windows tests and
# the release zip need: libcube-2.dll, its import and static libraries, cube.exe, the sim plugin DLL, and when
# their tools are here the Maestro plugin DLL, the C# and Java glue DLLs, LibCube.dll and libcube.jar. ccache
# (the cross file) makes a rebuild take seconds. Used by test-windows.sh and package-windows.sh; needs MinGW
# (g++-mingw-w64-x86-64-posix). Usage: scripts/build-windows.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-windows
mkdir -p "$build"
# Tests (cmocka), serve, docs, man pages and the Python binding off (docs/windows.md says why); the Maestro
# driver (drivers auto: no libusb, so no Tic) and the C# and Java glue when SWIG, mono and a JDK are here;
# libcube.pc relocatable (prefix=${pcfiledir}/../..), as the zip is unpacked anywhere. An older
# build-windows/ is given the same options.
options="-Dtests=disabled -Ddrivers=auto -Djava=auto -Dcsharp=auto -Dpython=disabled -Dserve=disabled
    -Ddocs=disabled -Dman=disabled -Dbenchmarks=disabled -Dexamples=disabled -Dpkgconfig.relocatable=true"
if [ ! -f "$build/build.ninja" ]; then
    echo "build-windows.sh: configuring build-windows/ (cross file scripts/cross/windows-x86_64.ini)"
    # shellcheck disable=SC2086
    meson setup "$build" --cross-file "$root/scripts/cross/windows-x86_64.ini" $options >"$build/setup.log" 2>&1 ||
        { tail -n 20 "$build/setup.log"; exit 1; }
else
    # shellcheck disable=SC2086
    meson configure "$build" $options >"$build/setup.log" 2>&1 || { tail -n 20 "$build/setup.log"; exit 1; }
    # build.ninja regenerated now, so that the query below sees the options' targets.
    ninja -C "$build" build.ninja >>"$build/setup.log" 2>&1 || { tail -n 20 "$build/setup.log"; exit 1; }
fi
targets="libcube/libcube-2.dll libcube/libcube.a tools/cube.exe drivers/sim/cube-driver-sim-plugin.dll"
optional=""
for target in drivers/maestro/cube-driver-maestro.dll bindings/csharp/cubecs.dll bindings/csharp/LibCube.dll \
    bindings/java/cube_jni.dll bindings/java/libcube.jar; do
    if ninja -C "$build" -t query "$target" >/dev/null 2>&1; then optional="$optional $target"; fi
done
echo "build-windows.sh: building libcube-2.dll, libcube.dll.a, libcube.a, cube.exe, the sim plugin DLL and:" \
    "${optional:- nothing else (no SWIG, mono or JDK)}"
# shellcheck disable=SC2086
ninja -C "$build" -j2 $targets $optional >"$build/ninja.log" 2>&1 || { tail -n 30 "$build/ninja.log"; exit 1; }
