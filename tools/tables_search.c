/* The search path as libcube builds it (libcube/src/tablefile/table_places.cpp): the public API names
 * the system folder but not the list, so the rules of cube/solver.h are followed here. */
#define _POSIX_C_SOURCE 200809L
#include "tables_search.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cube/solver.h>

/* $XDG_CACHE_HOME/libcube if absolute, else HOME/.cache/libcube with HOME the absolute $HOME or the
 * password database's home; 0 if there is none. */
static int user_cache(char *out, size_t capacity) {
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && xdg[0] == '/') return snprintf(out, capacity, "%s/libcube", xdg) < (int)capacity;
    const char *home = getenv("HOME");
    if (!home || home[0] != '/') {
        struct passwd *entry = getpwuid(getuid());
        home = entry && entry->pw_dir && entry->pw_dir[0] == '/' ? entry->pw_dir : NULL;
    }
    return home && snprintf(out, capacity, "%s/.cache/libcube", home) < (int)capacity;
}

/* Adds `dir` unless it is listed already. */
static int add(table_folder *out, int n, const char *role, const char *key, const char *dir) {
    for (int i = 0; i < n; ++i)
        if (strcmp(out[i].dir, dir) == 0) return n;
    out[n].role = role;
    out[n].key = key;
    snprintf(out[n].dir, sizeof out[n].dir, "%s", dir);
    return n + 1;
}

int tables_search_path(table_folder out[TABLE_FOLDERS_MAX]) {
    int n = 0;
    char dir[4096];
    const char *chosen = getenv("CUBE_TABLE_DIR");
    if (chosen && chosen[0]) n = add(out, n, "CUBE_TABLE_DIR", "env", chosen);
    if (user_cache(dir, sizeof dir)) n = add(out, n, "user cache", "cache", dir);
    if (cube_tables_system_dir(dir, sizeof dir, NULL) == CUBE_OK) n = add(out, n, "system", "system", dir);
    return n;
}
