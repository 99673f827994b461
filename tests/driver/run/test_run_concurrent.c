/* The executor with a plugin that opts in to concurrent steps (plugin_overlap.c, and the sim): steps
 * overlap as the plan lays them out and never earlier, a step sharing an actuator never overlaps, a
 * cancel or a fault with two executes in flight stops the robot once and waits for both, a hung
 * execute is reported; a plugin without the opt-in runs one step at a time. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>

#include "run_util.h"

static const char *plugin_folder;

/* A six-motor robot whose adjacent turns overlap by 30% (consecutive steps overlap in its plans), with
 * 100 ms turns: thread latencies of a loaded machine (or under TSan) stay small against its steps. */
static const char *const kSlowOverlapRobot = "six-motor,turn90=100,turn180=150,overlap=0.3";

typedef struct step_seen {
    int action;
    long long start_us;
    long long end_us;
} step_seen;

/* The plugin's record of its executes, in call order; returns how many. */
static int steps_seen(cube_driver *d, step_seen *out, int capacity) {
    static char text[512 * 48];
    assert_int_equal(cube_driver_query(d, "steps", text, (int32_t)sizeof text, NULL), CUBE_OK);
    int n = 0;
    for (char *save = NULL, *item = strtok_r(text, ";", &save); item && n < capacity;
         item = strtok_r(NULL, ";", &save)) {
        assert_int_equal(sscanf(item, "%d %lld %lld", &out[n].action, &out[n].start_us, &out[n].end_us), 3);
        ++n;
    }
    return n;
}

static long answer_number(cube_driver *d, const char *key) {
    char text[128];
    return atol(ask(d, key, text));
}

static cube_action action_at(const cube_plan *p, int32_t index) {
    cube_action a;
    assert_int_equal(cube_action_init(&a), CUBE_OK);
    assert_int_equal(cube_plan_get_action(p, index, &a), CUBE_OK);
    return a;
}

/* The sum of the plan's step times: what running the steps one after another takes. */
static long long sum_of_steps_us(const cube_plan *p) {
    long long sum = 0;
    int32_t n = actions_of(p);
    for (int32_t i = 0; i < n;) {
        cube_action first = action_at(p, i);
        int32_t longest = 0;
        for (; i < n && action_at(p, i).start_us == first.start_us; ++i) {
            cube_action a = action_at(p, i);
            if (a.end_us - a.start_us > longest) longest = a.end_us - a.start_us;
        }
        sum += longest;
    }
    return sum;
}

static long long plan_time_us(const cube_plan *p) {
    int64_t t = 0;
    assert_int_equal(cube_plan_total_us(p, &t), CUBE_OK);
    return t;
}

/* Each step started no earlier, relative to the first, than the plan says, within 25 ms: the host reads
 * a start just before calling execute, and a busy machine may switch threads before the plugin does (11 ms
 * under ThreadSanitizer on CI's loaded machine). */
static void assert_never_early(const cube_plan *p, const step_seen *s, int n) {
    const long long plan0 = action_at(p, s[0].action).start_us;
    for (int i = 1; i < n; ++i) {
        long long planned = action_at(p, s[i].action).start_us - plan0;
        if (s[i].start_us - s[0].start_us < planned - 25000) {
            print_error("step at action %d started %lld us after the first, planned %lld\n", s[i].action,
                        s[i].start_us - s[0].start_us, planned);
            fail();
        }
    }
}

/* The progress callback's calls: actions done, in order. */
typedef struct progress_seen {
    int calls;
    int32_t last_done;
    int in_order;
} progress_seen;

static int32_t note_progress(void *user_data, int32_t done, int32_t total, int64_t plan_time_us) {
    progress_seen *p = user_data;
    (void)total;
    (void)plan_time_us;
    if (done <= p->last_done) p->in_order = 0;
    p->last_done = done;
    ++p->calls;
    return 0;
}

static void test_steps_overlap_as_planned(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap");
    cube_robot *robot = robot_parsed(kSlowOverlapRobot);
    cube_moves *m = moves_of("R U F D L B R' U' F' D' L' B'");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    progress_seen seen = {0, 0, 1};
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.progress = note_progress;
    o.user_data = &seen;
    assert_int_equal(cube_driver_run_plan(d, p, &o, &rep), CUBE_OK);
    assert_int_equal(rep.actions_done, actions_of(p));
    assert_int_equal(seen.calls, 12);
    assert_true(seen.in_order);
    assert_int_equal(seen.last_done, actions_of(p));
    step_seen s[64];
    int n = steps_seen(d, s, 64);
    assert_int_equal(n, 12);
    assert_true(answer_number(d, "most_in_flight") >= 2);
    assert_int_equal(answer_number(d, "refusals"), 0);
    assert_never_early(p, s, n);
    /* Faster than one step after another; about the plan's time. */
    long long ran = s[n - 1].end_us - s[0].start_us;
    assert_true(plan_time_us(p) < sum_of_steps_us(p));
    if (ran >= sum_of_steps_us(p)) {
        print_error("ran %lld us: the plan takes %lld, its steps one after another %lld\n", ran, plan_time_us(p),
                    sum_of_steps_us(p));
        fail();
    }
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* Two steps that share an actuator never overlap, even where others do (four-arm plans). */
static void test_a_shared_actuator_waits(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap");
    cube_robot *robot = robot_parsed("four-arm,turn90=40,turn180=60,grip=20");
    cube_plan *p = plan_solution(robot, 5, 8);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    assert_int_equal(answer_number(d, "refusals"), 0);
    step_seen s[512];
    int n = steps_seen(d, s, 512);
    for (int i = 0; i < n; ++i) {
        for (int k = i + 1; k < n; ++k) {
            cube_action a = action_at(p, s[i].action);
            cube_action b = action_at(p, s[k].action);
            if (a.actuator == b.actuator) assert_true(s[k].start_us >= s[i].end_us);
        }
    }
    assert_never_early(p, s, n);
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* A plugin without the opt-in: one execute at a time, as before. */
static void test_without_the_opt_in_one_at_a_time(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap:concurrent=0");
    cube_robot *robot = robot_parsed(kSlowOverlapRobot);
    cube_moves *m = moves_of("R U F D");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_OK);
    assert_int_equal(answer_number(d, "most_in_flight"), 1);
    step_seen s[16];
    int n = steps_seen(d, s, 16);
    assert_int_equal(n, 4);
    for (int i = 1; i < n; ++i) assert_true(s[i].start_us >= s[i - 1].end_us);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

typedef struct canceller {
    cube_driver *driver;
    cube_cancel *token;
    int cancelled_with_two;
} canceller;

/* Cancels the run once two executes are in flight (within 5 s). */
static void *cancel_at_two(void *arg) {
    canceller *c = arg;
    for (int i = 0; i < 5000; ++i) {
        char text[128];
        if (cube_driver_query(c->driver, "in_flight", text, sizeof text, NULL) == CUBE_OK && atoi(text) == 2) {
            c->cancelled_with_two = 1;
            break;
        }
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    cube_cancel_trigger(c->token);
    return NULL;
}

static void test_cancel_with_two_in_flight(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap");
    cube_robot *robot = robot_parsed(kSlowOverlapRobot);
    cube_moves *m = moves_of("R U F D L B R' U' F' D' L' B'");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.cancel = token;
    canceller c = {d, token, 0};
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, cancel_at_two, &c), 0);
    cube_status st = cube_driver_run_plan(d, p, &o, NULL);
    pthread_join(thread, NULL);
    assert_true(c.cancelled_with_two);
    assert_int_equal(st, CUBE_ERROR_CANCELLED);
    assert_int_equal(answer_number(d, "stops"), 1);
    assert_int_equal(answer_number(d, "in_flight"), 0);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_CANCELLED);
    assert_true(f.action_index >= 0);
    cube_cancel_free(token);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* The fourth execute fails at 90% of its time, when the fifth (from 70%) is in flight. */
static void test_a_fault_with_two_in_flight(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap:fail_at=3");
    cube_robot *robot = robot_parsed(kSlowOverlapRobot);
    cube_moves *m = moves_of("R U F D L B R' U'");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_fails_with(cube_driver_run_plan(d, p, NULL, &rep), CUBE_ERROR_IO, "injected failure");
    step_seen s[16];
    int n = steps_seen(d, s, 16);
    assert_true(n >= 5);
    assert_true(s[4].start_us < s[3].end_us); /* the fifth started before the fourth failed */
    assert_int_equal(answer_number(d, "stops"), 1);
    assert_int_equal(answer_number(d, "in_flight"), 0);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_COMMUNICATION);
    assert_int_equal(f.action_index, s[3].action);
    assert_true(rep.actions_done <= s[3].action);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

/* The third execute never returns, not even after the stop: the driver is reported hung. */
static void test_a_hung_execute_is_reported(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in(plugin_folder);
    cube_driver *d = open_driver(reg, "overlap:hang_at=2");
    cube_robot *robot = robot_parsed(kSlowOverlapRobot);
    cube_moves *m = moves_of("R U F D L B");
    cube_plan *p = plan_from(robot, m, NULL, 0);
    assert_int_equal(cube_driver_run_plan(d, p, NULL, NULL), CUBE_ERROR_TIMEOUT);
    cube_driver_fault f = fault_of(d);
    assert_int_equal(f.code, CUBE_FAULT_HUNG);
    assert_int_equal(f.action_index, action_at(p, 2).start_us == action_at(p, 1).start_us ? 1 : 2);
    assert_int_equal(f.positions_known, 0);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
    cube_driver_close(d); /* abandoned, not freed: its execute may still return */
    cube_driver_registry_free(reg);
}

/* The sim opts in at a speed above 0: an overlapping plan takes about its plan time, solved. */
static void test_the_sim_runs_overlapped_steps(void **state) {
    (void)state;
    cube_driver_registry *reg = registry_in("");
    cube_driver *d = open_driver(reg, "sim:model=six-motor,turn90=100,turn180=150,overlap=0.3,speed=2");
    cube_robot *robot = driver_robot(d);
    cube_plan *p = plan_solution(robot, 9, 16);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    cube_status st = cube_driver_run_plan(d, p, NULL, &rep);
    if (st != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    char text[128];
    assert_string_equal(ask(d, "solved", text), "1");
    assert_string_equal(ask(d, "concurrent-steps", text), "yes");
    if (rep.elapsed_us * 2 >= sum_of_steps_us(p)) {
        print_error("ran %lld us at speed 2: the plan takes %lld, its steps one after another %lld\n",
                    (long long)rep.elapsed_us, plan_time_us(p), sum_of_steps_us(p));
        fail();
    }
    cube_plan_free(p);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(reg);
}

int main(int argc, char **argv) {
    plugin_folder = argc > 1 ? argv[1] : ".";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_overlap_as_planned),   cmocka_unit_test(test_a_shared_actuator_waits),
        cmocka_unit_test(test_without_the_opt_in_one_at_a_time), cmocka_unit_test(test_cancel_with_two_in_flight),
        cmocka_unit_test(test_a_fault_with_two_in_flight), cmocka_unit_test(test_a_hung_execute_is_reported),
        cmocka_unit_test(test_the_sim_runs_overlapped_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
