#!/bin/sh
# Compares the names libcube-N.dll exports (its PE export table, read by OBJDUMP -p) with the names in
# libcube.map: the Windows counterpart of check-symbols.sh (a DLL has no version nodes).
# usage: check-dll-exports.sh OBJDUMP DLL VERSION_SCRIPT
set -eu
objdump=$1
dll=$2
map=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$objdump" -p "$dll" >"$tmp/headers"
# The export table lists "[   N] name" lines after "[Ordinal/Name Pointer] Table".
sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' "$tmp/headers" |
    sed -n 's/^[[:space:]]*\[ *[0-9]*\] \([A-Za-z_][A-Za-z0-9_]*\)$/\1/p' | sort -u >"$tmp/exported"
sed -e 's#/\*.*\*/##g' "$map" | tr -d ' \t' | grep -E '^[A-Za-z_][A-Za-z0-9_]*;$' | tr -d ';' | sort -u >"$tmp/listed"
if [ ! -s "$tmp/exported" ]; then echo "$dll: no export table found by $objdump -p"; exit 1; fi
missing=$(comm -13 "$tmp/exported" "$tmp/listed")
extra=$(comm -23 "$tmp/exported" "$tmp/listed")
if [ -n "$missing" ]; then echo "listed in $map but not exported by $dll:"; echo "$missing"; fi
if [ -n "$extra" ]; then echo "exported by $dll but not listed in $map:"; echo "$extra"; fi
[ -z "$missing" ] && [ -z "$extra" ] || exit 1
echo "$(wc -l <"$tmp/exported") exported names of $dll match $map"
