/* One solver shared by the tests of a file, and the check that a solution really does its job. */
#ifndef CUBE_SOLVER_FIXTURE_H
#define CUBE_SOLVER_FIXTURE_H

#include "test_util.h"

static cube_solver *solver;

static int open_solver(void **unused) {
    (void)unused;
    return cube_solver_new(NULL, &solver) == CUBE_OK ? 0 : -1;
}

static int close_solver(void **unused) {
    (void)unused;
    cube_solver_free(solver);
    return 0;
}

/* Solves `s` to `target` (NULL: solved) with options `o` (may be NULL), applies the answer to a copy,
 * checks it gets there and returns the solution; the caller frees it. */
static cube_moves *solve_checked_to(const cube_state *s, const cube_state *target, const cube_solve_options *o) {
    cube_moves *m = NULL;
    if (target)
        assert_int_equal(cube_solve_to(solver, s, target, o, &m), CUBE_OK);
    else
        assert_int_equal(cube_solve(solver, s, o, &m), CUBE_OK);
    cube_state *c = NULL;
    assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
    assert_int_equal(cube_state_apply(c, m), CUBE_OK);
    if (target)
        assert_int_equal(states_equal(c, target), 1);
    else
        assert_int_equal(state_solved(c), 1);
    cube_state_free(c);
    return m;
}

static cube_moves *solve_checked(const cube_state *s, const cube_solve_options *o) {
    return solve_checked_to(s, NULL, o);
}

/* Asserts that entry `i` of `list` has `status` and a message containing `needle`. */
static void assert_entry_failed(const cube_solutions *list, int32_t i, cube_status status, const char *needle) {
    cube_status st = CUBE_OK;
    const char *message = NULL;
    assert_int_equal(cube_solutions_status(list, i, &st), CUBE_OK);
    assert_int_equal(st, status);
    assert_int_equal(cube_solutions_message(list, i, &message), CUBE_OK);
    if (strstr(message, needle) == NULL) {
        print_error("entry %d: message \"%s\" lacks \"%s\"\n", (int)i, message, needle);
        fail();
    }
}

/* Solves `count` (at most 256) random states of `size` with cube_solve_batch on two threads and checks each. */
static void check_batch(int32_t size, uint64_t first_seed, int count) {
    cube_state *states[256];
    cube_solutions *list = NULL;
    assert_true(count <= 256);
    for (int i = 0; i < count; ++i)
        assert_int_equal(cube_state_random(size, first_seed + (uint64_t)i, &states[i]), CUBE_OK);
    assert_int_equal(cube_solve_batch(solver, (const cube_state *const *)states, count, NULL, NULL, 2, &list), CUBE_OK);
    int32_t n = -1;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, count);
    for (int i = 0; i < count; ++i) {
        cube_status st = -100;
        const char *message = NULL;
        cube_moves *m = NULL;
        assert_int_equal(cube_solutions_status(list, i, &st), CUBE_OK);
        assert_int_equal(st, CUBE_OK);
        assert_int_equal(cube_solutions_message(list, i, &message), CUBE_OK);
        assert_string_equal(message, "");
        assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
        assert_int_equal(cube_state_apply(states[i], m), CUBE_OK);
        assert_int_equal(state_solved(states[i]), 1);
        cube_moves_free(m);
        cube_state_free(states[i]);
    }
    cube_solutions_free(list);
}

#endif
