#define _GNU_SOURCE /* clock_gettime */
#include "tic_fixture.h"

#include <stdlib.h>
#include <time.h>

#include "../../core/test_util.h"

static char plugin_folder[4096];

void tic_skip_unless_emulated(void) {
    const char *preload = getenv("LD_PRELOAD");
    if (!preload || !strstr(preload, "libumockdev-preload")) {
        printf("skipped: not running under umockdev-wrapper (LD_PRELOAD=libumockdev-preload.so.0)\n");
        exit(77);
    }
}

void tic_set_plugin_folder(const char *folder) {
    snprintf(plugin_folder, sizeof plugin_folder, "%s", folder);
}

cube_driver_registry *tic_registry(void) {
    cube_driver_registry *r = NULL;
    assert_int_equal(cube_driver_registry_new(plugin_folder, &r), CUBE_OK);
    return r;
}

const char *tic_uri(const fake_bus *bus, const char *extra) {
    static char uri[512];
    static const char *const names[6] = {"U", "R", "F", "D", "L", "B"};
    int used = snprintf(uri, sizeof uri, "tic:steps=200,microstep=8,speed=40000,accel=4000000");
    for (int i = 0; i < 6; ++i) used += snprintf(uri + used, sizeof uri - (size_t)used, ",%s=%s", names[i],
                                                 fake_tic_serial(bus, i));
    snprintf(uri + used, sizeof uri - (size_t)used, "%s", extra);
    return uri;
}

cube_driver *tic_open(const char *uri) {
    cube_driver_registry *r = tic_registry();
    cube_driver *d = NULL;
    cube_status st = cube_driver_open(r, uri, &d);
    if (st != CUBE_OK) print_error("open %s: %s\n", uri, cube_last_error());
    assert_int_equal(st, CUBE_OK);
    cube_driver_registry_free(r);
    return d;
}

cube_plan *tic_plan(cube_driver *driver, uint64_t seed, int32_t length, char *scramble, size_t capacity) {
    cube_robot *robot = NULL;
    cube_moves *moves = NULL;
    cube_plan *plan = NULL;
    assert_int_equal(cube_robot_parse(cube_driver_robot_spec(driver), &robot), CUBE_OK);
    assert_int_equal(cube_scramble(3, seed, length, &moves), CUBE_OK);
    assert_int_equal(cube_moves_copy_text(moves, scramble, (int32_t)capacity, NULL), CUBE_OK);
    assert_int_equal(cube_moves_invert(moves), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, moves, NULL, &plan), CUBE_OK);
    cube_moves_free(moves);
    cube_robot_free(robot);
    return plan;
}

int64_t tic_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}
