#!/bin/sh
# Runs Doxygen over the public headers with every warning an error: each function must document
# every parameter and its return value.
# usage: check-docs.sh SOURCE_INCLUDE_DIR BUILD_INCLUDE_DIR
# Exit 77 (skipped) without doxygen.
set -eu
src=$1/cube
gen=$2/cube
command -v doxygen >/dev/null 2>&1 || { echo "skipped: doxygen is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/Doxyfile" <<CFG
PROJECT_NAME = libcube
INPUT = $src/cube.h $src/common.h $gen/version.h $src/state.h $src/moves.h $src/solver.h $src/robot.h \
        $src/driver.h $src/driver_plugin.h
OUTPUT_DIRECTORY = $tmp/out
GENERATE_LATEX = NO
GENERATE_HTML = YES
OPTIMIZE_OUTPUT_FOR_C = YES
EXTRACT_ALL = NO
WARN_IF_UNDOCUMENTED = YES
WARN_IF_DOC_ERROR = YES
WARN_NO_PARAMDOC = YES
WARN_AS_ERROR = FAIL_ON_WARNINGS
WARN_LOGFILE = $tmp/warnings
ENABLE_PREPROCESSING = YES
MACRO_EXPANSION = YES
EXPAND_ONLY_PREDEF = YES
PREDEFINED = CUBE_API= __cplusplus=0
QUIET = YES
HAVE_DOT = NO
CLASS_GRAPH = NO
CFG
if ! doxygen "$tmp/Doxyfile" >/dev/null 2>&1 || [ -s "$tmp/warnings" ]; then
    echo "header documentation: Doxygen warnings:"
    cat "$tmp/warnings"
    exit 1
fi
echo "header documentation: Doxygen renders every public function with its parameters and return value"
