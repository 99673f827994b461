/* Subcommands on cube states and move sequences: show, apply, validate, invert, simplify (random and
 * scramble are cmd_scramble.c). */
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"
#include "render_cli.h"

/* Runs `one` for the argument, or for each stdin line when the argument is "-". `one` returns an exit status;
 * in batch mode failures are reported on stdout (as "error: ...", or JSON with `json`) and the batch goes on. */
static int for_each_input(const char *arg, batch_answer_fn one, void *ctx, int json) {
    if (strcmp(arg, "-") != 0) return one(arg, 0, ctx);
    return batch_answer_lines(stdin, one, ctx, json);
}

/* ---- show ---- */

struct show_ctx {
    int32_t size;
    cube_render_options options;
};

static int show_one(const char *facelets, int batch, void *p) {
    struct show_ctx *ctx = p;
    cube_state *s = NULL;
    if (cube_state_from_facelets(facelets, ctx->size, &s) != CUBE_OK) return answer_last_error(0, batch);
    int st = render_print_state("show", s, &ctx->options);
    if (batch) out_char('\n');
    cube_state_free(s);
    return st;
}

static const char show_help[] =
    "usage: cube show FACELETS|- [--size 2|3] [--color[=WHEN]|--no-color] [--scheme SCHEME]\n"
    "       cube show --moves \"R U R' U'\" [--size 2|3] [...]\n"
    "       cube show FACELETS|--moves \"...\" --svg [--3d] [--scheme SCHEME]\n"
    "Prints the cube as an unfolded net. With --moves, the net of a solved cube after those moves;\n"
    "with '-', one facelet string per stdin line (nets separated by blank lines).\n"
    "  --color[=WHEN]   coloured blocks: auto (default: on a terminal whose TERM is not dumb and\n"
    "                   without NO_COLOR; 24-bit when COLORTERM is truecolor or 24bit, else 256\n"
    "                   colours), always (--color alone), never, 256 or 24bit\n"
    "  --no-color       plain letters (--color=never)\n"
    "  --scheme SCHEME  western (default: U white, R red, F green, D yellow, L orange, B blue),\n"
    "                   japanese (D blue, B yellow), or FACE=#COLOUR entries over the western\n"
    "                   colours, e.g. \"U=#ffffff,D=#0000ff\" (#rgb or #rrggbb)\n"
    "  --svg            an SVG picture of the net instead (one cube, not '-'); --3d: an\n"
    "                   isometric view of U, F and R";

int cmd_show(int argc, char **argv) {
    const char *moves = NULL;
    render_flags f = {0};
    cli_option opts[] = {{"moves", 1, &moves}, {"color", 1, &f.color}, {"no-color", 0, &f.no_color},
                         {"scheme", 1, &f.scheme}, {"svg", 0, &f.svg}, {"3d", 0, &f.iso}, {NULL, 0, NULL}};
    cli_short_option(argc, argv, "--color", "--color=always"); /* --color alone, as before */
    cli_args a;
    int parsed = cli_parse("show", show_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    struct show_ctx ctx = {a.size, {0}};
    if (render_options_from("show", &f, &ctx.options) != EXIT_OK) return EXIT_USAGE;
    if (moves) {
        if (a.argc) return cli_usage_error("show", "give either FACELETS or --moves, not both");
        cube_state *s = NULL;
        if (cube_state_new(a.size ? a.size : 3, &s) != CUBE_OK) return cli_fail("show", NULL);
        if (cube_state_apply_text(s, moves) != CUBE_OK) {
            cube_state_free(s);
            return answer_last_error(0, 0);
        }
        int st = render_print_state("show", s, &ctx.options);
        cube_state_free(s);
        return st;
    }
    if (a.argc != 1) return cli_usage_error("show", "expected one facelet string (or '-')");
    if (f.svg && strcmp(a.argv[0], "-") == 0) return cli_usage_error("show", "--svg draws one cube, not '-'");
    return for_each_input(a.argv[0], show_one, &ctx, 0);
}

/* ---- apply ---- */

struct apply_ctx {
    int32_t size;
    const char *moves;
};

static int apply_one(const char *facelets, int batch, void *p) {
    struct apply_ctx *ctx = p;
    cube_state *s = NULL;
    int st;
    if (facelets)
        st = cube_state_from_facelets(facelets, ctx->size, &s);
    else
        st = cube_state_new(ctx->size ? ctx->size : 3, &s);
    if (st == CUBE_OK) st = cube_state_apply_text(s, ctx->moves);
    if (st != CUBE_OK) {
        cube_state_free(s);
        return answer_last_error(0, batch);
    }
    st = cli_put_facelets(s);
    cube_state_free(s);
    return st == EXIT_OK ? EXIT_OK : answer_last_error(0, batch);
}

static int looks_like_facelets(const char *s) {
    size_t n = strlen(s);
    return strcmp(s, "-") == 0 || ((n == 54 || n == 24) && !strchr(s, ' '));
}

static const char apply_help[] =
    "usage: cube apply [FACELETS|-] MOVES... [--size 2|3]\n"
    "Applies MOVES and prints the resulting facelet string. Without FACELETS starts from a solved cube;\n"
    "with '-', applies MOVES to each facelet string read from stdin, one line out per line in.";

int cmd_apply(int argc, char **argv) {
    cli_args a;
    int parsed = cli_parse("apply", apply_help, argc, argv, NULL, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc < 1) return cli_usage_error("apply", "expected MOVES");
    struct apply_ctx ctx = {a.size, NULL};
    int first = 0;
    if (a.argc >= 2 && looks_like_facelets(a.argv[0])) first = 1;
    char *moves = cli_join(a.argc, a.argv, first);
    if (!moves) return EXIT_BAD_INPUT;
    ctx.moves = moves;
    int st = first ? for_each_input(a.argv[0], apply_one, &ctx, 0) : apply_one(NULL, 0, &ctx);
    free(moves);
    return st;
}

/* ---- validate ---- */

struct validate_ctx {
    int32_t size;
    int json;
};

/* "ok" or {"ok":true,"size":N}; a failure as "error: ..." on stdout (also for one string) or as JSON. */
static int validate_one(const char *facelets, int batch, void *p) {
    const struct validate_ctx *ctx = p;
    (void)batch;
    if (cube_validate_facelets(facelets, ctx->size) != CUBE_OK) return answer_last_error(ctx->json, 1);
    if (ctx->json)
        out_printf("{\"ok\":true,\"size\":%d}\n", cli_size_of(facelets, ctx->size));
    else
        out_puts("ok");
    return EXIT_OK;
}

static const char validate_help[] =
    "usage: cube validate FACELETS|- [--size 2|3] [--json]\n"
    "Prints 'ok' or 'error: ' and what is wrong (exit status 1); with '-', one answer per stdin line.\n"
    "--json: {\"ok\":true,\"size\":3} or {\"ok\":false,\"status\":\"CUBE_ERROR_...\",\"error\":\"...\"} per line.";

int cmd_validate(int argc, char **argv) {
    const char *json = NULL;
    cli_option opts[] = {{"json", 0, &json}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("validate", validate_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("validate", "expected one facelet string (or '-')");
    struct validate_ctx ctx = {a.size, json != NULL};
    return for_each_input(a.argv[0], validate_one, &ctx, ctx.json);
}

/* ---- invert, simplify ---- */

struct transform_ctx {
    int32_t size;
    cube_status (*transform)(cube_moves *);
};

static int transform_one(const char *text, int batch, void *p) {
    struct transform_ctx *ctx = p;
    cube_moves *m = NULL;
    if (cube_moves_parse(text, ctx->size ? ctx->size : 3, &m) != CUBE_OK || ctx->transform(m) != CUBE_OK) {
        cube_moves_free(m);
        return answer_last_error(0, batch);
    }
    int st = cli_put_moves(m);
    cube_moves_free(m);
    return st == EXIT_OK ? EXIT_OK : answer_last_error(0, batch);
}

static int transform_command(const char *name, const char *help, cube_status (*transform)(cube_moves *), int argc,
                             char **argv) {
    cli_args a;
    int parsed = cli_parse(name, help, argc, argv, NULL, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc < 1) return cli_usage_error(name, "expected MOVES (or '-')");
    struct transform_ctx ctx = {a.size, transform};
    if (a.argc == 1 && strcmp(a.argv[0], "-") == 0) return for_each_input("-", transform_one, &ctx, 0);
    char *moves = cli_join(a.argc, a.argv, 0);
    if (!moves) return EXIT_BAD_INPUT;
    int st = transform_one(moves, 0, &ctx);
    free(moves);
    return st;
}

int cmd_invert(int argc, char **argv) {
    return transform_command("invert",
                             "usage: cube invert MOVES...|- [--size 2|3]\n"
                             "Prints the inverse sequence (reversed, each move inverted).",
                             cube_moves_invert, argc, argv);
}

int cmd_simplify(int argc, char **argv) {
    return transform_command("simplify",
                             "usage: cube simplify MOVES...|- [--size 2|3]\n"
                             "Merges and cancels turns on one axis (\"U D U'\" -> \"D\") and prints the result.",
                             cube_moves_simplify, argc, argv);
}
