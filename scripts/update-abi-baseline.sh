#!/bin/sh
# Writes the ABI baseline libcube/abi/libcube-VERSION.abi from a built libcube (with debug information),
# and freezes the public headers of that release in tests/abi/include-VERSION/ (1.0's are in
# tests/abi/include/). Run it only when an ABI is released (then add the release to tests/abi/meson.build)
# or deliberately broken (a new soname, see CHANGELOG.md). A released baseline is never rewritten.
# usage: scripts/update-abi-baseline.sh VERSION [BUILD_DIR]     e.g. 1.1
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
version=${1:?usage: update-abi-baseline.sh VERSION [BUILD_DIR]}
build=${2:-"$root/build"}
baseline="$root/libcube/abi/libcube-$version.abi"
[ ! -e "$baseline" ] || { echo "$baseline exists: a released baseline is never rewritten"; exit 1; }
lib=$(find "$build/libcube" -maxdepth 1 -type f -name 'libcube.so.*.*' | head -n 1)
[ -n "$lib" ] || { echo "no libcube.so in $build/libcube: build first"; exit 1; }
abidw --no-show-locs --no-comp-dir-path --no-corpus-path --type-id-style hash --exported-interfaces-only "$lib" >"$baseline"
frozen="$root/tests/abi/include-$version/cube"
mkdir -p "$frozen"
cp "$root"/libcube/include/cube/*.h "$build/libcube/include/cube/version.h" "$frozen/"
echo "wrote $baseline from $lib and froze the headers in $frozen"
