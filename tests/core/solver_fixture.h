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

/* Solves `s` with options `o` (may be NULL), applies the answer to a copy, checks it reaches the
 * target (or solved) and returns the solution; the caller frees it. */
static cube_moves *solve_checked(const cube_state *s, const cube_solve_options *o) {
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(solver, s, o, &m), CUBE_OK);
    cube_state *c = NULL;
    assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
    assert_int_equal(cube_state_apply(c, m), CUBE_OK);
    if (o && o->target)
        assert_int_equal(cube_state_equal(c, o->target), 1);
    else
        assert_int_equal(cube_state_is_solved(c), 1);
    cube_state_free(c);
    return m;
}

/* Solves `count` (at most 256) random states of `size` with cube_solve_batch on two threads and checks each. */
static void check_batch(int32_t size, uint64_t first_seed, int count) {
    cube_state *states[256];
    cube_moves *solutions[256];
    int32_t statuses[256];
    assert_true(count <= 256);
    for (int i = 0; i < count; ++i)
        assert_int_equal(cube_state_random(size, first_seed + (uint64_t)i, &states[i]), CUBE_OK);
    assert_int_equal(cube_solve_batch(solver, (const cube_state *const *)states, count, NULL, 2, solutions, statuses),
                     CUBE_OK);
    for (int i = 0; i < count; ++i) {
        assert_int_equal(statuses[i], CUBE_OK);
        assert_int_equal(cube_state_apply(states[i], solutions[i]), CUBE_OK);
        assert_int_equal(cube_state_is_solved(states[i]), 1);
        cube_moves_free(solutions[i]);
        cube_state_free(states[i]);
    }
}

#endif
