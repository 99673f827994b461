/* The Tic driver with concurrent steps, through the real libusb against six emulated boards: a six-motor
 * robot that cuts corners (overlap=0.3) has two steps on different boards moving at once; a fault on one
 * board (an error bit, or a board that stops answering) while two steps are in flight halts every board
 * once and is the one reported; a cancel while two are in flight stops every board; concurrent=0 runs one
 * step at a time.
 * A watcher thread polls the fake boards: two boards moving at once that no step of the plan moves
 * together are two steps in flight. Usage (under umockdev-wrapper): test_tic_concurrent PLUGIN_FOLDER */
#define _GNU_SOURCE /* usleep */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../core/test_util.h"
#include "tic_fixture.h"

/* Quarter turns of 400 microsteps at 10000/s with 1e6/s^2 take 50 ms (half turns 90 ms): long against
 * the thread hand-offs of a loaded machine or of TSan. Adjacent faces overlap by 30%. */
static const char kSlowOverlap[] = ",speed=10000,accel=1000000,model=six-motor:overlap=0.3";

enum watch_mode { WATCH, FAULT_ONE, MUTE_ONE, CANCEL };

typedef struct watch {
    fake_bus *bus;
    cube_driver *driver;
    enum watch_mode mode;
    int same_step[6][6]; /* boards that some step of the plan moves together */
    int done;            /* set by the test (atomic) */
    int overlaps;        /* polls that saw two steps moving at once */
    int injected;        /* the board given a motor driver error or muted, or -1 */
    int cancelled;
} watch;

static void mark_same_steps(watch *w, const cube_plan *plan) {
    int32_t n = 0;
    assert_int_equal(cube_plan_action_count(plan, &n), CUBE_OK);
    memset(w->same_step, 0, sizeof w->same_step);
    for (int32_t i = 0; i < n; ++i) {
        cube_action a, b;
        assert_int_equal(cube_action_init(&a), CUBE_OK);
        assert_int_equal(cube_plan_get_action(plan, i, &a), CUBE_OK);
        for (int32_t k = i; k < n; ++k) {
            assert_int_equal(cube_action_init(&b), CUBE_OK);
            assert_int_equal(cube_plan_get_action(plan, k, &b), CUBE_OK);
            if (b.start_us != a.start_us) break;
            w->same_step[a.actuator][b.actuator] = w->same_step[b.actuator][a.actuator] = 1;
        }
    }
}

static void *watch_boards(void *arg) {
    watch *w = arg;
    while (!__atomic_load_n(&w->done, __ATOMIC_ACQUIRE)) {
        int moving[6];
        for (int i = 0; i < 6; ++i) moving[i] = fake_tic_moving(w->bus, i);
        int first = -1;
        for (int a = 0; a < 6 && first < 0; ++a)
            for (int b = a + 1; b < 6 && first < 0; ++b)
                if (moving[a] && moving[b] && !w->same_step[a][b]) first = a;
        if (first >= 0) {
            ++w->overlaps;
            if (w->mode == FAULT_ONE && w->injected < 0) {
                fake_tic_set_errors(w->bus, first, 1u << 1);
                w->injected = first;
            }
            if (w->mode == MUTE_ONE && w->injected < 0) {
                fake_tic_mute(w->bus, first);
                w->injected = first;
            }
            if (w->mode == CANCEL && !w->cancelled) {
                assert_int_equal(cube_driver_cancel(w->driver), CUBE_OK);
                w->cancelled = 1;
            }
        }
        usleep(300);
    }
    return NULL;
}

typedef struct outcome {
    cube_status status;
    int64_t took_ms;
    cube_run_report report;
} outcome;

/* Runs the plan with the watcher polling the boards. */
static outcome run_watched(watch *w, const cube_plan *plan) {
    mark_same_steps(w, plan);
    w->done = 0;
    w->overlaps = 0;
    w->injected = -1;
    w->cancelled = 0;
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, watch_boards, w), 0);
    outcome o;
    assert_int_equal(cube_run_report_init(&o.report), CUBE_OK);
    int64_t start = tic_now_ms();
    o.status = cube_driver_run_plan(w->driver, plan, NULL, &o.report);
    o.took_ms = tic_now_ms() - start;
    __atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
    assert_int_equal(pthread_join(thread, NULL), 0);
    return o;
}

/* The plan's steps one after another: what a run one step at a time takes at least. */
static int64_t steps_one_by_one_us(const cube_plan *plan) {
    int32_t n = 0;
    assert_int_equal(cube_plan_action_count(plan, &n), CUBE_OK);
    int64_t sum = 0;
    for (int32_t i = 0; i < n;) {
        cube_action first;
        assert_int_equal(cube_action_init(&first), CUBE_OK);
        assert_int_equal(cube_plan_get_action(plan, i, &first), CUBE_OK);
        int32_t longest = 0;
        for (; i < n; ++i) {
            cube_action a;
            assert_int_equal(cube_action_init(&a), CUBE_OK);
            assert_int_equal(cube_plan_get_action(plan, i, &a), CUBE_OK);
            if (a.start_us != first.start_us) break;
            if (a.end_us - a.start_us > longest) longest = a.end_us - a.start_us;
        }
        sum += longest;
    }
    return sum;
}

static const char *concurrent_answer(cube_driver *d, char *text, int32_t capacity) {
    assert_int_equal(cube_driver_query(d, "concurrent-steps", text, capacity, NULL), CUBE_OK);
    return text;
}

/* Every board stopped and halted `stops` times (one round per stop or fault), or
 * once more: a step whose targets went out while the stop came halts its own boards again. */
static void assert_halted(fake_bus *bus, int stops) {
    int least = 1000;
    for (int i = 0; i < 6; ++i) {
        int halts = fake_tic_halts(bus, i);
        assert_false(fake_tic_moving(bus, i));
        if (halts < stops || halts > stops + 1) print_error("board %d: %d halts, expected %d or %d\n", i, halts, stops, stops + 1);
        assert_in_range(halts, stops, stops + 1);
        if (halts < least) least = halts;
    }
    assert_int_equal(least, stops);
}

static void steps_on_different_boards_run_at_once(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, kSlowOverlap));
    assert_string_equal(cube_driver_robot_spec(d), "six-motor:overlap=0.3,turn90=50,turn180=90");
    char text[16];
    assert_string_equal(concurrent_answer(d, text, sizeof text), "yes");
    char scramble[512];
    cube_plan *plan = tic_plan(d, 12, 20, scramble, sizeof scramble);
    watch w = {.bus = bus, .driver = d, .mode = WATCH};
    outcome o = run_watched(&w, plan);
    if (o.status != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(o.status, CUBE_OK);
    assert_true(w.overlaps > 0);

    int32_t expected[6] = {0};
    int32_t count = 0;
    assert_int_equal(cube_plan_action_count(plan, &count), CUBE_OK);
    for (int32_t k = 0; k < count; ++k) {
        cube_action a;
        assert_int_equal(cube_action_init(&a), CUBE_OK);
        assert_int_equal(cube_plan_get_action(plan, k, &a), CUBE_OK);
        expected[a.actuator] += a.param;
    }
    for (int i = 0; i < 6; ++i) {
        assert_int_equal(fake_tic_position(bus, i), expected[i] * TIC_STEPS_PER_QUARTER);
        assert_int_equal(fake_tic_error_status(bus, i) & ~1u, 0);
    }
    printf("# concurrent: plan %lld ms (one step at a time %lld ms), run %lld ms with prepare and rest; %d polls "
           "saw two steps moving\n",
           (long long)o.report.plan_time_us / 1000, (long long)steps_one_by_one_us(plan) / 1000,
           (long long)o.took_ms, w.overlaps);
    cube_plan_free(plan);
    cube_driver_close(d);
    fake_bus_free(bus);
}

static void concurrent_0_runs_one_step_at_a_time(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    char extra[128];
    snprintf(extra, sizeof extra, "%s,concurrent=0", kSlowOverlap);
    cube_driver *d = tic_open(tic_uri(bus, extra));
    char text[16];
    assert_string_equal(concurrent_answer(d, text, sizeof text), "no");
    char scramble[512];
    cube_plan *plan = tic_plan(d, 12, 20, scramble, sizeof scramble);
    watch w = {.bus = bus, .driver = d, .mode = WATCH};
    outcome o = run_watched(&w, plan);
    if (o.status != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(o.status, CUBE_OK);
    assert_int_equal(w.overlaps, 0);
    /* the boards' own motion times, one after another, bound the run from below */
    assert_true(o.report.elapsed_us >= steps_one_by_one_us(plan) * 95 / 100);
    printf("# one step at a time: plan %lld ms, run %lld ms with prepare and rest\n",
           (long long)o.report.plan_time_us / 1000, (long long)o.took_ms);
    cube_plan_free(plan);
    cube_driver_close(d);
    fake_bus_free(bus);
}

static void a_fault_with_two_steps_in_flight_halts_all_once(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, kSlowOverlap));
    char scramble[512];
    cube_plan *plan = tic_plan(d, 7, 20, scramble, sizeof scramble);
    watch w = {.bus = bus, .driver = d, .mode = FAULT_ONE};
    outcome o = run_watched(&w, plan);
    assert_true(w.injected >= 0);
    assert_int_equal(o.status, CUBE_ERROR_IO);
    assert_true(o.took_ms < 5000); /* no hang */
    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    printf("# %s (%lld ms)\n", fault.text, (long long)o.took_ms);
    assert_int_equal(fault.code, CUBE_FAULT_DEVICE);
    assert_int_equal(fault.actuator, w.injected);
    assert_int_equal(fault.device_bits, 1u << 1);
    assert_non_null(strstr(fault.text, fake_tic_serial(bus, w.injected)));
    assert_non_null(strstr(fault.text, "motor driver error"));
    assert_true(fault.stop_level >= CUBE_STOP_HALT);
    /* one halt round: the driver's halt of every board for the fault (the host's stop after it finds the
     * boards halted already) */
    assert_halted(bus, 1);
    cube_plan_free(plan);
    int64_t start = tic_now_ms();
    cube_driver_close(d);
    assert_true(tic_now_ms() - start < 3000);
    fake_bus_free(bus);
}

/* A board that stops answering while two steps are in flight: its transfers time out (200 ms each), the
 * other step's board goes on answering, and the fault is reported once without a hang. */
static void a_silent_board_with_two_steps_in_flight(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, kSlowOverlap));
    char scramble[512];
    cube_plan *plan = tic_plan(d, 7, 20, scramble, sizeof scramble);
    watch w = {.bus = bus, .driver = d, .mode = MUTE_ONE};
    outcome o = run_watched(&w, plan);
    assert_true(w.injected >= 0);
    assert_int_equal(o.status, CUBE_ERROR_IO);
    assert_true(o.took_ms < 8000); /* no hang: every transfer has its limit */
    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    printf("# %s (%lld ms)\n", fault.text, (long long)o.took_ms);
    assert_int_equal(fault.code, CUBE_FAULT_COMMUNICATION);
    assert_int_equal(fault.actuator, w.injected);
    assert_int_equal(fault.positions_known, 0);
    assert_non_null(strstr(fault.text, "stopped answering"));
    for (int i = 0; i < 6; ++i) {
        if (i == w.injected) continue;
        assert_true(fake_tic_halts(bus, i) >= 1);
        assert_false(fake_tic_moving(bus, i));
    }
    cube_plan_free(plan);
    int64_t start = tic_now_ms();
    cube_driver_close(d);
    assert_true(tic_now_ms() - start < 3000);
    fake_bus_free(bus);
}

static void a_cancel_with_two_steps_in_flight_stops_all(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, kSlowOverlap));
    char scramble[512];
    cube_plan *plan = tic_plan(d, 7, 20, scramble, sizeof scramble);
    watch w = {.bus = bus, .driver = d, .mode = CANCEL};
    outcome o = run_watched(&w, plan);
    assert_true(w.cancelled);
    assert_int_equal(o.status, CUBE_ERROR_CANCELLED);
    assert_true(o.took_ms < 5000);
    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    printf("# %s (%lld ms)\n", fault.text, (long long)o.took_ms);
    assert_int_equal(fault.code, CUBE_FAULT_CANCELLED);
    /* one halt round: the stop of cube_driver_cancel() (the run's own stop after it halts nothing again) */
    assert_halted(bus, 1);
    cube_plan_free(plan);
    cube_driver_close(d);
    fake_bus_free(bus);
}

int main(int argc, char **argv) {
    tic_skip_unless_emulated();
    if (argc < 2) {
        fprintf(stderr, "usage: %s PLUGIN_FOLDER\n", argv[0]);
        return 2;
    }
    tic_set_plugin_folder(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steps_on_different_boards_run_at_once),
        cmocka_unit_test(concurrent_0_runs_one_step_at_a_time),
        cmocka_unit_test(a_fault_with_two_steps_in_flight_halts_all_once),
        cmocka_unit_test(a_silent_board_with_two_steps_in_flight),
        cmocka_unit_test(a_cancel_with_two_steps_in_flight_stops_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
