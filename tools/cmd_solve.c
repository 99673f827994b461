/* Subcommands that solve: solve, tables. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"

typedef struct solve_ctx {
    cube_solver *solver;
    cube_solve_options options;
    int32_t size;
    int all, count;
    int64_t limit;
} solve_ctx;

static int print_solution(void *user, const cube_moves *m) {
    int *first = user;
    if (*first < 0) /* batch: all on one line */
        printf("%s%s", *first == -1 ? "" : ", ", cube_moves_text(m)), *first = -2;
    else
        puts(cube_moves_text(m));
    return 0;
}

static int solve_one(solve_ctx *ctx, const char *facelets, int batch) {
    cube_state *s = NULL;
    cube_moves *m = NULL;
    cube_status st = cube_state_from_facelets(facelets, ctx->size, &s);
    if (st == CUBE_OK) {
        if (ctx->count) {
            int64_t n = 0;
            st = cube_count_optimal(ctx->solver, s, &ctx->options, &n);
            if (st == CUBE_OK) printf("%lld\n", (long long)n);
        } else if (ctx->all) {
            int mode = batch ? -1 : 0;
            st = cube_solve_all(ctx->solver, s, &ctx->options, ctx->limit, print_solution, &mode, NULL);
            if (st == CUBE_OK && batch) putchar('\n');
        } else {
            st = cube_solve(ctx->solver, s, &ctx->options, &m);
            if (st == CUBE_OK) puts(cube_moves_text(m));
        }
    }
    cube_moves_free(m);
    cube_state_free(s);
    if (st == CUBE_OK) return EXIT_OK;
    if (batch)
        printf("error: %s\n", cube_last_error());
    else
        fprintf(stderr, "error: %s\n", cube_last_error());
    return EXIT_BAD_INPUT;
}

/* Batch with several threads: solve chunks of lines with cube_solve_batch, answering in input order. */
static int solve_parallel(solve_ctx *ctx, int32_t threads) {
    enum { CHUNK = 256 };
    char *lines[CHUNK];
    int status = EXIT_OK;
    for (;;) {
        int32_t n = 0;
        while (n < CHUNK && (lines[n] = cli_read_line(stdin)) != NULL) ++n;
        if (n == 0) break;
        cube_state *states[CHUNK] = {0};
        char errors[CHUNK][256];
        for (int32_t i = 0; i < n; ++i)
            if (cube_state_from_facelets(lines[i], ctx->size, &states[i]) != CUBE_OK)
                snprintf(errors[i], sizeof errors[i], "%s", cube_last_error());
        /* Solve the valid ones together. */
        const cube_state *valid[CHUNK];
        int32_t index[CHUNK], k = 0;
        for (int32_t i = 0; i < n; ++i)
            if (states[i]) valid[k] = states[i], index[k++] = i;
        cube_moves *solutions[CHUNK] = {0};
        int32_t statuses[CHUNK];
        cube_solve_batch(ctx->solver, valid, k, &ctx->options, threads, solutions, statuses);
        cube_moves *by_line[CHUNK] = {0};
        for (int32_t j = 0; j < k; ++j) {
            by_line[index[j]] = solutions[j];
            if (statuses[j] != CUBE_OK)
                snprintf(errors[index[j]], sizeof errors[index[j]], "%s", cube_status_message(statuses[j]));
        }
        for (int32_t i = 0; i < n; ++i) {
            if (by_line[i])
                puts(cube_moves_text(by_line[i]));
            else
                printf("error: %s\n", errors[i]), status = EXIT_BAD_INPUT;
            cube_moves_free(by_line[i]);
            cube_state_free(states[i]);
            free(lines[i]);
        }
        fflush(stdout);
        if (n < CHUNK) break;
    }
    return status;
}

static const char solve_help[] =
    "usage: cube solve FACELETS|- [options]\n"
    "Prints a solution in Singmaster notation (an empty line if the cube is already solved).\n"
    "The size comes from the string's length (54 or 24) or --size. With '-', solves one facelet\n"
    "string per stdin line and answers one line each (errors as 'error: ...'; the batch goes on).\n"
    "  --metric htm|qtm   2x2 metric (default htm); the 3x3 counts in htm\n"
    "  --all [--limit N]  2x2: every optimal solution (default limit 100)\n"
    "  --count            2x2: the number of optimal solutions\n"
    "  --max-length N     3x3: longest acceptable solution (default 20)\n"
    "  --timeout MS       3x3: time limit per cube\n"
    "  --min-effort       3x3: keep searching for shorter solutions until --timeout\n"
    "  --target FACELETS  solve to this state instead of solved\n"
    "  --threads N        batch: solve on N threads (answers stay in input order)\n"
    "The 3x3 tables are generated on first use (see 'cube tables').";

int cmd_solve(int argc, char **argv) {
    const char *metric = NULL, *all = NULL, *limit = NULL, *max_length = NULL, *timeout = NULL, *target = NULL,
               *threads = NULL, *count = NULL, *min_effort = NULL;
    cli_option opts[] = {{"metric", 1, &metric},         {"all", 0, &all},         {"limit", 1, &limit},
                         {"max-length", 1, &max_length}, {"timeout", 1, &timeout}, {"target", 1, &target},
                         {"threads", 1, &threads},       {"count", 0, &count},     {"min-effort", 0, &min_effort},
                         {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("solve", solve_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("solve", "expected one facelet string (or '-')");
    solve_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    cube_solve_options_init(&ctx.options);
    ctx.size = a.size;
    ctx.all = all != NULL;
    ctx.count = count != NULL;
    ctx.limit = 100;
    int64_t v = 0;
    if (metric) {
        if (strcmp(metric, "htm") == 0) ctx.options.metric = CUBE_METRIC_HTM;
        else if (strcmp(metric, "qtm") == 0) ctx.options.metric = CUBE_METRIC_QTM;
        else return cli_usage_error("solve", "--metric takes htm or qtm");
    }
    if (limit) {
        if (cli_parse_int("solve", "limit", limit, 1, 100000000, &v)) return EXIT_USAGE;
        ctx.limit = v;
    }
    if (max_length) {
        if (cli_parse_int("solve", "max-length", max_length, 1, 1000, &v)) return EXIT_USAGE;
        ctx.options.max_length = (int32_t)v;
    }
    if (timeout) {
        if (cli_parse_int("solve", "timeout", timeout, 1, 86400000, &v)) return EXIT_USAGE;
        ctx.options.timeout_ms = (int32_t)v;
    }
    ctx.options.min_effort = min_effort != NULL;
    int64_t nthreads = 1;
    if (threads && cli_parse_int("solve", "threads", threads, 0, 1024, &nthreads)) return EXIT_USAGE;
    cube_state *target_state = NULL;
    if (target) {
        if (cube_state_from_facelets(target, ctx.size, &target_state) != CUBE_OK) {
            fprintf(stderr, "error: target: %s\n", cube_last_error());
            return EXIT_BAD_INPUT;
        }
        ctx.options.target = target_state;
    }
    if (cube_solver_new(NULL, &ctx.solver) != CUBE_OK) return cli_fail("solve", NULL);
    int status;
    if (strcmp(a.argv[0], "-") != 0) {
        status = solve_one(&ctx, a.argv[0], 0);
    } else if (nthreads != 1 && !ctx.all && !ctx.count) {
        status = solve_parallel(&ctx, (int32_t)nthreads);
    } else {
        status = EXIT_OK;
        char *line;
        while ((line = cli_read_line(stdin)) != NULL) {
            if (solve_one(&ctx, line, 1) != EXIT_OK) status = EXIT_BAD_INPUT;
            fflush(stdout);
            free(line);
        }
    }
    cube_solver_free(ctx.solver);
    cube_state_free(target_state);
    return status;
}

/* ---- tables ---- */

static void progress_bar(void *user, const char *stage, double fraction) {
    int tty = *(int *)user;
    int filled = (int)(fraction * 30 + 0.5);
    if (filled < 0) filled = 0;
    if (filled > 30) filled = 30;
    if (tty)
        fprintf(stderr, "\r[%.*s%*s] %3d%% %-40.40s", filled, "##############################", 30 - filled, "",
                (int)(fraction * 100 + 0.5), stage);
    else if (fraction == 0.0 || fraction >= 1.0)
        fprintf(stderr, "%s: %d%%\n", stage, (int)(fraction * 100 + 0.5));
}

static const char tables_help[] =
    "usage: cube tables generate|verify|path [--dir DIR]\n"
    "The 3x3 solver's tables live in one file in DIR (default $CUBE_TABLE_DIR, else\n"
    "$XDG_CACHE_HOME/libcube, else ~/.cache/libcube); they are generated on first use.\n"
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
        puts(path);
        return EXIT_OK;
    }
    if (strcmp(a.argv[0], "verify") == 0) {
        if (cube_tables_verify(dir) != CUBE_OK) {
            printf("error: %s\n", cube_last_error());
            return EXIT_BAD_INPUT;
        }
        puts("ok");
        return EXIT_OK;
    }
    if (strcmp(a.argv[0], "generate") == 0) {
        int tty = isatty(2);
        cube_status st = cube_tables_generate(dir, progress_bar, &tty);
        if (tty) fputc('\n', stderr);
        if (st != CUBE_OK) return cli_fail("tables", "generate");
        char path[4096];
        if (cube_tables_path(dir, path, sizeof path, NULL) == CUBE_OK) printf("ok: %s\n", path);
        return EXIT_OK;
    }
    return cli_usage_error("tables", "expected generate, verify or path");
}
