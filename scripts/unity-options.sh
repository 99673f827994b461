#!/bin/sh
# Prints the meson options of the builds the test scripts make again in every clone (build-asan, build-tsan,
# the cross builds): "--unity on --unity-size 16" (16 files per translation unit), or with CUBE_UNITY=off
# "--unity off".
# Unity sources include the files by absolute path, so in another clone ccache finds their objects only
# through its preprocessor mode (a preprocessor run per unit); a build without unity comes from the cache
# in seconds when nothing changed (120 TSan objects in 8 s), but after a change to a header that most files
# include it compiles every file again, far more work than a unity build (docs/building.md has the figures).
# Usage: scripts/unity-options.sh
set -eu
case ${CUBE_UNITY:-on} in
    on) echo "--unity on --unity-size 16" ;;
    off) echo "--unity off" ;;
    *) echo "unity-options: CUBE_UNITY must be on or off, not '$CUBE_UNITY'" >&2; exit 2 ;;
esac
