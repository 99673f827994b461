/* `cube solve --optimal` for a 3x3: a shortest solution in HTM or QTM (or all of them, --all) with cube_solve_optimal(),
 * the search's progress on a terminal, and the answer as text or JSON (solve_answers.h). */
#ifndef CUBE_CLI_SOLVE_OPTIMAL_H
#define CUBE_CLI_SOLVE_OPTIMAL_H

#include <cube/cube.h>

#include "solve_ctx.h"

/* Solves one 3x3 with `threads` threads (0: one per processor); CUBE_OK once the answer is printed, else the
 * library's status (nothing printed). */
cube_status solve_optimal_3x3(const solve_ctx *ctx, const cube_state *s, int32_t threads);

#endif
