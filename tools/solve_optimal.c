#include "solve_optimal.h"

#include <stdio.h>
#include <unistd.h>

#include "solve_answers.h"
#include "terminal.h"

/* The search's progress as one line on stderr, redrawn in place; only on a terminal. */
static int32_t show_progress(void *user, const cube_optimal_progress *p) {
    int *shown = user;
    fprintf(stderr, "\rcube: optimal search: depth %d, %.3g nodes, %.3g nodes/s, %.1f s   ", p->depth,
            (double)p->nodes, p->nodes_per_second, (double)p->elapsed_us * 1e-6);
    *shown = 1;
    return 0;
}

cube_status solve_optimal_3x3(const solve_ctx *ctx, const cube_state *s, int32_t threads) {
    cube_optimal_options o;
    cube_status st = cube_optimal_options_init(&o);
    if (st != CUBE_OK) return st;
    o.metric = ctx->options.metric;
    o.max_length = ctx->options.max_length;
    o.timeout_ms = ctx->options.timeout_ms;
    o.cancel = ctx->options.cancel;
    o.all_solutions = ctx->all;
    o.limit = ctx->all ? ctx->limit : 0;
    long processors = terminal_processors();
    o.threads = threads > 0 ? threads : processors > 0 ? (int32_t)(processors < 256 ? processors : 256) : 1;
    int shown = 0;
    if (isatty(STDERR_FILENO)) {
        o.progress = show_progress;
        o.progress_user_data = &shown;
    }
    cube_optimal_result r;
    if ((st = cube_optimal_result_init(&r)) != CUBE_OK) return st;
    cube_solutions *list = NULL;
    st = cube_solve_optimal(ctx->solver, s, &o, &list, &r);
    if (shown) fputs("\r\033[K", stderr);
    int any_table = r.standard_table || r.h48_table || r.small_table;
    if (!any_table && isatty(STDERR_FILENO) && st != CUBE_ERROR_INVALID_ARGUMENT)
        fputs("cube: no optimal table on the search path ('cube tables generate --optimal [--size small]' builds "
              "one); the search used the 3x3 tables alone (minutes per random cube)\n", stderr);
    if (st == CUBE_OK) st = solve_print_optimal(list, o.metric, &r, ctx->all, ctx->json);
    cube_solutions_free(list);
    return st;
}
