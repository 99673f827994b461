/* The executor's call order, as a recording plugin sees it: configure, prepare before the first execute,
 * rest after the last; after an error a stop and no rest; the default margin for a driver without one. */
#include "run_util.h"

static const char *plugin_folder;

/* The calls the recording driver got so far. */
static const char *calls_of(cube_driver *d, char calls[8192]) {
    assert_int_equal(cube_driver_query(d, "calls", calls, 8192, NULL), CUBE_OK);
    return calls;
}

/* "execute" repeated `n` times, separated by blanks. */
static void executes(char *out, size_t capacity, int n) {
    out[0] = 0;
    for (int i = 0; i < n; ++i) strncat(out, i ? " execute" : "execute", capacity - strlen(out) - 1);
}

static int32_t steps_of(const cube_plan *p) {
    int32_t steps = 0;
    int32_t last_start = -1;
    for (int32_t i = 0; i < actions_of(p); ++i) {
        cube_action a;
        assert_int_equal(cube_action_init(&a), CUBE_OK);
        assert_int_equal(cube_plan_get_action(p, i, &a), CUBE_OK);
        if (a.start_us != last_start) ++steps;
        last_start = a.start_us;
    }
    return steps;
}

static void test_order_of_a_run(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "record");
    cube_robot *robot = robot_parsed("four-arm");
    cube_plan *p = plan_solution(robot, 11, 8);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    char want[8192], steps[8000], calls[8192];
    executes(steps, sizeof steps, steps_of(p));
    snprintf(want, sizeof want, "configure:robot configure:scramble prepare %s rest", steps);
    assert_string_equal(calls_of(d, calls), want);
    /* The second run knows the robot already: configure "robot" comes after the checks, once. */
    assert_int_equal(run_resumed(d, p), CUBE_OK);
    snprintf(want, sizeof want, "configure:robot configure:scramble prepare %s rest configure:robot prepare %s rest",
             steps, steps);
    assert_string_equal(calls_of(d, calls), want);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static void test_order_after_an_error(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "record:fail_at=2");
    cube_robot *robot = robot_parsed("six-motor");
    cube_moves *m = moves_of("R U F D");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.stop_level = CUBE_STOP_DEENERGIZE;
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_fails_with(cube_driver_run_plan(d, p, &o, &rep), CUBE_ERROR_IO, "injected failure");
    char calls[8192];
    assert_string_equal(calls_of(d, calls),
                        "configure:robot configure:scramble prepare execute execute execute stop:2");
    assert_int_equal(rep.actions_done, 2);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_COMMUNICATION);
    assert_int_equal(f.action_index, 2);
    assert_int_equal(f.stop_level, CUBE_STOP_DEENERGIZE);
    assert_string_equal(f.text, "injected failure");
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* A refused plan: nothing but the robot question reaches the driver (no prepare, no execute, no stop). */
static void test_order_of_a_refused_plan(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "record");
    assert_int_equal(cube_driver_configure(d, "robot", "six-motor:parallel=0"), CUBE_OK);
    cube_robot *parallel = robot_parsed("six-motor");
    cube_moves *m = moves_of("R L");
    cube_plan *p = plan_from(parallel, m, NULL, 0);
    assert_refused(cube_driver_run_plan(d, p, NULL, NULL), "parallel");
    char calls[8192];
    assert_string_equal(calls_of(d, calls), "configure:robot");
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(parallel);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* A cancel before the run's last step: stop, no rest. */
static int32_t stop_now(void *user_data, int32_t done, int32_t count, int64_t plan_time_us) {
    (void)user_data;
    (void)done;
    (void)count;
    (void)plan_time_us;
    return 1;
}

static void test_order_of_a_cancel(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "record");
    cube_robot *robot = robot_parsed("six-motor");
    cube_moves *m = moves_of("R U");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    assert_int_equal(cube_driver_run(d, p, stop_now, NULL, NULL), CUBE_ERROR_CANCELLED);
    char calls[8192];
    assert_string_equal(calls_of(d, calls), "configure:robot configure:scramble prepare execute stop:1");
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN_FOLDER\n", argv[0]);
        return 2;
    }
    plugin_folder = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_of_a_run),
        cmocka_unit_test(test_order_after_an_error),
        cmocka_unit_test(test_order_of_a_refused_plan),
        cmocka_unit_test(test_order_of_a_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
