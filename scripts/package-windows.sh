#!/bin/sh
# Makes the Windows release zip from build-windows/ (built first by build-windows.sh): OUT, by default
# build-windows/libcube-VERSION-windows-x86_64.zip, one folder libcube-VERSION-windows-x86_64/ holding
#   bin/        cube.exe, libcube-2.dll, libwinpthread-1.dll (MinGW's threads; the C++ and GCC runtimes are
#               linked in statically), the glue DLLs cubecs.dll (C#) and cube_jni.dll (Java)
#   include/    cube/*.h
#   lib/        libcube.dll.a (import library), libcube.a (static: define CUBE_STATIC), pkgconfig/libcube.pc and
#               libcube-static.pc (relocatable), cmake/libcube/ (find_package(libcube)), cli/libcube/LibCube.dll
#   drivers/    the driver plugins (cube-driver-maestro.dll): the default plugin folder of a libcube-2.dll in bin/
#   share/java/libcube.jar, README-windows.txt, LICENSE
# The DLLs, programs and libraries are stripped of debug information. Parts whose tools are missing (the glue without SWIG,
# mono or a JDK) are left out with a message. Usage: scripts/package-windows.sh [OUT]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-windows
"$root/scripts/build-windows.sh"
version=$(sed -n 's/^#define CUBE_VERSION_STRING "\(.*\)"$/\1/p' "$build/libcube/include/cube/version.h")
[ -n "$version" ] || { echo "package-windows.sh: no CUBE_VERSION_STRING in build-windows/libcube/include/cube/version.h"; exit 1; }
name=libcube-$version-windows-x86_64
out=${1:-$build/$name.zip}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
top=$stage/$name
mkdir -p "$top/bin" "$top/include/cube" "$top/lib/pkgconfig" "$top/lib/cmake/libcube" "$top/lib/cli/libcube" \
    "$top/drivers" "$top/share/java"

# put FILE FOLDER: copies FILE into the zip's FOLDER, stripping a DLL or program of its debug information.
put() {
    cp "$1" "$top/$2/"
    case $1 in *.dll | *.exe | *.a) x86_64-w64-mingw32-strip --strip-debug "$top/$2/$(basename "$1")" ;; esac
}
# optional FILE FOLDER WHAT: put, or a message when the build has no FILE.
optional() {
    if [ -f "$1" ]; then put "$1" "$2"; else echo "package-windows.sh: left out: $3 (not built: $(basename "$1"))"; fi
}
put "$build/tools/cube.exe" bin
put "$build/libcube/libcube-2.dll" bin
put /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll bin
optional "$build/bindings/csharp/cubecs.dll" bin "the C# glue (needs SWIG and mono)"
optional "$build/bindings/java/cube_jni.dll" bin "the JNI glue (needs SWIG and a JDK)"
for header in "$root"/libcube/include/cube/*.h "$build/libcube/include/cube/version.h"; do put "$header" include/cube; done
put "$build/libcube/libcube.dll.a" lib
put "$build/libcube/libcube.a" lib
put "$build/meson-private/libcube.pc" lib/pkgconfig
put "$build/meson-private/libcube-static.pc" lib/pkgconfig
put "$build/libcube/cmake/libcubeConfig.cmake" lib/cmake/libcube
put "$build/libcube/cmake/libcubeConfigVersion.cmake" lib/cmake/libcube
optional "$build/bindings/csharp/LibCube.dll" lib/cli/libcube "the C# binding (needs SWIG and mono)"
optional "$build/bindings/java/libcube.jar" share/java "the Java binding (needs SWIG and a JDK)"
optional "$build/drivers/maestro/cube-driver-maestro.dll" drivers "the Maestro driver"
put "$root/scripts/README-windows.txt" .
put "$root/LICENSE" .

rm -f "$out"
(cd "$stage" && zip -q -r -X "$out" "$name")
echo "package-windows.sh: $out ($(du -k "$out" | cut -f1) KiB, $(cd "$stage" && find "$name" -type f | wc -l) files)"
