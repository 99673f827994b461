/* Subcommand that solves: solve (one cube, or a stdin batch: line by line, or on several threads in
 * solve_parallel.c). Every answer is printed by solve_answers.c, as text or JSON. */
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "batch.h"
#include "batch_scope.h"
#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "method_answers.h"
#include "output.h"
#include "render_cli.h"
#include "solve_answers.h"
#include "solve_ctx.h"
#include "solve_optimal.h"
#include "solver_notices.h"

/* Most solutions `--all` may ask for: the library's limit for cube_solve_all(). */
#define ALL_LIMIT_MAX 10000000

/* What solve_one() answers with: the shared context, and --optimal with its threads per cube. */
typedef struct solve_cmd {
    solve_ctx ctx; /* first: batch_answer_lines() passes the command as a solve_ctx */
    int optimal;
    int32_t optimal_threads;
} solve_cmd;

/* --all and --count are for the 2x2: a 3x3 gets a message naming the option (the library's names none). */
static int refuse_2x2_only(const solve_ctx *ctx, const cube_state *s, int batch) {
    int32_t size = 0;
    if (cube_state_size(s, &size) != CUBE_OK) return answer_last_error(ctx->json, batch);
    if (size == 2) return EXIT_OK;
    const char *what = ctx->all ? "every optimal solution (--all)" : "counting optimal solutions (--count)";
    char message[128];
    snprintf(message, sizeof message, "%s is available for the 2x2 only", what);
    return answer_error(ctx->json, batch, CUBE_ERROR_UNSUPPORTED, message);
}

/* The optimal solutions of a 2x2: all of them (--all) or their number (--count). */
static cube_status solve_optimal(solve_ctx *ctx, const cube_state *s) {
    if (ctx->all) {
        cube_solutions *list = NULL;
        cube_status st = cube_solve_all(ctx->solver, s, ctx->target, &ctx->options, ctx->limit, &list);
        if (st == CUBE_OK) st = solve_print_list(list, ctx->options.metric, ctx->json);
        cube_solutions_free(list);
        return st;
    }
    int64_t n = 0;
    int32_t length = 0;
    cube_status st = cube_count_optimal(ctx->solver, s, ctx->target, &ctx->options, &n);
    if (st == CUBE_OK) st = cube_solve_distance(ctx->solver, s, ctx->target, &ctx->options, &length);
    if (st == CUBE_OK) st = solve_print_count(n, length, ctx->options.metric, ctx->json);
    return st;
}

/* --steps: the solution and the cube after each move as text, or (--svg) only the SVG of the steps. */
static cube_status print_steps(const solve_ctx *ctx, const cube_state *s, const cube_moves *m) {
    if (ctx->steps->format == CUBE_RENDER_TEXT) {
        cube_status st = solve_print_solution(m, ctx->options.metric, 0);
        if (st != CUBE_OK) return st;
    }
    return render_write_sequence(s, m, ctx->steps);
}

static cube_status solve_state(solve_ctx *ctx, const cube_state *s) {
    if (ctx->all || ctx->count) return solve_optimal(ctx, s);
    int32_t size = 0;
    if (cube_state_size(s, &size) == CUBE_OK) cli_solver_solving(size);
    cube_moves *m = NULL;
    cube_status st;
    if (ctx->target)
        st = cube_solve_to(ctx->solver, s, ctx->target, &ctx->options, &m);
    else
        st = cube_solve(ctx->solver, s, &ctx->options, &m);
    if (st == CUBE_OK && ctx->steps)
        st = print_steps(ctx, s, m);
    else if (st == CUBE_OK)
        st = solve_print_solution(m, ctx->options.metric, ctx->json);
    cube_moves_free(m);
    return st;
}

/* --method twophase is for the 3x3, optimal for the 2x2: another size gets a message naming the method. */
static int refuse_other_size(const solve_ctx *ctx, const cube_state *s, int batch) {
    int32_t size = 0;
    if (cube_state_size(s, &size) != CUBE_OK) return answer_last_error(ctx->json, batch);
    if (ctx->method == SOLVE_METHOD_TWOPHASE && size != 3)
        return answer_error(ctx->json, batch, CUBE_ERROR_UNSUPPORTED,
                            "the two-phase method (--method twophase) is for the 3x3");
    if (ctx->method == SOLVE_METHOD_OPTIMAL && size != 2)
        return answer_error(ctx->json, batch, CUBE_ERROR_UNSUPPORTED,
                            "the optimal method (--method optimal) is for the 2x2");
    return EXIT_OK;
}

/* --method lbl --steps: as text, each stage's name and moves, then the cube after each of its moves; as SVG,
 * one document of the whole solution (the stages one after the other). */
static cube_status print_lbl_steps(const solve_ctx *ctx, const cube_state *s, const cube_method_solution *sol) {
    if (ctx->steps->format != CUBE_RENDER_TEXT) {
        cube_moves *all = NULL;
        cube_status st = cube_method_solution_moves(sol, &all);
        if (st == CUBE_OK) st = render_write_sequence(s, all, ctx->steps);
        cube_moves_free(all);
        return st;
    }
    cube_state *at = NULL;
    int32_t stages = 0;
    cube_status st = cube_state_copy(s, &at);
    if (st == CUBE_OK) st = cube_method_solution_stage_count(sol, &stages);
    for (int32_t i = 0; st == CUBE_OK && i < stages; ++i) {
        const char *name = NULL;
        cube_moves *moves = NULL;
        st = cube_method_solution_stage_name(sol, i, &name);
        if (st == CUBE_OK) st = cube_method_solution_stage_moves(sol, i, &moves);
        if (st == CUBE_OK) out_printf("stage %s:\n", name);
        if (st == CUBE_OK) st = print_steps(ctx, at, moves);
        if (st == CUBE_OK) st = cube_state_apply(at, moves);
        cube_moves_free(moves);
    }
    cube_state_free(at);
    return st;
}

/* --method lbl: the layer-by-layer solution with its stages. */
static cube_status solve_lbl(solve_ctx *ctx, const cube_state *s, int batch) {
    cube_method_solution *sol = NULL;
    cube_status st = cube_solve_method(ctx->solver, s, CUBE_METHOD_LBL, NULL, &sol);
    if (st == CUBE_OK && ctx->steps) st = print_lbl_steps(ctx, s, sol);
    else if (st == CUBE_OK) st = method_print_solution(sol, ctx->json, batch);
    cube_method_solution_free(sol);
    return st;
}

/* Answers one cube (batch: a stdin line; else the argument); an exit status. A batch_answer_fn. */
static int solve_one(const char *facelets, int batch, void *p) {
    solve_cmd *cmd = p;
    solve_ctx *ctx = &cmd->ctx;
    cube_state *s = NULL;
    if (cube_state_from_facelets(facelets, ctx->size, &s) != CUBE_OK) return answer_last_error(ctx->json, batch);
    int32_t size = 0;
    if (cmd->optimal && cube_state_size(s, &size) == CUBE_OK && size == 3) {
        int optimal = solve_optimal_3x3(ctx, s, cmd->optimal_threads) == CUBE_OK ? EXIT_OK
                                                                                 : answer_last_error(ctx->json, batch);
        cube_state_free(s);
        return optimal;
    }
    if (ctx->method == SOLVE_METHOD_LBL) {
        int lbl = solve_lbl(ctx, s, batch) == CUBE_OK ? EXIT_OK : answer_last_error(ctx->json, batch);
        cube_state_free(s);
        return lbl;
    }
    int st = refuse_other_size(ctx, s, batch);
    if (st == EXIT_OK && (ctx->all || ctx->count)) st = refuse_2x2_only(ctx, s, batch);
    if (st == EXIT_OK && solve_state(ctx, s) != CUBE_OK) st = answer_last_error(ctx->json, batch);
    cube_state_free(s);
    return st;
}

static const char solve_help[] =
    "usage: cube solve FACELETS|- [options]\n"
    "Prints a solution in Singmaster notation (an empty line if the cube is already solved).\n"
    "The size comes from the string's length (54 or 24) or --size. With '-', solves one facelet\n"
    "string per stdin line and answers one line each, as for one cube (errors as 'error: ...' on\n"
    "stdout; the batch goes on). Spaces, tabs and CR around a line are ignored; a failed read or\n"
    "write stops it with exit status 1.\n"
    "  --method M         twophase (3x3; the default for it), optimal (2x2; the default for it), or\n"
    "                     lbl: the beginner's layer-by-layer method, one line per stage\n"
    "                     ('cross: F R D2  (formulas used)') and the total; a batch line holds\n"
    "                     the stages in one line, 'STAGE: MOVES | ... | total: N'; it takes\n"
    "                     no other option but --json and --size\n"
    "  --metric htm|qtm   2x2 and --optimal metric (default htm; in qtm a half turn counts 2); the\n"
    "                     two-phase 3x3 solver counts in htm\n"
    "  --all [--limit N]  2x2 (3x3 with --optimal): every optimal solution on one line, separated by\n"
    "                     ', ' (default limit 100)\n"
    "  --count            2x2: the number of optimal solutions\n"
    "  --optimal          3x3: a shortest solution (--metric), proven (IDA*; with the standard\n"
    "                     optimal table, 'cube tables generate --optimal', about 20 s of CPU for a\n"
    "                     random cube, minutes without it; milliseconds for a short\n"
    "                     scramble); with --all every shortest one; --threads N searches each cube\n"
    "                     on N threads (0: one per processor); no time limit unless --timeout; a\n"
    "                     line 'depth D, nodes, nodes/s' on a terminal; JSON adds \"optimal\":true\n"
    "                     and \"nodes\":N. A 2x2 is solved as without it\n"
    "  --max-length N     3x3: longest acceptable solution, a hard limit (default 20)\n"
    "  --timeout MS       3x3: time limit per cube (default 10000; none with --optimal)\n"
    "  --min-effort       3x3: keep searching for shorter solutions until --timeout; without\n"
    "                     --max-length, the shortest found in time even above 20 moves\n"
    "  --target FACELETS  solve to this state instead of solved\n"
    "  --threads N        batch: solve on N threads (answers stay in input order)\n"
    "  --tables auto|compact|full\n"
    "                     3x3 tables: auto (default) answers at once with the compact tables while\n"
    "                     the full ones load (or are built) in the background; full waits for them\n"
    "                     (a progress bar on a terminal); compact never reads or writes the table file\n"
    "  --json             one JSON object per cube: {\"ok\":true,\"solution\":\"...\",\"length\":N,\n"
    "                     \"metric\":\"htm\"} (--all: \"solutions\":[...]; --count: \"count\":N; lbl:\n"
    "                     \"method\":\"lbl\",\"stages\":[{\"name\",\"moves\",\"length\",\"algorithms\",\n"
    "                     \"facelets\"},...]), or\n"
    "                     {\"ok\":false,\"status\":\"CUBE_ERROR_...\",\"error\":\"...\"}\n"
    "  --steps [--svg [--3d]]\n"
    "                     one cube: the solution, then the cube after each move as a net labelled\n"
    "                     with the move (coloured on a terminal); --svg: only an SVG of the steps\n"
    "                     (--3d: isometric views of U, F and R); with --method lbl, stage by\n"
    "                     stage ('stage cross:' and its steps), the SVG the whole solution\n"
    BATCH_SCOPE_HELP
    "Table notices go to stderr; see 'cube tables' for where the full tables live.";

/* The option values as given on the command line. */
typedef struct solve_flags {
    const char *metric, *all, *limit, *max_length, *timeout, *target, *threads, *count, *min_effort, *json, *tables;
    const char *steps, *optimal;
    render_flags drawing; /* with --steps: --svg, --3d */
    const char *method;
    batch_scope_flags part; /* --lines, --shard, --resume */
} solve_flags;

/* --method: its value in ctx->method, and no option that the layer-by-layer method does not take. */
static int method_from(const solve_flags *f, solve_ctx *ctx) {
    if (!f->method) return EXIT_OK;
    if (strcmp(f->method, "twophase") == 0)
        ctx->method = SOLVE_METHOD_TWOPHASE;
    else if (strcmp(f->method, "optimal") == 0)
        ctx->method = SOLVE_METHOD_OPTIMAL;
    else if (strcmp(f->method, "lbl") == 0)
        ctx->method = SOLVE_METHOD_LBL;
    else
        return cli_usage_error("solve", "--method takes twophase, optimal or lbl");
    if (ctx->method != SOLVE_METHOD_LBL) return EXIT_OK;
    const struct {
        const char *name, *value;
    } others[] = {{"--metric", f->metric},       {"--all", f->all},         {"--count", f->count},
                  {"--limit", f->limit},         {"--max-length", f->max_length}, {"--timeout", f->timeout},
                  {"--min-effort", f->min_effort}, {"--target", f->target},   {"--threads", f->threads},
                  {"--tables", f->tables}};
    for (size_t i = 0; i < sizeof others / sizeof *others; ++i)
        if (others[i].value) {
            char message[96];
            snprintf(message, sizeof message, "%s does not go with --method lbl", others[i].name);
            return cli_usage_error("solve", message);
        }
    return EXIT_OK;
}

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
    if (f->all && f->count) return cli_usage_error("solve", "give --all or --count, not both");
    if (f->limit && !f->all) return cli_usage_error("solve", "--limit goes with --all");
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
    ctx->json = f->json != NULL;
    return EXIT_OK;
}

/* --optimal takes no option that a shortest solution cannot honour. */
static int optimal_conflicts(const solve_flags *f) {
    const struct {
        const char *name, *value;
    } others[] = {{"--method", f->method}, {"--count", f->count}, {"--min-effort", f->min_effort},
                  {"--target", f->target}, {"--steps", f->steps}};
    for (size_t i = 0; i < sizeof others / sizeof *others; ++i)
        if (others[i].value) {
            char message[96];
            snprintf(message, sizeof message, "%s does not go with --optimal", others[i].name);
            return cli_usage_error("solve", message);
        }
    return EXIT_OK;
}

int cmd_solve(int argc, char **argv) {
    solve_flags f;
    memset(&f, 0, sizeof f);
    cli_option opts[] = {{"metric", 1, &f.metric},         {"all", 0, &f.all},         {"limit", 1, &f.limit},
                         {"max-length", 1, &f.max_length}, {"timeout", 1, &f.timeout}, {"target", 1, &f.target},
                         {"threads", 1, &f.threads},       {"count", 0, &f.count},     {"min-effort", 0, &f.min_effort},
                         {"json", 0, &f.json},             {"tables", 1, &f.tables},   {"steps", 0, &f.steps},
                         {"svg", 0, &f.drawing.svg},       {"3d", 0, &f.drawing.iso},  {"method", 1, &f.method},
                         {"optimal", 0, &f.optimal},       {"lines", 1, &f.part.lines},
                         {"shard", 1, &f.part.shard},      {"resume", 1, &f.part.resume}, {NULL, 0, NULL}};
    cli_args a;
    int parsed = cli_parse("solve", solve_help, argc, argv, opts, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    if (a.argc != 1) return cli_usage_error("solve", "expected one facelet string (or '-')");
    solve_cmd cmd;
    memset(&cmd, 0, sizeof cmd);
    solve_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    if (cube_solve_options_init(&ctx.options) != CUBE_OK) return cli_fail("solve", NULL);
    ctx.size = a.size;
    ctx.limit = 100;
    if (method_from(&f, &ctx) != EXIT_OK || options_from(&f, &ctx) != EXIT_OK) return EXIT_USAGE;
    if (f.optimal && optimal_conflicts(&f) != EXIT_OK) return EXIT_USAGE;
    cube_render_options steps;
    if (f.steps || f.drawing.svg || f.drawing.iso) {
        if (!f.steps) return cli_usage_error("solve", "--svg and --3d go with --steps");
        if (strcmp(a.argv[0], "-") == 0 || f.json || f.all || f.count || f.threads)
            return cli_usage_error("solve",
                                   "--steps draws one cube: not with '-', --json, --all, --count or --threads");
        if (render_options_from("solve", &f.drawing, &steps) != EXIT_OK) return EXIT_USAGE;
        ctx.steps = &steps;
    }
    int64_t nthreads = 1;
    if (f.threads && cli_parse_int("solve", "threads", f.threads, 0, 1024, &nthreads)) return EXIT_USAGE;
    int32_t policy = 0;
    if (cli_table_policy("solve", f.tables, &policy) != EXIT_OK) return EXIT_USAGE;
    int batch = strcmp(a.argv[0], "-") == 0;
    batch_scope scope;
    int scoped = batch_scope_from("solve", &f.part, ctx.json, batch, &scope);
    if (scoped != EXIT_OK) return scoped;
    ctx.scope = &scope;
    cube_state *target = NULL;
    if (f.target && cube_state_from_facelets(f.target, ctx.size, &target) != CUBE_OK) {
        fprintf(stderr, "cube solve: --target: %s\n", cli_last_error());
        return EXIT_BAD_INPUT;
    }
    ctx.target = target;
    if (cli_solver_new(policy, &ctx.solver) != CUBE_OK) {
        cube_state_free(target);
        return cli_fail("solve", NULL);
    }
    /* --optimal: the threads search each cube; a batch runs one cube after another. */
    cmd.optimal = f.optimal != NULL;
    cmd.optimal_threads = (int32_t)nthreads;
    if (cmd.optimal && !f.timeout) ctx.options.timeout_ms = 0;
    int parallel = nthreads != 1 && !ctx.all && !ctx.count && ctx.method == SOLVE_METHOD_DEFAULT && !cmd.optimal;
    int status;
    cmd.ctx = ctx;
    if (!batch)
        status = solve_one(a.argv[0], 0, &cmd);
    else if (parallel)
        status = solve_parallel(&cmd.ctx, (int32_t)nthreads);
    else
        status = batch_answer_scope(stdin, &scope, solve_one, &cmd, ctx.json);
    if (status == EXIT_OK && scope.had_failures) status = EXIT_BAD_INPUT;
    cli_solver_free(ctx.solver);
    cube_state_free(target);
    return status;
}
