/* The robot and the moves `cube plan` and `cube run` plan. */
#include "robot_input.h"

#include <cube/solver.h>

#include "solver_notices.h"

/* A robot from "SPEC" or "@FILE". */
cube_status robot_from(const char *arg, cube_robot **out) {
    if (arg[0] == '@') return cube_robot_load(arg + 1, out);
    return cube_robot_parse(arg, out);
}

cube_status plan_of(cube_robot *robot, const plan_input *in, cube_plan **out) {
    cube_plan_options po;
    cube_plan_options_init(&po);
    po.strategy = in->strategy;
    if (in->moves) {
        cube_moves *m = NULL;
        cube_status st = cube_moves_parse(in->moves, 3, &m);
        if (st == CUBE_OK) st = cube_plan_new(robot, m, &po, out);
        cube_moves_free(m);
        return st;
    }
    cube_state *s = NULL;
    cube_solver *solver = NULL;
    cube_moves *m = NULL;
    cube_status st = cube_state_from_facelets(in->facelets, 3, &s);
    if (st == CUBE_OK) st = cli_solver_new(&solver);
    if (st == CUBE_OK && in->shortest) {
        /* A first solution, then a shorter one if found within 100 ms (as robot-aware solving does). */
        cube_solve_options so;
        cube_solve_options_init(&so);
        st = cube_solve(solver, s, &so, &m);
        cube_moves *shorter = NULL;
        so.min_effort = 1;
        so.timeout_ms = 100;
        int32_t length = 0;
        if (st == CUBE_OK) st = cube_moves_count(m, &length);
        so.max_length = length - 1;
        if (st == CUBE_OK && so.max_length > 0 && cube_solve(solver, s, &so, &shorter) == CUBE_OK) {
            cube_moves_free(m);
            m = shorter;
        }
        if (st == CUBE_OK) st = cube_plan_new(robot, m, &po, out);
    } else if (st == CUBE_OK) {
        cube_robot_solve_options ro;
        cube_robot_solve_options_init(&ro);
        ro.strategy = po.strategy;
        st = cube_robot_solve(robot, solver, s, &ro, out);
    }
    cube_moves_free(m);
    cube_solver_free(solver);
    cube_state_free(s);
    return st;
}

int plan_input_from(const char *command, const cli_args *a, const char *moves, plan_input *in) {
    in->moves = moves;
    in->facelets = NULL;
    if (moves && a->argc) return cli_usage_error(command, "give either FACELETS or --moves, not both");
    if (!moves && a->argc != 1) return cli_usage_error(command, "expected one facelet string, or --moves");
    if (!moves) in->facelets = a->argv[0];
    return EXIT_OK;
}
