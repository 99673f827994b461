/* What `cube plan` and `cube run` plan: a robot from its spec or file, and the cube's solution or given moves. */
#ifndef CUBE_CLI_ROBOT_INPUT_H
#define CUBE_CLI_ROBOT_INPUT_H

#include <cube/robot.h>

#include "cli.h"

/* A robot from "SPEC" or "@FILE". */
cube_status robot_from(const char *arg, cube_robot **out);

/* What to plan: the given moves, or the cube given as facelets solved robot-aware (or shortest). */
typedef struct plan_input {
    const char *moves, *facelets;
    int shortest;
    int32_t strategy; /* cube_plan_strategy */
} plan_input;

/* Fills `in` from the positional arguments and --moves: EXIT_OK, or EXIT_USAGE (message printed). */
int plan_input_from(const char *command, const cli_args *a, const char *moves, plan_input *in);

/* The plan of `in` on `robot`, from the rest state. */
cube_status plan_of(cube_robot *robot, const plan_input *in, cube_plan **out);

#endif
