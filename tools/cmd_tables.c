/* Subcommand for the 3x3 table file: tables generate, verify, path. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"

/* How the table build's progress is shown: a bar of the whole job on a terminal, else a line when each stage
 * starts and when it ends. Notices ("table file is damaged; rebuilding it") are lines in both cases. */
typedef struct progress_view {
    int tty;
    char stage[128]; /* the stage last reported */
    int stage_ended; /* its 100% line was printed */
} progress_view;

static void draw_bar(const cube_progress *p) {
    int filled = (int)(p->fraction * 30 + 0.5);
    if (filled < 0) filled = 0;
    if (filled > 30) filled = 30;
    fprintf(stderr, "\r[%.*s%*s] %3d%% %-40.40s", filled, "##############################", 30 - filled, "",
            (int)(p->fraction * 100 + 0.5), p->stage);
}

static void print_stage_line(progress_view *view, const cube_progress *p) {
    if (strcmp(view->stage, p->stage) != 0) {
        snprintf(view->stage, sizeof view->stage, "%s", p->stage);
        view->stage_ended = 0;
        fprintf(stderr, "%s: %d%%\n", p->stage, (int)(p->stage_fraction * 100 + 0.5));
    } else if (p->stage_fraction >= 1.0 && !view->stage_ended) {
        fprintf(stderr, "%s: 100%%\n", p->stage);
    }
    if (p->stage_fraction >= 1.0) view->stage_ended = 1;
}

/* A notice may name a path: its bytes are escaped. */
static void print_notice(const progress_view *view, const char *text) {
    char shown[1024];
    cli_escape(text, shown, sizeof shown);
    fprintf(stderr, view->tty ? "\r%-80s\n" : "%s\n", shown);
}

static int32_t show_progress(void *user, const cube_progress *p) {
    progress_view *view = user;
    if (p->event == CUBE_PROGRESS_NOTICE)
        print_notice(view, p->stage);
    else if (view->tty)
        draw_bar(p);
    else
        print_stage_line(view, p);
    return 0;
}

static int generate(const char *dir) {
    progress_view view;
    memset(&view, 0, sizeof view);
    view.tty = isatty(2);
    cube_tables_options options;
    if (cube_tables_options_init(&options) != CUBE_OK) return cli_fail("tables", "generate");
    options.table_dir = dir;
    options.progress = show_progress;
    options.progress_user_data = &view;
    cube_status st = cube_tables_generate(&options);
    if (view.tty) fputc('\n', stderr);
    if (st != CUBE_OK) return cli_fail("tables", "generate");
    char path[4096];
    if (cube_tables_path(dir, path, sizeof path, NULL) == CUBE_OK)
        out_printf("ok: %s\n", path);
    else
        out_puts("ok");
    return EXIT_OK;
}

static const char tables_help[] =
    "usage: cube tables generate|verify|path [--dir DIR]\n"
    "The 3x3 solver's tables live in one file in DIR (default $CUBE_TABLE_DIR, else\n"
    "$XDG_CACHE_HOME/libcube, else ~/.cache/libcube, with ~ from $HOME or else the user's\n"
    "entry in the password database); they are generated on first use.\n"
    "  generate  build the file now (with a progress bar), or check and keep a good one\n"
    "  verify    check the file completely (exit 1 if missing or corrupt)\n"
    "  path      print where the file is";

int cmd_tables(int argc, char **argv) {
    const char *dir = NULL;
    cli_option opts[] = {{"dir", 1, &dir}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("tables", tables_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("tables", "expected generate, verify or path");
    if (strcmp(a.argv[0], "path") == 0) {
        char path[4096];
        if (cube_tables_path(dir, path, sizeof path, NULL) != CUBE_OK) return cli_fail("tables", NULL);
        out_puts(path);
        return EXIT_OK;
    }
    if (strcmp(a.argv[0], "verify") == 0) {
        if (cube_tables_verify(dir) != CUBE_OK) {
            out_printf("error: %s\n", cli_last_error());
            return EXIT_BAD_INPUT;
        }
        out_puts("ok");
        return EXIT_OK;
    }
    if (strcmp(a.argv[0], "generate") == 0) return generate(dir);
    return cli_usage_error("tables", "expected generate, verify or path");
}
