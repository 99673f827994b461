/* The executor's checks before moving (a plan that does not fit the driver's robot is refused before the
 * first command: nothing moves, fault CUBE_FAULT_MISMATCH) and its refusal of bad arguments. */
#include "run_util.h"

/* Nothing moved: no simulated time passed and the robot is at rest. */
static void assert_unmoved(cube_driver *d) {
    char answer[128];
    assert_string_equal(ask(d, "time_us", answer), "0");
    cube_robot *robot = driver_robot(d);
    assert_true(at_rest(d, robot));
    cube_robot_free(robot);
}

/* `plan` is refused on a fresh `uri` with a message naming an action and containing `rule`. */
static void assert_refused_before_moving(const char *uri, const cube_plan *plan, const char *rule) {
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, uri);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_refused(cube_driver_run_plan(d, plan, NULL, &rep), rule);
    assert_int_equal(rep.status, CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(rep.actions_done, 0);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_MISMATCH);
    assert_int_equal(f.status, CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(f.stop_level, 0);
    assert_non_null(strstr(f.text, rule));
    assert_unmoved(d);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* Whether a four-arm plan twists an arm two quarters from neutral. */
static int reaches_two_quarters(const cube_plan *p) {
    int32_t twist[8] = {0};
    for (int32_t i = 0; i < actions_of(p); ++i) {
        cube_action a;
        assert_int_equal(cube_action_init(&a), CUBE_OK);
        assert_int_equal(cube_plan_get_action(p, i, &a), CUBE_OK);
        if (a.kind != CUBE_ACTION_TURN) continue;
        twist[a.actuator] += a.param;
        if (twist[a.actuator] == 2 || twist[a.actuator] == -2) return 1;
    }
    return 0;
}

static void test_range_two_plan_on_range_one_driver(void **state) {
    (void)state;
    cube_robot *wide = robot_parsed("four-arm:range=2");
    cube_plan *p = NULL;
    for (uint64_t seed = 1; seed < 40 && !p; ++seed) {
        p = plan_solution(wide, seed, 20);
        if (!reaches_two_quarters(p)) {
            cube_plan_free(p);
            p = NULL;
        }
    }
    assert_non_null(p);
    assert_refused_before_moving("sim:model=four-arm,range=1,speed=0", p, "end stop");
    assert_non_null(strstr(cube_last_error(), "action "));
    cube_plan_free(p);
    cube_robot_free(wide);
}

static void test_parallel_plan_on_serial_driver(void **state) {
    (void)state;
    cube_robot *parallel = robot_parsed("six-motor");
    cube_moves *m = moves_of("R L' U D'");
    cube_plan *p = plan_from(parallel, m, NULL, 0);
    assert_true(actions_of(p) == 4);
    assert_refused_before_moving("sim:model=six-motor,parallel=0,speed=0", p, "parallel=0");
    assert_non_null(strstr(cube_last_error(), "action 0"));
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(parallel);
}

static void test_plan_quicker_than_driver(void **state) {
    (void)state;
    cube_robot *quick = robot_parsed("six-motor:turn90=10");
    cube_moves *m = moves_of("R U");
    cube_plan *p = plan_from(quick, m, NULL, 0);
    assert_refused_before_moving("sim:model=six-motor,turn90=20,speed=0", p, "needs at least 20 ms");
    assert_non_null(strstr(cube_last_error(), "action 0 (R turn +1)"));
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(quick);
}

/* A slower plan than the robot needs fits. */
static void test_plan_slower_than_driver_fits(void **state) {
    (void)state;
    cube_robot *slow = robot_parsed("six-motor:turn90=40,turn180=70");
    cube_moves *m = moves_of("R U F'");
    cube_plan *p = plan_from(slow, m, NULL, 0);
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,turn90=20,speed=0");
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(slow);
}

/* A plan that cuts corners (overlap) is refused by a robot that does not, and runs on one that does. */
static void test_overlap_plan_needs_an_overlapping_robot(void **state) {
    (void)state;
    cube_robot *cutting = robot_parsed("six-motor:overlap=0.3");
    cube_moves *m = moves_of("R U F'");
    cube_plan *p = plan_from(cutting, m, NULL, 0);
    assert_refused_before_moving("sim:model=six-motor,speed=0", p, "action 1 (U turn +1): starts at 14000 us");
    assert_non_null(strstr(cube_last_error(), "overlap=0"));
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,overlap=0.3,speed=0");
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(cutting);
}

static void test_other_family_refused(void **state) {
    (void)state;
    cube_robot *arms = robot_parsed("four-arm");
    cube_moves *m = moves_of("R U");
    cube_plan *p = plan_from(arms, m, NULL, 0);
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,speed=0");
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(cube_last_error(), "actuator"));
    assert_int_equal(fault_of(d).code, CUBE_FAULT_MISMATCH);
    assert_unmoved(d);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(arms);
}

/* A sim opened without a robot takes the plan's. */
static void test_driver_without_robot_takes_the_plans(void **state) {
    (void)state;
    cube_robot *robot = robot_parsed("turntable-flipper");
    cube_plan *p = plan_solution(robot, 3, 10);
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:speed=0");
    assert_string_equal(cube_driver_robot_spec(d), "");
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    char answer[128];
    assert_string_equal(ask(d, "solved", answer), "1");
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    cube_plan_free(p);
    cube_robot_free(robot);
}

/* ---- Bad arguments ---- */

static void test_bad_arguments(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,speed=0");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 9, 5);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);

    assert_refused(cube_driver_run_plan(NULL, p, NULL, NULL), "driver");
    assert_refused(cube_driver_run_plan(d, NULL, NULL, NULL), "plan");
    assert_refused(cube_driver_run_plan(d, (const cube_plan *)robot, NULL, NULL), "plan");
    assert_refused(cube_driver_run(NULL, p, NULL, NULL, NULL), "driver");
    assert_refused(cube_driver_cancel(NULL), "driver");

    o.resume = 2;
    assert_refused(cube_driver_run_plan(d, p, &o, &rep), "resume");
    assert_int_equal(rep.status, CUBE_ERROR_INVALID_ARGUMENT);
    o.resume = 0;
    o.stop_level = 3;
    assert_refused(cube_driver_run_plan(d, p, &o, NULL), "stop_level");
    o.stop_level = -1;
    assert_refused(cube_driver_run_plan(d, p, &o, NULL), "stop_level");
    o.stop_level = 0;
    o.margin_ms = -1;
    assert_refused(cube_driver_run_plan(d, p, &o, NULL), "margin_ms");
    o.margin_ms = 0;
    o.cancel = (const cube_cancel *)robot;
    assert_refused(cube_driver_run_plan(d, p, &o, NULL), "cancel");
    o.cancel = NULL;
    o.struct_size = 3;
    assert_refused(cube_driver_run_plan(d, p, &o, NULL), "struct_size");
    rep.struct_size = 3;
    assert_refused(cube_driver_run_plan(d, p, NULL, &rep), "struct_size");
    assert_refused(cube_run_options_init_sized(NULL, sizeof o), "NULL");
    assert_refused(cube_run_options_init_sized(&o, 3), "struct_size");
    assert_refused(cube_run_report_init(NULL), "NULL");

    /* None of these moved the robot. */
    char answer[128];
    assert_string_equal(ask(d, "time_us", answer), "0");
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* Options of a newer header (a larger struct_size, zero tail) work; defaults are resume 0, stop level 0,
 * margin 0. */
static void test_options_versions(void **state) {
    (void)state;
    struct {
        cube_run_options o;
        unsigned char tail[16];
    } big;
    memset(&big, 0xA5, sizeof big);
    assert_int_equal(cube_run_options_init_sized(&big.o, sizeof big), CUBE_OK);
    assert_int_equal(big.o.struct_size, sizeof big);
    assert_int_equal(big.o.resume, 0);
    assert_int_equal(big.o.stop_level, 0);
    assert_int_equal(big.o.margin_ms, 0);
    assert_null(big.o.progress);
    for (size_t i = 0; i < sizeof big.tail; ++i) assert_int_equal(big.tail[i], 0);

    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,speed=0");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 10, 5);
    assert_int_equal(cube_driver_run_plan(d, p, &big.o, NULL), CUBE_OK);
    big.tail[3] = 1;
    assert_fails_with(cube_driver_run_plan(d, p, &big.o, NULL), CUBE_ERROR_UNSUPPORTED, "newer");
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_range_two_plan_on_range_one_driver),
        cmocka_unit_test(test_parallel_plan_on_serial_driver),
        cmocka_unit_test(test_plan_quicker_than_driver),
        cmocka_unit_test(test_overlap_plan_needs_an_overlapping_robot),
        cmocka_unit_test(test_plan_slower_than_driver_fits),
        cmocka_unit_test(test_other_family_refused),
        cmocka_unit_test(test_driver_without_robot_takes_the_plans),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_options_versions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
