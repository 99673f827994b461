/* Stops that tell the truth (issue 34), through the real libusb against six emulated boards moving in real
 * time: a cancel token and a Ctrl-C (cube_driver_cancel from another thread, as the CLI's signal thread
 * does) before, during and after a move, a motor driver error on one board while others move, and a board
 * that stops answering. For each, the positions the driver reports (and "positions known" in the fault)
 * must match the fake boards' own state, and the retry either recovers (recover=undo, then the rest of the
 * plan from the driver's positions) or is refused with a message naming the actuator and the recovery.
 * Each case prints one row of the table "interruption x driver -> reported, fake, retry".
 * Usage (under umockdev-wrapper): test_tic_stops PLUGIN_FOLDER */
#define _GNU_SOURCE /* usleep */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../core/test_util.h"
#include "tic_fixture.h"

/* Quarter turns of 400 microsteps at 2000/s take about 200 ms: a wide window to stop a board mid-move on a
 * loaded machine. Adjacent faces overlap by 30%, so that two boards move at once. */
static const char kSlow[] = ",speed=2000,accel=1000000,model=six-motor:overlap=0.3";

enum when { BEFORE, DURING, AFTER };
enum how { TOKEN, CTRL_C, FAULT_ONE, MUTE_ONE };

typedef struct watch {
    fake_bus *bus;
    cube_driver *driver;
    cube_cancel *token;
    enum how how;
    int need_two; /* act only while two boards move at once */
    int done;     /* atomic */
    int acted;    /* the board acted on, or 6 for "all", -1 before */
} watch;

/* A board mid-move: moving and at least 40 microsteps from any quarter. */
static int mid_move(fake_bus *bus, int i) {
    int32_t p = fake_tic_position(bus, i) % TIC_STEPS_PER_QUARTER;
    if (p < 0) p += TIC_STEPS_PER_QUARTER;
    return fake_tic_moving(bus, i) && p > 40 && p < TIC_STEPS_PER_QUARTER - 40;
}

static void *watch_boards(void *arg) {
    watch *w = arg;
    while (!__atomic_load_n(&w->done, __ATOMIC_ACQUIRE) && w->acted < 0) {
        int first = -1;
        int moving = 0;
        for (int i = 0; i < 6; ++i) {
            moving += fake_tic_moving(w->bus, i);
            if (first < 0 && mid_move(w->bus, i)) first = i;
        }
        if (first >= 0 && (!w->need_two || moving >= 2)) {
            switch (w->how) {
                case TOKEN: assert_int_equal(cube_cancel_trigger(w->token), CUBE_OK); break;
                case CTRL_C: assert_int_equal(cube_driver_cancel(w->driver), CUBE_OK); break;
                case FAULT_ONE: fake_tic_set_errors(w->bus, first, 1u << 1); break;
                case MUTE_ONE: fake_tic_mute(w->bus, first); break;
            }
            w->acted = first;
        }
        usleep(200);
    }
    return NULL;
}

/* Cancels after the last action (the robot is then stopped, not brought to rest). */
static int32_t stop_at_end(void *user_data, int32_t done, int32_t count, int64_t t) {
    (void)t;
    (void)user_data;
    return done == count;
}

static const char *const kWhen[] = {"before a move", "during a move", "after the last move"};
static const char *const kHow[] = {"cancel token", "Ctrl-C", "motor driver error on one board",
                                   "a board stops answering"};

/* The fake's own state: every board at a quarter (and answering). */
static int fake_all_at_quarters(fake_bus *bus, int muted, char *text, size_t capacity) {
    int all = 1;
    size_t used = 0;
    for (int i = 0; i < 6; ++i) {
        int32_t p = fake_tic_position(bus, i);
        int at = p % TIC_STEPS_PER_QUARTER == 0 && i != muted;
        all = all && at;
        used += (size_t)snprintf(text + used, capacity - used, "%s%d%s", i ? " " : "", (int)p,
                                 i == muted ? "(mute)" : at ? "" : "*");
    }
    return all;
}

/* The driver's report against the fake: known only when the fake agrees, and then the same quarters. */
static int check_truth(cube_driver *d, fake_bus *bus, int muted, int check_fault, char *reported, size_t capacity) {
    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    int32_t at[6];
    int32_t n = 0;
    cube_status st = cube_driver_positions(d, at, 6, &n);
    char fake[128];
    int fake_known = fake_all_at_quarters(bus, muted, fake, sizeof fake);
    if (st == CUBE_OK) {
        for (int i = 0; i < 6; ++i) assert_int_equal(at[i] * TIC_STEPS_PER_QUARTER, fake_tic_position(bus, i));
        assert_true(fake_known);
        snprintf(reported, capacity, "known (%d %d %d %d %d %d)", at[0], at[1], at[2], at[3], at[4], at[5]);
    } else {
        const char *why = cube_last_error();
        assert_true(strstr(why, "between positions") || strstr(why, "position lost"));
        assert_non_null(strstr(why, "recover="));
        assert_false(fake_known);
        snprintf(reported, capacity, "%s", strstr(why, "between positions") ? "between positions" : "position lost");
    }
    if (check_fault && fault.code != CUBE_FAULT_NONE) assert_int_equal(fault.positions_known, st == CUBE_OK);
    printf("#   fake board positions (microsteps, * between quarters): %s\n", fake);
    return st == CUBE_OK;
}

/* Runs the rest of `plan` after `done` actions from the driver's positions; asserts success. */
static void run_rest(cube_driver *d, const cube_plan *plan, int32_t done) {
    cube_robot *robot = NULL;
    cube_moves *left = NULL;
    cube_plan *rest = NULL;
    int32_t at[6];
    int32_t n = 0;
    assert_int_equal(cube_robot_parse(cube_driver_robot_spec(d), &robot), CUBE_OK);
    assert_int_equal(cube_plan_remaining(plan, done, &left), CUBE_OK);
    assert_int_equal(cube_driver_positions(d, at, 6, &n), CUBE_OK);
    cube_plan_options o;
    assert_int_equal(cube_plan_options_init(&o), CUBE_OK);
    o.start_positions = at;
    o.start_position_count = n;
    assert_int_equal(cube_plan_new(robot, left, &o, &rest), CUBE_OK);
    cube_run_options ro;
    assert_int_equal(cube_run_options_init(&ro), CUBE_OK);
    ro.resume = 1;
    cube_status st = cube_driver_run_plan(d, rest, &ro, NULL);
    if (st != CUBE_OK) print_error("rest of the plan: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    cube_plan_free(rest);
    cube_moves_free(left);
    cube_robot_free(robot);
}

static void stop_case(enum how how, enum when when) {
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, kSlow));
    char scramble[512];
    cube_plan *plan = tic_plan(d, 11, 8, scramble, sizeof scramble);
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    watch w = {bus, d, token, how, how == FAULT_ONE, 0, -1};
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.cancel = token;
    if (when == AFTER) o.progress = stop_at_end;
    if (when == BEFORE) {
        if (how == TOKEN) assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
        else assert_int_equal(cube_driver_cancel(d), CUBE_OK); /* before the run: the run clears it */
    }
    pthread_t thread;
    if (when == DURING) assert_int_equal(pthread_create(&thread, NULL, watch_boards, &w), 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    cube_status st = cube_driver_run_plan(d, plan, &o, &rep);
    __atomic_store_n(&w.done, 1, __ATOMIC_RELEASE);
    if (when == DURING) assert_int_equal(pthread_join(thread, NULL), 0);
    if (when == DURING) assert_true(w.acted >= 0);
    int muted = how == MUTE_ONE ? w.acted : -1;
    if (!(when == BEFORE && how == CTRL_C)) assert_int_not_equal(st, CUBE_OK);
    usleep(20 * 1000); /* nothing moves after the run returned: the fake must agree a moment later too */
    char reported[160];
    int known = check_truth(d, bus, muted, 1, reported, sizeof reported);
    const char *retry = "";
    if (st == CUBE_OK) {
        retry = "nothing to retry (a cancel before the run is cleared by the run)";
    } else if (known) {
        run_rest(d, plan, rep.actions_done);
        retry = "resumed from the reported positions: the rest of the plan ran";
    } else {
        /* prepare (what a retry or resume calls first) refuses, naming the actuator and the recovery */
        assert_int_equal(cube_driver_prepare(d), CUBE_ERROR_IO);
        assert_non_null(strstr(cube_last_error(), "recover="));
        if (muted >= 0) {
            assert_int_not_equal(cube_driver_configure(d, "recover", "undo"), CUBE_OK);
            printf("#   recover=undo: %s\n", cube_last_error());
            assert_non_null(strstr(cube_last_error(), "position lost"));
            retry = "refused: the board is lost (recover=undo refused; recover=rest after placing it by hand)";
        } else {
            assert_int_equal(cube_driver_configure(d, "recover", "undo"), CUBE_OK);
            char after[160];
            assert_true(check_truth(d, bus, -1, 0, after, sizeof after));
            run_rest(d, plan, rep.actions_done);
            retry = "refused, then recover=undo turned the boards back slowly; the rest of the plan ran";
        }
    }
    printf("# table | %s %s | tic | reported %s | fake agrees | %s\n", kHow[how], kWhen[when], reported, retry);
    cube_plan_free(plan);
    cube_cancel_free(token);
    int64_t start = tic_now_ms();
    cube_driver_close(d);
    assert_true(tic_now_ms() - start < 3000);
    fake_bus_free(bus);
}

static void token_before(void **state) { (void)state; stop_case(TOKEN, BEFORE); }
static void token_during(void **state) { (void)state; stop_case(TOKEN, DURING); }
static void token_after(void **state) { (void)state; stop_case(TOKEN, AFTER); }
static void ctrl_c_during(void **state) { (void)state; stop_case(CTRL_C, DURING); }
static void ctrl_c_after(void **state) { (void)state; stop_case(CTRL_C, AFTER); }
static void fault_while_others_move(void **state) { (void)state; stop_case(FAULT_ONE, DURING); }
static void board_stops_answering(void **state) { (void)state; stop_case(MUTE_ONE, DURING); }

/* A driver that never prepared (cube plan --driver opens and closes one) sends no command: a stop and close change nothing the robot holds. */
static void a_driver_never_prepared_sends_no_command(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, ""));
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK); /* before any prepare: sends nothing */
    for (int i = 0; i < 6; ++i) assert_int_equal(fake_tic_halts(bus, i), 0);
    cube_driver_close(d); /* cube plan --driver: open and close change nothing the robot holds */
    for (int i = 0; i < 6; ++i) assert_int_equal(fake_tic_transfer_count(bus, i) > 0, 1);
    for (int i = 0; i < 6; ++i) {
        for (int k = 0; k < fake_tic_transfer_count(bus, i); ++k)
            assert_int_not_equal(fake_tic_transfer(bus, i, k).request_type, 0x40); /* no command at all */
    }
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
        cmocka_unit_test(token_before),  cmocka_unit_test(token_during),
        cmocka_unit_test(token_after),   cmocka_unit_test(ctrl_c_during),
        cmocka_unit_test(ctrl_c_after),  cmocka_unit_test(fault_while_others_move),
        cmocka_unit_test(board_stops_answering), cmocka_unit_test(a_driver_never_prepared_sends_no_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
