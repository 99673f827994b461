/* Subcommand for the 3x3 table file: tables generate, verify, path (and path --search). The build's
 * progress is progress_bar.c's; Ctrl-C cancels it (no file is left) and exits 130. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "formatted.h"
#include "json.h"
#include "output.h"
#include "progress_bar.h"

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

/* Generates in `dir` (NULL: the search path) the 3x3 table file, or with `optimal` the optimal table of
 * `size` (a cube_optimal_table_size); Ctrl-C or SIGTERM cancels the build. */
static int generate(const char *dir, int json, int optimal, int32_t size) {
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
    cube_status st = optimal ? cube_optimal_tables_generate_size(&options, size) : cube_tables_generate(&options);
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

static cube_status format_search(const void *found, int32_t kind, char *buffer, int32_t capacity, int32_t *length) {
    return cube_table_search_format(found, kind, buffer, capacity, length);
}

/* `tables path --search`: each folder of the search path, the state of the file there, which one a solver
 * uses or, with none, where a build saves it, as the library writes it (cube_table_search_format()). */
static int search(int json) {
    cube_table_search *found = NULL;
    cube_status st = cube_table_search_run(&found);
    if (st == CUBE_OK)
        st = print_formatted(format_search, found,
                             json ? CUBE_TABLE_SEARCH_FORMAT_JSON : CUBE_TABLE_SEARCH_FORMAT_TEXT, json ? "\n" : "");
    cube_table_search_free(found);
    return st == CUBE_OK ? EXIT_OK : cli_fail("tables", "path --search");
}

/* When $CUBE_TABLE_DIR is set but cannot be used (a regular file, a path under one, a damaged file: not merely
 * a folder without the file), says so on stderr and which file is used instead, as a solver's load does. */
static void notice_unusable_env(const char *used) {
    char env_dir[4096];
    int32_t role = 0;
    if (cube_tables_search_dir(0, &role, env_dir, (int32_t)sizeof env_dir, NULL) != CUBE_OK ||
        role != CUBE_TABLE_FOLDER_ENV)
        return;
    size_t dir_length = strlen(env_dir);
    if (strncmp(used, env_dir, dir_length) == 0 && used[dir_length] == '/') return;
    cube_status st = cube_tables_verify(env_dir);
    if (st == CUBE_OK || st == CUBE_ERROR_NOT_FOUND) return;
    char shown[4096];
    cli_escape(used, shown, sizeof shown);
    fprintf(stderr, "cube: %s; using %s instead\n", cli_last_error(), shown);
}

static const char tables_help[] =
    "usage: cube tables generate|verify|path [--dir DIR | --system] [--json]\n"
    "       cube tables generate --optimal [--size standard|small|h48] [--dir DIR | --system] [--json]\n"
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
    "            optimal3x3-std-v3.tbl, 3.5 GiB, built in minutes on two cores with 3.9 GiB of\n"
    "            memory; random cubes then take seconds, not minutes); the 3x3 file is built first if\n"
    "            missing. A sound file on the search path is kept. JSON as for generate, without path\n"
    "  --size small with --optimal: the small table instead (optimal3x3-small-v1.tbl, 588 MiB,\n"
    "            built with about 1.8 GiB of memory; solves take several times as long)\n"
    "  --size h48 with --optimal: the H48 table instead (optimal3x3-h48-v1.tbl, 3.6 GiB, built in\n"
    "            about 6 minutes with 4.6 GiB of memory): random cubes in 0.35-0.65 of the standard\n"
    "            table's time, positions near the superflip many times slower. A solve uses the H48\n"
    "            table when there is one (the standard one first for a cube with symmetries), else\n"
    "            the standard one, else the small one\n"
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
    const char *dir = NULL, *json = NULL, *system = NULL, *search_flag = NULL, *optimal = NULL, *size = NULL;
    cli_option opts[] = {{"dir", 1, &dir},           {"json", 0, &json},       {"system", 0, &system},
                         {"search", 0, &search_flag}, {"optimal", 0, &optimal}, {"size", 1, &size},
                         {NULL, 0, NULL}};
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
    if (size && !optimal) return cli_usage_error("tables", "--size goes with generate --optimal");
    int32_t table_size = CUBE_OPTIMAL_TABLE_STANDARD;
    if (size && strcmp(size, "small") == 0)
        table_size = CUBE_OPTIMAL_TABLE_SMALL;
    else if (size && strcmp(size, "h48") == 0)
        table_size = CUBE_OPTIMAL_TABLE_H48;
    else if (size && strcmp(size, "standard") != 0)
        return cli_usage_error("tables", "--size is standard, small or h48");
    if (search_flag) return search(json != NULL);
    char system_dir[4096];
    if (system) {
        if (cube_tables_system_dir(system_dir, sizeof system_dir, NULL) != CUBE_OK) return cli_fail("tables", NULL);
        dir = system_dir;
    }
    if (strcmp(what, "generate") == 0) return generate(dir, json != NULL, optimal != NULL, table_size);
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
