#!/bin/sh
# Usage: test-cross.sh ARCH [MESON TEST ARGS...]   ARCH: arm64, armhf, i386 or s390x
# Builds libcube for another Debian architecture with Debian's cross compiler (scripts/cross/ARCH.ini) in
# build-ARCH/ (or $CUBE_CROSS_BUILD_DIR) and runs the meson suite there under qemu-user, saying each step:
# installs what is missing (crossbuild-essential-ARCH, qemu-user-static, the ARCH -dev packages after
# `dpkg --add-architecture ARCH`), configures (the Java and C# bindings, the HTML reference and the manual
# pages off: see docs/cross.md), builds with ccache, makes the test tables (copied from the x86-64 build
# when they verify there, else generated under qemu), runs `meson test` and ends with
# "ARCH: N passed, M failed, K skipped". $CUBE_CROSS_TESTS="NAME ..." runs only those tests (scripts/test.sh
# does so in CI: docs/cross.md says which and why).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
arch=${1:-}
[ $# -gt 0 ] && shift
case $arch in
    arm64) triplet=aarch64-linux-gnu ;;
    armhf) triplet=arm-linux-gnueabihf ;;
    i386) triplet=i686-linux-gnu ;;
    s390x) triplet=s390x-linux-gnu ;;
    *) echo "usage: test-cross.sh arm64|armhf|i386|s390x [meson test arguments]" >&2; exit 2 ;;
esac
say() { echo "test-cross.sh $arch: $*"; }
build=${CUBE_CROSS_BUILD_DIR:-"$root/build-$arch"}
start=$(date +%s)

# Packages: the toolchain and qemu from the build machine's architecture, the libraries from ARCH's (qemu runs
# the programs with ARCH's own libc6 and loader: scripts/cross/ARCH.ini says why).
if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    say "dpkg --add-architecture $arch"
    dpkg --add-architecture "$arch" || { say "cannot add the architecture"; exit 1; }
fi
log=$(mktemp "${TMPDIR:-/tmp}/libcube-cross-apt.XXXXXX")
"$root/scripts/apt-install-missing.sh" "test-cross.sh $arch" "$log" meson ninja-build ccache pkg-config python3 \
    crossbuild-essential-"$arch" qemu-user-static nlohmann-json3-dev "libc6:$arch" "libstdc++6:$arch" ||
    { say "installing the toolchain failed; the log: $log"; tail -n 20 "$log"; exit 1; }
# Libraries one by one: one that cannot be had turns its part off (meson's auto), and is named. apt-get -s first
# (no download, no update): a package whose dependencies cannot be met is known at once.
for p in libcmocka-dev libusb-1.0-0-dev libmicrohttpd-dev; do
    if dpkg-query -W -f='${Status}' "$p:$arch" 2>/dev/null | grep -q "install ok installed"; then
        continue
    fi
    if apt-get install -s -qq "$p:$arch" >/dev/null 2>&1 &&
        "$root/scripts/apt-install-missing.sh" "test-cross.sh $arch" "$log" "$p:$arch" >/dev/null 2>&1; then
        say "installed $p:$arch"
    else
        say "$p:$arch cannot be installed; the parts that need it are left out"
    fi
done
rm -f "$log"

# Configure: what cannot run for another architecture is off. Java and C#: a JDK and mono of ARCH would be
# needed to load the glue; docs: the same HTML as on x86-64; man: the pages are made by running cube.
# Without debug information: the same optimised code, compiled faster (the ABI gate, which reads DWARF, runs on
# x86-64 only); a unity build unless CUBE_UNITY=off (scripts/unity-options.sh).
if [ ! -f "$build/build.ninja" ]; then
    unity=$("$root/scripts/unity-options.sh")
    say "meson setup ${build#"$root"/} --cross-file scripts/cross/$arch.ini ($unity, no debug information; java, csharp, docs, man disabled)"
    # shellcheck disable=SC2086 # $unity: one or three meson options
    meson setup "$build" "$root" --cross-file "$root/scripts/cross/$arch.ini" $unity -Ddebug=false \
        -Djava=disabled -Dcsharp=disabled -Dpython=disabled -Ddocs=disabled -Dman=disabled >/dev/null 2>&1 ||
        { say "configuring failed; the log: $build/meson-logs/meson-log.txt"
            tail -n 30 "$build/meson-logs/meson-log.txt"
            exit 1; }
fi
# $CUBE_CROSS_TESTS: only these tests (names, as for meson test), and only the programs they need are built.
# shellcheck disable=SC2086
tests=$(echo ${CUBE_CROSS_TESTS:-})
targets=
if [ -n "$tests" ]; then
    # shellcheck disable=SC2086
    targets=$(meson introspect "$build" --tests --targets | python3 -c '
import json, os, sys
info = json.load(sys.stdin)
files = {t["id"]: t["filename"] for t in info["targets"]}
for test in info["tests"]:
    if test["name"] in sys.argv[2:]:
        for dep in test["depends"]:
            print(*(os.path.relpath(f, sys.argv[1]) for f in files.get(dep, [])))
' "$build" $tests | tr ' ' '\n' | sort -u | tr '\n' ' ')
    say "building what the tests $tests need in ${build#"$root"/} (ccache)"
else
    say "building in ${build#"$root"/} (ccache)"
fi
# shellcheck disable=SC2086
ninja -C "$build" $targets >"$build/meson-logs/ninja-log.txt" 2>&1 ||
    { say "the build failed; the log: $build/meson-logs/ninja-log.txt"; tail -n 40 "$build/meson-logs/ninja-log.txt"
        exit 1; }
built=$(date +%s)

# The test tables: the x86-64 build's when this architecture reads them as sound (the same byte order and
# layout), else built under qemu (about a minute for s390x).
run="$build/tools/cube-host"
tables="$build/test-tables"
native="${CUBE_BUILD_DIR:-"$root/build"}/test-tables"
if ! "$run" tables verify --dir "$tables" >/dev/null 2>&1; then
    mkdir -p "$tables"
    if [ -d "$native" ] && cp "$native"/* "$tables"/ 2>/dev/null && "$run" tables verify --dir "$tables" >/dev/null 2>&1
    then
        say "using the x86-64 test tables (copied from ${native#"$root"/})"
    else
        say "generating the test tables under qemu into ${tables#"$root"/}"
        "$run" tables generate --dir "$tables" >/dev/null || say "generating the tables failed; the tests say more"
    fi
fi
tabled=$(date +%s)

# Table files across byte orders (docs/tables.md): when this architecture made its own file beside the
# x86-64 one (s390x), each machine passes the other's over with its notice, and the x86-64 file is intact.
native_cube="${CUBE_BUILD_DIR:-"$root/build"}/tools/cube"
cross_order=0
if [ -f "$tables/twophase3x3-v2.tbl" ] && [ -f "$tables/twophase3x3-v2-be.tbl" ] && [ -x "$native_cube" ]; then
    say "table files across byte orders: each machine names the other's file in $(basename "$tables")"
    for who in "$run" "$native_cube"; do
        CUBE_TABLE_DIR=$tables "$who" tables path --search --json | python3 -c '
import json, sys
folder = json.load(sys.stdin)["search"][0]
notice = folder.get("other_byte_order_notice", "")
sys.exit(0 if folder["state"] == "sound" and folder.get("other_byte_order_file") and "endian machine" in notice
         else "cross: " + json.dumps(folder))' || cross_order=1
    done
    cmp -s "$native/twophase3x3-v2.tbl" "$tables/twophase3x3-v2.tbl" ||
        { say "the x86-64 table file was changed"; cross_order=1; }
    [ "$cross_order" -eq 0 ] && say "table files across byte orders: both passed over with their notice, none rebuilt"
fi

say "meson test under qemu, two at a time${tests:+: $tests}"
# shellcheck disable=SC2086
meson test -C "$build" ${tests:+--no-rebuild} --print-errorlogs --num-processes 2 \
    --timeout-multiplier "${CUBE_CROSS_TIMEOUT_MULTIPLIER:-3}" $tests "$@"
status=$?
finished=$(date +%s)
counts=$(python3 - "$build/meson-logs/testlog.json" <<'PY'
import json, sys
passed = failed = skipped = 0
names = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("result") in ("OK", "EXPECTEDFAIL"): passed += 1
    elif r.get("result") == "SKIP":
        skipped += 1
        names.append(r.get("name"))
    else: failed += 1
print(passed, failed, skipped, " ".join(names) or "none")
PY
)
set -- $counts
p=$1 f=$2 k=$3
shift 3
say "skipped: $*"
say "times: build $((built - start)) s, tables $((tabled - built)) s, tests $((finished - tabled)) s"
echo "$arch: $p passed, $f failed, $k skipped"
[ "$cross_order" -eq 0 ] || { echo "$arch: the table files across byte orders failed (above)"; exit 1; }
exit "$status"
