/* Shared helpers of the executor tests: open drivers, plan scrambles and their solutions, ask the sim. */
#ifndef CUBE_TEST_RUN_UTIL_H
#define CUBE_TEST_RUN_UTIL_H

#include <stdlib.h>

#include "../../core/test_util.h"

/* The four families as the sim drives them, instant. */
static const char *const sim_families[] = {"sim:model=six-motor,speed=0", "sim:model=four-arm,speed=0",
                                           "sim:model=two-gripper,speed=0", "sim:model=turntable-flipper,speed=0"};

/* A registry of the built-in drivers and the plugins in `folder` ("" for built-ins only). */
static inline cube_driver_registry *registry_in(const char *folder) {
    cube_driver_registry *reg = NULL;
    assert_int_equal(cube_driver_registry_new(folder, &reg), CUBE_OK);
    return reg;
}

static inline cube_driver *open_driver(const cube_driver_registry *reg, const char *uri) {
    cube_driver *d = NULL;
    if (cube_driver_open(reg, uri, &d) != CUBE_OK) {
        print_error("cannot open %s: %s\n", uri, cube_last_error());
        fail();
    }
    return d;
}

static inline cube_robot *robot_parsed(const char *spec) {
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_parse(spec, &r), CUBE_OK);
    return r;
}

/* The robot the driver drives. */
static inline cube_robot *driver_robot(cube_driver *d) {
    const char *spec = cube_driver_robot_spec(d);
    assert_non_null(spec);
    return robot_parsed(spec);
}

static inline cube_moves *moves_of(const char *text) {
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(text, 3, &m), CUBE_OK);
    return m;
}

/* A plan of `moves` from `start` (NULL: rest), ending at rest. */
static inline cube_plan *plan_from(const cube_robot *robot, const cube_moves *moves, const int32_t *start,
                                   int32_t start_count) {
    cube_plan_options o;
    assert_int_equal(cube_plan_options_init(&o), CUBE_OK);
    o.start_positions = start;
    o.start_position_count = start_count;
    cube_plan *p = NULL;
    if (cube_plan_new(robot, moves, &o, &p) != CUBE_OK) {
        print_error("cannot plan: %s\n", cube_last_error());
        fail();
    }
    return p;
}

/* A plan that solves the scramble of `seed` (its inverse): running it leaves the sim solved. */
static inline cube_plan *plan_solution(const cube_robot *robot, uint64_t seed, int32_t length) {
    cube_moves *m = NULL;
    assert_int_equal(cube_scramble(3, seed, length, &m), CUBE_OK);
    assert_int_equal(cube_moves_invert(m), CUBE_OK);
    cube_plan *p = plan_from(robot, m, NULL, 0);
    cube_moves_free(m);
    return p;
}

static inline int32_t actions_of(const cube_plan *p) {
    int32_t n = -1;
    assert_int_equal(cube_plan_action_count(p, &n), CUBE_OK);
    return n;
}

/* The driver's answer to `key` (at most 127 characters). */
static inline const char *ask(cube_driver *d, const char *key, char answer[128]) {
    assert_int_equal(cube_driver_query(d, key, answer, 128, NULL), CUBE_OK);
    return answer;
}

static inline int32_t driver_positions(cube_driver *d, int32_t positions[16]) {
    int32_t n = 0;
    assert_int_equal(cube_driver_positions(d, positions, 16, &n), CUBE_OK);
    return n;
}

/* Whether the driver's robot is at rest: the way there from its positions takes no action. */
static inline int at_rest(cube_driver *d, const cube_robot *robot) {
    int32_t at[16];
    int32_t n = driver_positions(d, at);
    cube_moves *none = NULL;
    assert_int_equal(cube_moves_new(3, &none), CUBE_OK);
    cube_plan *p = plan_from(robot, none, at, n);
    int rest = actions_of(p) == 0;
    cube_plan_free(p);
    cube_moves_free(none);
    return rest;
}

static inline cube_driver_fault fault_of(cube_driver *d) {
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    return f;
}

/* The plan that finishes `plan` after `done` actions, from where the driver is. */
static inline cube_plan *plan_rest_of(cube_driver *d, const cube_robot *robot, const cube_plan *plan, int32_t done) {
    cube_moves *left = NULL;
    assert_int_equal(cube_plan_remaining(plan, done, &left), CUBE_OK);
    int32_t at[16];
    int32_t n = driver_positions(d, at);
    cube_plan *p = plan_from(robot, left, at, n);
    cube_moves_free(left);
    return p;
}

/* Runs `plan` with resume=1 and the default options otherwise. */
static inline cube_status run_resumed(cube_driver *d, const cube_plan *plan) {
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.resume = 1;
    return cube_driver_run_plan(d, plan, &o, NULL);
}

#endif
