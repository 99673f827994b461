/* The solver the commands use: table notices ("table file ... is damaged; rebuilding it") go to stderr
 * as lines, before the work they announce. */
#ifndef CUBE_CLI_SOLVER_NOTICES_H
#define CUBE_CLI_SOLVER_NOTICES_H

#include <cube/solver.h>

/* cube_solver_new() with a progress callback that prints notices (not the stages) to stderr. */
cube_status cli_solver_new(cube_solver **out);

#endif
