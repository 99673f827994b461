#!/bin/sh
# Prints the meson options of a build that the test scripts make again in every clone (build-asan,
# build-tsan, the cross builds): with ccache installed "--unity off", else "--unity on --unity-size 16".
# A unity build (16 files per translation unit) compiles fastest from nothing, but its generated sources
# include the files by absolute path, so ccache cannot reuse its objects in another clone: with ccache, a
# translation unit per file compiles only what no clone compiled before (docs/building.md has the figures);
# on a machine whose cache is empty, the first such build takes longer than a unity build.
# Usage: scripts/unity-options.sh   (or $CUBE_UNITY=on|off to choose)
set -eu
choice=${CUBE_UNITY:-}
if [ -z "$choice" ]; then
    choice=on
    command -v ccache >/dev/null && choice=off
fi
case $choice in
    on) echo "--unity on --unity-size 16" ;;
    off) echo "--unity off" ;;
    *) echo "unity-options: CUBE_UNITY must be on or off, not '$choice'" >&2; exit 2 ;;
esac
