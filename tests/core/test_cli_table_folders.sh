#!/bin/sh
# Table folders that cannot be used are named and passed over: a folder standing at the table file's path,
# $CUBE_TABLE_DIR set to a regular file or to a path under one. A load goes on to the next folder of the
# search path (to its sound file, or builds in it), and `cube tables path --search` says what is wrong.
cube=$1
. "$(dirname "$0")/../check.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sound=$($cube tables path)
name=$(basename "$sound")
S3=$($cube random --seed 11)
SOLVED=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

# with_folders DIR CACHE command...: with $CUBE_TABLE_DIR=DIR, the user cache CACHE and an empty system folder.
with_folders() {
    dir=$1
    cache=$2
    shift 2
    CUBE_TABLE_DIR=$dir XDG_CACHE_HOME=$cache CUBE_SYSTEM_TABLE_DIR=$work/system "$@"
}
mkdir -p "$work/folder-at-file/$name" "$work/cache-sound/libcube" "$work/cache-empty"
ln -s "$sound" "$work/cache-sound/libcube/$name"
touch "$work/regular"

# A folder at the file's path, a sound file in the user cache: --tables full answers from the cache's file.
answer=$(with_folders "$work/folder-at-file" "$work/cache-sound" $cube solve --tables full $S3 2>"$work/err")
check folder-at-file-answers "$SOLVED" "$($cube apply $S3 "$answer")"
check folder-at-file-notice 1 "$(grep -c "$name is a folder, not a regular file; using .*cache-sound.* instead$" "$work/err")"
# With no file in the cache, a build goes there (cut short here once it has begun).
check folder-at-file-build-path "$work/cache-empty/libcube/$name" \
    "$(with_folders "$work/folder-at-file" "$work/cache-empty" $cube tables path)"
with_folders "$work/folder-at-file" "$work/cache-empty" timeout 5 $cube solve --tables full $S3 >/dev/null 2>"$work/err"
check folder-at-file-passed-over 1 "$(grep -c "$name is a folder, not a regular file; not using it$" "$work/err")"
check folder-at-file-builds-next 1 "$(grep -c "cache-empty/libcube/$name does not exist; building it$" "$work/err")"
check folder-at-file-search 1 "$(with_folders "$work/folder-at-file" "$work/cache-empty" $cube tables path --search |
    grep -c "^CUBE_TABLE_DIR .*: unreadable: table file .*$name is a folder, not a regular file$")"

# $CUBE_TABLE_DIR a regular file, or a path under one: named by the load, by tables path and verify (on
# stderr, with the file used instead) and by path --search.
for dir in "$work/regular" "$work/regular/sub"; do
    label=$(basename "$dir")
    answer=$(with_folders "$dir" "$work/cache-sound" $cube solve --tables full $S3 2>"$work/err")
    check "env-$label-answers" "$SOLVED" "$($cube apply $S3 "$answer")"
    check "env-$label-notice" 1 "$(grep -c "table folder $work/regular is not a folder; using .* instead$" "$work/err")"
    check "env-$label-search" 1 "$(with_folders "$dir" "$work/cache-sound" $cube tables path --search |
        grep -c "^CUBE_TABLE_DIR .*: unreadable: table folder $work/regular is not a folder$")"
    for what in path verify; do
        with_folders "$dir" "$work/cache-sound" $cube tables $what >/dev/null 2>"$work/err"
        check "env-$label-$what-notice" 1 \
            "$(grep -c "^cube: table folder $work/regular is not a folder; using .*cache-sound.* instead$" "$work/err")"
    done
    check "env-$label-search-json" 1 "$(with_folders "$dir" "$work/cache-sound" $cube tables path --search --json |
        grep -c '"role":"env","file":"[^"]*","state":"unreadable","error":"table folder [^"]* is not a folder"')"
done

finish
