/* The Tic driver through the real libusb against six emulated boards: a full six-motor plan, the device
 * listing, refused configurations, and the exact control transfers of each kind of command.
 * Usage (under umockdev-wrapper): test_tic_run PLUGIN_FOLDER */
#define _GNU_SOURCE /* mkstemp, fdopen */
#include <stdlib.h>
#include <unistd.h>

#include "../../core/test_util.h"
#include "tic_fixture.h"

static const char kFaces[6] = {'U', 'R', 'F', 'D', 'L', 'B'};

/* The full plan: every board ends where the plan says, and the fake's motions solve the scramble. */
static void a_full_plan_solves_the_cube(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver *d = tic_open(tic_uri(bus, ""));
    /* 400 microsteps at 40000/s with 4e6/s^2: 10 ms cruise + 10 ms ramps */
    assert_string_equal(cube_driver_robot_spec(d), "six-motor:turn90=20,turn180=30");
    char scramble[512];
    cube_plan *plan = tic_plan(d, 12, 25, scramble, sizeof scramble);
    cube_run_report report;
    assert_int_equal(cube_run_report_init(&report), CUBE_OK);
    cube_status st = cube_driver_run_plan(d, plan, NULL, &report);
    if (st != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);

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
        assert_false(fake_tic_energized(bus, i)); /* rest de-energizes */
    }

    cube_state *cube = NULL;
    assert_int_equal(cube_state_new(3, &cube), CUBE_OK);
    assert_int_equal(cube_state_apply_text(cube, scramble), CUBE_OK);
    for (int m = 0; m < bus->motion_count; ++m) {
        fake_motion mv = bus->motions[m];
        int quarters = (((mv.to - mv.from) / TIC_STEPS_PER_QUARTER) % 4 + 4) % 4;
        const char *suffix[4] = {"", "", "2", "'"};
        char move[4] = {kFaces[mv.board], 0, 0, 0};
        strcat(move, suffix[quarters]);
        assert_int_not_equal(quarters, 0);
        assert_int_equal(cube_state_apply_text(cube, move), CUBE_OK);
    }
    assert_true(state_solved(cube));
    printf("# %d motions replayed; run %lld ms for a plan of %lld ms\n", bus->motion_count,
           (long long)report.elapsed_us / 1000, (long long)report.plan_time_us / 1000);
    cube_state_free(cube);
    cube_plan_free(plan);
    cube_driver_close(d);
    fake_bus_free(bus);
}

typedef struct listing {
    int count;
    char serials[8][16];
    char detail[256];
} listing;

static int32_t collect(void *user_data, const cube_driver_device *device) {
    listing *l = user_data;
    assert_string_equal(device->product, "Tic T825");
    if (l->count < 8) snprintf(l->serials[l->count], sizeof l->serials[0], "%s", device->serial);
    snprintf(l->detail, sizeof l->detail, "%s", device->detail);
    l->count++;
    return 0;
}

static void the_boards_are_listed(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver_registry *r = tic_registry();
    int32_t index = -1;
    for (int32_t i = 0; i < cube_driver_registry_count(r); ++i)
        if (strcmp(cube_driver_registry_name(r, i), "tic") == 0) index = i;
    assert_true(index >= 0);
    listing l = {0};
    assert_int_equal(cube_driver_registry_list_devices(r, index, collect, &l), CUBE_OK);
    assert_int_equal(l.count, 6);
    int seen = 0;
    for (int i = 0; i < 6; ++i)
        for (int k = 0; k < 6; ++k) seen += strcmp(l.serials[k], fake_tic_serial(bus, i)) == 0;
    assert_int_equal(seen, 6);
    assert_non_null(strstr(l.detail, "firmware 1.09"));
    assert_non_null(strstr(l.detail, "de-energized"));
    assert_non_null(strstr(l.detail, "safe start violation"));
    cube_driver_registry_free(r);
    fake_bus_free(bus);
}

static void bad_configurations_are_refused(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    cube_driver_registry *r = tic_registry();
    cube_driver *d = NULL;
    /* inline values win over earlier ones: U's serial replaced by one that is not on the bus */
    assert_fails_with(cube_driver_open(r, tic_uri(bus, ",U=99999999"), &d), CUBE_ERROR_NOT_FOUND,
                      "no Tic with serial 99999999 for actuator U");
    assert_fails_with(cube_driver_open(r, "tic:U=00300001", &d), CUBE_ERROR_INVALID_ARGUMENT,
                      "actuator R has no board");
    assert_fails_with(cube_driver_open(r, tic_uri(bus, ",R=00300001"), &d), CUBE_ERROR_INVALID_ARGUMENT,
                      "serial 00300001 is given to two actuators, U and R");
    assert_fails_with(cube_driver_open(r, tic_uri(bus, ",model=four-arm"), &d), CUBE_ERROR_INVALID_ARGUMENT,
                      "actuator L.twist has no board");
    assert_fails_with(cube_driver_open(r, tic_uri(bus, ",microstep=3"), &d), CUBE_ERROR_INVALID_ARGUMENT,
                      "microstep = 3");
    assert_fails_with(cube_driver_open(r, tic_uri(bus, ",config=/nonexistent/tic.conf"), &d), CUBE_ERROR_NOT_FOUND,
                      "config=/nonexistent/tic.conf");
    assert_null(d);
    cube_driver_registry_free(r);
    fake_bus_free(bus);
}

/* A configuration file, with an inline value that wins over it. */
static void a_configuration_file_is_read(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    char path[] = "/tmp/tic-conf-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "[device]\nmodel = six-motor\n[defaults]\nspeed = 20000\naccel = 4000000\n");
    for (int i = 0; i < 6; ++i) fprintf(f, "[%c]\nserial = %s\n", kFaces[i], fake_tic_serial(bus, i));
    fclose(f);
    char uri[600];
    snprintf(uri, sizeof uri, "tic:config=%s,B.speed=10000", path);
    cube_driver *d = tic_open(uri);
    /* B is the slowest: 400 at 10000/s with 4e6/s^2 = 40 ms + 2.5 ms */
    assert_string_equal(cube_driver_robot_spec(d), "six-motor:turn90=42.5,turn180=82.5");
    cube_driver_close(d);
    unlink(path);
    fake_bus_free(bus);
}

/* The transfers of `board` from `from` on, keep-alives (0x8C) left out when `skip_keepalive`. */
static int next_transfer(fake_bus *bus, int board, int *at, int skip_keepalive, fake_transfer *out) {
    while (*at < fake_tic_transfer_count(bus, board)) {
        *out = fake_tic_transfer(bus, board, (*at)++);
        if (skip_keepalive && out->request == 0x8C) continue;
        if (out->request_type == 0xC0 && out->request == 0xA1) continue; /* polls */
        return 1;
    }
    return 0;
}

static void expect(fake_bus *bus, int board, int *at, int skip_keepalive, const fake_transfer *want, int n) {
    for (int k = 0; k < n; ++k) {
        fake_transfer t;
        assert_true(next_transfer(bus, board, at, skip_keepalive, &t));
        if (memcmp(&t, &want[k], sizeof t) != 0)
            print_error("transfer %d: got %02X %02X %04X %04X %u, expected %02X %02X %04X %04X %u\n", k, t.request_type,
                        t.request, t.value, t.index, t.length, want[k].request_type, want[k].request, want[k].value,
                        want[k].index, want[k].length);
        assert_memory_equal(&t, &want[k], sizeof t);
    }
}

/* One command of each kind against the protocol table (hardware-protocols.md). */
static void the_control_transfers_match_the_protocol(void **state) {
    (void)state;
    fake_bus *bus = fake_bus_new(6);
    /* U turns the other way and rests at -100000: its targets are negative 32-bit values */
    cube_driver *d = tic_open(tic_uri(bus, ",U.direction=-1,U.rest=-100000,U.current=1000"));
    int at = fake_tic_transfer_count(bus, 0); /* open read the string descriptors */
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    /* speed 40000/s = 400000000 = 0x17D78400 in 1/10000 s; accel 4e6/s^2 = 400000000 in 1/100 s^2 */
    const fake_transfer prepare[] = {
        {0x40, 0x8A, 0, 0, 0},           /* clear driver error */
        {0x40, 0x8C, 0, 0, 0},           /* reset command timeout */
        {0x40, 0x94, 3, 0, 0},           /* step mode 1/8 */
        {0x40, 0x91, 31, 0, 0},          /* current limit 1000 mA / 32 */
        {0x40, 0xE6, 0x8400, 0x17D7, 0}, /* max speed */
        {0x40, 0xEA, 0x8400, 0x17D7, 0}, /* max accel */
        {0x40, 0xE9, 0x8400, 0x17D7, 0}, /* max decel */
        {0x40, 0x83, 0, 0, 0},           /* exit safe start */
        {0x40, 0x85, 0, 0, 0},           /* energize */
        {0x40, 0xEC, 0x7960, 0xFFFE, 0}, /* halt and set position -100000 = 0xFFFE7960 */
        {0xC0, 0xA2, 0, 0, 0x39},        /* get variables and clear errors occurred */
    };
    expect(bus, 0, &at, 0, prepare, sizeof prepare / sizeof prepare[0]);

    cube_robot *robot = NULL;
    cube_moves *moves = NULL;
    cube_plan *plan = NULL;
    cube_run_options options;
    assert_int_equal(cube_run_options_init(&options), CUBE_OK);
    assert_int_equal(cube_robot_parse(cube_driver_robot_spec(d), &robot), CUBE_OK);
    assert_int_equal(cube_moves_parse("U", 3, &moves), CUBE_OK);
    cube_plan_options popt;
    assert_int_equal(cube_plan_options_init(&popt), CUBE_OK);
    popt.finish = CUBE_PLAN_FINISH_ANYWHERE;
    assert_int_equal(cube_plan_new(robot, moves, &popt, &plan), CUBE_OK);
    assert_int_equal(cube_driver_run_plan(d, plan, &options, NULL), CUBE_OK);
    /* U clockwise = -400 microsteps from -100000: -100400 = 0xFFFE77D0 */
    const fake_transfer execute[] = {{0x40, 0xE0, 0x77D0, 0xFFFE, 0}};
    expect(bus, 0, &at, 1, execute, 1);
    assert_int_equal(fake_tic_position(bus, 0), -100400);
    const fake_transfer poll = {0xC0, 0xA1, 0, 0, 0x39};
    int polls = 0;
    for (int k = 0; k < fake_tic_transfer_count(bus, 0); ++k) {
        fake_transfer x = fake_tic_transfer(bus, 0, k);
        polls += memcmp(&x, &poll, sizeof x) == 0;
    }
    assert_true(polls >= 1);

    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    const fake_transfer halt[] = {{0x40, 0x89, 0, 0, 0}};
    expect(bus, 0, &at, 1, halt, 1);
    /* one halt round per stop: a de-energizing stop of halted boards only de-energizes them */
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_DEENERGIZE), CUBE_OK);
    const fake_transfer deenergize[] = {{0x40, 0x86, 0, 0, 0}};
    expect(bus, 0, &at, 1, deenergize, 1);
    assert_false(fake_tic_energized(bus, 0));

    /* rest: prepared again, a six-motor robot stays at its quarter, then de-energizes */
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    const fake_transfer again[] = {
        {0x40, 0x8A, 0, 0, 0},           {0x40, 0x94, 3, 0, 0},           {0x40, 0x91, 31, 0, 0},
        {0x40, 0xE6, 0x8400, 0x17D7, 0}, {0x40, 0xEA, 0x8400, 0x17D7, 0}, {0x40, 0xE9, 0x8400, 0x17D7, 0},
        {0x40, 0x83, 0, 0, 0},           {0x40, 0x85, 0, 0, 0},
        {0x40, 0xEC, 0x77D0, 0xFFFE, 0}, /* the known position is kept */
    };
    expect(bus, 0, &at, 1, again, sizeof again / sizeof again[0]);
    assert_int_equal(cube_driver_rest(d), CUBE_OK);
    const fake_transfer rest[] = {{0xC0, 0xA2, 0, 0, 0x39}, {0x40, 0x86, 0, 0, 0}};
    expect(bus, 0, &at, 1, rest, 2);
    cube_plan_free(plan);
    cube_moves_free(moves);
    cube_robot_free(robot);
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
        cmocka_unit_test(a_full_plan_solves_the_cube),
        cmocka_unit_test(the_boards_are_listed),
        cmocka_unit_test(bad_configurations_are_refused),
        cmocka_unit_test(a_configuration_file_is_read),
        cmocka_unit_test(the_control_transfers_match_the_protocol),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
