/* Subcommand that solves: solve (one cube, a stdin batch, or a batch on several threads). */
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"
#include "solver_notices.h"

/* Most solutions `--all` may ask for: the library's limit for cube_solve_all(). */
#define ALL_LIMIT_MAX 10000000

/* Lines a parallel batch reads and solves together. */
enum { CHUNK = 256 };

typedef struct solve_ctx {
    cube_solver *solver;
    cube_solve_options options;
    const cube_state *target; /* NULL: solve to solved */
    int32_t size;
    int all, count;
    int32_t limit;
} solve_ctx;

/* Prints every solution of the list: one per line, or all on one line separated by ", " in a batch. */
static cube_status print_solutions(const cube_solutions *list, int batch) {
    int32_t n = 0;
    cube_status st = cube_solutions_count(list, &n);
    for (int32_t i = 0; st == CUBE_OK && i < n; ++i) {
        cube_moves *m = NULL;
        const char *text = NULL;
        st = cube_solutions_get(list, i, &m);
        if (st == CUBE_OK) st = cube_moves_text(m, &text);
        if (st == CUBE_OK && batch) out_printf("%s%s", i == 0 ? "" : ", ", text);
        if (st == CUBE_OK && !batch) out_puts(text);
        cube_moves_free(m);
    }
    if (st == CUBE_OK && batch) out_char('\n');
    return st;
}

static cube_status solve_state(solve_ctx *ctx, const cube_state *s, int batch) {
    if (ctx->count) {
        int64_t n = 0;
        cube_status st = cube_count_optimal(ctx->solver, s, ctx->target, &ctx->options, &n);
        if (st == CUBE_OK) out_printf("%lld\n", (long long)n);
        return st;
    }
    if (ctx->all) {
        cube_solutions *list = NULL;
        cube_status st = cube_solve_all(ctx->solver, s, ctx->target, &ctx->options, ctx->limit, &list);
        if (st == CUBE_OK) st = print_solutions(list, batch);
        cube_solutions_free(list);
        return st;
    }
    cube_moves *m = NULL;
    cube_status st;
    if (ctx->target)
        st = cube_solve_to(ctx->solver, s, ctx->target, &ctx->options, &m);
    else
        st = cube_solve(ctx->solver, s, &ctx->options, &m);
    const char *text = NULL;
    if (st == CUBE_OK) st = cube_moves_text(m, &text);
    if (st == CUBE_OK) out_puts(text);
    cube_moves_free(m);
    return st;
}

static int solve_one(solve_ctx *ctx, const char *facelets, int batch) {
    cube_state *s = NULL;
    cube_status st = cube_state_from_facelets(facelets, ctx->size, &s);
    if (st == CUBE_OK) st = solve_state(ctx, s, batch);
    cube_state_free(s);
    if (st == CUBE_OK) return EXIT_OK;
    if (batch)
        out_printf("error: %s\n", cli_last_error());
    else
        fprintf(stderr, "error: %s\n", cli_last_error());
    return EXIT_BAD_INPUT;
}

/* solve_one for a stdin line (batch_answer_fn). */
static int solve_line(const char *facelets, int batch, void *ctx) {
    return solve_one(ctx, facelets, batch);
}

/* One stdin line of a parallel batch: its number, text, state (NULL if unreadable) and what to print. */
typedef struct batch_line {
    int64_t number;
    char *text;
    cube_state *state;
    char error[256];
} batch_line;

/* Solves the readable lines of a chunk together and prints one answer per line, in order, each flushed.
 * Returns EXIT_OK if every line was solved, EXIT_BAD_INPUT if some was not, EXIT_IO_ERROR if writing failed
 * (reported; the answers after it are not printed). */
static int solve_chunk(solve_ctx *ctx, batch_line *lines, int32_t n, int32_t threads) {
    const cube_state *valid[CHUNK];
    int32_t line_of[CHUNK];
    int32_t k = 0;
    for (int32_t i = 0; i < n; ++i) {
        if (!lines[i].state) continue;
        valid[k] = lines[i].state;
        line_of[k] = i;
        ++k;
    }
    cube_solutions *list = NULL;
    cube_solve_batch(ctx->solver, valid, k, ctx->target, &ctx->options, threads, &list);
    if (!list) {
        for (int32_t j = 0; j < k; ++j)
            snprintf(lines[line_of[j]].error, sizeof lines[line_of[j]].error, "%s", cli_last_error());
    }
    int status = EXIT_OK;
    int32_t j = 0;
    for (int32_t i = 0; i < n; ++i) {
        cube_moves *m = NULL;
        if (j < k && line_of[j] == i) {
            if (list && cube_solutions_get(list, j, &m) != CUBE_OK) {
                const char *message = NULL;
                if (cube_solutions_message(list, j, &message) != CUBE_OK) message = cube_last_error();
                cli_escape(message, lines[i].error, sizeof lines[i].error);
            }
            ++j;
        }
        if (!m || cli_put_moves(m) != EXIT_OK) {
            out_printf("error: %s\n", lines[i].error);
            status = EXIT_BAD_INPUT;
        }
        cube_moves_free(m);
        if (out_answered(lines[i].number) != EXIT_OK) {
            status = EXIT_IO_ERROR;
            break;
        }
    }
    cube_solutions_free(list);
    return status;
}

/* Reads up to CHUNK lines into `lines`, with their states (or why there is none). Returns how many, and sets
 * *read_failed if reading failed after them. */
static int32_t read_chunk(solve_ctx *ctx, batch_reader *reader, batch_line *lines, int *read_failed) {
    int32_t n = 0;
    int got = 0;
    while (n < CHUNK && (got = batch_read(reader, &lines[n].text)) > 0) {
        batch_line *line = &lines[n];
        line->number = reader->line;
        line->state = NULL;
        snprintf(line->error, sizeof line->error, "%s", reader->refusal);
        if (!reader->refusal[0] && cube_state_from_facelets(line->text, ctx->size, &line->state) != CUBE_OK)
            snprintf(line->error, sizeof line->error, "%s", cli_last_error());
        ++n;
    }
    *read_failed = got < 0;
    return n;
}

/* Batch with several threads: solve chunks of lines with cube_solve_batch, answering in input order. */
static int solve_parallel(solve_ctx *ctx, int32_t threads) {
    static batch_line lines[CHUNK];
    batch_reader reader;
    batch_reader_init(&reader, stdin);
    int status = EXIT_OK;
    int read_failed = 0;
    while (!read_failed) {
        int32_t n = read_chunk(ctx, &reader, lines, &read_failed);
        if (n == 0) break;
        int solved = solve_chunk(ctx, lines, n, threads);
        for (int32_t i = 0; i < n; ++i) {
            cube_state_free(lines[i].state);
            free(lines[i].text);
        }
        if (solved == EXIT_IO_ERROR) return EXIT_IO_ERROR;
        if (solved != EXIT_OK) status = EXIT_BAD_INPUT;
        if (n < CHUNK) break;
    }
    if (read_failed) return batch_report_read_error(&reader);
    return status;
}

static const char solve_help[] =
    "usage: cube solve FACELETS|- [options]\n"
    "Prints a solution in Singmaster notation (an empty line if the cube is already solved).\n"
    "The size comes from the string's length (54 or 24) or --size. With '-', solves one facelet\n"
    "string per stdin line and answers one line each (errors as 'error: ...'; the batch goes on).\n"
    "Spaces, tabs and CR around a line are ignored; a failed read or write stops it with exit status 1.\n"
    "  --metric htm|qtm   2x2 metric (default htm); the 3x3 counts in htm\n"
    "  --all [--limit N]  2x2: every optimal solution (default limit 100)\n"
    "  --count            2x2: the number of optimal solutions\n"
    "  --max-length N     3x3: longest acceptable solution (default 20)\n"
    "  --timeout MS       3x3: time limit per cube\n"
    "  --min-effort       3x3: keep searching for shorter solutions until --timeout\n"
    "  --target FACELETS  solve to this state instead of solved\n"
    "  --threads N        batch: solve on N threads (answers stay in input order)\n"
    "The 3x3 tables are generated on first use (see 'cube tables').";

/* The option values as given on the command line. */
typedef struct solve_flags {
    const char *metric, *all, *limit, *max_length, *timeout, *target, *threads, *count, *min_effort;
} solve_flags;

/* Fills ctx->options and the rest of ctx from the flags; EXIT_OK or EXIT_USAGE (message printed). */
static int options_from(const solve_flags *f, solve_ctx *ctx) {
    int64_t v = 0;
    if (f->metric) {
        if (strcmp(f->metric, "htm") == 0)
            ctx->options.metric = CUBE_METRIC_HTM;
        else if (strcmp(f->metric, "qtm") == 0)
            ctx->options.metric = CUBE_METRIC_QTM;
        else
            return cli_usage_error("solve", "--metric takes htm or qtm");
    }
    if (f->limit) {
        if (cli_parse_int("solve", "limit", f->limit, 1, ALL_LIMIT_MAX, &v)) return EXIT_USAGE;
        ctx->limit = (int32_t)v;
    }
    if (f->max_length) {
        if (cli_parse_int("solve", "max-length", f->max_length, 1, 1000, &v)) return EXIT_USAGE;
        ctx->options.max_length = (int32_t)v;
    }
    if (f->timeout) {
        if (cli_parse_int("solve", "timeout", f->timeout, 1, 86400000, &v)) return EXIT_USAGE;
        ctx->options.timeout_ms = (int32_t)v;
    }
    ctx->options.min_effort = f->min_effort != NULL;
    ctx->all = f->all != NULL;
    ctx->count = f->count != NULL;
    return EXIT_OK;
}

int cmd_solve(int argc, char **argv) {
    solve_flags f;
    memset(&f, 0, sizeof f);
    cli_option opts[] = {{"metric", 1, &f.metric},         {"all", 0, &f.all},         {"limit", 1, &f.limit},
                         {"max-length", 1, &f.max_length}, {"timeout", 1, &f.timeout}, {"target", 1, &f.target},
                         {"threads", 1, &f.threads},       {"count", 0, &f.count},     {"min-effort", 0, &f.min_effort},
                         {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("solve", solve_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("solve", "expected one facelet string (or '-')");
    solve_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    if (cube_solve_options_init(&ctx.options) != CUBE_OK) return cli_fail("solve", NULL);
    ctx.size = a.size;
    ctx.limit = 100;
    if (options_from(&f, &ctx) != EXIT_OK) return EXIT_USAGE;
    int64_t nthreads = 1;
    if (f.threads && cli_parse_int("solve", "threads", f.threads, 0, 1024, &nthreads)) return EXIT_USAGE;
    cube_state *target = NULL;
    if (f.target && cube_state_from_facelets(f.target, ctx.size, &target) != CUBE_OK) {
        fprintf(stderr, "error: target: %s\n", cli_last_error());
        return EXIT_BAD_INPUT;
    }
    ctx.target = target;
    if (cli_solver_new(&ctx.solver) != CUBE_OK) {
        cube_state_free(target);
        return cli_fail("solve", NULL);
    }
    int parallel = nthreads != 1 && !ctx.all && !ctx.count;
    int status;
    if (strcmp(a.argv[0], "-") != 0)
        status = solve_one(&ctx, a.argv[0], 0);
    else if (parallel)
        status = solve_parallel(&ctx, (int32_t)nthreads);
    else
        status = batch_answer_lines(stdin, solve_line, &ctx);
    cube_solver_free(ctx.solver);
    cube_state_free(target);
    return status;
}
