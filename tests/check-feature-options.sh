#!/bin/sh
# An `enabled` feature option whose dependencies are missing must fail the configure step (not succeed
# and build nothing). Hides the dependencies behind a PATH of links to every program but swig, mcs and
# mono, and an empty pkg-config path (libusb and libmicrohttpd not found), then configures the project once per option.
# usage: check-feature-options.sh SOURCE_DIR
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
for program in /usr/local/bin/* /usr/bin/* /bin/*; do
    name=${program##*/}
    case $name in swig* | mcs | mono | doxygen) continue ;; esac
    [ -e "$tmp/bin/$name" ] || ln -s "$program" "$tmp/bin/$name"
done
failures=0
for case in "java:swig" "csharp:swig" "python:swig" "drivers:libusb" "serve:libmicrohttpd" "docs:doxygen"; do
    option=${case%%:*}
    needs=${case#*:}
    if PATH="$tmp/bin" PKG_CONFIG_LIBDIR=/nonexistent meson setup "$tmp/build-$option" "$src" \
        -D"$option"=enabled -Dtests=disabled -Dexamples=disabled -Dbenchmarks=disabled >"$tmp/log-$option" 2>&1; then
        echo "WRONG: -D$option=enabled configured without $needs"
        failures=$((failures + 1))
    elif grep -qi "$needs" "$tmp/log-$option"; then
        echo "ok: -D$option=enabled without $needs fails at configure, naming $needs"
    else
        echo "WRONG: -D$option=enabled failed, but the message does not name $needs:"
        tail -n 5 "$tmp/log-$option"
        failures=$((failures + 1))
    fi
done
[ "$failures" -eq 0 ]
