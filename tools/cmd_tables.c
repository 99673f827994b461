/* Subcommand for the 3x3 table file: tables generate, verify, path (and path --search). The build's
 * progress is progress_bar.c's; Ctrl-C cancels it (no file is left) and exits 130. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "json.h"
#include "output.h"
#include "progress_bar.h"
#include "tables_search.h"

/* path, verify and generate with --json: {"ok":true,"path":P}, or {"ok":false[,"path":P],"status":"CUBE_ERROR_...",
 * "error":"..."} (no path when there is no table folder). Returns EXIT_OK or EXIT_BAD_INPUT. */
static int json_outcome(cube_status st, const char *path) {
    out_printf("{\"ok\":%s", st == CUBE_OK ? "true" : "false");
    if (path) json_member("path", path, 0);
    if (st != CUBE_OK) {
        out_printf(",\"status\":\"%s\"", cube_status_name(st));
        json_member("error", cube_last_error(), 0);
    }
    out_text("}\n");
    return st == CUBE_OK ? EXIT_OK : EXIT_BAD_INPUT;
}

/* Generates in `dir` (NULL: the search path) the 3x3 table file, or with `optimal` the standard optimal
 * table; Ctrl-C or SIGTERM cancels the build. */
static int generate(const char *dir, int json, int optimal) {
    cube_cancel *token = NULL;
    cube_tables_options options;
    if (cube_cancel_new(&token) != CUBE_OK || cube_tables_options_init(&options) != CUBE_OK) {
        cube_cancel_free(token);
        return cli_fail("tables", "generate");
    }
    options.table_dir = dir;
    options.progress = progress_report;
    options.cancel = token;
    progress_cancel_on_signals(token);
    cube_status st = optimal ? cube_optimal_tables_generate(&options) : cube_tables_generate(&options);
    progress_end();
    progress_cancel_on_signals(NULL);
    cube_cancel_free(token);
    int sig = st == CUBE_ERROR_CANCELLED ? progress_signal() : 0;
    char path[4096];
    int have_path = cube_tables_path(dir, path, sizeof path, NULL) == CUBE_OK;
    if (json) {
        int status = json_outcome(st, have_path && !optimal ? path : NULL);
        return sig ? 128 + sig : status;
    }
    if (st != CUBE_OK) {
        cli_fail("tables", "generate");
        return sig ? 128 + sig : EXIT_BAD_INPUT;
    }
    if (have_path && !optimal)
        out_printf("ok: %s\n", path);
    else
        out_puts("ok");
    return EXIT_OK;
}

/* One folder of the search path: its file and the file's state ("sound", "missing", "damaged", "unreadable"),
 * with the reason when it cannot be used. */
typedef struct searched {
    char file[4096];
    const char *state;
    char error[1024];
    char other_file[4096]; /* the other byte order's file, when one is there */
    char other_notice[1024];
} searched;

/* The file a machine of the other byte order uses in `dir`, if one made by such a machine is there. */
static void search_other_order(const char *dir, searched *out) {
    out->other_file[0] = '\0';
    out->other_notice[0] = '\0';
    char path[4096];
    if (cube_tables_other_order_file(dir, path, sizeof path, NULL) != CUBE_ERROR_UNSUPPORTED) return;
    snprintf(out->other_file, sizeof out->other_file, "%s", path);
    snprintf(out->other_notice, sizeof out->other_notice, "%s", cli_last_error());
}

static void search_folder(const char *dir, searched *out) {
    out->error[0] = '\0';
    if (cube_tables_path(dir, out->file, sizeof out->file, NULL) != CUBE_OK)
        snprintf(out->file, sizeof out->file, "%s", dir);
    cube_status st = cube_tables_verify(dir);
    out->state = st == CUBE_OK                  ? "sound"
                 : st == CUBE_ERROR_NOT_FOUND   ? "missing"
                 : st == CUBE_ERROR_CORRUPT     ? "damaged"
                 : st == CUBE_ERROR_UNSUPPORTED ? "other byte order"
                                                : "unreadable";
    if (st != CUBE_OK && st != CUBE_ERROR_NOT_FOUND) snprintf(out->error, sizeof out->error, "%s", cli_last_error());
    search_other_order(dir, out);
}

/* `tables path --search`: each folder of the search path, the state of the file there, which one a solver
 * uses (the first sound one) or, with none, where a build saves it. Text lines, or one JSON object. */
static int search(int json) {
    table_folder folders[TABLE_FOLDERS_MAX];
    searched found[TABLE_FOLDERS_MAX];
    int n = tables_search_path(folders);
    char chosen[4096];
    int have_chosen = cube_tables_path(NULL, chosen, sizeof chosen, NULL) == CUBE_OK;
    int used = -1;
    for (int i = 0; i < n; ++i) {
        search_folder(folders[i].dir, &found[i]);
        if (used < 0 && strcmp(found[i].state, "sound") == 0) used = i;
    }
    if (json) {
        out_text("{\"ok\":true");
        if (have_chosen) json_member("path", used >= 0 ? found[used].file : chosen, 0);
        out_text(",\"search\":[");
    }
    for (int i = 0; i < n; ++i) {
        int saves = used < 0 && have_chosen && strcmp(found[i].file, chosen) == 0;
        if (json) {
            out_printf("%s{\"role\":\"%s\"", i ? "," : "", folders[i].key);
            json_member("file", found[i].file, 0);
            json_member("state", found[i].state, 0);
            if (found[i].error[0]) json_member("error", found[i].error, 0);
            if (i == used) out_text(",\"used\":true");
            if (saves) out_text(",\"build_saves_here\":true");
            if (found[i].other_file[0]) {
                json_member("other_byte_order_file", found[i].other_file, 0);
                json_member("other_byte_order_notice", found[i].other_notice, 0);
            }
            out_char('}');
        } else {
            out_printf("%-15s %s: %s%s%s%s\n", folders[i].role, found[i].file, found[i].state,
                       found[i].error[0] ? ": " : "", found[i].error,
                       i == used ? " (used)" : saves ? " (a build saves here)" : "");
            if (found[i].other_file[0]) out_printf("%-15s %s: %s\n", "", found[i].other_file, found[i].other_notice);
        }
    }
    if (json) out_text("]}\n");
    return EXIT_OK;
}

/* When $CUBE_TABLE_DIR is set but cannot be used (a regular file, a path under one, a damaged file: not merely
 * a folder without the file), says so on stderr and which file is used instead, as a solver's load does. */
static void notice_unusable_env(const char *used) {
    table_folder folders[TABLE_FOLDERS_MAX];
    int n = tables_search_path(folders);
    if (n == 0 || strcmp(folders[0].key, "env") != 0) return;
    size_t dir_length = strlen(folders[0].dir);
    if (strncmp(used, folders[0].dir, dir_length) == 0 && used[dir_length] == '/') return;
    cube_status st = cube_tables_verify(folders[0].dir);
    if (st == CUBE_OK || st == CUBE_ERROR_NOT_FOUND) return;
    char shown[4096];
    cli_escape(used, shown, sizeof shown);
    fprintf(stderr, "cube: %s; using %s instead\n", cli_last_error(), shown);
}

static const char tables_help[] =
    "usage: cube tables generate|verify|path [--dir DIR | --system] [--json]\n"
    "       cube tables generate --optimal [--dir DIR | --system] [--json]\n"
    "       cube tables path --search [--json]\n"
    "The 3x3 solver's full tables (one file, about 320 MB) are looked for along the search path:\n"
    "$CUBE_TABLE_DIR, the user cache ($XDG_CACHE_HOME/libcube, else ~/.cache/libcube, ~ being $HOME\n"
    "or else the user's entry in the password database), then the read-only system folder. The\n"
    "first sound file is used; without one, a solver that needs it builds it (about a minute) and\n"
    "saves it in the first of the first two folders it can write. A big-endian machine (s390x) uses\n"
    "its own file, named ...-be.tbl, beside a little-endian machine's: a file made on the other byte\n"
    "order is passed over with a notice, never rebuilt over. The auto table policy does not build the\n"
    "file when the memory available is below what a build needs (about 400 MiB): generate it on a\n"
    "bigger machine of the same byte order and copy it into the folder.\n"
    "  generate  build the file now, with a progress bar (or check and keep a sound one); Ctrl-C\n"
    "            stops it, leaving no file, and exits 130\n"
    "  --optimal with generate: the standard table of 'cube solve --optimal' instead (one more file,\n"
    "            optimal3x3-std-v1.tbl, 2.4 GiB, built in minutes on two cores with 2.8 GiB of\n"
    "            memory; random cubes then take seconds, not minutes); the 3x3 file is built first if\n"
    "            missing. A sound file on the search path is kept. JSON as for generate, without path\n"
    "  verify    check the file completely (exit 1 if missing or damaged)\n"
    "  path      print the file a solver uses, or where a build saves it; with --search, each\n"
    "            folder of the search path and the state of the file there\n"
    "  --dir DIR  that folder only\n"
    "  --system   the system folder only: 'generate --system' fills it once for every user of the\n"
    "             machine (run it as root, or from a package's install step)\n"
    "--json: {\"ok\":true,\"path\":\"...\"}, or {\"ok\":false,\"path\":\"...\",\"status\":\"CUBE_ERROR_...\",\n"
    "\"error\":\"...\"} (exit status 1); path --search: {\"ok\":true,\"path\":\"...\",\"search\":[{\"role\":\n"
    "\"env\"|\"cache\"|\"system\",\"file\":\"...\",\"state\":\"sound\"|\"missing\"|\"damaged\"|\"unreadable\"\n"
    "|\"other byte order\"[,\"error\":\"...\"][,\"used\":true][,\"build_saves_here\":true]\n"
    "[,\"other_byte_order_file\":\"...\",\"other_byte_order_notice\":\"...\"]},...]}; the text form\n"
    "lists the other byte order's file, when one is there, on a line of its own below its folder.";

int cmd_tables(int argc, char **argv) {
    const char *dir = NULL, *json = NULL, *system = NULL, *search_flag = NULL, *optimal = NULL;
    cli_option opts[] = {{"dir", 1, &dir},           {"json", 0, &json},       {"system", 0, &system},
                         {"search", 0, &search_flag}, {"optimal", 0, &optimal}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("tables", tables_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("tables", "expected generate, verify or path");
    const char *what = a.argv[0];
    if (strcmp(what, "generate") != 0 && strcmp(what, "path") != 0 && strcmp(what, "verify") != 0)
        return cli_usage_error("tables", "expected generate, verify or path");
    if (dir && system) return cli_usage_error("tables", "give --dir or --system, not both");
    if (search_flag && (strcmp(what, "path") != 0 || dir || system))
        return cli_usage_error("tables", "--search goes with path alone");
    if (optimal && strcmp(what, "generate") != 0) return cli_usage_error("tables", "--optimal goes with generate");
    if (search_flag) return search(json != NULL);
    char system_dir[4096];
    if (system) {
        if (cube_tables_system_dir(system_dir, sizeof system_dir, NULL) != CUBE_OK) return cli_fail("tables", NULL);
        dir = system_dir;
    }
    if (strcmp(what, "generate") == 0) return generate(dir, json != NULL, optimal != NULL);
    char path[4096];
    if (cube_tables_path(dir, path, sizeof path, NULL) != CUBE_OK)
        return json ? json_outcome(cube_last_status(), NULL) : cli_fail("tables", NULL);
    if (!dir) notice_unusable_env(path);
    cube_status st = strcmp(what, "verify") == 0 ? cube_tables_verify(dir) : CUBE_OK;
    if (json) return json_outcome(st, path);
    if (st != CUBE_OK) {
        out_printf("error: %s\n", cli_last_error());
        return EXIT_BAD_INPUT;
    }
    out_puts(strcmp(what, "verify") == 0 ? "ok" : path);
    return EXIT_OK;
}
