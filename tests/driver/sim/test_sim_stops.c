/* Stops that tell the truth (issue 34) on the sim, through the public API: a cancel token and a Ctrl-C
 * (cube_driver_cancel from another thread, as the CLI's signal thread does) before, during and after a
 * move, and a device fault (fail_after). The sim's steps are atomic (a stopped step moves nothing), so it
 * always knows where its arms are: the positions it reports must be its own state (query "positions"),
 * and a retry from them must finish the solve (query "solved"). Each case prints one row of the table.
 * Usage: test_sim_stops SIM_PLUGIN_FILE */
#define _GNU_SOURCE /* usleep */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include <cube/driver.h>

#include "../../core/test_util.h"

static char plugin_folder[4096];

enum when { BEFORE, DURING, AFTER };
enum how { TOKEN, CTRL_C, FAULT };

typedef struct canceller {
    cube_driver *driver;
    cube_cancel *token;
    enum how how;
} canceller;

/* 120 ms into the run: some servo move of the four-arm at real speed is under way. */
static void *cancel_soon(void *arg) {
    canceller *c = arg;
    usleep(120 * 1000);
    if (c->how == TOKEN) assert_int_equal(cube_cancel_trigger(c->token), CUBE_OK);
    else assert_int_equal(cube_driver_cancel(c->driver), CUBE_OK);
    return NULL;
}

static int32_t stop_at_end(void *user_data, int32_t done, int32_t count, int64_t t) {
    (void)user_data;
    (void)t;
    return done == count;
}

/* The reported positions against the sim's own "positions" answer. */
static void check_truth(cube_driver *d, int32_t *at, int32_t *n) {
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    assert_int_equal(cube_driver_positions(d, at, 16, n), CUBE_OK);
    assert_int_equal(f.positions_known, 1);
    char own[128] = "";
    char reported[128] = "";
    size_t used = 0;
    for (int32_t i = 0; i < *n; ++i) used += (size_t)snprintf(reported + used, sizeof reported - used, "%s%d",
                                                             i ? "," : "", at[i]);
    assert_int_equal(cube_driver_query(d, "positions", own, sizeof own, NULL), CUBE_OK);
    assert_string_equal(reported, own);
}

static void stop_case(enum how how, enum when when) {
    cube_driver_registry *r = NULL;
    assert_int_equal(cube_driver_registry_new(plugin_folder, &r), CUBE_OK);
    cube_driver *d = NULL;
    const char *uri = how == FAULT ? "sim:model=four-arm,fail_after=5" : "sim:model=four-arm";
    assert_int_equal(cube_driver_open(r, uri, &d), CUBE_OK);
    cube_robot *robot = NULL;
    cube_moves *moves = NULL;
    cube_plan *plan = NULL;
    assert_int_equal(cube_robot_parse(cube_driver_robot_spec(d), &robot), CUBE_OK);
    assert_int_equal(cube_moves_parse("R F U L", 3, &moves), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, moves, NULL, &plan), CUBE_OK);
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.cancel = token;
    if (when == AFTER) o.progress = stop_at_end;
    if (when == BEFORE) assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    canceller c = {d, token, how};
    pthread_t thread;
    if (when == DURING && how != FAULT) assert_int_equal(pthread_create(&thread, NULL, cancel_soon, &c), 0);
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    assert_int_not_equal(cube_driver_run_plan(d, plan, &o, &rep), CUBE_OK);
    if (when == DURING && how != FAULT) assert_int_equal(pthread_join(thread, NULL), 0);
    int32_t at[16];
    int32_t n = 0;
    check_truth(d, at, &n);
    /* the retry: the rest of the solve from the reported positions, on the cube the sim holds */
    cube_moves *left = NULL;
    cube_plan *rest = NULL;
    assert_int_equal(cube_plan_remaining(plan, rep.actions_done, &left), CUBE_OK);
    cube_plan_options po;
    assert_int_equal(cube_plan_options_init(&po), CUBE_OK);
    po.start_positions = at;
    po.start_position_count = n;
    assert_int_equal(cube_plan_new(robot, left, &po, &rest), CUBE_OK);
    cube_run_options ro;
    assert_int_equal(cube_run_options_init(&ro), CUBE_OK);
    ro.resume = when != BEFORE; /* cancelled before anything was asked: the sim was never told the cube */
    assert_int_equal(cube_driver_run_plan(d, rest, &ro, NULL), CUBE_OK);
    char solved[8] = "";
    assert_int_equal(cube_driver_query(d, "solved", solved, sizeof solved, NULL), CUBE_OK);
    assert_string_equal(solved, "1");
    static const char *const kWhen[] = {"before a move", "during a move", "after the last move"};
    static const char *const kHow[] = {"cancel token", "Ctrl-C", "device fault (fail_after)"};
    printf("# table | %s %s | sim | reported known (after %d of %d actions) | the sim's own positions agree | "
           "resumed: the rest ran, cube solved\n",
           kHow[how], kWhen[when], rep.actions_done, rep.action_count);
    cube_plan_free(rest);
    cube_moves_free(left);
    cube_cancel_free(token);
    cube_plan_free(plan);
    cube_moves_free(moves);
    cube_robot_free(robot);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static void token_before(void **state) { (void)state; stop_case(TOKEN, BEFORE); }
static void token_during(void **state) { (void)state; stop_case(TOKEN, DURING); }
static void token_after(void **state) { (void)state; stop_case(TOKEN, AFTER); }
static void ctrl_c_during(void **state) { (void)state; stop_case(CTRL_C, DURING); }
static void fault_during(void **state) { (void)state; stop_case(FAULT, DURING); }

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SIM_PLUGIN_FILE\n", argv[0]);
        return 2;
    }
    const char *slash = strrchr(argv[1], '/');
    snprintf(plugin_folder, sizeof plugin_folder, "%.*s", slash ? (int)(slash - argv[1]) : 1,
             slash ? argv[1] : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(token_before), cmocka_unit_test(token_during), cmocka_unit_test(token_after),
        cmocka_unit_test(ctrl_c_during), cmocka_unit_test(fault_during),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
