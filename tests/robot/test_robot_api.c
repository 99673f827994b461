/* The public robot API from C: descriptions, parsing and loading, plans, robot-aware choice,
 * formats, and the rules for bad input (statuses and messages, never a crash). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdlib.h>

#include <cube/robot.h>

#include "../core/test_util.h"

static cube_moves *moves(const char *text) {
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(text, 3, &m), CUBE_OK);
    return m;
}

static void desc_defaults_and_round_trip(void **unused) {
    (void)unused;
    for (int32_t f = CUBE_ROBOT_SIX_MOTOR; f <= CUBE_ROBOT_TURNTABLE_FLIPPER; ++f) {
        cube_robot_desc d, back;
        assert_int_equal(cube_robot_desc_init(&d, f), CUBE_OK);
        assert_int_equal(d.struct_size, sizeof d);
        cube_robot *r = NULL, *again = NULL;
        assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
        back.struct_size = sizeof back;
        assert_int_equal(cube_robot_get_desc(r, &back), CUBE_OK);
        assert_memory_equal(&d, &back, sizeof d);
        assert_int_equal(cube_robot_parse(cube_robot_spec(r), &again), CUBE_OK);
        assert_string_equal(cube_robot_spec(r), cube_robot_spec(again));
        assert_non_null(strstr(cube_robot_spec(r), cube_robot_family_name(f)));
        assert_true(cube_robot_actuator_count(r) > 0);
        assert_non_null(cube_robot_actuator_name(r, 0));
        assert_null(cube_robot_actuator_name(r, 99));
        cube_robot_free(r);
        cube_robot_free(again);
    }
    assert_null(cube_robot_family_name(7));
}

static void bad_descriptions_are_refused(void **unused) {
    (void)unused;
    cube_robot_desc d;
    cube_robot *r = NULL;
    assert_fails_with(cube_robot_desc_init(&d, 9), CUBE_ERROR_INVALID_ARGUMENT, "family");
    cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM);
    d.turn90_us = 0;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "turn90");
    assert_null(r);
    cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM);
    d.struct_size = 4;
    assert_fails_with(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    assert_fails_with(cube_robot_parse("four-arm:turn90=fast", &r), CUBE_ERROR_PARSE, "turn90");
    assert_fails_with(cube_robot_parse("robot-arm", &r), CUBE_ERROR_PARSE, "unknown family");
    assert_fails_with(cube_robot_parse(NULL, &r), CUBE_ERROR_INVALID_ARGUMENT, "NULL");
    assert_fails_with(cube_robot_load("/nonexistent/robot.txt", &r), CUBE_ERROR_NOT_FOUND, "robot.txt");
    assert_int_equal(cube_robot_actuator_count(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    cube_robot_free(NULL);
}

static void load_from_file(void **unused) {
    (void)unused;
    char path[] = "/tmp/cube-robot-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# our robot\nmodel = two-gripper\nturn90 = 280   # measured\ngrip = 120\n", f);
    fclose(f);
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_load(path, &r), CUBE_OK);
    cube_robot_desc d;
    d.struct_size = sizeof d;
    cube_robot_get_desc(r, &d);
    assert_int_equal(d.family, CUBE_ROBOT_TWO_GRIPPER);
    assert_int_equal(d.turn90_us, 280000);
    assert_int_equal(d.grip_us, 120000);
    cube_robot_free(r);
    f = fopen(path, "w");
    fputs("model = two-gripper\nwrist = 3\n", f);
    fclose(f);
    assert_fails_with(cube_robot_load(path, &r), CUBE_ERROR_PARSE, path);
    remove(path);
}

static void plans_and_their_actions(void **unused) {
    (void)unused;
    cube_robot *r = NULL;
    cube_plan *p = NULL;
    cube_moves *m = moves("R U R' U'");
    assert_int_equal(cube_robot_parse("four-arm", &r), CUBE_OK);
    assert_int_equal(cube_plan_new(r, m, NULL, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    int32_t n = cube_plan_action_count(p);
    assert_true(n >= 4);
    cube_action a, last;
    a.struct_size = last.struct_size = sizeof a;
    assert_int_equal(cube_plan_get_action(p, 0, &a), CUBE_OK);
    assert_int_equal(a.start_us, 0);
    assert_int_equal(cube_plan_get_action(p, n - 1, &last), CUBE_OK);
    assert_int_equal(last.end_us, cube_plan_total_us(p));
    assert_fails_with(cube_plan_get_action(p, n, &a), CUBE_ERROR_INVALID_ARGUMENT, "action");
    int32_t turns = 0;
    for (int32_t i = 0; i < n; ++i) {
        cube_plan_get_action(p, i, &a);
        turns += a.move_index >= 0;
    }
    assert_int_equal(turns, 4);

    cube_plan_options o;
    cube_plan_options_init(&o);
    o.strategy = CUBE_PLAN_NAIVE;
    cube_plan *naive = NULL;
    assert_int_equal(cube_plan_new(r, m, &o, &naive), CUBE_OK);
    assert_int_equal(cube_plan_check(naive), CUBE_OK);
    assert_true(cube_plan_total_us(naive) >= cube_plan_total_us(p));
    o.strategy = 5;
    cube_plan *none = NULL;
    assert_fails_with(cube_plan_new(r, m, &o, &none), CUBE_ERROR_INVALID_ARGUMENT, "strategy");
    assert_null(none);

    cube_moves *back = NULL;
    cube_robot *rb = NULL;
    assert_int_equal(cube_plan_moves(p, &back), CUBE_OK);
    assert_string_equal(cube_moves_text(back), "R U R' U'");
    assert_int_equal(cube_plan_robot(p, &rb), CUBE_OK);
    assert_string_equal(cube_robot_spec(rb), cube_robot_spec(r));
    cube_robot_free(r); /* plans keep their robot */
    assert_int_equal(cube_plan_check(p), CUBE_OK);

    char buf[8];
    int32_t len = 0;
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_JSON, buf, sizeof buf, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    char *json = malloc((size_t)len + 1);
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_JSON, json, len + 1, NULL), CUBE_OK);
    assert_non_null(strstr(json, "\"total_ms\":"));
    assert_non_null(strstr(json, "\"actuator\":\"R.twist\""));
    free(json);
    assert_int_equal(cube_plan_format(p, CUBE_PLAN_TEXT, NULL, 0, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(len > 0);
    assert_fails_with(cube_plan_format(p, 7, NULL, 0, &len), CUBE_ERROR_INVALID_ARGUMENT, "format");

    cube_plan_free(naive);
    cube_plan_free(p);
    cube_moves_free(back);
    cube_moves_free(m);
    cube_robot_free(rb);
    assert_int_equal(cube_plan_total_us(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_plan_check(NULL), CUBE_ERROR_INVALID_ARGUMENT, "plan");
}

static void consider_keeps_the_fastest(void **unused) {
    (void)unused;
    cube_robot *r = NULL;
    cube_robot_parse("four-arm", &r);
    const char *cands[] = {"U", "R L", "R R", "F B"};
    int32_t became[] = {1, 1, 0, 0};
    cube_plan *best = NULL;
    for (int i = 0; i < 4; ++i) {
        cube_moves *m = moves(cands[i]);
        assert_int_equal(cube_plan_consider(r, m, NULL, &best), became[i]);
        cube_moves_free(m);
    }
    cube_moves *chosen = NULL;
    cube_plan_moves(best, &chosen);
    assert_string_equal(cube_moves_text(chosen), "R L");
    assert_int_equal(cube_plan_total_us(best), 250000);
    cube_moves_free(chosen);
    cube_plan_free(best);
    assert_fails_with(cube_plan_consider(r, NULL, NULL, &best), CUBE_ERROR_INVALID_ARGUMENT, "candidate");
    cube_robot_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(desc_defaults_and_round_trip),
        cmocka_unit_test(bad_descriptions_are_refused),
        cmocka_unit_test(load_from_file),
        cmocka_unit_test(plans_and_their_actions),
        cmocka_unit_test(consider_keeps_the_fastest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
