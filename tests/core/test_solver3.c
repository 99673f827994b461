/* The solver handle on the 3x3 through the public C API (tables in $CUBE_TABLE_DIR, built on first use). */
#include "solver_fixture.h"

static int open_solver_with_tables(void **state) {
    return open_solver(state) == 0 && cube_solver_prepare(solver, 3) == CUBE_OK ? 0 : -1;
}

/* Solves `s`, checks the answer and that it has face turns only; returns its length. */
static int32_t solve_and_check(const cube_state *s, const cube_solve_options *o) {
    cube_moves *m = solve_checked(s, o);
    int32_t len = cube_moves_length(m, CUBE_METRIC_HTM);
    assert_int_equal(len, cube_moves_count(m));
    cube_moves_free(m);
    return len;
}

static void random_states(void **unused) {
    (void)unused;
    for (uint64_t seed = 0; seed < 100; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(3, seed, &s), CUBE_OK);
        assert_true(solve_and_check(s, NULL) <= 20);
        cube_state_free(s);
    }
}

static void superflip_in_20(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_int_equal(solve_and_check(s, NULL), 20);
    cube_state_free(s);
}

static void solved_and_one_move(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "");
    assert_int_equal(solve_and_check(s, NULL), 0);
    cube_state_free(s);
    const char *one[] = {"U", "R'", "F2", "D", "L2", "B'"};
    for (size_t i = 0; i < sizeof one / sizeof *one; ++i) {
        s = state_after(3, one[i]);
        assert_int_equal(solve_and_check(s, NULL), 1);
        cube_state_free(s);
    }
}

static void to_a_target_pattern(void **unused) {
    (void)unused;
    cube_state *checkerboard = state_after(3, "U2 D2 F2 B2 L2 R2");
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 99, &s), CUBE_OK);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.target = checkerboard;
    assert_true(solve_and_check(s, &o) <= 20);
    cube_state_free(s);
    cube_state_free(checkerboard);
}

static void rotated_cube_keeps_its_centres(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U x F' y M");
    solve_and_check(s, NULL);
    cube_state_free(s);
}

static void limits(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U F D L B R2 U2");
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 3;
    o.timeout_ms = 50;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "");
    assert_null(m);
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSUPPORTED, "HTM only");
    cube_solve_options_init(&o);
    o.timeout_ms = 30;
    o.min_effort = 1;
    assert_true(solve_and_check(s, &o) <= 8);
    cube_state_free(s);
}

static void invalid_state_is_refused_before_solving(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_fails_with(cube_state_from_facelets("UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 0, &s),
                      CUBE_ERROR_INVALID_CUBE, "edge orientation sum is odd");
}

static void batch(void **unused) {
    (void)unused;
    check_batch(3, 500, 40);
}

static void table_file_calls(void **unused) {
    (void)unused;
    char path[4096];
    int32_t len = 0;
    assert_int_equal(cube_tables_path(NULL, path, sizeof path, &len), CUBE_OK);
    assert_int_equal((int32_t)strlen(path), len);
    assert_int_equal(cube_tables_verify(NULL), CUBE_OK);
    assert_int_equal(cube_tables_path("/nonexistent-dir", path, sizeof path, NULL), CUBE_OK);
    assert_non_null(strstr(path, "/nonexistent-dir/"));
    assert_int_equal(cube_tables_verify("/nonexistent-dir"), CUBE_ERROR_NOT_FOUND);
    assert_int_equal(cube_tables_path(NULL, path, 2, NULL), CUBE_ERROR_BUFFER_TOO_SMALL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_states),
        cmocka_unit_test(superflip_in_20),
        cmocka_unit_test(solved_and_one_move),
        cmocka_unit_test(to_a_target_pattern),
        cmocka_unit_test(rotated_cube_keeps_its_centres),
        cmocka_unit_test(limits),
        cmocka_unit_test(invalid_state_is_refused_before_solving),
        cmocka_unit_test(batch),
        cmocka_unit_test(table_file_calls),
    };
    return cmocka_run_group_tests(tests, open_solver_with_tables, close_solver);
}
