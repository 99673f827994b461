/* Runs on the sim driver through the public API: two runs in a row on one driver for every family, a
 * fault injected at action k followed by a resumed plan, and cancels (another thread, a token, the
 * progress callback) followed by a resumed plan. Each ends with the simulated cube solved and the robot
 * at rest. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "run_util.h"

static void assert_solved_at_rest(cube_driver *d, const cube_robot *robot) {
    char answer[128];
    assert_string_equal(ask(d, "solved", answer), "1");
    assert_true(at_rest(d, robot));
    assert_int_equal(fault_of(d).code, CUBE_FAULT_NONE);
}

/* ---- Two runs in a row ---- */

static void two_runs_on(const char *uri) {
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, uri);
    cube_robot *robot = driver_robot(d);
    for (uint64_t seed = 1; seed <= 2; ++seed) {
        cube_plan *p = plan_solution(robot, seed * 7919, 20);
        cube_run_report rep;
        assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
        if (cube_driver_run_plan(d, p, NULL, &rep) != CUBE_OK) {
            print_error("%s run %d: %s\n", uri, (int)seed, cube_last_error());
            fail();
        }
        assert_int_equal(rep.status, CUBE_OK);
        assert_int_equal(rep.actions_done, actions_of(p));
        assert_int_equal(rep.action_count, actions_of(p));
        assert_solved_at_rest(d, robot);
        cube_plan_free(p);
    }
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static void test_two_runs_every_family(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof sim_families / sizeof *sim_families; ++i) two_runs_on(sim_families[i]);
}

/* cube_driver_run (libcube 1.0) runs the same way, with its progress callback. */
static int32_t count_steps(void *user_data, int32_t done, int32_t count, int64_t plan_time_us) {
    (void)plan_time_us;
    assert_true(done <= count);
    ++*(int *)user_data;
    return 0;
}

static void test_run_compat(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=four-arm,speed=0");
    cube_robot *robot = driver_robot(d);
    for (int run = 0; run < 2; ++run) {
        cube_plan *p = plan_solution(robot, 42 + (uint64_t)run, 15);
        int steps = 0;
        assert_int_equal(cube_driver_run(d, p, count_steps, &steps, NULL), CUBE_OK);
        assert_true(steps > 0 && steps <= actions_of(p));
        assert_solved_at_rest(d, robot);
        cube_plan_free(p);
    }
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* ---- A fault at action k, then a resumed plan ---- */

static void fault_then_resume(const char *family_uri, int32_t k_percent) {
    cube_driver_registry *reg = registry_in("");
    cube_driver *probe = open_driver(reg, family_uri);
    cube_robot *robot = driver_robot(probe);
    cube_driver_close(probe);
    cube_plan *p = plan_solution(robot, 1000 + (uint64_t)k_percent, 20);
    int32_t k = actions_of(p) * k_percent / 100;
    char uri[128];
    snprintf(uri, sizeof uri, "%s,fail_after=%d", family_uri, (int)k);
    cube_driver *d = open_driver(reg, uri);

    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    cube_status ran = cube_driver_run_plan(d, p, NULL, &rep);
    if (ran != CUBE_ERROR_IO) {
        print_error("%s: %s\n", uri, cube_last_error());
        fail();
    }
    assert_int_equal(rep.status, CUBE_ERROR_IO);
    assert_true(rep.actions_done <= k);
    assert_true(rep.actions_done > k - 3);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_DEVICE);
    assert_int_equal(f.status, CUBE_ERROR_IO);
    assert_int_equal(f.action_index, rep.actions_done);
    assert_int_equal(f.positions_known, 1);
    assert_int_equal(f.stop_level, CUBE_STOP_HALT);
    assert_non_null(strstr(f.text, "injected"));

    cube_plan *rest = plan_rest_of(d, robot, p, rep.actions_done);
    if (run_resumed(d, rest) != CUBE_OK) {
        print_error("%s k=%d resume: %s\n", uri, (int)k, cube_last_error());
        fail();
    }
    assert_solved_at_rest(d, robot);
    cube_plan_free(rest);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static void test_fault_then_resume_every_family(void **state) {
    (void)state;
    const int32_t at_percent[] = {0, 10, 50, 90};
    for (size_t i = 0; i < sizeof sim_families / sizeof *sim_families; ++i)
        for (size_t j = 0; j < sizeof at_percent / sizeof *at_percent; ++j)
            fault_then_resume(sim_families[i], at_percent[j]);
}

/* A plan from rest on a robot left mid-way is refused before it moves: it must start where the robot is. */
static void test_plan_from_elsewhere_refused(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=four-arm,speed=0,fail_after=9");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 77, 20);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_ERROR_IO);
    assert_false(at_rest(d, robot));
    char before[128];
    ask(d, "positions", before);
    assert_fails_with(run_resumed(d, p), CUBE_ERROR_INVALID_ARGUMENT, "start");
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_MISMATCH);
    char after[128];
    assert_string_equal(ask(d, "positions", after), before);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* cube_driver_rest after a fault brings the robot to rest with a plan from where it stopped. */
static void test_rest_after_a_fault(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof sim_families / sizeof *sim_families; ++i) {
        char uri[128];
        snprintf(uri, sizeof uri, "%s,fail_after=11", sim_families[i]);
        cube_driver_registry *reg = registry_in("");
        cube_driver *d = open_driver(reg, uri);
        cube_robot *robot = driver_robot(d);
        cube_plan *p = plan_solution(robot, 21, 20);
        assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_ERROR_IO);
        if (cube_driver_rest(d) != CUBE_OK) {
            print_error("%s: rest: %s\n", uri, cube_last_error());
            fail();
        }
        assert_true(at_rest(d, robot));
        assert_int_equal(cube_driver_rest(d), CUBE_OK);
        cube_plan_free(p);
        cube_robot_free(robot);
        cube_driver_close(d);
        cube_driver_registry_free(reg);
    }
}

/* ---- Cancels, then a resumed plan ---- */

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static void *cancel_later(void *driver) {
    sleep_ms(300);
    assert_int_equal(cube_driver_cancel(driver), CUBE_OK);
    return NULL;
}

/* Cancelled mid-run, the robot stops; a plan of the rest from its positions finishes the solve. */
static void cancelled_then_resumed(cube_driver *d, const cube_robot *robot, const cube_plan *p,
                                   const cube_run_report *rep) {
    assert_int_equal(rep->status, CUBE_ERROR_CANCELLED);
    assert_true(rep->actions_done < actions_of(p));
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_CANCELLED);
    assert_int_equal(f.stop_level, CUBE_STOP_HALT);
    assert_int_equal(f.positions_known, 1);
    cube_plan *rest = plan_rest_of(d, robot, p, rep->actions_done);
    if (run_resumed(d, rest) != CUBE_OK) {
        print_error("resume: %s\n", cube_last_error());
        fail();
    }
    assert_solved_at_rest(d, robot);
    cube_plan_free(rest);
}

static void test_cancel_from_thread_then_resume(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=two-gripper,speed=4");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 5, 25);
    pthread_t canceller;
    assert_int_equal(pthread_create(&canceller, NULL, cancel_later, d), 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, &rep), CUBE_ERROR_CANCELLED);
    pthread_join(canceller, NULL);
    assert_true(rep.elapsed_us < 2000000);
    cancelled_then_resumed(d, robot, p, &rep);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static void *trigger_later(void *token) {
    sleep_ms(300);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    return NULL;
}

static void test_cancel_token_then_resume(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,speed=0.2");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 6, 25);
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.cancel = token;
    pthread_t trigger;
    assert_int_equal(pthread_create(&trigger, NULL, trigger_later, token), 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_int_equal(cube_driver_run_plan(d, p, &o, &rep), CUBE_ERROR_CANCELLED);
    pthread_join(trigger, NULL);
    assert_true(rep.elapsed_us < 2000000);
    cancelled_then_resumed(d, robot, p, &rep);
    cube_cancel_free(token);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

static int32_t stop_after_three(void *user_data, int32_t done, int32_t count, int64_t plan_time_us) {
    (void)done;
    (void)count;
    (void)plan_time_us;
    return ++*(int *)user_data == 3;
}

static void test_progress_cancel_then_resume(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof sim_families / sizeof *sim_families; ++i) {
        cube_driver_registry *reg = registry_in("");
        cube_driver *d = open_driver(reg, sim_families[i]);
        cube_robot *robot = driver_robot(d);
        cube_plan *p = plan_solution(robot, 8, 20);
        int calls = 0;
        cube_run_report rep;
        assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
        assert_int_equal(cube_driver_run(d, p, stop_after_three, &calls, &rep), CUBE_ERROR_CANCELLED);
        assert_int_equal(calls, 3);
        cancelled_then_resumed(d, robot, p, &rep);
        cube_plan_free(p);
        cube_robot_free(robot);
        cube_driver_close(d);
        cube_driver_registry_free(reg);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_runs_every_family),
        cmocka_unit_test(test_run_compat),
        cmocka_unit_test(test_fault_then_resume_every_family),
        cmocka_unit_test(test_plan_from_elsewhere_refused),
        cmocka_unit_test(test_rest_after_a_fault),
        cmocka_unit_test(test_cancel_from_thread_then_resume),
        cmocka_unit_test(test_cancel_token_then_resume),
        cmocka_unit_test(test_progress_cancel_then_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
