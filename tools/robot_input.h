/* What `cube plan` and `cube run` plan: a robot from its spec or file, and the cube's solution or given moves,
 * of a 3x3 or a 2x2 (which the robots turn by the same faces). */
#ifndef CUBE_CLI_ROBOT_INPUT_H
#define CUBE_CLI_ROBOT_INPUT_H

#include <cube/robot.h>
#include <cube/solver.h>

#include "cli.h"

/* A robot from --robot "SPEC" or "@FILE": EXIT_OK, EXIT_USAGE for a SPEC the library cannot read (its message
 * names the families or the key), EXIT_BAD_INPUT for a FILE that cannot be read or used (message printed). */
int robot_from(const char *command, const char *arg, cube_robot **out);

/* What to plan: the given moves, or the cube given as facelets solved robot-aware (or shortest). */
typedef struct plan_input {
    const char *moves, *facelets;
    int32_t size; /* 2 or 3: --size, or the length of the facelets */
    int shortest;
    int32_t strategy; /* cube_plan_strategy */
    int32_t table_policy; /* cube_table_policy of the solver (--tables; 0 in a zeroed struct is full) */
    int32_t timeout_ms;   /* 3x3 robot-aware solve: stop trying candidates after this long; 0 = no limit */
    int32_t plan_ms;      /* 3x3 robot-aware solve: its work budget (cube_robot_solve_options.plan_ms); 0 = default */
    const cube_cancel *cancel; /* NULL, or a token that stops the 3x3 solve */
} plan_input;

/* Fills `in` from the positional arguments, --size, --moves and --tables: EXIT_OK, or EXIT_USAGE (message
 * printed). */
int plan_input_from(const char *command, const cli_args *a, const char *moves, const char *tables, plan_input *in);

/* The plan of `in` on `robot`, from the rest state. A 2x2 is planned as the face turns of its moves, or of the
 * fastest on the robot of its optimal solutions (--shortest: the first one). */
cube_status plan_of(cube_robot *robot, const plan_input *in, cube_plan **out);

/* plan_of() with a solver of the caller's (in->table_policy is not used). */
cube_status plan_with_solver(cube_robot *robot, cube_solver *solver, const plan_input *in, cube_plan **out);

#endif
