#!/bin/sh
# Builds libcube's Debian packages and checks what a user of them gets (issue 20). Not part of scripts/test.sh:
# it installs packages system-wide (as root, or through sudo), takes about a quarter of an hour, and ends
# by purging them all.
#  1. installs the packaging tools and build dependencies that are missing;
#  2. builds the packages (dpkg-buildpackage -us -uc -b) in a copy of the tree in a temporary folder, so that
#     nothing lands in or beside the repository;
#  3. lintian on every package: no error;
#  4. dpkg -i on this machine (no container): everything but libcube-tables, then libcube-tables with its
#     table build killed (SIGKILL) while it writes the file, which must leave no partial table, then
#     `dpkg --configure libcube-tables`, which must complete it;
#  5. with the installed packages only (no build tree, no LD_LIBRARY_PATH, no CUBE_* variable, an empty
#     HOME): the C example (pkg-config), the C++ example, the Java example against /usr/share/java/libcube.jar,
#     `import libcube` and the Python example (python3-libcube),
#     the C# example against the installed LibCube.dll, the example driver plugin built from
#     /usr/share/doc/libcube-drivers/examples, `cube drivers` listing tic and maestro, `cube solve` using
#     the system tables (nothing written to the user's cache), the manual pages, API reference, udev rules;
#  6. dpkg --purge of every package: no file they installed or generated is left.
# usage: scripts/check-packages.sh [--arch ARCH] [--debs DIR]   (prints each step; ends "check-packages: ok")
#   --arch ARCH: build for another Debian architecture (dpkg-buildpackage -a ARCH, a cross build with
#     crossbuild-essential-ARCH and the ARCH -dev packages; docs/cross.md); steps 4 to 6 need packages that run
#     here, so for a foreign ARCH the check ends after lintian
#   --debs DIR: check the packages already built in DIR (steps 1 and 2 skipped)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
packages="libcube2 libcube-dev cube-tools libcube-drivers libcube-java libcube-cil python3-libcube libcube-doc
    libcube-tables"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
work=$(mktemp -d "${TMPDIR:-/tmp}/check-packages.XXXXXX")
step() { echo "check-packages: $*"; }
fail() {
    echo "check-packages: FAILED: $*" >&2
    exit 1
}
installed_packages() { # the libcube packages dpkg knows (installed or half-installed)
    for p in $packages; do
        if dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null | grep -qv '^not-installed$'; then
            echo "$p"
        fi
    done
}
# Whatever happens, no libcube package is left on the machine.
cleanup() {
    left=$(installed_packages)
    if [ -n "$left" ]; then
        # shellcheck disable=SC2086
        $sudo dpkg --purge $left >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
debs_dir=$work
native_arch=$(dpkg --print-architecture)
arch=$native_arch
if [ "${1:-}" = --arch ]; then
    arch=$2
    shift 2
fi
if [ "${1:-}" = --debs ]; then
    debs_dir=$(cd "$2" && pwd)
fi
[ -z "$(installed_packages)" ] || fail "libcube packages are installed already: $(installed_packages | tr '\n' ' ')"

if [ "$debs_dir" = "$work" ]; then
    step "1. packaging tools and build dependencies"
    tools="dpkg-dev debhelper lintian javahelper cli-common-dev fakeroot chrpath g++ pkg-config"
    if [ "$arch" != "$native_arch" ]; then
        dpkg --print-foreign-architectures | grep -qx "$arch" || $sudo dpkg --add-architecture "$arch"
        # qemu-user-static: debian/rules runs the ARCH cube under qemu for the manual pages
        tools="$tools crossbuild-essential-$arch pkgconf:$arch libusb-1.0-0-dev:$arch libmicrohttpd-dev:$arch
            qemu-user-static"
    fi
    # shellcheck disable=SC2086
    "$root/scripts/apt-install-missing.sh" check-packages "$work/apt.log" $tools ||
        { tail -n 20 "$work/apt.log"; fail "apt-get install"; }
    build_deps=$(cd "$root" && dpkg-checkbuilddeps -a "$arch" 2>&1 | sed -n 's/.*Unmet build dependencies: //p' |
        sed 's/([^)]*)//g')
    # shellcheck disable=SC2086
    "$root/scripts/apt-install-missing.sh" check-packages "$work/apt.log" $build_deps ||
        { tail -n 20 "$work/apt.log"; fail "apt-get install"; }

    step "2. dpkg-buildpackage -a $arch -us -uc -b in a copy of the tree ($work/src; about 10 minutes)"
    mkdir "$work/src"
    (cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 cp -a --parents -t "$work/src")
    started=$(date +%s)
    (cd "$work/src" && dpkg-buildpackage -a "$arch" -us -uc -b -j2) >"$work/build.log" 2>&1 ||
        { tail -n 40 "$work/build.log"; fail "dpkg-buildpackage (log: $work/build.log)"; }
    step "   built in $(($(date +%s) - started)) s"
    if grep -q "dpkg-gensymbols: warning" "$work/build.log"; then
        fail "dpkg-gensymbols reports differences"
    fi
fi
if [ "$arch" != "$native_arch" ]; then # a cross build leaves out the bindings (debian/rules)
    # shellcheck disable=SC2086
    packages=$(echo $packages | tr ' ' '\n' | grep -vx -e libcube-java -e libcube-cil -e python3-libcube)
fi
step "   the packages (Installed-Size):"
for p in $packages; do
    deb=$(ls "$debs_dir"/"$p"_*.deb)
    printf '     %-16s %6s KiB  %s\n' "$p" "$(dpkg-deb -f "$deb" Installed-Size)" "${deb##*/}"
done

step "3. lintian (errors fail; warnings listed)"
changes=$(ls "$debs_dir"/libcube_*.changes)
lintian --fail-on error "$changes" >"$work/lintian.log" 2>&1 || lintian_failed=1
grep -v "running with root privileges" "$work/lintian.log" >"$work/lintian-tags.log" || true
if [ -s "$work/lintian-tags.log" ]; then
    sed 's/^/     /' "$work/lintian-tags.log"
else
    echo "     no error, no warning"
fi
[ "${lintian_failed:-0}" -eq 0 ] || fail "lintian reports errors"
if [ "$arch" != "$native_arch" ]; then
    step "4. to 6. left out: the $arch packages do not run on this $native_arch machine"
    step "ok"
    exit 0
fi

step "4. dpkg -i (everything but libcube-tables first)"
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
tables_dir=/usr/lib/$multiarch/libcube/tables
# Files under /usr and /etc before, to compare with what the purge leaves.
snapshot() { find /usr /etc -xdev 2>/dev/null | grep -i cube | sort; }
snapshot >"$work/before.txt"
debs=""
for p in $packages; do
    [ "$p" = libcube-tables ] || debs="$debs $(ls "$debs_dir"/"$p"_*.deb)"
done
# shellcheck disable=SC2086
$sudo dpkg -i $debs >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i"; }

step "   libcube-tables, its table build killed (SIGKILL) while it writes the file"
(
    status=0
    $sudo dpkg -i "$debs_dir"/libcube-tables_*.deb >"$work/dpkg-tables.log" 2>&1 || status=$?
    echo "$status" >"$work/dpkg-tables.status"
) &
writer=""
waited=0
while [ -z "$writer" ] && [ $waited -lt 3000 ] && [ ! -f "$work/dpkg-tables.status" ]; do
    if ls "$tables_dir"/twophase3x3-v*.tbl.tmp.* >/dev/null 2>&1; then
        writer=$(pgrep -f "^cube tables generate --dir $tables_dir" | head -n 1 || true)
    fi
    [ -n "$writer" ] || { sleep 0.2; waited=$((waited + 1)); }
done
[ -n "$writer" ] || { cat "$work/dpkg-tables.log"; fail "no table build was seen writing in $tables_dir"; }
$sudo kill -KILL "$writer"
wait
[ "$(cat "$work/dpkg-tables.status")" -ne 0 ] || fail "dpkg -i libcube-tables succeeded although its table build was killed"
sed -n 's/^/     /; /libcube-tables:/p' "$work/dpkg-tables.log"
for f in "$tables_dir"/twophase3x3-v*.tbl; do # a killed build leaves no file, or (killed after the rename) a sound one
    [ ! -e "$f" ] || cube tables verify --dir "$tables_dir" >/dev/null || fail "the killed build left a damaged $f"
done
echo "     left after the kill: $(ls "$tables_dir" | tr '\n' ' ')"
step "   dpkg --configure libcube-tables (completes the build)"
started=$(date +%s)
$sudo dpkg --configure libcube-tables >"$work/dpkg-tables.log" 2>&1 || { cat "$work/dpkg-tables.log"; fail "dpkg --configure"; }
step "   built the tables in $(($(date +%s) - started)) s; $tables_dir holds: $(ls "$tables_dir" | tr '\n' ' ')"
if ls "$tables_dir"/*.tmp.* >/dev/null 2>&1; then
    fail "the killed build's temporary file is still there"
fi
cube tables verify --dir "$tables_dir" >/dev/null || fail "the system tables are not sound"
inode=$(stat -c %i "$tables_dir"/twophase3x3-v*.tbl)
started=$(date +%s)
$sudo dpkg-reconfigure libcube-tables >"$work/dpkg-tables.log" 2>&1 || { cat "$work/dpkg-tables.log"; fail "dpkg-reconfigure"; }
[ "$(stat -c %i "$tables_dir"/twophase3x3-v*.tbl)" = "$inode" ] || fail "a second configure run rebuilt the tables"
step "   a second configure run checks and keeps the sound file ($(($(date +%s) - started)) s)"

step "5. the installed packages alone (env -i, empty HOME, no CUBE_* variable)"
home="$work/home"
mkdir "$home" "$work/examples"
as_user() { env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 "$@"; }
cp -R "$root/examples/scramble_and_show.c" "$root/examples/cpp" "$root/examples/java" "$root/examples/csharp" \
    "$root/examples/python" \
    "$work/examples/"
cd "$work/examples"
# shellcheck disable=SC2046
as_user cc -o scramble scramble_and_show.c $(as_user pkg-config --cflags --libs libcube) || fail "C example build"
as_user ./scramble >c.out || fail "C example"
step "   C example (pkg-config libcube): $(grep '^facelets' c.out)"
# shellcheck disable=SC2046
as_user c++ -std=c++17 -o solve cpp/solve.cpp $(as_user pkg-config --cflags --libs libcube) || fail "C++ example build"
started=$(date +%s)
as_user ./solve >cpp.out || fail "C++ example"
step "   C++ example, 3x3 with the full tables in $(($(date +%s) - started)) s: $(grep '^solution' cpp.out)"
jar=/usr/share/java/libcube.jar
as_user javac -d java -cp "$jar" java/Example.java || fail "Java example build"
as_user java -cp "$jar:java" Example >java.out 2>&1 || { cat java.out; fail "Java example"; }
step "   Java example ($jar, JNI from /usr/lib/$multiarch/jni): $(tail -n 1 java.out)"
cli=/usr/lib/cli/libcube
as_user mcs -nologo -r:"$cli/LibCube.dll" -out:Example.exe csharp/Example.cs || fail "C# example build"
as_user env MONO_PATH="$cli" mono Example.exe >csharp.out 2>&1 || { cat csharp.out; fail "C# example"; }
step "   C# example ($cli/LibCube.dll, MONO_PATH=$cli): $(tail -n 1 csharp.out)"
as_user python3 -c "import libcube, libcube.kociemba, libcube.twophase" || fail "python3 -c 'import libcube'"
as_user python3 python/example.py >python.out 2>&1 || { cat python.out; fail "Python example"; }
step "   Python example (python3-libcube): $(tail -n 1 python.out)"
as_user cube drivers >drivers.out || fail "cube drivers"
grep -q '^tic ' drivers.out || { cat drivers.out; fail "cube drivers does not list tic"; }
grep -q '^maestro ' drivers.out || { cat drivers.out; fail "cube drivers does not list maestro"; }
step "   cube drivers: $(awk '/^[a-z]/ { printf "%s ", $1 }' drivers.out)"
cp -R /usr/share/doc/libcube-drivers/examples plugin
as_user make -s -C plugin >/dev/null || fail "the example driver plugin does not build from the installed headers"
as_user env CUBE_DRIVER_PATH="$work/examples/plugin" cube drivers | grep -q '^log ' ||
    fail "cube drivers does not load the example driver plugin"
step "   example driver plugin (from /usr/share/doc/libcube-drivers/examples): built and loaded"
as_user cube tables path --search >search.out
grep -q "^system .*$tables_dir/twophase3x3-v.*: sound (used)" search.out || { cat search.out; fail "the system tables are not used"; }
facelets=$(as_user cube apply "$(as_user cube scramble --seed 7)")
as_user cube solve --tables full "$facelets" >solve.out 2>&1 || { cat solve.out; fail "cube solve"; }
[ ! -e "$home/.cache/libcube" ] || fail "cube solve wrote into the user cache: $(ls "$home/.cache/libcube")"
step "   cube solve with the system tables (user cache untouched): $(tail -n 1 solve.out)"
ls /usr/lib/udev/rules.d/70-libcube-pololu.rules >/dev/null || fail "udev rules not installed"
for page in cube.1.gz cube-solve.1.gz cube-tables.1.gz; do
    [ -f "/usr/share/man/man1/$page" ] || fail "manual page $page not installed"
done
[ -f /usr/share/doc/libcube/html/index.html ] || fail "the API reference is not installed"
step "   manual pages ($(ls /usr/share/man/man1/cube*.1.gz | wc -l) in /usr/share/man/man1), API reference, udev rules"
cd /

step "6. dpkg --purge of every package"
for p in $packages; do dpkg -L "$p"; done | sort -u >"$work/owned.txt"
# shellcheck disable=SC2086
$sudo dpkg --purge $packages >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg --purge"; }
if grep -i "warning" "$work/dpkg.log"; then
    fail "dpkg --purge warned"
fi
[ -z "$(installed_packages)" ] || fail "still known to dpkg: $(installed_packages)"
[ ! -e "$tables_dir" ] || fail "$tables_dir is left: $(ls -A "$tables_dir")"
[ ! -e "/usr/lib/$multiarch/libcube" ] || fail "/usr/lib/$multiarch/libcube is left"
left=""
while read -r f; do
    if [ -e "$f" ] && [ ! -d "$f" ]; then left="$left $f"; fi
done <"$work/owned.txt"
[ -z "$left" ] || fail "files left after the purge:$left"
snapshot >"$work/after.txt"
new=$(comm -13 "$work/before.txt" "$work/after.txt")
[ -z "$new" ] || fail "new files under /usr or /etc after the purge: $new"
step "   nothing left ($(wc -l <"$work/owned.txt") paths owned, $tables_dir gone)"
echo "check-packages: ok"
