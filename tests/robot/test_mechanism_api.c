/* Described robots through the C API: every bad-input class of the mechanism text, the families written
 * out, a sixth mechanism planned and checked, and run on the sim. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <cube/driver.h>
#include <cube/robot.h>

/* Two grippers on D and B: a robot none of the families has. */
#define SIXTH                                                                                              \
    "described: turn90=300, turn180=500, grip=150\n"                                                       \
    "actuator D.wrist turner D claw:z:D.grip\n"                                                            \
    "actuator D.grip grip rest:close\n"                                                                    \
    "actuator B.wrist turner B claw:y:B.grip\n"                                                            \
    "actuator B.grip grip rest:close\n"                                                                    \
    "held D.grip:close or B.grip:close\n"                                                                  \
    "together any\n"                                                                                       \
    "D.wrist.range = 1\n"                                                                                  \
    "B.wrist.range = 1\n"

#define TURNTABLE "described:actuator table turner D pocket,actuator flipper flipper flip:x,actuator holder grip clamp:D,"

static void refused(const char *spec, cube_status status, const char *needle) {
    cube_robot *r = NULL;
    cube_status got = cube_robot_parse(spec, &r);
    if (got != status || !strstr(cube_last_error(), needle)) {
        print_error("%s\n  -> status %d: %s\n  expected %d with \"%s\"\n", spec, got, cube_last_error(), status, needle);
        fail();
    }
    assert_null(r);
}

/* Lines it cannot read: CUBE_ERROR_PARSE naming the line and what is wrong. */
static void test_lines_it_cannot_read(void **state) {
    (void)state;
    const cube_status P = CUBE_ERROR_PARSE;
    refused("described", P, "needs its mechanism");
    refused("described:turn90=300", P, "needs its mechanism");
    refused("four-arm:actuator x turner U center", P, "mechanism lines go with the family described");
    refused("described:actuator table", P, "expected \"actuator NAME KIND");
    refused("described:actuator ta/ble turner D pocket", P, "a name is 1-24 letters");
    refused("described:actuator t turner D pocket,actuator t grip clamp:D", P, "two actuators are named t");
    refused("described:actuator t wheel D", P, "the kinds are turner, grip, flipper and cover");
    refused("described:actuator t turner D", P, "a turner needs its face");
    refused("described:actuator t turner Q pocket", P, "expected a face U, R, F, D, L or B");
    refused("described:actuator t turner D hand", P, "a turner grips with center, pocket or claw");
    refused("described:actuator t turner D claw:w:g,actuator g grip", P, "expected an axis x, y or z");
    refused("described:actuator t turner D claw:y:g,actuator g grip", P, "not along its own axis");
    refused("described:actuator t turner D pocket wobbly", P, "not an option of a turner");
    refused("described:actuator h grip clamp:D flip:x", P, "not an option of a grip");
    refused("described:actuator f flipper", P, "needs the whole-cube turn it makes");
    refused("described:actuator f flipper flip:x3", P, "expected a whole-cube turn such as x");
    refused("described:actuator c cover flip:x", P, "a cover needs the face it leaves free");
    refused("described:actuator h grip clamp:D rest:shut", P, "h's positions are open, close");
    refused(TURNTABLE "require flipper lid:open", P, "\"lid\": no such actuator");
    refused(TURNTABLE "require flipper holder:half", P, "holder's positions are open, close");
    refused(TURNTABLE "require flipper table:open", P, "table is a turner: it has no named positions");
    refused(TURNTABLE "require flipper", P, "expected \"require NAME OTHER:POSITION");
    refused(TURNTABLE "require lid holder:open", P, "\"lid\": no such actuator");
    refused(TURNTABLE "together two", P, "expected \"together one\"");
    refused(TURNTABLE "together any,pair table", P, "expected \"pair NAME NAME\"");
    refused(TURNTABLE "together any,pair table table", P, "a pair of one actuator");
    refused(TURNTABLE "together any,pair table holder", P, "a pair is two turners or two grips");
    refused(TURNTABLE "held holder:open,held holder:close", P, "expected one line \"held");
    refused(TURNTABLE "held holder:open or", P, "an empty alternative");
    refused(TURNTABLE "cameras UQ", P, "expected a face");
    refused(TURNTABLE "described=1", P, "described = 1 goes with a family preset");
}

/* Lines that contradict each other: CUBE_ERROR_INVALID_ARGUMENT saying what is inconsistent. */
static void test_lines_that_contradict_each_other(void **state) {
    (void)state;
    const cube_status I = CUBE_ERROR_INVALID_ARGUMENT;
    refused("described:require x y:open", I, "no actuator");
    refused("described:actuator a1 turner U center,actuator a2 turner R center,actuator a3 turner F center,"
            "actuator a4 turner D center,actuator a5 turner L center,actuator a6 turner B center,"
            "actuator a7 grip clamp:D,actuator a8 grip clamp:D,actuator a9 grip clamp:D",
            I, "more than 8 actuators");
    refused("described:actuator t turner D claw:x:g", I, "t's claw is engaged by \"g\": no such actuator");
    refused("described:actuator t turner D claw:x:u,actuator u turner U center", I, "which is not a grip");
    refused("described:actuator t turner D claw:x:g,actuator u turner L claw:y:g,actuator g grip", I,
            "g engages the claws of both");
    refused("described:actuator t turner D claw:x:g,actuator g grip clamp:U", I, "it cannot clamp too");
    refused(TURNTABLE "require holder holder:open", I, "a condition on holder's own position");
    refused(TURNTABLE "require holder flipper:flip", I, "can never hold: a flipper is at rest between flips");
    refused("described:actuator table turner D pocket,actuator g grip", I, "g grips nothing");
    refused("described:actuator t turner D claw:x:g,actuator g grip,held g:close", I, "the cube is not held at rest");
    refused("described:actuator t turner D pocket,actuator u turner D center", I, "two turners on face D");
    refused("described:actuator a turner D center,actuator b turner U center,together one,pair a b", I,
            "pairs with \"together one\"");
    refused(TURNTABLE "cameras UD", I, "table sits on D");
    refused("described:actuator a turner D claw:x:ag,actuator ag grip rest:close,actuator b turner L claw:y:bg,"
            "actuator bg grip rest:close,actuator c turner U pocket stops,actuator d turner R pocket stops,"
            "actuator e cover clamp:F flip:z,actuator f cover clamp:B flip:z',a.range=2,b.range=2,c.range=2,d.range=2",
            I, "more than 16384 mechanical states");
    /* A face no steps can turn (no flipper: the cube only spins on the table). */
    refused("described:actuator table turner D pocket,actuator holder grip clamp:D,together one", I,
            "this described robot cannot turn U");
    refused("described:actuator m turner U center free,m.range=1", I, "m.range: the m turns without end stops");
    refused("described:actuator m turner U pocket stops,m.range=0", I, "m.range = 0");
}

/* Each family written out (described=1) is a described robot that plans the same. */
static void test_families_written_out(void **state) {
    (void)state;
    const char *families[] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper", "hold-and-flip"};
    for (size_t i = 0; i < 5; ++i) {
        char spec[64];
        snprintf(spec, sizeof spec, "%s:described=1", families[i]);
        cube_robot *preset = NULL, *described = NULL, *again = NULL;
        assert_int_equal(cube_robot_parse(families[i], &preset), CUBE_OK);
        assert_int_equal(cube_robot_parse(spec, &described), CUBE_OK);
        cube_robot_desc d;
        assert_int_equal(cube_robot_desc_init(&d, CUBE_ROBOT_SIX_MOTOR), CUBE_OK);
        assert_int_equal(cube_robot_get_desc(described, &d), CUBE_OK);
        assert_int_equal(d.family, CUBE_ROBOT_DESCRIBED);
        const char *text = NULL, *text_again = NULL;
        assert_int_equal(cube_robot_spec(described, &text), CUBE_OK);
        assert_int_equal(cube_robot_parse(text, &again), CUBE_OK);
        assert_int_equal(cube_robot_spec(again, &text_again), CUBE_OK);
        assert_string_equal(text, text_again);
        cube_moves *m = NULL;
        assert_int_equal(cube_moves_parse("R U R' U' F2 D L' B2", 3, &m), CUBE_OK);
        cube_plan *a = NULL, *b = NULL;
        assert_int_equal(cube_plan_new(preset, m, NULL, &a), CUBE_OK);
        assert_int_equal(cube_plan_new(again, m, NULL, &b), CUBE_OK);
        int64_t ta = 0, tb = 0;
        assert_int_equal(cube_plan_total_us(a, &ta), CUBE_OK);
        assert_int_equal(cube_plan_total_us(b, &tb), CUBE_OK);
        assert_true(ta == tb);
        assert_int_equal(cube_plan_check(b), CUBE_OK);
        cube_plan_free(a);
        cube_plan_free(b);
        cube_moves_free(m);
        cube_robot_free(again);
        cube_robot_free(described);
        cube_robot_free(preset);
    }
    const char *name = NULL;
    assert_int_equal(cube_robot_family_name(CUBE_ROBOT_DESCRIBED, &name), CUBE_OK);
    assert_string_equal(name, "described");
    /* A description struct cannot carry a mechanism. */
    cube_robot_desc d;
    cube_robot *r = NULL;
    assert_int_equal(cube_robot_desc_init(&d, CUBE_ROBOT_DESCRIBED), CUBE_OK);
    assert_int_equal(cube_robot_new(&d, &r), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(cube_last_error(), "needs its mechanism as text"));
    assert_int_equal(cube_robot_desc_init(&d, 7), CUBE_ERROR_INVALID_ARGUMENT);
}

/* The sixth mechanism plans, its plans pass cube_plan_check(), and it runs on the sim. */
static void test_a_sixth_mechanism(void **state) {
    (void)state;
    cube_robot *robot = NULL;
    if (cube_robot_parse(SIXTH, &robot) != CUBE_OK) print_error("%s\n", cube_last_error());
    assert_non_null(robot);
    int32_t n = 0;
    assert_int_equal(cube_robot_actuator_count(robot, &n), CUBE_OK);
    assert_int_equal(n, 4);
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U F' D2 L B' U2 R'", 3, &m), CUBE_OK);
    cube_plan *p = NULL;
    assert_int_equal(cube_plan_new(robot, m, NULL, &p), CUBE_OK);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    /* On the sim: the robot's spec (one line) is the sim's robot keys. */
    const char *spec = NULL;
    assert_int_equal(cube_robot_spec(robot, &spec), CUBE_OK);
    char uri[2048];
    /* "described:KEYS" -> "model=described,KEYS" */
    snprintf(uri, sizeof uri, "sim:speed=0,model=described,%s", spec + strlen("described:"));
    cube_driver_registry *reg = NULL;
    cube_driver *d = NULL;
    assert_int_equal(cube_driver_registry_new("", &reg), CUBE_OK);
    if (cube_driver_open(reg, uri, &d) != CUBE_OK) print_error("%s: %s\n", uri, cube_last_error());
    assert_non_null(d);
    if (cube_driver_run_plan(d, p, NULL, NULL) != CUBE_OK) {
        print_error("run: %s\n", cube_last_error());
        fail();
    }
    cube_driver_close(d);
    cube_driver_registry_free(reg);
    cube_plan_free(p);
    cube_moves_free(m);
    cube_robot_free(robot);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_it_cannot_read),
        cmocka_unit_test(test_lines_that_contradict_each_other),
        cmocka_unit_test(test_families_written_out),
        cmocka_unit_test(test_a_sixth_mechanism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
