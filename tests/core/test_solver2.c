/* The solver handle on the 2x2 through the public C API: optimal solutions that really solve the cube
 * as given, in both metrics and any orientation, enumeration, targets, and bad input. */
#include "solver_fixture.h"

/* Solves `s`, checks the answer, and checks its length is the optimal distance; returns it. */
static int32_t solve_and_check(const cube_state *s, const cube_solve_options *o) {
    cube_moves *m = solve_checked(s, o);
    int32_t len = cube_moves_length(m, o ? o->metric : CUBE_METRIC_HTM);
    assert_int_equal(len, cube_solve_distance(solver, s, o));
    cube_moves_free(m);
    return len;
}

static void random_states_both_metrics(void **unused) {
    (void)unused;
    cube_solve_options o;
    cube_solve_options_init(&o);
    for (uint64_t seed = 0; seed < 300; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(2, seed, &s), CUBE_OK);
        o.metric = CUBE_METRIC_HTM;
        int32_t htm = solve_and_check(s, &o);
        assert_true(htm <= 11);
        o.metric = CUBE_METRIC_QTM;
        int32_t qtm = solve_and_check(s, &o);
        assert_true(qtm <= 14 && qtm >= htm);
        cube_state_free(s);
    }
}

static void known_distances(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "");
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(solver, s, NULL, &m), CUBE_OK);
    assert_int_equal(cube_moves_count(m), 0);
    assert_string_equal(cube_moves_text(m), "");
    cube_moves_free(m);
    cube_state_free(s);
    s = state_after(2, "R U2 F'");
    assert_int_equal(cube_solve_distance(solver, s, NULL), 3);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    assert_int_equal(cube_solve_distance(solver, s, &o), 4);
    cube_state_free(s);
}

static void any_orientation_and_colour_scans(void **unused) {
    (void)unused;
    const char *moves[] = {"x R U' F", "y2 z R2 U F'", "D L B' x'", "z' B2 L D R"};
    for (size_t i = 0; i < sizeof moves / sizeof *moves; ++i) {
        cube_state *s = state_after(2, moves[i]);
        solve_and_check(s, NULL);
        /* The same cube read from a colour scan. */
        char scan[25];
        const char *f = cube_state_facelets(s), *faces = "URFDLB", *colours = "wrgyob";
        for (int k = 0; k < 24; ++k) scan[k] = colours[strchr(faces, f[k]) - faces];
        scan[24] = '\0';
        cube_state *c = NULL;
        assert_int_equal(cube_state_from_facelets(scan, 0, &c), CUBE_OK);
        solve_and_check(c, NULL);
        cube_state_free(c);
        cube_state_free(s);
    }
}

static int32_t collect(void *user, const cube_moves *m) {
    int *n = user;
    (void)m;
    return ++*n >= 1000;
}

static void every_optimal_solution(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U");
    int64_t count = 0, produced = 0;
    assert_int_equal(cube_count_optimal(solver, s, NULL, &count), CUBE_OK);
    assert_int_equal(count, 1);
    cube_state_free(s);
    s = state_after(2, "R U R' U'");
    assert_int_equal(cube_count_optimal(solver, s, NULL, &count), CUBE_OK);
    int n = 0;
    assert_int_equal(cube_solve_all(solver, s, NULL, 100000, collect, &n, &produced), CUBE_OK);
    assert_true(count >= 1);
    assert_int_equal(produced, count < 1000 ? count : 1000);
    n = 0;
    assert_int_equal(cube_solve_all(solver, s, NULL, 1, collect, &n, &produced), CUBE_OK);
    assert_int_equal(produced, 1);
    cube_state_free(s);
}

static void solves_to_a_target(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U F2 R'"), *t = state_after(2, "U2 R F");
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.target = t;
    solve_and_check(s, &o);
    /* A target whose DBL corner sits elsewhere cannot be reached keeping DBL still. */
    cube_state *moved = state_after(2, "D");
    o.target = moved;
    cube_moves *m = NULL;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "DBL");
    cube_state_free(moved);
    cube_state_free(s);
    cube_state_free(t);
}

static void limits_and_bad_input(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U F R2"), *three = NULL;
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 2;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "more than max_length 2");
    assert_null(m);
    cube_solve_options_init(&o);
    o.metric = 9;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT, "options.metric 9");
    cube_solve_options_init(&o);
    o.struct_size = 0;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    cube_solve_options_init(&o);
    o.max_length = -1;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT);
    cube_solve_options_init(&o);
    o.timeout_ms = -1;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_new(3, &three), CUBE_OK);
    cube_solve_options_init(&o);
    o.target = three;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT, "target is a 3x3");
    o.target = (const cube_state *)solver;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT);
    /* A smaller (older) options struct is accepted: missing fields keep their defaults. */
    cube_solve_options_init(&o);
    o.struct_size = (uint32_t)offsetof(cube_solve_options, max_length);
    o.max_length = 1; /* beyond struct_size: ignored */
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_OK);
    cube_moves_free(m);
    m = NULL;

    assert_int_equal(cube_solve(NULL, s, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve(solver, NULL, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve(solver, s, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve((cube_solver *)s, s, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_distance(NULL, s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_distance(solver, three, NULL), CUBE_ERROR_UNSUPPORTED);
    int64_t count;
    assert_int_equal(cube_count_optimal(solver, s, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_count_optimal(solver, three, NULL, &count), CUBE_ERROR_UNSUPPORTED);
    assert_int_equal(cube_solve_all(solver, s, NULL, 10, NULL, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    int n = 0;
    assert_int_equal(cube_solve_all(solver, s, NULL, -1, collect, &n, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_new(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.struct_size = 1;
    cube_solver *other = NULL;
    assert_int_equal(cube_solver_new(&c, &other), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_prepare(NULL, 2), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_prepare(solver, 5), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_prepare(solver, 2), CUBE_OK);
    cube_solver_free(NULL);
    cube_solver_free((cube_solver *)s); /* ignored: not a solver */
    cube_solve_options_init(NULL);
    cube_solver_config_init(NULL);
    cube_state_free(three);
    cube_state_free(s);
}

static void batch_on_two_threads(void **unused) {
    (void)unused;
    check_batch(2, 7000, 200);
    cube_moves *solutions[1];
    assert_int_equal(cube_solve_batch(solver, NULL, 1, NULL, 1, solutions, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_batch(solver, NULL, -1, NULL, 1, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve_batch(solver, NULL, 0, NULL, 1, NULL, NULL), CUBE_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_states_both_metrics),
        cmocka_unit_test(known_distances),
        cmocka_unit_test(any_orientation_and_colour_scans),
        cmocka_unit_test(every_optimal_solution),
        cmocka_unit_test(solves_to_a_target),
        cmocka_unit_test(limits_and_bad_input),
        cmocka_unit_test(batch_on_two_threads),
    };
    return cmocka_run_group_tests(tests, open_solver, close_solver);
}
