#!/bin/sh
# Runs Doxygen over the public headers with the API reference's configuration (docs/Doxyfile.in, as
# configured by meson) and every warning an error: each public symbol, struct field, enum value and macro
# must be documented, and each function every parameter and its return value.
# usage: check-docs.sh DOXYGEN DOXYFILE
set -eu
doxygen=$1
doxyfile=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The configuration, with the output and the warnings sent to the temporary folder (later lines win).
{
    cat "$doxyfile"
    echo "OUTPUT_DIRECTORY = \"$tmp/out\""
    echo "WARN_LOGFILE = \"$tmp/warnings\""
    echo "WARN_AS_ERROR = FAIL_ON_WARNINGS"
} >"$tmp/Doxyfile"
if ! "$doxygen" "$tmp/Doxyfile" >"$tmp/log" 2>&1 || [ -s "$tmp/warnings" ]; then
    echo "header documentation: Doxygen warnings:"
    cat "$tmp/warnings" "$tmp/log"
    exit 1
fi
[ -f "$tmp/out/html/index.html" ] || { echo "header documentation: Doxygen wrote no index.html"; exit 1; }
echo "header documentation: Doxygen renders every public symbol with its parameters and return value"
