/* What `cube solve` was asked, shared by its one-cube path, its batch loop and its parallel batch. */
#ifndef CUBE_CLI_SOLVE_CTX_H
#define CUBE_CLI_SOLVE_CTX_H

#include <cube/cube.h>

typedef struct solve_ctx {
    cube_solver *solver;
    cube_solve_options options;
    const cube_state *target; /* NULL: solve to solved */
    int32_t size;
    int all, count, json;
    int32_t limit;
    const cube_render_options *steps; /* --steps: how to draw the cube after each move; NULL: no steps */
} solve_ctx;

/* A batch on several threads: chunks of stdin lines solved with cube_solve_batch, answered in input order
 * (solve_parallel.c). Returns an exit status. */
int solve_parallel(solve_ctx *ctx, int32_t threads);

#endif
