/* `cube solve --threads N -`: chunks of stdin lines solved together with cube_solve_batch, answered in order. */
#include <stdlib.h>

#include "answer.h"
#include "batch.h"
#include "batch_scope.h"
#include "cli.h"
#include "escape.h"
#include "output.h"
#include "solve_answers.h"
#include "solve_ctx.h"
#include "solver_notices.h"

/* Lines a parallel batch reads and solves together. */
enum { CHUNK = 256 };

/* One stdin line: its number, text, state (NULL if unreadable) and, without a state, why. */
typedef struct batch_line {
    int64_t number;
    char *text;
    cube_state *state;
    cube_status status;
    char error[256];
} batch_line;

/* The line's failure, kept to be answered in order. */
static void keep_error(batch_line *line, cube_status status, const char *message) {
    line->status = status;
    cli_escape(message, line->error, sizeof line->error);
}

/* Solves the readable lines of a chunk together and prints one answer per line, in order, each flushed.
 * Returns EXIT_OK if every line was solved, EXIT_BAD_INPUT if some was not, EXIT_IO_ERROR if writing failed
 * (reported; the answers after it are not printed). */
static int solve_chunk(solve_ctx *ctx, batch_line *lines, int32_t n, int32_t threads) {
    const cube_state *valid[CHUNK] = {NULL};
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
    for (int32_t j = 0; !list && j < k; ++j) keep_error(&lines[line_of[j]], cube_last_status(), cube_last_error());
    int status = EXIT_OK;
    int32_t j = 0;
    for (int32_t i = 0; i < n; ++i) {
        cube_moves *m = NULL;
        if (j < k && line_of[j] == i) {
            if (list && cube_solutions_get(list, j, &m) != CUBE_OK) {
                const char *message = NULL;
                cube_status why = CUBE_OK;
                if (cube_solutions_message(list, j, &message) != CUBE_OK) message = cube_last_error();
                if (cube_solutions_status(list, j, &why) != CUBE_OK) why = cube_last_status();
                keep_error(&lines[i], why, message);
            }
            ++j;
        }
        if (ctx->json && ctx->scope && ctx->scope->numbered) out_number_next(lines[i].number);
        if (!m || solve_print_solution(m, ctx->options.metric, ctx->json) != CUBE_OK) {
            if (m) keep_error(&lines[i], cube_last_status(), cube_last_error());
            answer_error(ctx->json, 1, lines[i].status, lines[i].error);
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
        keep_error(line, CUBE_ERROR_INVALID_ARGUMENT, reader->refusal);
        if (!reader->refusal[0] && cube_state_from_facelets(line->text, ctx->size, &line->state) != CUBE_OK)
            keep_error(line, cube_last_status(), cube_last_error());
        int32_t size = 0;
        if (line->state && cube_state_size(line->state, &size) == CUBE_OK) cli_solver_solving(size);
        ++n;
    }
    *read_failed = got < 0;
    return n;
}

int solve_parallel(solve_ctx *ctx, int32_t threads) {
    static batch_line lines[CHUNK];
    batch_reader reader;
    batch_reader_init(&reader, stdin);
    reader.scope = ctx->scope;
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
    if (ctx->scope && batch_scope_end(ctx->scope, reader.line) != EXIT_OK) return EXIT_BAD_INPUT;
    return status;
}
