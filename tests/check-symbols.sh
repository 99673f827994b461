#!/bin/sh
# Compares the dynamic symbols libcube exports with the names in its linker version script.
# usage: check-symbols.sh LIBRARY VERSION_SCRIPT
set -eu
lib=$1
map=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVWi]$/ {sub(/@.*/, "", $3); print $3}' | sort -u >"$tmp/exported"
sed -e 's#/\*.*\*/##g' "$map" | tr -d ' \t' | grep -E '^[A-Za-z_][A-Za-z0-9_]*;$' | tr -d ';' | sort -u >"$tmp/listed"
missing=$(comm -13 "$tmp/exported" "$tmp/listed")
extra=$(comm -23 "$tmp/exported" "$tmp/listed" | grep -v '^LIBCUBE_' || true)
if [ -n "$missing" ]; then echo "listed in $map but not exported:"; echo "$missing"; fi
if [ -n "$extra" ]; then echo "exported but not listed in $map:"; echo "$extra"; fi
for node in $(sed -n 's/^\(LIBCUBE_[0-9.]*\) *{.*/\1/p' "$map"); do
    nm -D "$lib" | grep -q " A $node\$" || { echo "version node $node missing"; exit 1; }
done
[ -z "$missing" ] && [ -z "$extra" ] || exit 1
echo "$(wc -l <"$tmp/exported") exported symbols match $map"
