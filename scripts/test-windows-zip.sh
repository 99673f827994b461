# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, root, build, native, gcc, wine and work come from scripts/test-windows.sh
# Sourced by scripts/test-windows.sh: the release zip of scripts/package-windows.sh, unpacked into a temporary
# folder as a user would: its files; its cube.exe solves a cube as the Linux cube does and finds a plugin in
# the zip's drivers/ folder by itself (the default folder, beside the DLL's); a C program built against the
# zip with its CMake package (shared and static) and with its libcube.pc runs.
say "the release zip: scripts/package-windows.sh, unpacked into a temporary folder"
"$root/scripts/package-windows.sh" "$work/libcube-windows.zip" >"$work/package.out" 2>&1 ||
    { fail "package-windows.sh:"; tail -n 10 "$work/package.out"; return 0; }
mkdir -p "$work/unzipped"
(cd "$work/unzipped" && unzip -q "$work/libcube-windows.zip")
zip_top=$(echo "$work"/unzipped/libcube-*-windows-x86_64)
missing=""
for file in bin/cube.exe bin/libcube-2.dll bin/libwinpthread-1.dll include/cube/cube.h include/cube/version.h \
    lib/libcube.dll.a lib/libcube.a lib/pkgconfig/libcube.pc lib/cmake/libcube/libcubeConfig.cmake \
    README-windows.txt LICENSE; do
    [ -f "$zip_top/$file" ] || missing="$missing $file"
done
if [ -z "$missing" ]; then
    pass "the zip: $(cd "$zip_top" && find . -type f | wc -l) files; $(tail -n 1 "$work/package.out" | sed 's/.*(//; s/,.*//')"
else fail "the zip lacks:$missing"; fi

zip_cube=$zip_top/bin/cube.exe
state=$("$native/tools/cube" random --seed 30 --count 1)
expected=$(CUBE_TABLE_DIR=$native/test-tables "$native/tools/cube" solve --tables full "$state")
answer=$(CUBE_TABLE_DIR=$native/test-tables "$wine" "$zip_cube" solve --tables full "$state" 2>&1 | tr -d '\r' || true)
if [ "$answer" = "$expected" ]; then pass "the zip's cube.exe solves a cube as the Linux cube does: $answer"
else fail "the zip's cube.exe solve: '$answer', Linux: '$expected'"; fi

# The sim plugin (a test artefact, not shipped) dropped into the zip's drivers/: found with no --path or
# CUBE_DRIVER_PATH, loaded, and run.
cp "$build/drivers/sim/cube-driver-sim-plugin.dll" "$zip_top/drivers/"
listed=$(env -u CUBE_DRIVER_PATH "$wine" "$zip_cube" drivers 2>&1 | tr -d '\r' | grep -A 1 "^sim-plugin " |
    tail -n 1 | sed 's/^ *//' || true)
ran=$(env -u CUBE_DRIVER_PATH "$wine" "$zip_cube" run --driver sim-plugin:speed=0 --quiet "$state" 2>&1 |
    tr -d '\r' || true)
case $listed in
*/unzipped/libcube-*-windows-x86_64/drivers/cube-driver-sim-plugin.dll)
    if echo "$ran" | grep -q "; cube solved$"; then pass "the zip's drivers/ is cube.exe's default plugin folder: $listed; $ran"
    else fail "the zip's drivers/: listed, but run says: $ran"; fi
    ;;
*) fail "the zip's drivers/ folder: cube.exe drivers lists the sim plugin at '$listed'" ;;
esac

# C programs built against the zip alone, run from its bin/ (beside the DLLs).
if command -v cmake >/dev/null 2>&1; then
    { cmake -S "$root/tests/cmake" -B "$work/zip-cmake" -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_C_COMPILER="$gcc" \
        -DCMAKE_PREFIX_PATH="$zip_top" >"$work/zip-cmake.log" 2>&1 &&
        cmake --build "$work/zip-cmake" >>"$work/zip-cmake.log" 2>&1; } || true
    cp "$work"/zip-cmake/consumer_*.exe "$zip_top/bin/" 2>/dev/null || true
    shared=$("$wine" "$zip_top/bin/consumer_shared.exe" 2>&1 | tr -d '\r' || echo failed)
    static=$("$wine" "$zip_top/bin/consumer_static.exe" 2>&1 | tr -d '\r' || echo failed)
    if echo "$shared" | grep -q "^libcube " && [ "$static" = "$shared" ]; then
        pass "find_package(libcube) from the zip: tests/cmake's consumer, shared and static, runs: $shared"
    else
        fail "the zip's CMake package: shared '$shared', static '$static'"
        tail -n 5 "$work/zip-cmake.log"
    fi
else say "skipped: the zip's CMake package (no cmake)"; fi
# shellcheck disable=SC2046 # pkg-config's words are separate arguments
"$gcc" -O2 "$root/examples/scramble_and_show.c" $(PKG_CONFIG_LIBDIR="$zip_top/lib/pkgconfig" pkg-config --cflags \
    --libs libcube) -o "$zip_top/bin/scramble_and_show.exe" 2>"$work/zip-pc.log" || true
if "$wine" "$zip_top/bin/scramble_and_show.exe" 2>&1 | tr -d '\r' | cmp -s - "$bin/scramble_and_show.linux"; then
    pass "libcube.pc from the zip: examples/scramble_and_show.c built with pkg-config runs as on Linux"
else fail "the zip's libcube.pc: scramble_and_show"; head -n 5 "$work/zip-pc.log"; fi
