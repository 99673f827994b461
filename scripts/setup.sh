#!/bin/sh
# Installs the Debian packages libcube needs (only the missing ones), then configures and builds
# with meson in ./build. Sourced or run by demo.sh and test.sh; safe to run again.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
packages="meson ninja-build g++ pkg-config python3 libcmocka-dev abigail-tools doxygen clang libclang-rt-14-dev
    libusb-1.0-0-dev umockdev libumockdev-dev
    swig default-jdk-headless junit5 mono-devel libnunit-cil-dev nunit-console"

missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "libcube setup: installing Debian packages:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing
fi

build=${CUBE_BUILD_DIR:-"$root/build"}
if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$root"
fi
ninja -C "$build"
