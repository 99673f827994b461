/* Deadlines: a driver whose execute() does not return is stopped by the timeout. With hang=stop the stop
 * releases it (CUBE_FAULT_TIMEOUT); with hang=forever nothing does (CUBE_FAULT_HUNG: the driver is
 * abandoned, later calls fail cleanly and close returns). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "run_util.h"

static const char *plugin_folder;

static cube_plan *short_plan(void) {
    cube_robot *robot = robot_parsed("six-motor");
    cube_moves *m = moves_of("R U F");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_moves_free(m);
    cube_robot_free(robot);
    return p;
}

static cube_status run_with_margin(cube_driver *d, const cube_plan *p, int32_t margin_ms, const cube_cancel *cancel,
                                   cube_run_report *rep) {
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.margin_ms = margin_ms;
    o.cancel = cancel;
    assert_int_equal(cube_run_report_init(rep), CUBE_OK);
    return cube_driver_run_plan(d, p, &o, rep);
}

static void test_stop_releases_a_hung_step(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "hang:hang=stop");
    cube_plan *p = short_plan();
    for (int run = 0; run < 2; ++run) {
        cube_run_report rep;
        assert_fails_with(run_with_margin(d, p, 100, NULL, &rep), CUBE_ERROR_TIMEOUT, "did not finish within");
        assert_true(rep.elapsed_us < 1000000);
        assert_int_equal(rep.actions_done, 0);
        cube_driver_fault f = fault_of(d);
        assert_int_equal(f.code, CUBE_FAULT_TIMEOUT);
        assert_int_equal(f.status, CUBE_ERROR_TIMEOUT);
        assert_int_equal(f.action_index, 0);
        assert_int_equal(f.stop_level, CUBE_STOP_HALT);
    }
    /* The driver is still usable. */
    assert_int_equal(cube_driver_configure(d, "scramble", "R"), CUBE_OK);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* Without margin_ms the driver's own margin applies, at least 250 ms. */
static void test_driver_margin(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "hang:hang=stop,margin_us=400000");
    cube_plan *p = short_plan();
    cube_run_report rep;
    assert_fails_with(run_with_margin(d, p, 0, NULL, &rep), CUBE_ERROR_TIMEOUT, "within 420 ms");
    assert_int_equal(fault_of(d).code, CUBE_FAULT_TIMEOUT);
    cube_driver_close(d);
    d = open_driver(reg, "hang:hang=stop,margin_us=0");
    assert_fails_with(run_with_margin(d, p, 0, NULL, &rep), CUBE_ERROR_TIMEOUT, "within 270 ms");
    assert_int_equal(fault_of(d).code, CUBE_FAULT_TIMEOUT);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static void test_hung_driver_is_abandoned(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "hang:hang=forever");
    cube_plan *p = short_plan();
    cube_run_report rep;
    assert_fails_with(run_with_margin(d, p, 100, NULL, &rep), CUBE_ERROR_TIMEOUT, "abandoned");
    assert_true(rep.elapsed_us >= 2000000);
    assert_true(rep.elapsed_us < 4000000);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_HUNG);
    assert_int_equal(f.status, CUBE_ERROR_TIMEOUT);
    assert_int_equal(f.action_index, 0);
    assert_int_equal(f.positions_known, 0);
    assert_int_equal(f.stop_level, CUBE_STOP_HALT);

    /* Later calls fail cleanly without calling the plugin; cancel and close return at once. */
    assert_fails_with(cube_driver_run_plan(d, p, NULL, NULL), CUBE_ERROR_IO, "hung");
    assert_fails_with(cube_driver_configure(d, "scramble", "R"), CUBE_ERROR_IO, "hung");
    assert_fails_with(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_ERROR_IO, "hung");
    assert_int_equal(cube_driver_cancel(d), CUBE_OK);
    assert_int_equal(fault_of(d).code, CUBE_FAULT_HUNG);
    cube_driver_close(d);
    cube_plan_free(p);
    cube_driver_registry_free(reg);
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void *trigger_later(void *token) {
    sleep_ms(200);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    return NULL;
}

/* Runs a short plan on `uri` with a long margin and triggers a cancel token 200 ms in: the run must end
 * with `expected` within `limit_us`, with fault `fault_code`. */
static void cancel_during_a_step(const char *uri, cube_status expected, int64_t limit_us, int32_t fault_code) {
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, uri);
    cube_plan *p = short_plan();
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    pthread_t trigger;
    assert_int_equal(pthread_create(&trigger, NULL, trigger_later, token), 0);
    cube_run_report rep;
    assert_int_equal(run_with_margin(d, p, 60000, token, &rep), expected);
    pthread_join(trigger, NULL);
    assert_true(rep.elapsed_us < limit_us);
    assert_int_equal(fault_of(d).code, fault_code);
    cube_cancel_free(token);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* A cancel token wakes the wait long before the deadline; the stop releases the step. */
static void test_cancel_wakes_the_wait(void **state) {
    (void)state;
    cancel_during_a_step("hang:hang=stop", CUBE_ERROR_CANCELLED, 1000000, CUBE_FAULT_CANCELLED);
}

/* A cancel of a step that never returns: stopped, then abandoned 2 s later. */
static void test_cancel_of_a_hung_step(void **state) {
    (void)state;
    cancel_during_a_step("hang:hang=forever", CUBE_ERROR_TIMEOUT, 4000000, CUBE_FAULT_HUNG);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN_FOLDER\n", argv[0]);
        return 2;
    }
    plugin_folder = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stop_releases_a_hung_step),
        cmocka_unit_test(test_driver_margin),
        cmocka_unit_test(test_hung_driver_is_abandoned),
        cmocka_unit_test(test_cancel_wakes_the_wait),
        cmocka_unit_test(test_cancel_of_a_hung_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
