/* A "future client": built against headers where versioned structs have grown (simulated by wrapping
 * the 1.0 structs in larger ones). The library accepts the larger struct while the fields it does not
 * know are zero, and refuses it, naming the byte, once such a field is set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <cube/cube.h>

/* cube_solve_options and cube_robot_desc as a later version might define them. */
typedef struct {
    cube_solve_options v1;
    int64_t later_field;
} future_solve_options;

/* The frozen desc ends at byte 32; this library knows camera (32) and overlap_permille (36) past it, not
   later_field3 (40). */
typedef struct {
    cube_robot_desc v1;
    int32_t later_field;
    int32_t later_field2;
    int32_t later_field3;
} future_robot_desc;

static void larger_options_with_zero_tail_are_accepted(void **unused) {
    (void)unused;
    future_solve_options options;
    cube_solver *solver = NULL;
    cube_state *cube = NULL;
    cube_moves *solution = NULL;
    memset(&options, 0xAB, sizeof options);
    assert_int_equal(cube_solve_options_init_sized(&options.v1, sizeof options), CUBE_OK);
    assert_int_equal(options.v1.struct_size, sizeof options);
    assert_int_equal(options.later_field, 0);
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_from_facelets("LBUURUBBFFRLDUDRFLLFRDDB", 0, &cube), CUBE_OK);
    assert_int_equal(cube_solve(solver, cube, &options.v1, &solution), CUBE_OK);
    cube_moves_free(solution);
    cube_state_free(cube);
    cube_solver_free(solver);
}

static void larger_options_with_a_field_set_are_refused(void **unused) {
    (void)unused;
    future_solve_options options;
    cube_solver *solver = NULL;
    cube_state *cube = NULL;
    cube_moves *solution = NULL;
    char expected[64];
    assert_int_equal(cube_solve_options_init_sized(&options.v1, sizeof options), CUBE_OK);
    options.later_field = -1; /* every byte set: the first is at the field's offset in either byte order */
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_from_facelets("LBUURUBBFFRLDUDRFLLFRDDB", 0, &cube), CUBE_OK);
    assert_int_equal(cube_solve(solver, cube, &options.v1, &solution), CUBE_ERROR_UNSUPPORTED);
    assert_null(solution);
    snprintf(expected, sizeof expected, "byte %u", (unsigned)offsetof(future_solve_options, later_field));
    assert_non_null(strstr(cube_last_error(), expected));
    cube_state_free(cube);
    cube_solver_free(solver);
}

static void larger_robot_desc_is_read_and_written_within_its_size(void **unused) {
    (void)unused;
    future_robot_desc desc;
    future_robot_desc copy;
    cube_robot *robot = NULL;
    assert_int_equal(cube_robot_desc_init_sized(&desc.v1, sizeof desc, CUBE_ROBOT_SIX_MOTOR), CUBE_OK);
    assert_int_equal(desc.later_field, 0);
    assert_int_equal(cube_robot_new(&desc.v1, &robot), CUBE_OK);
    memset(&copy, 0xAB, sizeof copy);
    copy.v1.struct_size = sizeof copy;
    assert_int_equal(cube_robot_get_desc(robot, &copy.v1), CUBE_OK);
    assert_int_equal(copy.v1.struct_size, sizeof copy);
    assert_int_equal(copy.v1.turn90_us, desc.v1.turn90_us);
    assert_int_equal(copy.later_field, 0);
    assert_int_equal(copy.later_field2, 0);
    assert_int_equal(copy.later_field3, 0);
    cube_robot_free(robot);
    desc.later_field3 = 7;
    assert_int_equal(cube_robot_new(&desc.v1, &robot), CUBE_ERROR_UNSUPPORTED);
    assert_null(robot);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(larger_options_with_zero_tail_are_accepted),
        cmocka_unit_test(larger_options_with_a_field_set_are_refused),
        cmocka_unit_test(larger_robot_desc_is_read_and_written_within_its_size),
    };
    return cmocka_run_group_tests_name("abi-future-client", tests, NULL, NULL);
}
