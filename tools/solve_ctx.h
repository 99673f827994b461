/* What `cube solve` was asked, shared by its one-cube path, its batch loop and its parallel batch. */
#ifndef CUBE_CLI_SOLVE_CTX_H
#define CUBE_CLI_SOLVE_CTX_H

#include <cube/cube.h>

/* --method: none given (two-phase for a 3x3, optimal for a 2x2), or the one named. */
enum { SOLVE_METHOD_DEFAULT, SOLVE_METHOD_TWOPHASE, SOLVE_METHOD_OPTIMAL, SOLVE_METHOD_LBL };

typedef struct solve_ctx {
    cube_solver *solver;
    cube_solve_options options;
    const cube_state *target; /* NULL: solve to solved */
    int32_t size;
    int all, count, json;
    int method; /* SOLVE_METHOD_* */
    int32_t limit;
    const cube_render_options *steps; /* --steps: how to draw the cube after each move; NULL: no steps */
    const struct batch_scope *scope;  /* a batch's --lines, --shard, --resume (batch_scope.h) */
} solve_ctx;

/* A batch on several threads: chunks of stdin lines solved with cube_solve_batch, answered in input order
 * (solve_parallel.c). Returns an exit status. */
int solve_parallel(solve_ctx *ctx, int32_t threads);

#endif
