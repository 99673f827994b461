#!/bin/sh
# The ABI gate: compares the built libcube with a committed baseline (an abidw dump of a released libcube).
# Fails on a removed or changed function, a changed type other than a field appended to a versioned
# struct, and when the version nodes up to NODE list other functions than the baseline (released nodes
# never change; new functions go into a new node).
# usage: check-abi.sh LIBRARY BASELINE SUPPRESSIONS VERSION_SCRIPT NODE
# Exit 77 (skipped) when the library has no debug information to compare.
set -eu
lib=$1
baseline=$2
suppr=$3
map=$4
node=$5
if ! readelf -S "$lib" | grep -q '\.debug_info'; then
    echo "skipped: $lib has no debug information (build with -Ddebug=true, the project default)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The functions of the baseline are exactly those of the nodes up to NODE, in the order of the script.
sed -n "s/.*<elf-symbol name='\([a-z0-9_]*\)'.*type='func-type'.*/\1/p" "$baseline" | sort -u >"$tmp/baseline"
python3 - "$map" "$node" >"$tmp/node" <<'PY'
import re, sys
text = re.sub(r'/\*.*?\*/', '', open(sys.argv[1]).read(), flags=re.S)
names = []
for m in re.finditer(r'(LIBCUBE_[0-9.]+)\s*\{(.*?)\}', text, flags=re.S):
    global_part = m.group(2).split('local:')[0].replace('global:', '')
    names += [n.strip() for n in global_part.split(';') if n.strip()]
    if m.group(1) == sys.argv[2]:
        break
else:
    sys.exit('no version node ' + sys.argv[2] + ' in ' + sys.argv[1])
print('\n'.join(sorted(set(names))))
PY
if ! cmp -s "$tmp/baseline" "$tmp/node"; then
    echo "ABI gate FAILED: the version nodes up to $node differ from $(basename "$baseline") (new functions need a new node):"
    diff "$tmp/baseline" "$tmp/node" || true
    exit 1
fi

status=0
abidiff --no-default-suppression --no-added-syms --exported-interfaces-only --suppressions "$suppr" "$baseline" "$lib" >"$tmp/report" || status=$?
# Added functions are not reported: the node check above keeps them out of the released nodes.
# abidiff's exit status is a bit mask: 1 error, 2 usage, 4 ABI change, 8 incompatible change.
if [ "$status" -ne 0 ]; then
    echo "ABI gate FAILED (abidiff exit $status) against $baseline:"
    cat "$tmp/report"
    exit 1
fi
echo "ABI gate: $(wc -l <"$tmp/baseline") functions up to $node unchanged against $(basename "$baseline")"
