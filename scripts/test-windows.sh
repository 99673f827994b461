#!/bin/sh
# Cross-builds libcube and cube.exe for 64-bit Windows with MinGW-w64 (build-windows/) and tests them under Wine,
# saying each step; prints the pass count. Skips (exit 77) with a message when MinGW or Wine is missing and cannot
# be installed. Needs the Linux build (build/, scripts/setup.sh) for the answers to compare with, and its tables
# (build/test-tables): the DLL maps the file the Linux build wrote (same byte order and layout).
# Usage: scripts/test-windows.sh [--quick]   (docs/windows.md says what is built and what is not, and what each
# check covers). --quick, the stage of scripts/test.sh: every part but the Linux CLI tests through cube.exe, the
# LBL, plan and validate batches, the table builds and Ctrl-C (about a minute once built, against six).
set -eu
quick=0
case ${1:-} in
--quick) quick=1 ;;
"") ;;
*) echo "usage: scripts/test-windows.sh [--quick]" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-windows
native=$root/build
wine=/usr/lib/wine/wine64
gcc=x86_64-w64-mingw32-gcc-posix
gxx=x86_64-w64-mingw32-g++-posix
passed=0
failed=0

started=$(date +%s)
say() { echo "test-windows.sh: [$(($(date +%s) - started)) s] $*"; }
pass() { passed=$((passed + 1)); say "ok: $1"; }
fail() { failed=$((failed + 1)); say "FAILED: $1"; }

if ! command -v "$gxx" >/dev/null 2>&1 || [ ! -x "$wine" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing g++-mingw-w64-x86-64-posix mingw-w64-tools wine64 (apt-get)"
        apt-get install -y -q g++-mingw-w64-x86-64-posix mingw-w64-tools wine64 >/dev/null 2>&1 || true
    fi
fi
if ! command -v "$gxx" >/dev/null 2>&1; then say "skipped: no $gxx (apt-get install g++-mingw-w64-x86-64-posix)"; exit 77; fi
if [ ! -x "$wine" ]; then say "skipped: no $wine (apt-get install wine64)"; exit 77; fi
if [ ! -x "$native/examples/scramble_and_show" ] || [ ! -x "$native/tools/cube" ] ||
    [ ! -f "$native/test-tables/twophase3x3-v2.tbl" ]; then
    say "skipped: the Linux build to compare with is missing: run scripts/setup.sh and" \
        "build/tools/cube tables generate --dir build/test-tables"
    exit 77
fi

export WINEPREFIX="$build/wine-prefix" WINEDEBUG=-all
mkdir -p "$build"
[ -d "$WINEPREFIX" ] || say "creating the Wine prefix $WINEPREFIX (about 10 s)"
# One Wine server for every run (a program then starts in about 0.3 s, not 1 s); stopped at the end. The first
# program starts Wine's services, which live as long as the server and keep its stdout open: started here on
# /dev/null, so that no later pipe waits for them.
/usr/lib/wine/wineserver -p 2>/dev/null || true
"$wine" cmd /c exit </dev/null >/dev/null 2>&1 || true
work=$(mktemp -d)
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
"$root/scripts/build-windows.sh"
# cube.exe runs from build-windows/tools/ (build-windows/tools/cube-host: wine64 cube.exe) with its DLLs beside it.
cp "$build/libcube/libcube-2.dll" /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll "$build/tools/"
# The bindings' glue, when the build made it.
glue=""
[ -f "$build/bindings/csharp/cubecs.dll" ] && [ -f "$build/bindings/java/cube_jni.dll" ] && glue=built

say "checking the DLL's exports against libcube.map"
if "$root/tests/check-dll-exports.sh" x86_64-w64-mingw32-objdump "$build/libcube/libcube-2.dll" \
    "$root/libcube/libcube.map"; then pass "exports"; else fail "exports"; fi

# The examples, linked against the import library; the DLL and winpthread beside them.
bin=$build/wine-bin
mkdir -p "$bin"
cp "$build/libcube/libcube-2.dll" /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll "$bin/"
inc="-I$root/libcube/include -I$build/libcube/include"
lib="$build/libcube/libcube.dll.a"
say "compiling the examples scramble_and_show.c and cpp/solve.cpp for Windows"
# shellcheck disable=SC2086
"$gcc" -O2 $inc "$root/examples/scramble_and_show.c" "$lib" -o "$bin/scramble_and_show.exe"
# shellcheck disable=SC2086
"$gxx" -O2 -std=c++17 $inc "$root/examples/cpp/solve.cpp" "$lib" -static-libgcc -static-libstdc++ \
    -o "$bin/cpp_solve.exe"

# Same output as the Linux build (Windows' text-mode stdout writes CRLF: the CRs are dropped before comparing).
compare() {
    name=$1
    shift
    "$native/examples/$name" >"$bin/$name.linux" 2>&1 || true
    "$wine" "$bin/$name.exe" "$@" 2>&1 | tr -d '\r' >"$bin/$name.windows" || true
    if cmp -s "$bin/$name.linux" "$bin/$name.windows"; then pass "$name: the same output as Linux"
    else fail "$name: output differs from Linux:"; diff "$bin/$name.linux" "$bin/$name.windows" | head -n 10; fi
}
say "running the examples under Wine"
compare scramble_and_show
# The tables the Linux build wrote, found through CUBE_TABLE_DIR as a Windows path (Wine's Z: is /).
CUBE_TABLE_DIR="Z:$native/test-tables"
export CUBE_TABLE_DIR
if "$wine" "$bin/cpp_solve.exe" >"$bin/cpp_solve.out" 2>&1; then pass "cpp_solve: solved with the Linux-made table file"
else fail "cpp_solve:"; tail -n 5 "$bin/cpp_solve.out"; fi

# shellcheck source=scripts/test-windows-glue.sh
. "$root/scripts/test-windows-glue.sh"
# shellcheck source=scripts/test-windows-zip.sh
. "$root/scripts/test-windows-zip.sh"
# shellcheck source=scripts/test-windows-maestro.sh
. "$root/scripts/test-windows-maestro.sh"
# shellcheck source=scripts/test-windows-cli.sh
. "$root/scripts/test-windows-cli.sh"

say "$passed passed, $failed failed under Wine"
[ "$failed" = 0 ]
