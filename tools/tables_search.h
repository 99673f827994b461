/* The folders of the 3x3 table search path, in the order libcube looks in them (cube/solver.h,
 * cube_solver_config.table_dir): $CUBE_TABLE_DIR, the user cache, the system folder. */
#ifndef CUBE_CLI_TABLES_SEARCH_H
#define CUBE_CLI_TABLES_SEARCH_H

enum { TABLE_FOLDERS_MAX = 3 };

typedef struct table_folder {
    const char *role;  /* "CUBE_TABLE_DIR", "user cache" or "system" */
    const char *key;   /* the role in JSON: "env", "cache" or "system" */
    char dir[4096];
} table_folder;

/* Fills `out` with the folders of the search path (a folder named twice is listed once, where it comes
 * first; no user cache without a usable home folder). Returns how many. */
int tables_search_path(table_folder out[TABLE_FOLDERS_MAX]);

#endif
