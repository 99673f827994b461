/* The sim through the public API and libcube.so only: the built-in "sim" and the plugin "sim-plugin"
 * found by a registry, their options, configure, queries, status, positions, stop and prepare.
 * Usage: test_sim_api SIM_PLUGIN_FILE */
#include <stdlib.h>

#include <cube/driver.h>

#include "../../core/test_util.h"

static char plugin_folder[4096];

static cube_driver_registry *registry(void) {
    cube_driver_registry *r = NULL;
    assert_int_equal(cube_driver_registry_new(plugin_folder, &r), CUBE_OK);
    return r;
}

static cube_driver *open_driver(const char *uri) {
    cube_driver_registry *r = registry();
    cube_driver *d = NULL;
    cube_status st = cube_driver_open(r, uri, &d);
    if (st != CUBE_OK) print_error("open %s: %s\n", uri, cube_last_error());
    assert_int_equal(st, CUBE_OK);
    cube_driver_registry_free(r); /* the driver keeps its plugin loaded */
    return d;
}

static void assert_query(cube_driver *d, const char *key, const char *expected) {
    char buffer[128] = "";
    assert_int_equal(cube_driver_query(d, key, buffer, sizeof buffer, NULL), CUBE_OK);
    assert_string_equal(buffer, expected);
}

static int32_t state_of(cube_driver *d) {
    cube_driver_status status;
    assert_int_equal(cube_driver_status_init(&status), CUBE_OK);
    assert_int_equal(cube_driver_get_status(d, &status), CUBE_OK);
    return status.state;
}

static void both_builds_are_listed(void **state) {
    (void)state;
    cube_driver_registry *r = registry();
    int found = 0;
    for (int32_t i = 0; i < cube_driver_registry_count(r); ++i) {
        const char *name = cube_driver_registry_name(r, i);
        found += strcmp(name, "sim") == 0 || strcmp(name, "sim-plugin") == 0;
    }
    assert_int_equal(found, 2);
    cube_driver_registry_free(r);
}

static void bad_options_are_refused_at_open(void **state) {
    (void)state;
    cube_driver_registry *r = registry();
    const char *uris[] = {"sim:speed=1e-300", "sim:speed=2e6", "sim-plugin:speed=-1", "sim:speed=fast"};
    for (size_t i = 0; i < sizeof uris / sizeof uris[0]; ++i) {
        cube_driver *d = (cube_driver *)1;
        assert_fails_with(cube_driver_open(r, uris[i], &d), CUBE_ERROR_INVALID_ARGUMENT, "0.001 to 1000000");
        assert_null(d);
    }
    cube_driver *d = NULL;
    assert_fails_with(cube_driver_open(r, "sim:model=nine-arm", &d), CUBE_ERROR_PARSE, "nine-arm");
    assert_fails_with(cube_driver_open(r, "sim-plugin:fail_after=x", &d), CUBE_ERROR_INVALID_ARGUMENT, "fail_after");
    cube_driver_registry_free(r);
}

/* Opens `name`, tells it a four-arm robot, and walks the state machine through the public API. */
static void lifecycle_of(const char *name) {
    char uri[64];
    snprintf(uri, sizeof uri, "%s:speed=0", name);
    cube_driver *d = open_driver(uri);
    assert_string_equal(cube_driver_robot_spec(d), "");
    int32_t positions[8];
    int32_t count = -1;
    assert_fails_with(cube_driver_positions(d, positions, 8, &count), CUBE_ERROR_INVALID_ARGUMENT, "no robot");

    assert_int_equal(cube_driver_configure(d, "robot", "four-arm"), CUBE_OK);
    assert_non_null(strstr(cube_driver_robot_spec(d), "four-arm"));
    assert_int_equal(cube_driver_positions(d, positions, 8, &count), CUBE_OK);
    assert_int_equal(count, 8);
    for (int i = 0; i < 8; ++i)
        assert_int_equal(positions[i], i % 2); /* rest: every arm engaged at neutral */
    assert_int_equal(cube_driver_configure(d, "scramble", "R U"), CUBE_OK);
    assert_query(d, "solved", "0");
    assert_query(d, "positions", "0,1,0,1,0,1,0,1");
    assert_query(d, "time_us", "0");
    assert_fails_with(cube_driver_configure(d, "colour", "red"), CUBE_ERROR_UNSUPPORTED, "colour");
    assert_fails_with(cube_driver_query(d, "weather", NULL, 0, NULL), CUBE_ERROR_UNSUPPORTED, "weather");
    assert_int_equal(state_of(d), CUBE_DRIVER_IDLE);

    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(state_of(d), CUBE_DRIVER_STOPPED);
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    assert_int_equal(state_of(d), CUBE_DRIVER_IDLE);

    /* De-energized arms lose their positions until prepare homes them. */
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_DEENERGIZE), CUBE_OK);
    assert_fails_with(cube_driver_positions(d, positions, 8, &count), CUBE_ERROR_IO, "call prepare");
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    assert_int_equal(cube_driver_positions(d, positions, 8, &count), CUBE_OK);
    assert_int_equal(cube_driver_rest(d), CUBE_OK);
    cube_driver_close(d);
}

static void the_lifecycle_through_the_public_api(void **state) {
    (void)state;
    lifecycle_of("sim");
    lifecycle_of("sim-plugin");
}

static void a_sim_of_one_family_refuses_another(void **state) {
    (void)state;
    cube_driver *d = open_driver("sim-plugin:model=six-motor,speed=0");
    assert_fails_with(cube_driver_configure(d, "robot", "four-arm"), CUBE_ERROR_INVALID_ARGUMENT, "six-motor");
    assert_int_equal(cube_driver_configure(d, "robot", "six-motor:turn90=30"), CUBE_OK);
    assert_non_null(strstr(cube_driver_robot_spec(d), "turn90=20"));
    cube_driver_close(d);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_sim_api SIM_PLUGIN_FILE\n");
        return 2;
    }
    snprintf(plugin_folder, sizeof plugin_folder, "%s", argv[1]);
    char *slash = strrchr(plugin_folder, '/');
    if (slash) *slash = '\0';
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(both_builds_are_listed),
        cmocka_unit_test(bad_options_are_refused_at_open),
        cmocka_unit_test(the_lifecycle_through_the_public_api),
        cmocka_unit_test(a_sim_of_one_family_refuses_another),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
