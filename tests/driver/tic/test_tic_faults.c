/* Faults injected in the fake Tics during a six-motor plan: each gives the right fault record (code, the
 * board's serial and actuator, the error bit by name), every other board is halted, and nothing hangs.
 * Usage (under umockdev-wrapper): test_tic_faults PLUGIN_FOLDER */
#define _GNU_SOURCE /* usleep */
#include <stdlib.h>
#include <unistd.h>

#include "../../core/test_util.h"
#include "tic_fixture.h"

enum injection { UNPLUG, MUTE, MOTOR_DRIVER, LOW_VIN, COMMAND_TIMEOUT, STALL };

typedef struct run {
    fake_bus *bus;
    const cube_plan *plan;
    enum injection what;
    int board; /* the board injected: the one the next step moves */
} run;

static const char kFaces[6] = {'U', 'R', 'F', 'D', 'L', 'B'};

/* After the third step, injects the fault into the board of the next action. */
static int32_t inject(void *user_data, int32_t actions_done, int32_t action_count, int64_t plan_time_us) {
    (void)plan_time_us;
    run *r = user_data;
    if (r->board >= 0 || actions_done < 3 || actions_done >= action_count) return 0;
    cube_action next;
    assert_int_equal(cube_action_init(&next), CUBE_OK);
    assert_int_equal(cube_plan_get_action(r->plan, actions_done, &next), CUBE_OK);
    r->board = next.actuator;
    switch (r->what) {
        case UNPLUG: fake_tic_unplug(r->bus, r->board); break;
        case MUTE: fake_tic_mute(r->bus, r->board); break;
        case MOTOR_DRIVER: fake_tic_set_errors(r->bus, r->board, 1u << 1); break;
        case LOW_VIN: fake_tic_set_errors(r->bus, r->board, 1u << 2); break;
        case STALL: fake_tic_stall(r->bus, r->board, 0.02); break;
        case COMMAND_TIMEOUT:
            fake_tic_deaf_to_keepalive(r->bus, r->board);
            usleep(1500 * 1000); /* the host "plans" for 1.5 s: only keep-alives would save the board */
            break;
    }
    return 0;
}

static void fault_gives(enum injection what, int32_t code, cube_status status, const char *words) {
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, ""));
    char scramble[512];
    cube_plan *plan = tic_plan(d, 7, 20, scramble, sizeof scramble);
    run r = {bus, plan, what, -1};
    cube_run_options options;
    assert_int_equal(cube_run_options_init(&options), CUBE_OK);
    options.progress = inject;
    options.user_data = &r;
    int64_t start = tic_now_ms();
    cube_status st = cube_driver_run_plan(d, plan, &options, NULL);
    int64_t took = tic_now_ms() - start;
    assert_int_equal(st, status);
    assert_true(r.board >= 0);
    assert_true(took < 8000); /* no hang */

    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    printf("# %s (%lld ms)\n", fault.text, (long long)took);
    assert_int_equal(fault.code, code);
    assert_int_equal(fault.actuator, r.board);
    assert_non_null(strstr(fault.text, fake_tic_serial(bus, r.board)));
    char actuator[32];
    snprintf(actuator, sizeof actuator, "actuator %c", kFaces[r.board]);
    assert_non_null(strstr(fault.text, actuator));
    assert_non_null(strstr(fault.text, words));
    assert_true(fault.stop_level >= CUBE_STOP_HALT);
    if (what == MOTOR_DRIVER) assert_int_equal(fault.device_bits, 1u << 1);
    if (what == LOW_VIN) assert_int_equal(fault.device_bits, 1u << 2);
    if (what == COMMAND_TIMEOUT) assert_true(fault.device_bits & (1u << 6));
    if (what == UNPLUG || what == MUTE) assert_int_equal(fault.positions_known, 0);
    for (int i = 0; i < 6; ++i) {
        if (i == r.board) continue;
        assert_true(fake_tic_halts(bus, i) >= 1);
        assert_false(fake_tic_moving(bus, i));
    }
    cube_plan_free(plan);
    start = tic_now_ms();
    cube_driver_close(d);
    assert_true(tic_now_ms() - start < 3000);
    fake_bus_free(bus);
}

static void unplugged(void **state) {
    (void)state;
    fault_gives(UNPLUG, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, "unplugged");
}

static void stops_answering(void **state) {
    (void)state;
    fault_gives(MUTE, CUBE_FAULT_COMMUNICATION, CUBE_ERROR_IO, "stopped answering");
}

static void motor_driver_error(void **state) {
    (void)state;
    fault_gives(MOTOR_DRIVER, CUBE_FAULT_DEVICE, CUBE_ERROR_IO, "motor driver error");
}

static void low_vin(void **state) {
    (void)state;
    fault_gives(LOW_VIN, CUBE_FAULT_DEVICE, CUBE_ERROR_IO, "low VIN");
}

static void command_timeout(void **state) {
    (void)state;
    fault_gives(COMMAND_TIMEOUT, CUBE_FAULT_DEVICE, CUBE_ERROR_IO, "command timeout");
}

static void target_not_reached(void **state) {
    (void)state;
    fault_gives(STALL, CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, "did not reach position");
}

/* The keep-alive thread keeps idle boards out of their command timeout. */
static void idle_boards_are_kept_alive(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, ""));
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    usleep(1500 * 1000);
    for (int i = 0; i < 6; ++i) assert_int_equal(fake_tic_error_status(bus, i), 0);
    cube_driver_close(d);
    for (int i = 0; i < 6; ++i) assert_false(fake_tic_energized(bus, i)); /* close de-energizes */
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
        cmocka_unit_test(unplugged),          cmocka_unit_test(stops_answering),
        cmocka_unit_test(motor_driver_error), cmocka_unit_test(low_vin),
        cmocka_unit_test(command_timeout),    cmocka_unit_test(target_not_reached),
        cmocka_unit_test(idle_boards_are_kept_alive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
