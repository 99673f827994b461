#!/bin/sh
# Usage: check-consumer.sh STAGE PREFIX LIBDIR
# Builds tests/cmake (find_package(libcube 1.3 CONFIG REQUIRED)) with cmake against the install staged in
# STAGE (meson install --destdir STAGE, prefix PREFIX, absolute LIBDIR) and runs both programs: the shared one
# against STAGE's libcube.so.2, the static one needing no libcube.so. Then the same with a request for
# version 2 (must not be found) and from a moved copy of the staged prefix.
set -eu
stage=$1
prefix=$2
libdir=$3
source_dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-consumer.sh: $*"; exit 1; }
# consume PREFIX_PATH LIBDIR: configure, build and run the consumer against that install.
consume() {
    rm -rf "$work/build"
    cmake -S "$source_dir" -B "$work/build" -DCMAKE_PREFIX_PATH="$1" >"$work/log" 2>&1 ||
        { cat "$work/log"; fail "cmake could not configure the consumer against $1"; }
    cmake --build "$work/build" >"$work/log" 2>&1 || { cat "$work/log"; fail "the consumer does not build"; }
    readelf -d "$work/build/consumer_shared" | grep -q 'NEEDED.*\[libcube\.so\.2\]' ||
        fail "consumer_shared does not need libcube.so.2"
    LD_LIBRARY_PATH="$2" "$work/build/consumer_shared" >/dev/null || fail "consumer_shared does not run"
    if readelf -d "$work/build/consumer_static" | grep -q 'NEEDED.*libcube'; then
        fail "consumer_static needs libcube.so"
    fi
    env -u LD_LIBRARY_PATH "$work/build/consumer_static" >/dev/null || fail "consumer_static does not run"
}
consume "$stage$prefix" "$stage$libdir"
# A request for another major version is refused.
sed 's/find_package(libcube 1.3 /find_package(libcube 2.0 /' "$source_dir/CMakeLists.txt" >"$work/CMakeLists.txt"
cp "$source_dir/consumer.c" "$work/"
if cmake -S "$work" -B "$work/build2" -DCMAKE_PREFIX_PATH="$stage$prefix" >/dev/null 2>&1; then
    fail "find_package(libcube 2.0) accepted version 1"
fi
# A moved prefix (when the libdir is inside it): the package finds its files from its own folder.
case $libdir in
    "$prefix"/*)
        mv "$stage$prefix" "$work/moved"
        trap 'mv "$work/moved" "$stage$prefix"; rm -rf "$work"' EXIT
        consume "$work/moved" "$work/moved${libdir#"$prefix"}"
        ;;
esac
echo "check-consumer.sh: the CMake package works (shared, static, version check, moved prefix)"
