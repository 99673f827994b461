#!/bin/sh
# Usage: apt-install-missing.sh WHO LOG PACKAGE...
# Installs those of the Debian packages that are missing (apt-get update first, waiting at most 10 minutes
# for the package lock), sending apt-get's output to LOG. Says "WHO: installing Debian packages ...: LIST"
# first (nothing when all are installed); exits non-zero when apt-get fails.
set -eu
who=$1
log=$2
shift 2
missing=""
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "$who: installing Debian packages (a few minutes on a fresh machine):$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
# shellcheck disable=SC2086
{ $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
        --no-install-recommends $missing; } >"$log" 2>&1
