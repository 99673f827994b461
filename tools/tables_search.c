/* The search path as libcube reports it (cube_tables_search_dir), with the names the CLI shows. */
#include "tables_search.h"

#include <stdio.h>

#include <cube/solver.h>

/* The role as `cube tables path --search` shows it, and its JSON key. */
static void name_role(int32_t role, table_folder *folder) {
    if (role == CUBE_TABLE_FOLDER_ENV) {
        folder->role = "CUBE_TABLE_DIR";
        folder->key = "env";
    } else if (role == CUBE_TABLE_FOLDER_CACHE) {
        folder->role = "user cache";
        folder->key = "cache";
    } else {
        folder->role = "system";
        folder->key = "system";
    }
}

int tables_search_path(table_folder out[TABLE_FOLDERS_MAX]) {
    int n = 0;
    int32_t role = 0;
    while (n < TABLE_FOLDERS_MAX &&
           cube_tables_search_dir(n, &role, out[n].dir, (int32_t)sizeof out[n].dir, NULL) == CUBE_OK) {
        name_role(role, &out[n]);
        ++n;
    }
    return n;
}
