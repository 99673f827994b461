#!/bin/sh
# Installs the Debian packages libcube needs (only the missing ones), then configures and builds with meson
# in ./build (or $CUBE_BUILD_DIR), saying what it does at each step. Each step's own output goes to a log
# whose path is printed if the step fails: apt-get's to a temporary file, meson's to
# build/meson-logs/meson-log.txt, ninja's to build/meson-logs/ninja-log.txt (scripts/ninja-progress.sh shows
# "building (N/M)" instead). Run by demo.sh and test.sh; safe to run again.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
packages="meson ninja-build ccache g++ pkg-config python3 libcmocka-dev abigail-tools doxygen man-db groff-base clang libclang-rt-14-dev
    cmake libusb-1.0-0-dev umockdev libumockdev-dev libxml2-utils librsvg2-bin
    swig default-jdk-headless junit5 mono-devel libnunit-cil-dev nunit-console python3-dev python3-pytest
    libmicrohttpd-dev nlohmann-json3-dev chromium
    slurm-wlm slurm-client munge haproxy"

# Prints the last lines of log $2 after "setup.sh: $1 failed; the full log: $2" on stderr, and exits 1.
failed() {
    echo "setup.sh: $1 failed; the full log: $2" >&2
    tail -n 30 "$2" >&2
    exit 1
}

log=$(mktemp "${TMPDIR:-/tmp}/libcube-apt.XXXXXX")
# shellcheck disable=SC2086
"$root/scripts/apt-install-missing.sh" setup.sh "$log" $packages || failed "installing the packages" "$log"
rm -f "$log"

build=${CUBE_BUILD_DIR:-"$root/build"}
shown=${build#"$root"/}
if [ ! -f "$build/build.ninja" ]; then
    echo "setup.sh: configuring $shown/ with meson"
    log=$(mktemp "${TMPDIR:-/tmp}/libcube-meson.XXXXXX")
    meson setup "$build" "$root" >"$log" 2>&1 || failed "configuring" "$log"
    rm -f "$log"
fi
echo "setup.sh: building libcube, the cube program and the tests in $shown/"
"$root/scripts/ninja-progress.sh" setup.sh "$build"
