#!/bin/sh
# Checks the release tarball: `meson dist` packs it from the last commit (it uses git archive, so commit
# first: changes not committed are not in it, and meson dist refuses a tree that has them). The tarball must
# hold LICENSE, README.md and CHANGELOG.md; unpacked in a temporary folder it must configure, build what a
# quick subset of its tests needs (the library, the cube program, the test programs; the bindings, drivers and
# examples are configured but not built) and pass those tests: the unit tests and CLI tests that need no 3x3
# tables, the header and symbol checks, the manual pages and the API reference. Prints a short transcript.
# Usage: scripts/check-dist.sh [BUILD_DIR]
#   BUILD_DIR: the configured build folder meson dist runs from (default build; configured if it is not).
#   CUBE_DIST_JOBS: ninja's number of parallel jobs (default: ninja's own).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-"$root/build"}
jobs=${CUBE_DIST_JOBS:+-j$CUBE_DIST_JOBS}
tests="api cancel facelets moves notation random solver2 method cli-method cli-input header-c99 header-cxx
    exported-symbols header-docs man man-escape"
start=$(date +%s)
say() {
    echo "check-dist: $* ($(($(date +%s) - start)) s)"
}

if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
    echo "check-dist: the work tree has changes not committed; meson dist packs the last commit (git archive)," >&2
    echo "check-dist: so commit them first (git status lists them)" >&2
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Readable by all: a CLI test runs the built cube as a user of its own, who must reach libcube.so.2 here.
chmod 755 "$tmp"
log=$tmp/log
if [ ! -f "$build/build.ninja" ]; then
    say "configuring ${build#"$root"/} to run meson dist from"
    meson setup "$build" "$root" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
fi

say "packing the last commit ($(git -C "$root" log -1 --format=%h)) with meson dist --formats xztar --no-tests"
meson dist -C "$build" --formats xztar --no-tests >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
tarball=$(sed -n 's/^Created \(.*\.tar\.xz\)$/\1/p' "$log" | tail -n 1)
[ -f "$tarball" ] || { cat "$log" >&2; echo "check-dist: meson dist named no tarball" >&2; exit 1; }
say "$(basename "$tarball"): $(du -k "$tarball" | cut -f1) KiB, $(tar -tJf "$tarball" | grep -c -v '/$') files"

mkdir "$tmp/src"
tar -xJf "$tarball" -C "$tmp/src"
src=$(find "$tmp/src" -mindepth 1 -maxdepth 1 -type d)
for f in LICENSE README.md CHANGELOG.md meson.build; do
    [ -f "$src/$f" ] || { echo "check-dist: the tarball has no $f" >&2; exit 1; }
done
grep -q "MIT License" "$src/LICENSE" || { echo "check-dist: LICENSE is not the MIT licence" >&2; exit 1; }
say "unpacked: LICENSE (MIT), README.md and CHANGELOG.md are in it"

# -O1 without debug information: the check is that the tarball holds every source, and it compiles about
# twice as fast as the project's -O3 -g (no test here reads the DWARF).
meson setup "$tmp/build" "$src" -Dbenchmarks=disabled -Doptimization=1 -Ddebug=false >"$log" 2>&1 ||
    { cat "$log" >&2; exit 1; }
say "configured the unpacked tree (-O1, no debug information)"

names=""
for t in $tests; do
    names="$names --name $t"
done
# shellcheck disable=SC2086 # the target list and the names are words on purpose
targets=$("$src/scripts/test-targets.py" "$tmp/build" $names)
# shellcheck disable=SC2086
"$src/scripts/ninja-progress.sh" check-dist "$tmp/build" $jobs $targets || exit 1
say "built $(echo "$targets" | wc -l) targets for $(echo $tests | wc -w) tests"

# shellcheck disable=SC2086
if ! meson test -C "$tmp/build" --no-rebuild --num-processes 2 --print-errorlogs $tests >"$log" 2>&1; then
    cat "$log"
    say "FAILED: the tests of the unpacked tarball"
    exit 1
fi
grep -E '^ *[0-9]+/[0-9]+ ' "$log"
say "ok: $(basename "$tarball") builds and passes $(echo $tests | wc -w) tests"
