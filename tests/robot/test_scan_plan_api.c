/* Scan sequences through the public C API: every bad input of cube_robot_scan_plan, the frame accessors,
 * cube_plan_concat and cube_scan_input_from_frames; the camera of a robot description (V1 and V2 structs,
 * spec keys, choices each family refuses); a scan plan and a scan-then-solve plan run on the sim driver
 * end at rest with the cube solved. */
#include "../core/test_util.h"

static cube_robot *robot_of(const char *spec) {
    cube_robot *r = NULL;
    if (cube_robot_parse(spec, &r) != CUBE_OK) print_error("%s: %s\n", spec, cube_last_error());
    assert_non_null(r);
    return r;
}

static cube_plan *scan_plan_of(const cube_robot *robot) {
    cube_plan *p = NULL;
    assert_int_equal(cube_robot_scan_plan(robot, &p), CUBE_OK);
    return p;
}

static void test_bad_scan_plan_inputs(void **state) {
    (void)state;
    cube_robot *robot = robot_of("four-arm");
    cube_plan *p = (cube_plan *)1;
    assert_refused(cube_robot_scan_plan(NULL, &p), "robot is NULL");
    assert_null(p);
    assert_refused(cube_robot_scan_plan(robot, NULL), "NULL");
    assert_refused(cube_robot_scan_plan((const cube_robot *)"garbage!", &p), "not a valid handle");
    p = scan_plan_of(robot);
    int32_t count = -1;
    assert_int_equal(cube_plan_scan_frame_count(p, &count), CUBE_OK);
    assert_int_equal(count, 6);
    assert_refused(cube_plan_scan_frame_count(p, NULL), "count");
    assert_refused(cube_plan_scan_frame_count(NULL, &count), "plan is NULL");
    cube_scan_frame f;
    assert_int_equal(cube_scan_frame_init(&f), CUBE_OK);
    assert_refused(cube_scan_frame_init_sized(&f, 3), "");
    assert_refused(cube_scan_frame_init_sized(NULL, sizeof f), "");
    assert_int_equal(cube_scan_frame_init(&f), CUBE_OK);
    assert_refused(cube_plan_get_scan_frame(p, 6, &f), "frame 6: the plan has 6");
    assert_refused(cube_plan_get_scan_frame(p, -1, &f), "frame -1");
    assert_refused(cube_plan_get_scan_frame(NULL, 0, &f), "plan is NULL");
    f.struct_size = 5;
    assert_refused(cube_plan_get_scan_frame(p, 0, &f), "");
    assert_int_equal(cube_scan_frame_init(&f), CUBE_OK);
    assert_int_equal(cube_plan_get_scan_frame(p, 0, &f), CUBE_OK);
    assert_int_equal(f.face, 0); /* the camera above a four-arm robot sees U first, as laid out */
    assert_int_equal(f.rotation, 0);
    assert_int_equal(f.actions_done, 0);
    assert_int_equal(cube_plan_check(p), CUBE_OK);
    cube_plan_free(p);
    cube_robot_free(robot);
}

static void test_camera_in_descriptions(void **state) {
    (void)state;
    cube_robot_desc d;
    assert_int_equal(cube_robot_desc_init(&d, CUBE_ROBOT_FOUR_ARM), CUBE_OK);
    assert_int_equal(d.camera, CUBE_CAMERA_DEFAULT);
    cube_robot *r = NULL;
    d.camera = 7;
    assert_refused(cube_robot_new(&d, &r), "camera 7");
    d.camera = CUBE_CAMERA_F;
    assert_refused(cube_robot_new(&d, &r), "four-arm robot's camera can look at U or D");
    d.camera = CUBE_CAMERA_D;
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    const char *spec = NULL;
    assert_int_equal(cube_robot_spec(r, &spec), CUBE_OK);
    assert_non_null(strstr(spec, ",camera=D"));
    cube_robot_free(r);
    d.struct_size = CUBE_ROBOT_DESC_SIZE_V1; /* an older caller: no camera field, the default */
    assert_int_equal(cube_robot_new(&d, &r), CUBE_OK);
    assert_int_equal(cube_robot_spec(r, &spec), CUBE_OK);
    assert_null(strstr(spec, "camera"));
    cube_robot_free(r);
    assert_refused(cube_robot_parse("six-motor:camera=U", &r), "six-motor robot covers every face");
    assert_refused(cube_robot_parse("two-gripper:camera=D", &r), "can look at F, U, R or B");
    assert_refused(cube_robot_parse("turntable-flipper:camera=D", &r), "U, R, F, L or B");
    assert_fails_with(cube_robot_parse("four-arm:camera=up", &r), CUBE_ERROR_PARSE, "expected U, R, F, D, L or B");
    r = robot_of("turntable-flipper:camera=F");
    cube_robot_free(r);
}

static void test_concat_and_frames_inputs(void **state) {
    (void)state;
    cube_robot *four = robot_of("four-arm"), *two = robot_of("two-gripper");
    cube_plan *scan = scan_plan_of(four), *other = scan_plan_of(two), *solve = NULL, *joined = (cube_plan *)1;
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U F'", 3, &m), CUBE_OK);
    assert_int_equal(cube_plan_new(four, m, NULL, &solve), CUBE_OK);
    assert_refused(cube_plan_concat(scan, other, &joined), "different robots");
    assert_null(joined);
    assert_refused(cube_plan_concat(NULL, solve, &joined), "first is NULL");
    assert_refused(cube_plan_concat(scan, NULL, &joined), "second is NULL");
    assert_refused(cube_plan_concat(scan, solve, NULL), "NULL");
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.finish = CUBE_PLAN_FINISH_ANYWHERE;
    cube_plan *anywhere = NULL;
    assert_int_equal(cube_plan_new(four, m, &o, &anywhere), CUBE_OK);
    assert_refused(cube_plan_concat(anywhere, scan, &joined), "does not end at rest");
    assert_int_equal(cube_plan_concat(scan, solve, &joined), CUBE_OK);
    assert_int_equal(cube_plan_check(joined), CUBE_OK);
    int32_t frames = 0, a = 0, b = 0, c = 0;
    assert_int_equal(cube_plan_scan_frame_count(joined, &frames), CUBE_OK);
    assert_int_equal(frames, 6);
    cube_plan_action_count(scan, &a);
    cube_plan_action_count(solve, &b);
    cube_plan_action_count(joined, &c);
    assert_int_equal(a + b, c);

    cube_scan_input *in = NULL, *out = (cube_scan_input *)1;
    assert_int_equal(cube_scan_input_new(3, CUBE_SCAN_SRGB, &in), CUBE_OK);
    assert_refused(cube_scan_input_from_frames(solve, in, &out), "has 0 camera frames, not 6");
    assert_null(out);
    assert_refused(cube_scan_input_from_frames(NULL, in, &out), "plan is NULL");
    assert_refused(cube_scan_input_from_frames(scan, NULL, &out), "frames is NULL");
    assert_refused(cube_scan_input_from_frames(scan, (const cube_scan_input *)solve, &out), "not a valid handle");
    assert_refused(cube_scan_input_from_frames(scan, in, NULL), "NULL");
    /* Unset samples stay unset, set ones move with their weight. */
    assert_int_equal(cube_scan_input_set(in, 0, 1, 2, 3, 0.5), CUBE_OK);
    assert_int_equal(cube_scan_input_from_frames(joined, in, &out), CUBE_OK);
    int32_t set = 0;
    for (int32_t i = 0; i < 54; ++i) {
        double v[3], w = 0;
        if (cube_scan_input_get(out, i, v, &w) == CUBE_OK) {
            ++set;
            assert_true(v[0] == 1 && w == 0.5);
            assert_int_equal(i, 0); /* the first frame shows U as laid out */
        }
    }
    assert_int_equal(set, 1);
    cube_scan_input_free(out);
    cube_scan_input_free(in);
    cube_plan_free(anywhere);
    cube_plan_free(joined);
    cube_plan_free(solve);
    cube_plan_free(other);
    cube_plan_free(scan);
    cube_moves_free(m);
    cube_robot_free(two);
    cube_robot_free(four);
}

/* At rest: nothing to do to get there from the driver's positions (free turns may be anywhere). */
static int at_rest(cube_driver *d, const cube_robot *robot) {
    int32_t at[16], n = 0, actions = -1;
    assert_int_equal(cube_driver_positions(d, at, 16, &n), CUBE_OK);
    cube_moves *none = NULL;
    cube_plan *p = NULL;
    cube_plan_options o;
    cube_plan_options_init(&o);
    o.start_positions = at;
    o.start_position_count = n;
    assert_int_equal(cube_moves_new(3, &none), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, none, &o, &p), CUBE_OK);
    assert_int_equal(cube_plan_action_count(p, &actions), CUBE_OK);
    cube_plan_free(p);
    cube_moves_free(none);
    return actions == 0;
}

/* The scan plan, and the scan before a solve, run on the sim driver: it ends at rest, the cube solved. */
static void test_runs_on_the_sim(void **state) {
    (void)state;
    const char *families[] = {"six-motor", "four-arm", "two-gripper", "turntable-flipper"};
    for (size_t i = 0; i < 4; ++i) {
        char uri[96];
        snprintf(uri, sizeof uri, "sim:model=%s,speed=0", families[i]);
        cube_driver_registry *reg = NULL;
        cube_driver *d = NULL;
        assert_int_equal(cube_driver_registry_new("", &reg), CUBE_OK);
        assert_int_equal(cube_driver_open(reg, uri, &d), CUBE_OK);
        cube_robot *robot = robot_of(cube_driver_robot_spec(d));
        cube_plan *scan = scan_plan_of(robot), *solve = NULL, *joined = NULL;
        cube_moves *m = NULL;
        assert_int_equal(cube_moves_parse("R U F' D2 L B'", 3, &m), CUBE_OK);
        assert_int_equal(cube_plan_new(robot, m, NULL, &solve), CUBE_OK);
        assert_int_equal(cube_plan_concat(scan, solve, &joined), CUBE_OK);
        const cube_plan *runs[2] = {scan, joined};
        for (int k = 0; k < 2; ++k) {
            if (cube_driver_run_plan(d, runs[k], NULL, NULL) != CUBE_OK) {
                print_error("%s run %d: %s\n", uri, k, cube_last_error());
                fail();
            }
            char answer[128];
            assert_int_equal(cube_driver_query(d, "solved", answer, sizeof answer, NULL), CUBE_OK);
            assert_string_equal(answer, "1");
            assert_true(at_rest(d, robot));
        }
        cube_moves_free(m);
        cube_plan_free(joined);
        cube_plan_free(solve);
        cube_plan_free(scan);
        cube_robot_free(robot);
        cube_driver_close(d);
        cube_driver_registry_free(reg);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_scan_plan_inputs),
        cmocka_unit_test(test_camera_in_descriptions),
        cmocka_unit_test(test_concat_and_frames_inputs),
        cmocka_unit_test(test_runs_on_the_sim),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
