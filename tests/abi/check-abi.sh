#!/bin/sh
# The ABI gate: compares the built libcube with the committed baseline (an abidw dump of libcube 1.0).
# Fails on a removed or changed function, a changed type other than a field appended to a versioned
# struct, and on a version node LIBCUBE_1.0 that lists other functions than the baseline.
# usage: check-abi.sh LIBRARY BASELINE SUPPRESSIONS VERSION_SCRIPT
# Exit 77 (skipped) when the library has no debug information to compare.
set -eu
lib=$1
baseline=$2
suppr=$3
map=$4
if ! readelf -S "$lib" | grep -q '\.debug_info'; then
    echo "skipped: $lib has no debug information (build with -Ddebug=true, the project default)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every function of the baseline stays in node LIBCUBE_1.0, and that node gains none: new functions
# belong in a new node.
sed -n "s/.*<elf-symbol name='\([a-z0-9_]*\)'.*type='func-type'.*/\1/p" "$baseline" | sort -u >"$tmp/baseline"
python3 - "$map" >"$tmp/node" <<'PY'
import re, sys
text = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
node = re.search(r'LIBCUBE_1\.0\s*\{(.*?)\}', text, flags=re.S).group(1)
global_part = node.split('local:')[0].replace('global:', '')
print('\n'.join(sorted(n.strip() for n in global_part.split(';') if n.strip())))
PY
if ! cmp -s "$tmp/baseline" "$tmp/node"; then
    echo "ABI gate FAILED: version node LIBCUBE_1.0 differs from the 1.0 baseline (new functions need a new node):"
    diff "$tmp/baseline" "$tmp/node" || true
    exit 1
fi

status=0
abidiff --no-default-suppression --no-added-syms --exported-interfaces-only --suppressions "$suppr" "$baseline" "$lib" >"$tmp/report" || status=$?
# Added functions are not reported: the node check above keeps them out of LIBCUBE_1.0.
# abidiff's exit status is a bit mask: 1 error, 2 usage, 4 ABI change, 8 incompatible change.
if [ "$status" -ne 0 ]; then
    echo "ABI gate FAILED (abidiff exit $status) against $baseline:"
    cat "$tmp/report"
    exit 1
fi
echo "ABI gate: $(wc -l <"$tmp/baseline") functions of LIBCUBE_1.0 unchanged against $(basename "$baseline")"
