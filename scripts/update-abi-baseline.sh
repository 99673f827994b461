#!/bin/sh
# Writes the ABI baseline libcube/abi/libcube-1.0.abi from a built libcube (with debug information).
# Run it only when the ABI is released or deliberately broken (a new soname, see CHANGELOG.md).
# usage: scripts/update-abi-baseline.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
lib=$(find "$build/libcube" -maxdepth 1 -type f -name 'libcube.so.*.*' | head -n 1)
[ -n "$lib" ] || { echo "no libcube.so in $build/libcube: build first"; exit 1; }
abidw --no-show-locs --no-comp-dir-path --no-corpus-path --type-id-style hash --exported-interfaces-only "$lib" >"$root/libcube/abi/libcube-1.0.abi"
echo "wrote libcube/abi/libcube-1.0.abi from $lib"
