/* The solver the commands use, with its table policy (--tables) and what it tells on stderr.
 * full: the command waits for the full 3x3 tables, with the progress bar (progress_bar.h) and notices.
 * auto (the library's default): the compact tables answer at once while the full ones load in the
 * background; the load's notices are lines (the one saying the full set is ready only after an earlier
 * notice), its stages are not drawn (answers keep coming). compact: no table file at all. */
#ifndef CUBE_CLI_SOLVER_NOTICES_H
#define CUBE_CLI_SOLVER_NOTICES_H

#include <cube/solver.h>

/* The policy named by --tables TEXT (NULL: auto): EXIT_OK, or EXIT_USAGE (message printed). */
int cli_table_policy(const char *command, const char *text, int32_t *policy);

/* cube_solver_new() with `policy` (a cube_table_policy) and the reports above. */
cube_status cli_solver_new(int32_t policy, cube_solver **out);

/* Tells the notices that a cube of `size` is being solved (a 3x3 may be answered by the compact tables). */
void cli_solver_solving(int32_t size);

/* Frees the solver. Before that, at most once per process: when auto answered a 3x3 with the compact
 * tables and the full ones were not ready, a hint names 'cube tables generate' (only on a terminal, or
 * after a notice of the background load was printed: scripts' stderr stays clean). */
void cli_solver_free(cube_solver *solver);

#endif
