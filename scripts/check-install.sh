#!/bin/sh
# Installs into a staging folder (meson install --destdir) and checks what users get: the shared library
# (soname libcube.so.2) and a C program outside the tree linked with `pkg-config --cflags --libs libcube`;
# the static library libcube.a and a program linked with `pkg-config --libs libcube-static`, which needs no
# libcube.so; the headers;
# the cube program; the driver folder (`pkg-config --variable=driverdir`) and the example driver plugin
# (examples/driver-plugin) built from the installed headers with its Makefile, found by `cube drivers`
# and driven by `cube run`; the Java, C# and Python bindings (when built) in Debian's layout, with their examples,
# run without LD_LIBRARY_PATH from the staged install and from a moved copy of it (their glue finds
# libcube.so.2 by an $ORIGIN run path), and the messages naming libcube.so.2 when it is missing;
# the CMake package (a consumer built with cmake, tests/cmake); the manual pages and the HTML API reference
# (when built); an install with -Drpath=true whose cube runs
# without LD_LIBRARY_PATH.
set -eu
build=$1
source_root=$(cd "$(dirname "$0")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
meson install -C "$build" --destdir "$stage" --quiet >/dev/null
option() { # option NAME: a meson option's value as configured in $build
    meson introspect "$build" --buildoptions |
        python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"]==sys.argv[1]))' "$1"
}
prefix=$(option prefix)
libdir=$(option libdir)
bindir=$(option bindir)
case $libdir in /*) ;; *) libdir="$prefix/$libdir" ;; esac
case $bindir in /*) ;; *) bindir="$prefix/$bindir" ;; esac
export PKG_CONFIG_SYSROOT_DIR="$stage"
export PKG_CONFIG_LIBDIR="$stage$libdir/pkgconfig"
cat >"$stage/outside.c" <<'C'
#include <cube/cube.h>
#include <stdio.h>
int main(void) {
    cube_state *s = NULL;
    const char *facelets = NULL;
    if (cube_state_new(3, &s) != CUBE_OK || cube_state_apply_text(s, "R U R' U'") != CUBE_OK) return 1;
    if (cube_state_facelets(s, &facelets) != CUBE_OK) return 1;
    printf("libcube %s: %s\n", cube_version_string(), facelets);
    cube_state_free(s);
    return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1;
}
C

# Shared library: the program runs against the staged libcube.so.2.
test -e "$stage$libdir/libcube.so.2" || { echo "libcube.so.2 not installed"; exit 1; }
readelf -d "$stage$libdir/libcube.so.2" | grep -q 'SONAME.*\[libcube\.so\.2\]' || { echo "soname is not libcube.so.2"; exit 1; }
# shellcheck disable=SC2046
cc "$stage/outside.c" -o "$stage/outside" $(pkg-config --cflags --libs libcube)
readelf -d "$stage/outside" | grep -q 'NEEDED.*\[libcube\.so\.2\]' || { echo "program does not need libcube.so.2"; exit 1; }
LD_LIBRARY_PATH="$stage$libdir" "$stage/outside" >/dev/null

# Static library: the line of docs/building.md, `pkg-config --cflags --libs libcube-static` (-Wl,-Bstatic -lcube
# picks libcube.a over the libcube.so beside it; the C++ runtime stays shared).
test -e "$stage$libdir/libcube.a" || { echo "libcube.a not installed"; exit 1; }
test -e "$stage$libdir/pkgconfig/libcube-static.pc" || { echo "libcube-static.pc not installed"; exit 1; }
# shellcheck disable=SC2046
cc "$stage/outside.c" -o "$stage/outside-static" $(pkg-config --cflags --libs libcube-static)
if readelf -d "$stage/outside-static" | grep -q 'NEEDED.*libcube'; then
    readelf -d "$stage/outside-static" | grep NEEDED
    echo "the program linked with pkg-config --libs libcube-static still needs libcube.so"
    exit 1
fi
env -u LD_LIBRARY_PATH "$stage/outside-static" >/dev/null || { echo "statically linked program fails"; exit 1; }

test "$(LD_LIBRARY_PATH="$stage$libdir" "$stage$bindir/cube" apply R)" = UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB ||
    { echo "installed cube program does not work"; exit 1; }
for h in cube.h common.h version.h state.h moves.h solver.h robot.h driver.h driver_plugin.h; do
    test -f "$stage$prefix/include/cube/$h" || { echo "header cube/$h not installed"; exit 1; }
done

# The driver folder: named by libcube.pc (pkg-config prefixes the staging folder, as it does for -I), and
# created by the install.
driverdir=$(pkg-config --variable=driverdir libcube)
case $driverdir in "$stage"/*) ;; *) driverdir="$stage$driverdir" ;; esac
test -d "$driverdir" || { echo "driver folder $driverdir not created by the install"; exit 1; }

# The example plugin, built outside the tree from the installed headers with its own Makefile (pkg-config
# only) and installed into the driver folder.
cp -R "$source_root/examples/driver-plugin" "$stage/driver-plugin"
"${MAKE:-make}" -s -C "$stage/driver-plugin" install DRIVERDIR="$driverdir" >/dev/null ||
    { echo "the example driver plugin does not build from the installed headers"; exit 1; }
installed_cube() {
    LD_LIBRARY_PATH="$stage$libdir" CUBE_DRIVER_PATH="$driverdir" "$stage$bindir/cube" "$@"
}
installed_cube drivers | grep -q '^log ' || { echo "installed cube drivers does not list the log driver"; exit 1; }
installed_cube run --driver "log:file=$stage/run.log" --moves "R U" >/dev/null 2>&1 ||
    { echo "installed cube run --driver log fails"; exit 1; }
calls=$(grep -E '^(open|prepare|execute|rest|close)' "$stage/run.log" | cut -d' ' -f1 | uniq | tr '\n' ' ')
test "$calls" = "open prepare execute rest close " ||
    { echo "the log driver saw the calls \"$calls\", expected open prepare execute rest close"; exit 1; }
checked="pkg-config, soname libcube.so.2, static libcube.a (libcube-static.pc), headers, cube program, driver folder"
checked="$checked, example driver plugin"
# The CMake package (find_package(libcube 1.3 CONFIG REQUIRED)): a consumer built with cmake (tests/cmake).
for f in libcubeConfig.cmake libcubeConfigVersion.cmake; do
    test -f "$stage$libdir/cmake/libcube/$f" || { echo "$libdir/cmake/libcube/$f not installed"; exit 1; }
done
"$source_root/tests/cmake/check-consumer.sh" "$stage" "$prefix" "$libdir" >/dev/null
checked="$checked, CMake package"

# The udev rules that give the Pololu boards to the group plugdev, installed with the drivers.
if [ "$(option drivers)" != disabled ]; then
    udev_rules_dir=$(option udev_rules_dir)
    [ -n "$udev_rules_dir" ] || udev_rules_dir="$prefix/lib/udev/rules.d"
    grep -q 'GROUP="plugdev"' "$stage$udev_rules_dir/70-libcube-pololu.rules" ||
        { echo "udev rules not installed in $udev_rules_dir"; exit 1; }
    checked="$checked, udev rules"
fi

# The bindings (when built): the examples compiled against the installed jar / DLL only, the native glue found
# where Debian's layout puts it, and its RUNPATH leading from its own folder ($ORIGIN) to the libdir, so that
# the staged install runs without LD_LIBRARY_PATH, and a moved copy of it too. The 3x3 tables come from the
# build.
pc_libdir=$(pkg-config --variable=libdir libcube)
pc_prefix=$(pkg-config --variable=prefix libcube)
case $pc_libdir in "$stage"/*) pc_libdir=${pc_libdir#"$stage"} ;; esac
case $pc_prefix in "$stage"/*) pc_prefix=${pc_prefix#"$stage"} ;; esac
relative_libdir=${libdir#"$prefix"/}
runpath_is() { # runpath_is FILE RUNPATH
    readelf -d "$1" | grep -q "RUNPATH.*\[$2\]" ||
        { readelf -d "$1" | grep PATH; echo "$1: its RUNPATH is not $2"; exit 1; }
}
moved="$stage/moved" # a copy of the installed prefix elsewhere: what a moved install sees
cp -a "$stage$prefix" "$moved"
moved_lib="$moved/$relative_libdir"
# The tiny programs a user writes first (a 2x2 needs no table file); C#'s says `using System; using LibCube;`
# and uses Action, which names System.Action.
cat >"$stage/Tiny.java" <<'JAVA'
import org.libcube.*;
public final class Tiny {
    public static void main(String[] args) {
        try (Solver solver = new Solver(null); Cube cube = Cube.random(2, 1); Moves solution = solver.solve(cube)) {
            System.out.println("tiny " + CubeLib.version() + ": " + solution);
        }
    }
}
JAVA
cat >"$stage/Tiny.cs" <<'CS'
using System;
using LibCube;
static class Tiny {
  static void Main() {
    Action say = () => Console.WriteLine("tiny " + CubeLib.Version());
    using (Solver solver = new Solver(null))
    using (Cube cube = Cube.Random(2, 1))
    using (Moves solution = solver.Solve(cube)) {
      say();
      Console.WriteLine(solution);
    }
  }
}
CS
tables=${CUBE_TABLE_DIR:-"$build/test-tables"}
jar="$stage$pc_prefix/share/java/libcube.jar"
if [ -f "$build/bindings/java/libcube.jar" ]; then
    test -f "$jar" || { echo "libcube.jar not installed in $pc_prefix/share/java"; exit 1; }
    jni="$stage$pc_libdir/jni/libcube_jni.so"
    test -f "$jni" || { echo "libcube_jni.so not installed in $pc_libdir/jni"; exit 1; }
    case $libdir in "$prefix"/*) runpath_is "$jni" '$ORIGIN/..' ;; *) runpath_is "$jni" "$libdir" ;; esac
    mkdir "$stage/java"
    javac -cp "$jar" -d "$stage/java" "$source_root/examples/java/Example.java" "$stage/Tiny.java" ||
        { echo "the Java example does not compile against the installed libcube.jar"; exit 1; }
    env -u LD_LIBRARY_PATH CUBE_TABLE_DIR="$tables" \
        java -Djava.library.path="$stage$pc_libdir/jni" -cp "$jar:$stage/java" Example >"$stage/java.out" 2>&1 ||
        { cat "$stage/java.out"; echo "the Java example fails against the installed binding"; exit 1; }
    env -u LD_LIBRARY_PATH java -Djava.library.path="$moved_lib/jni" -cp "$moved/share/java/libcube.jar:$stage/java" \
        Tiny >"$stage/java-moved.out" 2>&1 ||
        { cat "$stage/java-moved.out"; echo "a Java program fails against a moved copy of the install"; exit 1; }
    # Without the JNI folder on java.library.path the message says what is missing.
    if LD_LIBRARY_PATH="$stage$libdir" java -cp "$jar:$stage/java" Example >"$stage/java-missing.out" 2>&1 ||
        ! grep -q 'cube_jni' "$stage/java-missing.out"; then
        cat "$stage/java-missing.out"
        echo "the Java binding does not name the missing JNI library"
        exit 1
    fi
    checked="$checked, Java binding"
fi
# The manual pages and the HTML API reference (when built), where Debian's layout puts them; man reads a page.
mandir=$(option mandir)
datadir=$(option datadir)
case $mandir in /*) ;; *) mandir="$prefix/$mandir" ;; esac
case $datadir in /*) ;; *) datadir="$prefix/$datadir" ;; esac
if [ -f "$build/tools/man/cube.1" ]; then
    for page in "$build"/tools/man/*.1; do
        test -f "$stage$mandir/man1/${page##*/}" || { echo "${page##*/} not installed in $mandir/man1"; exit 1; }
    done
    if command -v man >/dev/null 2>&1; then
        LC_ALL=C MANPAGER=cat man -l "$stage$mandir/man1/cube-solve.1" | grep -q -- '--max-length' ||
            { echo "man -l cannot show the installed cube-solve.1"; exit 1; }
    fi
    checked="$checked, manual pages"
fi
if [ -d "$build/docs/html" ]; then
    test -f "$stage$datadir/doc/libcube/html/index.html" ||
        { echo "the API reference is not installed in $datadir/doc/libcube/html"; exit 1; }
    checked="$checked, API reference"
fi
cli="$stage$pc_prefix/lib/cli/libcube"
if [ -f "$build/bindings/csharp/LibCube.dll" ]; then
    for f in LibCube.dll LibCube.dll.config libcubecs.so; do
        test -f "$cli/$f" || { echo "$f not installed in $pc_prefix/lib/cli/libcube"; exit 1; }
    done
    case $libdir in "$prefix"/*) runpath_is "$cli/libcubecs.so" "\$ORIGIN/../../../$relative_libdir" ;;
    *) runpath_is "$cli/libcubecs.so" "$libdir" ;; esac
    mkdir "$stage/csharp"
    mcs -nologo -r:"$cli/LibCube.dll" -out:"$stage/csharp/Example.exe" "$source_root/examples/csharp/Example.cs" ||
        { echo "the C# example does not compile against the installed LibCube.dll"; exit 1; }
    mcs -nologo -r:"$cli/LibCube.dll" -out:"$stage/csharp/Tiny.exe" "$stage/Tiny.cs" ||
        { echo "a program saying using System; using LibCube; does not compile"; exit 1; }
    env -u LD_LIBRARY_PATH CUBE_TABLE_DIR="$tables" MONO_PATH="$cli" \
        mono "$stage/csharp/Example.exe" >"$stage/csharp.out" 2>&1 ||
        { cat "$stage/csharp.out"; echo "the C# example fails against the installed binding"; exit 1; }
    env -u LD_LIBRARY_PATH MONO_PATH="$moved/lib/cli/libcube" mono "$stage/csharp/Tiny.exe" \
        >"$stage/csharp-moved.out" 2>&1 ||
        { cat "$stage/csharp-moved.out"; echo "a C# program fails against a moved copy of the install"; exit 1; }
    checked="$checked, C# binding"
fi

# The Python binding (when built): the package where the configured python3 looks, its example run from the
# staged install and a tiny program from a moved copy, without LD_LIBRARY_PATH ($ORIGIN run path).
python_moved=""
if [ -f "$build/bindings/python/package.stamp" ]; then
    python_init=$(find "$stage$prefix" -path '*-packages/libcube/__init__.py' | head -n 1)
    [ -n "$python_init" ] || { echo "the Python package libcube is not installed under $prefix"; exit 1; }
    python_dir=${python_init%/libcube/__init__.py}
    python_moved="$moved/${python_dir#"$stage$prefix"/}"
    env -u LD_LIBRARY_PATH CUBE_TABLE_DIR="$tables" PYTHONPATH="$python_dir" \
        python3 "$source_root/examples/python/example.py" >"$stage/python.out" 2>&1 ||
        { cat "$stage/python.out"; echo "the Python example fails against the installed package"; exit 1; }
    env -u LD_LIBRARY_PATH PYTHONPATH="$python_moved" \
        python3 -c 'import libcube; print(libcube.Solver().solve(libcube.Cube.random(2, seed=1)))' \
        >"$stage/python-moved.out" 2>&1 ||
        { cat "$stage/python-moved.out"; echo "a Python program fails against a moved copy of the install"; exit 1; }
    checked="$checked, Python binding"
fi

# Without libcube.so.2 in the moved copy, the bindings' messages name it (not their glue, which is there).
rm -f "$moved_lib"/libcube.so*
if [ -f "$build/bindings/java/libcube.jar" ]; then
    if env -u LD_LIBRARY_PATH java -Djava.library.path="$moved_lib/jni" \
        -cp "$moved/share/java/libcube.jar:$stage/java" Tiny >"$stage/java-nolib.out" 2>&1 ||
        ! grep -q 'cannot load libcube\.so\.2, which' "$stage/java-nolib.out"; then
        cat "$stage/java-nolib.out"
        echo "without libcube.so.2 the Java binding does not name it"
        exit 1
    fi
fi
if [ -f "$build/bindings/csharp/LibCube.dll" ]; then
    if env -u LD_LIBRARY_PATH MONO_PATH="$moved/lib/cli/libcube" mono "$stage/csharp/Tiny.exe" \
        >"$stage/csharp-nolib.out" 2>&1 ||
        ! grep -q 'libcubecs\.so (the native part of LibCube\.dll) is there but cannot be loaded: libcube\.so\.2' \
            "$stage/csharp-nolib.out"; then
        cat "$stage/csharp-nolib.out"
        echo "without libcube.so.2 the C# binding does not name it"
        exit 1
    fi
fi
if [ -n "$python_moved" ]; then
    if env -u LD_LIBRARY_PATH PYTHONPATH="$python_moved" python3 -c 'import libcube' >"$stage/python-nolib.out" 2>&1 ||
        ! grep -q 'libcube\.so\.2' "$stage/python-nolib.out"; then
        cat "$stage/python-nolib.out"
        echo "without libcube.so.2 the Python binding does not name it"
        exit 1
    fi
fi
[ ! -f "$build/bindings/java/libcube.jar" ] && [ ! -f "$build/bindings/csharp/LibCube.dll" ] &&
    [ -z "$python_moved" ] || checked="$checked, bindings from a moved install"

# -Drpath=true: the cube program of an install outside the loader's path finds libcube.so.2 by its RUNPATH
# alone ($ORIGIN-relative, so the staged copy finds the staged library). Changing the option relinks only
# tools/cube; the build's own setting is put back afterwards.
rpath_setting=$(option rpath | tr "[:upper:]" "[:lower:]")
rpath_stage="$stage/rpath"
meson configure "$build" -Drpath=true >/dev/null
meson install -C "$build" --destdir "$rpath_stage" --quiet >/dev/null 2>&1 || rpath_status=1
meson configure "$build" -Drpath="$rpath_setting" >/dev/null
[ "${rpath_status:-0}" -eq 0 ] || { echo "meson install with -Drpath=true failed"; exit 1; }
readelf -d "$rpath_stage$bindir/cube" | grep -q 'RUNPATH.*\[\$ORIGIN/' ||
    { echo "with -Drpath=true the installed cube has no \$ORIGIN run path"; exit 1; }
loaded=$(env -u LD_LIBRARY_PATH ldd "$rpath_stage$bindir/cube" | grep 'libcube\.so\.2' || true)
case $loaded in *"$rpath_stage"*) ;; *) echo "with -Drpath=true the installed cube loads $loaded"; exit 1 ;; esac
env -u LD_LIBRARY_PATH "$rpath_stage$bindir/cube" apply R >/dev/null ||
    { echo "with -Drpath=true the installed cube does not run without LD_LIBRARY_PATH"; exit 1; }
if [ "$rpath_setting" = false ] && readelf -d "$stage$bindir/cube" | grep -q -E 'R(UN)?PATH'; then
    echo "without -Drpath the installed cube has a run path"
    exit 1
fi
checked="$checked, -Drpath=true install"
echo "install check: ok ($checked)"
