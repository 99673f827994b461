/* An "old client": compiled against the frozen 1.0 headers in tests/abi/include, run against the
 * libcube of this build. Whatever the library becomes, a program built for 1.0 keeps working. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <cube/cube.h>

static void solves_a_2x2_optimally(void **unused) {
    (void)unused;
    cube_solver *solver = NULL;
    cube_state *cube = NULL;
    cube_moves *solution = NULL;
    cube_solve_options options;
    int32_t count = 0;
    int32_t solved = 0;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_from_facelets("LBUURUBBFFRLDUDRFLLFRDDB", 0, &cube), CUBE_OK);
    assert_int_equal(cube_solve_options_init(&options), CUBE_OK);
    assert_int_equal(options.struct_size, CUBE_SOLVE_OPTIONS_SIZE_V1);
    assert_int_equal(cube_solve(solver, cube, &options, &solution), CUBE_OK);
    assert_int_equal(cube_moves_count(solution, &count), CUBE_OK);
    assert_int_equal(count, 5);
    assert_int_equal(cube_state_apply(cube, solution), CUBE_OK);
    assert_int_equal(cube_state_is_solved(cube, &solved), CUBE_OK);
    assert_int_equal(solved, 1);
    cube_moves_free(solution);
    cube_state_free(cube);
    cube_solver_free(solver);
}

static void solves_a_3x3(void **unused) {
    (void)unused;
    cube_solver *solver = NULL;
    cube_state *cube = NULL;
    cube_moves *solution = NULL;
    int32_t length = 0;
    int32_t solved = 0;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_random(3, 2026, &cube), CUBE_OK);
    assert_int_equal(cube_solve(solver, cube, NULL, &solution), CUBE_OK);
    assert_int_equal(cube_moves_length(solution, CUBE_METRIC_HTM, &length), CUBE_OK);
    assert_true(length <= 20);
    assert_int_equal(cube_state_apply(cube, solution), CUBE_OK);
    assert_int_equal(cube_state_is_solved(cube, &solved), CUBE_OK);
    assert_int_equal(solved, 1);
    cube_moves_free(solution);
    cube_state_free(cube);
    cube_solver_free(solver);
}

static void plans_for_a_robot(void **unused) {
    (void)unused;
    cube_robot_desc desc;
    cube_robot *robot = NULL;
    cube_moves *moves = NULL;
    cube_plan *plan = NULL;
    cube_action action;
    int64_t total_us = 0;
    int32_t actions = 0;
    assert_int_equal(cube_robot_desc_init(&desc, CUBE_ROBOT_FOUR_ARM), CUBE_OK);
    assert_int_equal(cube_robot_new(&desc, &robot), CUBE_OK);
    assert_int_equal(cube_moves_parse("R U R' U'", 3, &moves), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, moves, NULL, &plan), CUBE_OK);
    assert_int_equal(cube_plan_check(plan), CUBE_OK);
    assert_int_equal(cube_plan_total_us(plan, &total_us), CUBE_OK);
    assert_true(total_us > 0);
    assert_int_equal(cube_plan_action_count(plan, &actions), CUBE_OK);
    assert_true(actions > 4);
    assert_int_equal(cube_action_init(&action), CUBE_OK);
    assert_int_equal(cube_plan_get_action(plan, actions - 1, &action), CUBE_OK);
    assert_int_equal(action.struct_size, CUBE_ACTION_SIZE_V1);
    assert_true(action.end_us <= total_us);
    cube_plan_free(plan);
    cube_moves_free(moves);
    cube_robot_free(robot);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solves_a_2x2_optimally),
        cmocka_unit_test(solves_a_3x3),
        cmocka_unit_test(plans_for_a_robot),
    };
    return cmocka_run_group_tests_name("abi-old-client", tests, NULL, NULL);
}
