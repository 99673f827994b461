#!/bin/sh
# Restarts the cube serve instances behind haproxy one after another, without losing a request:
#   rolling-restart.sh SOCKET "s1 s2 ..." RESTART_COMMAND
# For each server: drain it in haproxy (no new requests; those in flight finish), stop it with SIGTERM (cube
# serve stops accepting, answers what it has and exits 0; the caller's RESTART_COMMAND NAME does the stop and
# start, e.g. "systemctl restart cube-serve@NAME"), wait until its /healthz check passes again, set it ready.
# SOCKET is haproxy's admin socket (haproxy.cfg: stats socket ... level admin); talked to with socat, or
# python3 where socat is missing.
set -eu
[ $# -eq 3 ] || { echo "usage: rolling-restart.sh SOCKET \"s1 s2 ...\" RESTART_COMMAND" >&2; exit 2; }
socket=$1
servers=$2
restart=$3
admin() {
    if command -v socat >/dev/null; then
        echo "$1" | socat stdio "UNIX-CONNECT:$socket"
    else
        python3 -c 'import socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(5)
s.connect(sys.argv[1])
s.sendall(sys.argv[2].encode() + b"\n")
while data := s.recv(65536):
    sys.stdout.write(data.decode())' "$socket" "$1"
    fi
}
# The status column of server $1 in "show stat" (UP, DOWN, DRAIN, MAINT, ...).
status() { admin "show stat" | awk -F, -v s="$1" '$1 == "cube_serve" && $2 == s { print $18 }'; }
for s in $servers; do
    admin "set server cube_serve/$s state drain" >/dev/null
    $restart "$s"
    admin "set server cube_serve/$s state ready" >/dev/null
    tries=0
    until [ "$(status "$s")" = UP ]; do
        tries=$((tries + 1))
        [ "$tries" -le 60 ] || { echo "rolling-restart.sh: $s is not UP after 30 s" >&2; exit 1; }
        sleep 0.5
    done
    echo "rolling-restart.sh: $s restarted and UP"
done
