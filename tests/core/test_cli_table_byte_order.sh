#!/bin/sh
# `cube tables path --search` with a table file of the other byte order (a sparse copy of the suite's file
# whose header's byte-order mark is flipped): named with its notice beside this machine's file, never called
# damaged; under this machine's name it is passed over (state "other byte order") and a build goes elsewhere.
cube=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sound=$($cube tables path)
name=$(basename "$sound")
case $name in
*-be.tbl) other_name=${name%-be.tbl}.tbl other_machine=little-endian ;;
*) other_name=${name%.tbl}-be.tbl other_machine=big-endian ;;
esac

# flipped_copy TO: the sound file's header with its byte-order mark (4 bytes at 808) reversed, then holes.
flipped_copy() {
    python3 - "$sound" "$1" <<'PY'
import os, sys
header = bytearray(open(sys.argv[1], 'rb').read(4096))
header[808:812] = header[808:812][::-1]
with open(sys.argv[2], 'wb') as out:
    out.write(header)
    out.truncate(os.path.getsize(sys.argv[1]))
PY
}
with_folders() {  # with_folders DIR command...: $CUBE_TABLE_DIR=DIR, an empty user cache and system folder
    dir=$1
    shift
    CUBE_TABLE_DIR=$dir XDG_CACHE_HOME=$work/cache CUBE_SYSTEM_TABLE_DIR=$work/system "$@"
}
mkdir -p "$work/beside" "$work/own-name"
ln -s "$sound" "$work/beside/$name"
flipped_copy "$work/beside/$other_name"
flipped_copy "$work/own-name/$name"

out=$(with_folders "$work/beside" $cube tables path --search)
echo "$out"
check beside-used 1 "$(echo "$out" | grep -c "^CUBE_TABLE_DIR .*beside/$name: sound (used)$")"
check beside-named 1 "$(echo "$out" |
    grep -c "^ *$work/beside/$other_name: table file .* was made on a $other_machine machine")"
check beside-not-damaged 0 "$(echo "$out" | grep -c damaged)"
check beside-json 1 "$(with_folders "$work/beside" $cube tables path --search --json |
    grep -c "\"other_byte_order_file\":\"$work/beside/$other_name\",\"other_byte_order_notice\":\"table file")"

out=$(with_folders "$work/own-name" $cube tables path --search)
echo "$out"
check own-name-state 1 "$(echo "$out" |
    grep -c "^CUBE_TABLE_DIR .*own-name/$name: other byte order: .*made on a $other_machine machine")"
check own-name-build-elsewhere 1 "$(echo "$out" |
    grep -c "^user cache .*/cache/libcube/$name: missing (a build saves here)$")"
check own-name-verify 1 "$(with_folders "$work/own-name" $cube tables verify --dir "$work/own-name" 2>&1 |
    grep -c "made on a $other_machine machine")"
before=$(od -An -tx1 -N4096 "$work/own-name/$name" | cksum)
with_folders "$work/own-name" timeout 5 $cube solve --tables full "$($cube random --seed 3)" >/dev/null 2>"$work/err"
cat "$work/err"
check own-name-notice 1 \
    "$(grep -c "own-name/$name was made on a $other_machine machine.*; building the .* file .*/cache/libcube/$name$" \
        "$work/err")"
check own-name-not-damaged 0 "$(grep -c "damaged\|rebuilding" "$work/err")"
check own-name-kept "$before" "$(od -An -tx1 -N4096 "$work/own-name/$name" | cksum)"
finish
