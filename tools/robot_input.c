/* The robot and the moves `cube plan` and `cube run` plan. */
#include "robot_input.h"

#include <cube/solver.h>

#include "escape.h"
#include "solver_notices.h"

/* Optimal solutions of a 2x2 planned to find the fastest on the robot. */
enum { CANDIDATES_2X2 = 100 };

int robot_from(const char *command, const char *arg, cube_robot **out) {
    if (arg[0] == '@') return cube_robot_load(arg + 1, out) == CUBE_OK ? EXIT_OK : cli_fail(command, "--robot");
    if (cube_robot_parse(arg, out) == CUBE_OK) return EXIT_OK;
    if (cube_last_status() == CUBE_ERROR_PARSE || cube_last_status() == CUBE_ERROR_INVALID_ARGUMENT)
        return cli_usage_error(command, cli_last_error());
    return cli_fail(command, "--robot");
}

/* Moves of a cube of `size` as the robot turns them: a 2x2 takes face turns and rotations only, which are the
 * same turns of the same faces on the 3x3 the planner models. */
static cube_status robot_moves(const char *text, int32_t size, cube_moves **out) {
    cube_moves *m = NULL;
    const char *checked = NULL;
    cube_status st = cube_moves_parse(text, size, &m);
    if (st == CUBE_OK) st = cube_moves_text(m, &checked);
    if (st == CUBE_OK) st = cube_moves_parse(checked, 3, out);
    cube_moves_free(m);
    return st;
}

/* A 2x2: its optimal solutions (the first with `shortest`), planned; the fastest plan. */
static cube_status plan_2x2(cube_robot *robot, cube_solver *solver, const cube_state *s, const plan_input *in,
                            const cube_plan_options *po, cube_plan **out) {
    cube_solutions *list = NULL;
    int32_t n = 0;
    cube_status st = cube_solve_all(solver, s, NULL, NULL, in->shortest ? 1 : CANDIDATES_2X2, &list);
    if (st == CUBE_OK) st = cube_solutions_count(list, &n);
    for (int32_t i = 0; st == CUBE_OK && i < n; ++i) {
        cube_moves *solution = NULL, *turns = NULL;
        const char *text = NULL;
        cube_plan *faster = NULL;
        st = cube_solutions_get(list, i, &solution);
        if (st == CUBE_OK) st = cube_moves_text(solution, &text);
        if (st == CUBE_OK) st = robot_moves(text, 2, &turns);
        if (st == CUBE_OK) st = cube_plan_new_if_faster(robot, turns, po, *out, &faster);
        if (faster) {
            cube_plan_free(*out);
            *out = faster;
        }
        cube_moves_free(turns);
        cube_moves_free(solution);
    }
    cube_solutions_free(list);
    if (st != CUBE_OK) {
        cube_plan_free(*out);
        *out = NULL;
    }
    return st;
}

/* A 3x3 with --shortest: a first solution, then a shorter one if found within 100 ms (as robot-aware solving
 * does), planned. */
static cube_status plan_shortest_3x3(cube_robot *robot, cube_solver *solver, const cube_state *s,
                                     const plan_input *in, const cube_plan_options *po, cube_plan **out) {
    cube_solve_options so;
    cube_solve_options_init(&so);
    so.cancel = in->cancel;
    cube_moves *m = NULL;
    cube_status st = cube_solve(solver, s, &so, &m);
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
    if (st == CUBE_OK) st = cube_plan_new(robot, m, po, out);
    cube_moves_free(m);
    return st;
}

/* The moves of `in` planned, or its cube solved on `solver` and planned. */
cube_status plan_with_solver(cube_robot *robot, cube_solver *solver, const plan_input *in, cube_plan **out) {
    cube_plan_options po;
    cube_plan_options_init(&po);
    po.strategy = in->strategy;
    *out = NULL;
    if (in->moves) {
        cube_moves *m = NULL;
        cube_status st = robot_moves(in->moves, in->size, &m);
        if (st == CUBE_OK) st = cube_plan_new(robot, m, &po, out);
        cube_moves_free(m);
        return st;
    }
    cube_state *s = NULL;
    cube_status st = cube_state_from_facelets(in->facelets, in->size, &s);
    if (st == CUBE_OK && in->size == 2) {
        st = plan_2x2(robot, solver, s, in, &po, out);
    } else if (st == CUBE_OK && in->shortest) {
        st = plan_shortest_3x3(robot, solver, s, in, &po, out);
    } else if (st == CUBE_OK) {
        cube_robot_solve_options ro;
        cube_robot_solve_options_init(&ro);
        ro.strategy = po.strategy;
        ro.timeout_ms = in->timeout_ms;
        if (in->plan_ms > 0) ro.plan_ms = in->plan_ms;
        ro.cancel = in->cancel;
        st = cube_robot_solve(robot, solver, s, &ro, out);
    }
    cube_state_free(s);
    return st;
}

cube_status plan_of(cube_robot *robot, const plan_input *in, cube_plan **out) {
    *out = NULL;
    cube_solver *solver = NULL;
    cube_status st = in->moves ? CUBE_OK : cli_solver_new(in->table_policy, &solver);
    if (!in->moves) cli_solver_solving(in->size);
    if (st == CUBE_OK) st = plan_with_solver(robot, solver, in, out);
    cli_solver_free(solver);
    return st;
}

int plan_input_from(const char *command, const cli_args *a, const char *moves, const char *tables, plan_input *in) {
    if (cli_table_policy(command, tables, &in->table_policy) != EXIT_OK) return EXIT_USAGE;
    if (tables && moves) return cli_usage_error(command, "--tables goes with a cube to solve, not --moves");
    in->moves = moves;
    in->facelets = NULL;
    in->size = a->size ? a->size : 3;
    if (moves && a->argc) return cli_usage_error(command, "give either FACELETS or --moves, not both");
    if (!moves && a->argc != 1) return cli_usage_error(command, "expected one facelet string, or --moves");
    if (!moves) in->facelets = a->argv[0];
    if (!moves) in->size = cli_size_of(in->facelets, a->size);
    return EXIT_OK;
}
