/* Plans from and to a robot state through the C API: rest positions, start positions and finish in
 * cube_plan_options (V1 and V2 structs), the moves left after part of a plan, robots refused when described,
 * and every bad input. */
#include <stdlib.h>

#include <cube/robot.h>

#include "../core/test_util.h"

static cube_moves *moves(const char *text) {
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(text, 3, &m), CUBE_OK);
    return m;
}

static cube_robot *robot_of(const char *spec) {
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_parse(spec, &r), CUBE_OK);
    return r;
}

static int32_t action_count(const cube_plan *p) {
    int32_t n = -1;
    assert_int_equal(cube_plan_action_count(p, &n), CUBE_OK);
    return n;
}

static cube_action action_of(const cube_plan *p, int32_t i) {
    cube_action a;
    cube_action_init(&a);
    assert_int_equal(cube_plan_get_action(p, i, &a), CUBE_OK);
    return a;
}

/* Positions after the plan's actions: turns add their quarters, grips set theirs. */
static void replay_positions(const cube_plan *p, int32_t *positions) {
    for (int32_t i = 0; i < action_count(p); ++i) {
        cube_action a = action_of(p, i);
        if (a.kind == CUBE_ACTION_TURN) positions[a.actuator] += a.param;
        if (a.kind == CUBE_ACTION_GRIP) positions[a.actuator] = a.param;
    }
}

static void rest_positions_per_family(void **unused) {
    (void)unused;
    struct {
        const char *robot;
        int32_t count;
        int32_t rest[8];
    } cases[] = {
        {"six-motor", 6, {0, 0, 0, 0, 0, 0}},
        {"four-arm", 8, {0, 1, 0, 1, 0, 1, 0, 1}},
        {"two-gripper", 4, {0, 1, 0, 1}},
        {"turntable-flipper", 3, {0, 0, 0}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        cube_robot *r = robot_of(cases[c].robot);
        int32_t got[8], count = -1;
        assert_int_equal(cube_robot_rest_positions(r, got, 8, &count), CUBE_OK);
        assert_int_equal(count, cases[c].count);
        assert_memory_equal(got, cases[c].rest, (size_t)count * sizeof(int32_t));
        count = -1;
        assert_fails_with(cube_robot_rest_positions(r, got, 2, &count), CUBE_ERROR_BUFFER_TOO_SMALL, "room for 2");
        assert_int_equal(count, cases[c].count); /* says how many it needs */
        assert_int_equal(cube_robot_rest_positions(r, NULL, 0, &count), CUBE_ERROR_BUFFER_TOO_SMALL);
        assert_int_equal(count, cases[c].count);
        assert_int_equal(cube_robot_rest_positions(r, got, 8, NULL), CUBE_OK);
        cube_robot_free(r);
    }
    int32_t count = 5, got[8];
    assert_refused(cube_robot_rest_positions(NULL, got, 8, &count), "robot");
    assert_int_equal(count, 0);
    cube_robot *r = robot_of("four-arm");
    assert_refused(cube_robot_rest_positions(r, NULL, 8, &count), "NULL");
    assert_refused(cube_robot_rest_positions(r, got, -1, &count), "negative");
    cube_robot_free(r);
}

/* Plans of every family end at rest; the default start is rest. */
static void plans_end_at_rest(void **unused) {
    (void)unused;
    const char *families[] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};
    cube_moves *m = moves("R U2 F' L D B2 R' U");
    for (int f = 0; f < 4; ++f) {
        cube_robot *r = robot_of(families[f]);
        cube_plan *p = NULL;
        assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
        assert_int_equal(cube_plan_check(p), CUBE_OK);
        int32_t rest[8], start[8], count = 0;
        assert_int_equal(cube_robot_rest_positions(r, rest, 8, &count), CUBE_OK);
        assert_int_equal(cube_plan_start_positions(p, start, 8, NULL), CUBE_OK);
        assert_memory_equal(start, rest, (size_t)count * sizeof(int32_t));
        replay_positions(p, start);
        for (int32_t i = 0; i < count; ++i)
            if (f != 0 && !(f == 3 && i == 0)) /* motors and the table may end at any angle */
                assert_int_equal(start[i], rest[i]);
        cube_plan_free(p);
        cube_robot_free(r);
    }
    cube_moves_free(m);
}

/* The four-arm robot with its L arm retracted at +1: a plan from there is valid and ends at rest. */
static void a_plan_from_given_positions(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    cube_moves *m = moves("R U F'");
    const int32_t from[8] = {1, 0, 0, 1, 0, 1, 0, 1};
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.start_positions = from;
    o.start_position_count = 8;
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, &o, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    int32_t start[8], count = 0;
    assert_int_equal(cube_plan_start_positions(p, start, 8, &count), CUBE_OK);
    assert_int_equal(count, 8);
    assert_memory_equal(start, from, sizeof from);
    replay_positions(p, start);
    const int32_t rest[8] = {0, 1, 0, 1, 0, 1, 0, 1};
    assert_memory_equal(start, rest, sizeof rest);

    char json[4096];
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_JSON, json, sizeof json, NULL), CUBE_OK);
    assert_non_null(strstr(json, "\"start\":[1,0,0,1,0,1,0,1]"));

    /* new_if_faster takes the same options */
    cube_plan *faster = NULL;
    assert_int_equal(cube_plan_new_if_faster(r, m, &o, NULL, &faster), CUBE_OK);
    assert_non_null(faster);
    assert_int_equal(cube_plan_start_positions(faster, start, 8, NULL), CUBE_OK);
    assert_memory_equal(start, from, sizeof from);

    /* no moves: the way back to rest */
    cube_moves *none = moves("");
    cube_plan *back = NULL;
    assert_int_equal(cube_plan_new(r, none, &o, &back), CUBE_OK);
    assert_int_equal(cube_plan_check(back), CUBE_OK);
    assert_true(action_count(back) > 0);
    memcpy(start, from, sizeof from);
    replay_positions(back, start);
    assert_memory_equal(start, rest, sizeof rest);

    cube_plan_free(back);
    cube_moves_free(none);
    cube_plan_free(faster);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

static void finishing_anywhere(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("turntable-flipper");
    cube_moves *m = moves("D");
    cube_plan_options o;
    cube_plan_options_init(&o);
    assert_int_equal(o.finish, CUBE_PLAN_FINISH_REST);
    assert_null(o.start_positions);
    o.finish = CUBE_PLAN_FINISH_ANYWHERE;
    cube_plan *p = NULL, *rest = NULL;
    assert_int_equal(cube_plan_new(r, m, &o, &p), CUBE_OK);
    assert_int_equal(cube_plan_new(r, m, NULL, &rest), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    int32_t pos[3] = {0, 0, 0};
    replay_positions(p, pos);
    assert_int_equal(pos[2], 1); /* left clamped */
    int64_t a = 0, b = 0;
    assert_int_equal(cube_plan_total_us(p, &a), CUBE_OK);
    assert_int_equal(cube_plan_total_us(rest, &b), CUBE_OK);
    assert_true(a < b);
    cube_plan_free(rest);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

/* A caller built against 1.0 passes the V1 struct: rest to rest, as before. */
static void v1_options_plan_from_rest_to_rest(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    cube_moves *m = moves("R");
    cube_plan_options o;
    assert_int_equal(cube_plan_options_init_sized(&o, CUBE_PLAN_OPTIONS_SIZE_V1), CUBE_OK);
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, &o, &p), CUBE_OK);
    int32_t pos[8];
    assert_int_equal(cube_plan_start_positions(p, pos, 8, NULL), CUBE_OK);
    replay_positions(p, pos);
    const int32_t rest[8] = {0, 1, 0, 1, 0, 1, 0, 1};
    assert_memory_equal(pos, rest, sizeof rest);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

static void bad_start_positions_and_finish_are_refused(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("four-arm");
    cube_moves *m = moves("R");
    struct {
        int32_t positions[8];
        int32_t count;
        const char *says;
    } cases[] = {
        {{0, 1, 0, 1}, 4, "start_position_count 4: the robot has 8 actuators"},
        {{0, 1, 0, 1, 0, 1, 0, 1}, -1, "start_position_count -1"},
        {{2, 1, 0, 1, 0, 1, 0, 1}, 8, "L.twist at 2: past its range"},
        {{0, 2, 0, 1, 0, 1, 0, 1}, 8, "L.slide at 2"},
        {{0, 0, 0, 1, 0, 0, 0, 1}, 8, "would not be held"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        cube_plan_options o;
        cube_plan_options_init(&o);
        o.start_positions = cases[c].positions;
        o.start_position_count = cases[c].count;
        cube_plan *p = (cube_plan *)&p; /* any non-NULL value: the call must clear it */
        assert_refused(cube_plan_new(r, m, &o, &p), cases[c].says);
        assert_null(p);
        assert_refused(cube_plan_new_if_faster(r, m, &o, NULL, &p), cases[c].says);
    }
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.start_position_count = 8;
    cube_plan *p = NULL;
    assert_refused(cube_plan_new(r, m, &o, &p), "start_positions is NULL");
    cube_plan_options_init(&o);
    o.finish = 2;
    assert_refused(cube_plan_new(r, m, &o, &p), "finish 2");
    o.finish = -1;
    assert_refused(cube_plan_new_if_faster(r, m, &o, NULL, &p), "finish -1");
    cube_moves_free(m);
    cube_robot_free(r);

    cube_robot *tt = robot_of("turntable-flipper");
    cube_moves *d = moves("D");
    const int32_t flipped[3] = {0, 1, 0};
    cube_plan_options_init(&o);
    o.start_positions = flipped;
    o.start_position_count = 3;
    assert_refused(cube_plan_new(tt, d, &o, &p), "flipper at 1");
    cube_moves_free(d);
    cube_robot_free(tt);
}

static void start_positions_bad_input(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("two-gripper");
    cube_moves *m = moves("D");
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    int32_t pos[4], count = 9;
    assert_fails_with(cube_plan_start_positions(p, pos, 3, &count), CUBE_ERROR_BUFFER_TOO_SMALL, "room for 3");
    assert_int_equal(count, 4);
    assert_refused(cube_plan_start_positions(p, NULL, 4, &count), "NULL");
    assert_refused(cube_plan_start_positions(p, pos, -2, &count), "negative");
    assert_refused(cube_plan_start_positions(NULL, pos, 4, &count), "plan");
    assert_int_equal(count, 0);
    assert_refused(cube_plan_start_positions((const cube_plan *)m, pos, 4, &count), "plan");
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

/* Both actions of a paired step carry their own move. */
static void paired_turns_carry_their_own_move(void **unused) {
    (void)unused;
    const char *robots[] = {"six-motor", "four-arm"};
    cube_moves *m = moves("L' R U R2 L");
    for (int k = 0; k < 2; ++k) {
        cube_robot *r = robot_of(robots[k]);
        cube_plan *p = NULL;
        assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
        int32_t n = action_count(p), per_move[5] = {0, 0, 0, 0, 0}, pairs = 0;
        for (int32_t i = 0; i < n; ++i) {
            cube_action a = action_of(p, i);
            if (a.move_index < 0) continue;
            ++per_move[a.move_index];
            for (int32_t j = i + 1; j < n; ++j) {
                cube_action b = action_of(p, j);
                if (b.start_us != a.start_us || b.move_index < 0) continue;
                assert_int_not_equal(a.move_index, b.move_index);
                ++pairs;
            }
        }
        assert_true(pairs >= 1);
        for (int i = 0; i < 5; ++i)
            assert_int_equal(per_move[i], 1);
        cube_plan_free(p);
        cube_robot_free(r);
    }
    cube_moves_free(m);
}

static void the_moves_left_after_some_actions(void **unused) {
    (void)unused;
    cube_robot *r = robot_of("six-motor");
    cube_moves *m = moves("L' R U R2 L");
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    cube_moves *left = NULL;
    assert_int_equal(cube_plan_remaining(p, 0, &left), CUBE_OK);
    const char *text = NULL;
    assert_int_equal(cube_moves_text(left, &text), CUBE_OK);
    assert_string_equal(text, "L' R U R2 L");
    cube_moves_free(left);
    assert_int_equal(cube_plan_remaining(p, 3, &left), CUBE_OK); /* after L' R and U */
    assert_int_equal(cube_moves_text(left, &text), CUBE_OK);
    assert_string_equal(text, "R2 L");
    cube_moves_free(left);
    assert_int_equal(cube_plan_remaining(p, action_count(p), &left), CUBE_OK);
    int32_t count = -1;
    assert_int_equal(cube_moves_count(left, &count), CUBE_OK);
    assert_int_equal(count, 0);
    cube_moves_free(left);

    left = (cube_moves *)&left; /* any non-NULL value: the call must clear it */
    assert_refused(cube_plan_remaining(p, 1, &left), "splits a step");
    assert_null(left);
    assert_refused(cube_plan_remaining(p, action_count(p) + 1, &left), "actions_done");
    assert_refused(cube_plan_remaining(p, -1, &left), "negative");
    assert_refused(cube_plan_remaining(NULL, 0, &left), "plan");
    assert_refused(cube_plan_remaining((const cube_plan *)m, 0, &left), "plan");
    assert_refused(cube_plan_remaining(p, 0, NULL), "NULL");
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(r);
}

/* A four-arm robot without parallel steps cannot rotate the cube: refused when described, naming U and D. */
static void robots_that_cannot_turn_a_face_are_refused(void **unused) {
    (void)unused;
    cube_robot *r = (cube_robot *)&r;
    assert_refused(cube_robot_parse("four-arm:parallel=0", &r), "cannot turn U (U, U2, U') or D (D, D2, D')");
    assert_null(r);
    cube_robot_desc d;
    cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM);
    d.allow_parallel = 0;
    d.twist_range = 2;
    assert_refused(cube_robot_new(&d, &r), "cannot turn U (U, U2, U') or D (D, D2, D')");
    const char *ok[] = {"six-motor:parallel=0", "two-gripper:parallel=0", "turntable-flipper:parallel=0",
                        "four-arm:range=2"};
    for (int i = 0; i < 4; ++i) {
        assert_int_equal(cube_robot_parse(ok[i], &r), CUBE_OK);
        cube_robot_free(r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rest_positions_per_family),
        cmocka_unit_test(plans_end_at_rest),
        cmocka_unit_test(a_plan_from_given_positions),
        cmocka_unit_test(finishing_anywhere),
        cmocka_unit_test(v1_options_plan_from_rest_to_rest),
        cmocka_unit_test(bad_start_positions_and_finish_are_refused),
        cmocka_unit_test(start_positions_bad_input),
        cmocka_unit_test(paired_turns_carry_their_own_move),
        cmocka_unit_test(the_moves_left_after_some_actions),
        cmocka_unit_test(robots_that_cannot_turn_a_face_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
