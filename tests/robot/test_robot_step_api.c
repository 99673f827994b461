/* The public API of robot description 2 from C: per-actuator keys through cube_robot_parse and
 * cube_robot_spec, the hold-and-flip family, and cube_robot_step_us with every bad input. */
#include <cube/robot.h>

#include "../core/test_util.h"

static cube_robot *robot_of(const char *spec) {
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_parse(spec, &r), CUBE_OK);
    return r;
}

/* One command's least time from `positions`. */
static int32_t least_of(const cube_robot *r, const int32_t *positions, int32_t actuator, int32_t kind, int32_t param) {
    const int32_t step[3] = {actuator, kind, param};
    int32_t us = -1;
    assert_int_equal(cube_robot_step_us(r, positions, 2, step, 1, &us), CUBE_OK);
    return us;
}

static void hold_and_flip_family(void **state) {
    (void)state;
    const char *name = NULL;
    assert_int_equal(cube_robot_family_name(CUBE_ROBOT_HOLD_FLIP, &name), CUBE_OK);
    assert_string_equal(name, "hold-and-flip");
    cube_robot_desc d;
    assert_int_equal(cube_robot_desc_init(&d, CUBE_ROBOT_HOLD_FLIP), CUBE_OK);
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    int32_t rest[2] = {9, 9}, count = 0;
    assert_int_equal(cube_robot_rest_positions(r, rest, 2, &count), CUBE_OK);
    assert_int_equal(count, 2);
    assert_int_equal(rest[0], 0);
    assert_int_equal(rest[1], 0);
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U2 F' D L B2", 3, &m), CUBE_OK);
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

static void keys_through_the_c_api(void **state) {
    (void)state;
    cube_robot *r = robot_of("hold-and-flip:cover.close-flip=600,table.turn-cw90=520");
    const char *spec = NULL;
    assert_int_equal(cube_robot_spec(r, &spec), CUBE_OK);
    assert_non_null(strstr(spec, "table.turn-cw90=520"));
    assert_non_null(strstr(spec, "cover.close-flip=600"));
    const int32_t open[2] = {0, 0}, closed[2] = {0, 1};
    assert_int_equal(least_of(r, open, 0, CUBE_ACTION_TURN, 1), 400000);    /* spins the free cube */
    assert_int_equal(least_of(r, closed, 0, CUBE_ACTION_TURN, 1), 520000);  /* turns D, clockwise key */
    assert_int_equal(least_of(r, closed, 0, CUBE_ACTION_TURN, -1), 500000); /* the preset's layer turn */
    assert_int_equal(least_of(r, closed, 1, CUBE_ACTION_FLIP, 1), 600000);
    assert_int_equal(least_of(r, open, 1, CUBE_ACTION_FLIP, 1), 450000);
    assert_int_equal(least_of(r, open, 1, CUBE_ACTION_GRIP, 1), 200000);
    cube_robot_free(r);
    cube_robot *bad = NULL;
    cube_clear_error();
    assert_fails_with(cube_robot_parse("hold-and-flip:lid.close=3", &bad), CUBE_ERROR_PARSE, "its actuators are table, cover");
    assert_null(bad);
}

static void step_us_refuses_bad_input(void **state) {
    (void)state;
    cube_robot *r = robot_of("hold-and-flip");
    const int32_t rest[2] = {0, 0}, past_stop[2] = {2, 0};
    const int32_t turn[3] = {0, CUBE_ACTION_TURN, 1}, bad_actuator[3] = {5, CUBE_ACTION_TURN, 1},
                  bad_kind[3] = {0, CUBE_ACTION_GRIP, 1}, bad_param[3] = {0, CUBE_ACTION_TURN, 3};
    int32_t us[3];
    assert_refused(cube_robot_step_us(NULL, rest, 2, turn, 1, us), "robot");
    assert_refused(cube_robot_step_us(r, NULL, 2, turn, 1, us), "NULL");
    assert_refused(cube_robot_step_us(r, rest, 2, NULL, 1, us), "NULL");
    assert_refused(cube_robot_step_us(r, rest, 2, turn, 1, NULL), "NULL");
    assert_refused(cube_robot_step_us(r, rest, 2, turn, 0, us), "a step has 1 to 3");
    assert_refused(cube_robot_step_us(r, rest, 2, turn, 4, us), "a step has 1 to 3");
    assert_refused(cube_robot_step_us(r, rest, 1, turn, 1, us), "1 positions given");
    assert_refused(cube_robot_step_us(r, rest, -1, turn, 1, us), "negative");
    assert_refused(cube_robot_step_us(r, past_stop, 2, turn, 1, us), "table at 2");
    assert_refused(cube_robot_step_us(r, rest, 2, bad_actuator, 1, us), "actuator 5 of 2");
    assert_refused(cube_robot_step_us(r, rest, 2, bad_kind, 1, us), "table cannot do kind 2 with param 1");
    assert_refused(cube_robot_step_us(r, rest, 2, bad_param, 1, us), "table cannot do kind 1 with param 3");
    cube_robot_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hold_and_flip_family),
        cmocka_unit_test(keys_through_the_c_api),
        cmocka_unit_test(step_us_refuses_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
